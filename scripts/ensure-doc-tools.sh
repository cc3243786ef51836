#!/usr/bin/env bash
# The document tools the import/export tests check Quire's files with, from Debian: epubcheck
# (EPUB validity), poppler-utils (pdftotext: a PDF's words in order), LibreOffice Writer
# headless (a .docx opens and holds its text) and cmark-gfm (the Markdown export parses back as
# what it means). Installed when missing.
set -euo pipefail
missing=()
command -v epubcheck >/dev/null || missing+=(epubcheck)
command -v pdftotext >/dev/null || missing+=(poppler-utils)
command -v soffice >/dev/null || missing+=(libreoffice-writer-nogui)
command -v cmark-gfm >/dev/null || missing+=(cmark-gfm)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
echo "Installing Debian's ${missing[*]} for the import/export tests..."
if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
