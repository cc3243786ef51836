#!/usr/bin/env bash
# The browser tests use Debian's Chromium (/usr/bin/chromium); install it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
echo "Installing Debian's chromium for the browser tests..."
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq chromium >/dev/null
/usr/bin/chromium --version
