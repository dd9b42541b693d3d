# The two commands of the quick start are `make play` and `make test`; both install what is
# missing first (scripts/setup.sh). See README.md.
SHELL := /bin/bash
export PATH := $(HOME)/.cargo/bin:$(PATH)
PORT ?= 8080
SIGNAL_PORT ?= 9000
# Incremental caches are gigabytes and a fresh clone (CI) never reuses them.
export CARGO_INCREMENTAL ?= 0

.PHONY: play test pkg web docs bench setup lint test-rust test-node test-web test-e2e typecheck clean measure-web

setup:
	@bash scripts/setup.sh build

pkg: setup
	bash scripts/build-pkg.sh

web: pkg
	node_modules/.bin/vite build --config www/vite.config.ts

## The package's API docs (typedoc, from the generated .d.ts and the package README) in target/docs/
docs: pkg
	node_modules/.bin/typedoc --options docs/typedoc.json
	@echo "API docs: target/docs/index.html"

## Build everything and serve the web app on http://127.0.0.1:$(PORT), with a PeerJS
## signaling server on $(SIGNAL_PORT) for online games between windows of this machine
play: web
	@echo "Open http://127.0.0.1:$(PORT) (Ctrl-C stops the servers)"
	@echo "Online between windows of this machine: http://127.0.0.1:$(PORT)/?signal=http://127.0.0.1:$(SIGNAL_PORT)/&ice=none"
	node scripts/signal.mjs $(SIGNAL_PORT) & trap "kill $$!" EXIT; node scripts/serve.mjs www/dist $(PORT)

## Every test: Rust (with fmt and clippy), WASM in Node, type checks, lint, web unit tests, browser e2e
test:
	@bash scripts/setup.sh all
	$(MAKE) --no-print-directory lint test-rust pkg test-node typecheck test-web web test-e2e
	@echo "make test: all passed"

lint:
	cargo fmt --all -- --check
	cargo clippy --all-targets -- -D warnings

test-rust:
	cargo test
	cargo test --release --test conformance_magic_realm
	cargo test --release --test conformance_hand_of_doom

test-node:
	node --test js-tests/

typecheck:
	npm run --silent typecheck
	node_modules/.bin/biome check www/src www/e2e js-tests ts scripts examples src/wasm.js

test-web:
	node_modules/.bin/vitest run --config www/vite.config.ts

test-e2e:
	node --test www/e2e/

## Transfer size (gzip) of the built site and time until the board is interactive (4x CPU throttling)
measure-web: web
	node scripts/measure-web.mjs

## Random playouts per second native and in WASM, and the .wasm size (figures only)
bench: pkg
	cargo run --release --quiet --example bench | node scripts/bench.mjs

clean:
	rm -rf target pkg www/dist node_modules
