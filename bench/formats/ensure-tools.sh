#!/usr/bin/env bash
# The programs the formats benchmark compares Quire with and reads its files with, from Debian:
# pandoc, LibreOffice Writer headless (soffice) and poppler-utils (pdfinfo). Installed when
# missing, the way scripts/ensure-doc-tools.sh installs the test tools.
set -euo pipefail
missing=()
command -v pandoc >/dev/null || missing+=(pandoc)
command -v soffice >/dev/null || missing+=(libreoffice-writer-nogui)
command -v pdfinfo >/dev/null || missing+=(poppler-utils)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian's ${missing[*]} for the formats benchmark..."
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
