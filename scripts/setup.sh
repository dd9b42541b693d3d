#!/usr/bin/env bash
# Installs what the build and the tests need and is missing; leaves what is present alone.
#   scripts/setup.sh build   Rust wasm target, wasm-bindgen CLI (the version in Cargo.lock), npm packages
#   scripts/setup.sh all     the same, plus a Chromium for the browser tests
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "setup: adding the Rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# The CLI must be exactly the version of the wasm-bindgen crate in Cargo.lock.
want=$(awk '/^name = "wasm-bindgen"$/ {getline; gsub(/version = |"/, ""); print; exit}' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{print $2}' || true)
if [ "$have" != "$want" ]; then
  echo "setup: installing wasm-bindgen-cli $want (found: ${have:-none}); this takes about two minutes"
  # Not --locked: its lockfile names crates this registry mirror may not have (TOOLCHAIN.md).
  cargo install wasm-bindgen-cli --version "$want" --force
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages (the versions in package-lock.json)"
  # Not `npm ci`: the registry these machines reach lacks some other platforms' optional
  # binaries (Biome, Rollup), so the lockfile cannot list them and `npm ci` refuses it.
  # `npm install --no-save` installs the locked versions and leaves the lockfile alone.
  npm install --no-save --no-audit --no-fund
fi

if [ "$what" = all ]; then
  browser=$(node scripts/find-chromium.mjs || true)
  if [ -z "$browser" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "setup: installing Chromium for the browser tests (apt-get install chromium)"
      apt-get update -qq
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
      echo "setup: the browser tests need Chromium: install the Debian package 'chromium'" >&2
      echo "       (or set CHROMIUM=/path/to/chromium-or-chrome) and run again." >&2
      exit 1
    fi
  fi
fi
