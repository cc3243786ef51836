# Quire — the two commands of the README are `make run` and `make test`; the rest are helpers.
#
# Cargo builds into $(CARGO_TARGET_DIR), by default a cache outside the checkout, so that a
# fresh clone (and CI) reuses compiled dependencies.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

export PATH := $(HOME)/.cargo/bin:$(PATH)
export CARGO_TARGET_DIR ?= $(HOME)/.cache/quire/target
export CARGO_TERM_COLOR ?= never

WEB := web
QUIRE_DEBUG := $(CARGO_TARGET_DIR)/debug/quire
QUIRE_RELEASE := $(CARGO_TARGET_DIR)/release/quire

.PHONY: help run test setup web-deps web-build server-release server-debug \
        test-rust test-api-fuzz test-web test-e2e lint fmt openapi wire clean bench bench-collab \
        bench-desk bench-editor bench-feed bench-formats bench-mentions bench-rest

help:
	@echo "make run   - build everything and start Quire on http://localhost:8080 (SQLite in ./data)"
	@echo "make test  - set up and run every test (Rust and Schemathesis on SQLite and PostgreSQL, Vitest, Playwright)"
	@echo "make openapi - regenerate openapi.json (and the web app's wire types) after changing an endpoint"

## ---- make run -------------------------------------------------------------------------

run: web-build server-release
	@echo "Starting Quire on http://localhost:8080 (data in ./data; Ctrl-C stops it)"
	QUIRE_WEB_DIR=$(CURDIR)/$(WEB)/dist exec $(QUIRE_RELEASE)

server-release:
	cargo build --release --locked -p quire-server

server-debug:
	cargo build --locked -p quire-server

web-deps: $(WEB)/node_modules/.installed

$(WEB)/node_modules/.installed: $(WEB)/package.json $(WEB)/package-lock.json
	scripts/check-node.sh
	cd $(WEB) && npm ci --no-audit --no-fund
	touch $@

web-build: web-deps
	cd $(WEB) && npm run build

## ---- make test ------------------------------------------------------------------------

test: setup test-rust test-api-fuzz test-web test-e2e
	@echo "make test: every suite passed"

setup: web-deps
	scripts/ensure-chromium.sh
	scripts/ensure-doc-tools.sh

test-rust:
	cargo fmt --all -- --check
	cargo clippy --locked --workspace --all-targets -- -D warnings
	scripts/test-rust.sh

# Schemathesis against the served OpenAPI document, signed in, on SQLite and PostgreSQL
# (scripts/test-schemathesis.sh); `make test` runs it after test-rust. `scripts/test-schemathesis.sh
# --break-schema` shows that a document which lies fails it.
test-api-fuzz: server-debug
	QUIRE_BIN=$(QUIRE_DEBUG) scripts/test-schemathesis.sh

test-web: web-deps
	cd $(WEB) && npm run format:check && npm run lint && npm run typecheck && NO_COLOR=1 npm test

test-e2e: web-build server-debug
	cd $(WEB) && QUIRE_BIN=$(QUIRE_DEBUG) npx playwright test

## ---- make bench (not part of make test) -----------------------------------------------

BENCH_COLLAB := bench/collab

bench: bench-collab bench-desk bench-editor bench-feed bench-formats bench-mentions bench-rest

# The collab load harness against Quire and Hocuspocus 4 (bench/collab/README.md); writes
# bench/results/<date>.md. BENCH_QUICK=1 runs a smaller version.
bench-collab: server-release $(BENCH_COLLAB)/node_modules/.installed
	cd $(BENCH_COLLAB) && QUIRE_BIN=$(QUIRE_RELEASE) node src/main.js

$(BENCH_COLLAB)/node_modules/.installed: $(BENCH_COLLAB)/package.json $(BENCH_COLLAB)/package-lock.json
	cd $(BENCH_COLLAB) && npm ci --no-audit --no-fund
	touch $@

# The change feed across instances: two release servers on one PostgreSQL, 1,000 live sockets,
# delivery of renames to the other instance (ADR 0016); writes bench/results/feed-<date>.md.
bench-feed: server-release $(BENCH_COLLAB)/node_modules/.installed
	cd $(BENCH_COLLAB) && QUIRE_BIN=$(QUIRE_RELEASE) node src/feed.js

# The REST API under a mixed load of 200 signed-up clients, on SQLite and PostgreSQL, with the
# server's CPU per call (bench/rest/README.md); writes bench/results/rest-<date>.md.
bench-rest: server-release
	cd bench/rest && QUIRE_BIN=$(QUIRE_RELEASE) node src/main.js

# Import and export: a 150,000-word novel's .docx imported, exported as .docx and PDF, against
# pandoc and LibreOffice headless, and the server's peak memory importing a 20 MB .docx
# (bench/formats/README.md); writes bench/results/formats-<date>.md.
bench-formats: server-release
	bench/formats/ensure-tools.sh
	cd bench/formats && QUIRE_BIN=$(QUIRE_RELEASE) node src/main.js

# The writer's desk: users/stats for a writer with three years of hourly word counts and
# sessions, on SQLite and PostgreSQL, then the to-do panel and Quick Notes with 5,000 of each in
# Chromium (bench/desk/README.md); writes bench/results/desk-<date>.md.
bench-desk: setup server-release web-build
	cd bench/desk && QUIRE_BIN=$(QUIRE_RELEASE) QUIRE_WEB_DIR=$(CURDIR)/$(WEB)/dist node src/main.js

# The editor benchmark: typing into a 50,000-word chapter in Quire's editor and in a bare
# contenteditable, in Chromium (bench/editor/README.md); writes bench/results/editor-<date>.md.
bench-editor: setup server-release web-build
	cd $(WEB) && QUIRE_BIN=$(QUIRE_RELEASE) node ../bench/editor/run.mjs

# Story elements in the editor: creating an element converts every occurrence of its name in a
# 150,000-word manuscript, and typing with 500 elements against the bare contenteditable
# (bench/editor/README.md, "mentions.mjs"); writes bench/results/mentions-<date>.md.
bench-mentions: setup server-release web-build
	cd $(WEB) && QUIRE_BIN=$(QUIRE_RELEASE) node ../bench/editor/mentions.mjs

## ---- helpers --------------------------------------------------------------------------

lint: web-deps
	cargo clippy --workspace --all-targets -- -D warnings
	cd $(WEB) && npm run format:check && npm run lint && npm run typecheck

fmt:
	cargo fmt --all

openapi:
	UPDATE_OPENAPI=1 cargo test -p quire-server --test api -- the_committed_openapi_json_matches_the_code
	$(MAKE) wire

# The web app's entity types and validators (web/src/storage/wire.generated.ts), generated from
# the entity schemas of openapi.json; a Vitest test fails when the committed file differs.
wire:
	cd $(WEB) && node scripts/generate-wire.js

clean:
	rm -rf $(WEB)/dist $(WEB)/node_modules
	cargo clean
