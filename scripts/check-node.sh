#!/usr/bin/env bash
# Fails with a clear message unless Node.js 20.19 or newer is on the PATH.
set -euo pipefail
if ! command -v node >/dev/null; then
  echo "Node.js 20.19 or newer is required (https://nodejs.org or your package manager)." >&2
  exit 1
fi
version=$(node --version | sed 's/^v//')
IFS=. read -r major minor _ <<<"$version"
if (( major < 20 || (major == 20 && minor < 19) )); then
  echo "Node.js $version is too old: Quire's web app needs 20.19 or newer." >&2
  exit 1
fi
