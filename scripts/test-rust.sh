#!/usr/bin/env bash
# Runs every Rust test: on SQLite always, and on PostgreSQL too when one answers on
# 127.0.0.1:5432 (or QUIRE_TEST_POSTGRES_URL is already set). The mail tests talk to a real
# SMTP server, aiosmtpd (PyPI), which is installed here when missing.
set -euo pipefail
if ! python3 -c 'import aiosmtpd' 2>/dev/null; then
  echo "Installing aiosmtpd (the SMTP server the mail tests deliver to)..."
  python3 -m pip install --quiet --disable-pip-version-check aiosmtpd \
    || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages aiosmtpd
fi
if [ -z "${QUIRE_TEST_POSTGRES_URL:-}" ]; then
  if (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
    export QUIRE_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:5432/postgres"
  fi
fi
if [ -n "${QUIRE_TEST_POSTGRES_URL:-}" ]; then
  echo "Rust tests run on SQLite and on PostgreSQL (${QUIRE_TEST_POSTGRES_URL%%\?*})"
else
  echo "Rust tests run on SQLite only: no PostgreSQL on 127.0.0.1:5432 and QUIRE_TEST_POSTGRES_URL unset"
fi
if cargo nextest --version >/dev/null 2>&1; then
  cargo nextest run --locked --workspace --no-fail-fast
else
  cargo test --locked --workspace --no-fail-fast
fi
