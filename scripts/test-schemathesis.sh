#!/usr/bin/env bash
# The property-based API run: Schemathesis (PyPI, pinned; installed in a venv under
# ~/.cache/quire when missing) against the OpenAPI document the debug server serves, signed in
# as a fresh account, on SQLite and then on a fresh PostgreSQL database (when one answers on
# 127.0.0.1:5432 or QUIRE_TEST_POSTGRES_URL is set). Checks: no server error, response-schema
# conformance, status-code conformance. Any failure fails the run.
#
#   scripts/test-schemathesis.sh                 the run of `make test`
#   scripts/test-schemathesis.sh --break-schema  the same against a copy of the document that
#                                                lies about one answer; it must fail (proves
#                                                the run bites)
#
# QUIRE_BIN: the server binary (default: the debug build in CARGO_TARGET_DIR).
# QUIRE_FUZZ_SECONDS: the time budget of one database's run (default 150).
set -euo pipefail

SCHEMATHESIS_VERSION=4.32.5
VENV="$HOME/.cache/quire/schemathesis-$SCHEMATHESIS_VERSION"
BIN="${QUIRE_BIN:-${CARGO_TARGET_DIR:-$HOME/.cache/quire/target}/debug/quire}"
SECONDS_PER_DB="${QUIRE_FUZZ_SECONDS:-150}"
BREAK_SCHEMA=0
case "${1:-}" in
  "") ;;
  --break-schema) BREAK_SCHEMA=1 ;;
  *) echo "usage: $0 [--break-schema]" >&2; exit 2 ;;
esac

if [ ! -x "$BIN" ]; then
  echo "no server binary at $BIN: build it first (make server-debug)" >&2
  exit 1
fi
if ! "$VENV/bin/schemathesis" --version 2>/dev/null | grep -q "$SCHEMATHESIS_VERSION"; then
  echo "Installing Schemathesis $SCHEMATHESIS_VERSION in $VENV..."
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

WORK="$(mktemp -d)"
SERVER_PID=""
PG_ADMIN=""
PG_DB=""
cleanup() {
  stop_server
  if [ -n "$PG_DB" ]; then
    psql -q "$PG_ADMIN" -c "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null 2>&1 || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

stop_server() {
  if [ -n "$SERVER_PID" ]; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Starts the server on database $1 with its data in $2; sets PORT and SERVER_PID.
start_server() {
  local database_url="$1" dir="$2"
  mkdir -p "$dir"
  : >"$dir/quire.toml"
  PORT="$(free_port)"
  env -i PATH="$PATH" HOME="$HOME" \
    QUIRE_CONFIG="$dir/quire.toml" QUIRE_DATA_DIR="$dir/data" QUIRE_WEB_DIR="$dir/no-web" \
    QUIRE_DATABASE_URL="$database_url" QUIRE_LISTEN="127.0.0.1:$PORT" \
    QUIRE_LOG_FORMAT=json QUIRE_LOG_LEVEL=warn \
    "$BIN" >"$dir/server.log" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 300); do
    if curl -fs -o /dev/null "http://127.0.0.1:$PORT/api/v4/server_time"; then
      return 0
    fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "the server did not start:" >&2
      tail -20 "$dir/server.log" >&2
      SERVER_PID=""
      return 1
    fi
    sleep 0.1
  done
  echo "the server did not answer within 30 s" >&2
  return 1
}

# Signs up a fresh account (which signs it in) and prints its session cookie's value.
sign_in() {
  local jar="$1"
  local email="fuzz-$RANDOM$RANDOM@example.com"
  curl -fsS -o /dev/null -c "$jar" \
    -H 'Content-Type: application/json' -H 'X-Requested-With: quire' \
    -d "{\"name\":\"Fuzz\",\"email\":\"$email\",\"password\":\"correct horse battery\",\"password_confirmation\":\"correct horse battery\"}" \
    "http://127.0.0.1:$PORT/api/v4/users/"
  awk '$6 == "quire_session" { print $7 }' "$jar"
}

# Runs Schemathesis against the server started on database $2; $1 names the database.
run_against() {
  local name="$1" database_url="$2" dir="$WORK/$1"
  echo "== Schemathesis on $name =="
  start_server "$database_url" "$dir"
  local session
  session="$(sign_in "$dir/cookies")"
  if [ -z "$session" ]; then
    echo "signing up the fuzzing account set no session cookie" >&2
    return 1
  fi
  local location="http://127.0.0.1:$PORT/api/v4/openapi.json"
  if [ "$BREAK_SCHEMA" = 1 ]; then
    # The broken copy says `GET server_time` answers a string where it answers an object.
    curl -fsS "$location" | python3 -c '
import json, sys
spec = json.load(sys.stdin)
spec["components"]["schemas"]["Success_ServerTime"]["properties"]["data"] = {"type": "string"}
json.dump(spec, sys.stdout)' >"$dir/broken-openapi.json"
    location="$dir/broken-openapi.json"
  fi
  # Excluded: only the calls that would end the session the run uses: logout, deleting the
  # account, and ending a session by id (the stateful phase can find this one's id in
  # `users/sessions`). The refresh stays: without the refresh cookie, which is not sent, it
  # cannot rotate this session.
  local status=0
  # From the run's own directory: Schemathesis keeps a cache of what it found in the current one.
  (cd "$dir" && "$VENV/bin/schemathesis" run "$location" \
    --url "http://127.0.0.1:$PORT/api/v4" \
    --header "Cookie: quire_session=$session" \
    --header "X-Requested-With: quire" \
    --checks not_a_server_error,response_schema_conformance,status_code_conformance \
    --exclude-path /auth/logout \
    --exclude-path /users/delete_account \
    --exclude-path '/users/sessions/{id}' \
    --generation-with-security-parameters false \
    --max-time "$SECONDS_PER_DB" \
    --max-examples 40 \
    --request-timeout 10 \
    --workers 1 \
    --seed "${QUIRE_FUZZ_SEED:-1}" \
    --generation-database none \
    --no-color \
    --report junit --report-dir "$dir/report" \
    >"$dir/schemathesis.out" 2>&1) || status=$?
  cat "$dir/schemathesis.out"
  stop_server
  if [ "$status" != 0 ]; then
    echo "Schemathesis on $name: FAILED (exit $status); server log:" >&2
    tail -30 "$dir/server.log" >&2
  fi
  return "$status"
}

# Each database's verdict: 0 when its run passed.
verdicts=()
mkdir -p "$WORK/sqlite"
status=0
run_against sqlite "sqlite://$WORK/sqlite/quire.db" || status=$?
verdicts+=("$status")

if [ -z "${QUIRE_TEST_POSTGRES_URL:-}" ] && (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; then
  QUIRE_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:5432/postgres"
fi
if [ -n "${QUIRE_TEST_POSTGRES_URL:-}" ]; then
  PG_ADMIN="$QUIRE_TEST_POSTGRES_URL"
  PG_DB="quire_fuzz_$$_$RANDOM"
  psql -q "$PG_ADMIN" -c "CREATE DATABASE $PG_DB" >/dev/null
  status=0
  run_against postgresql "${PG_ADMIN%/*}/$PG_DB" || status=$?
  verdicts+=("$status")
else
  echo "Schemathesis runs on SQLite only: no PostgreSQL on 127.0.0.1:5432 and QUIRE_TEST_POSTGRES_URL unset"
fi

for verdict in "${verdicts[@]}"; do
  if [ "$BREAK_SCHEMA" = 1 ] && [ "$verdict" = 0 ]; then
    echo "The broken document passed on a database: the run does not bite" >&2
    exit 1
  fi
  if [ "$BREAK_SCHEMA" = 0 ] && [ "$verdict" != 0 ]; then
    exit 1
  fi
done
if [ "$BREAK_SCHEMA" = 1 ]; then
  echo "The broken document failed the run on every database, as it must."
fi
