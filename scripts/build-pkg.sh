#!/usr/bin/env bash
# Builds pkg/, the npm package: the engine compiled to WASM, wasm-bindgen's --target web
# glue and .d.ts, optimised with the npm binaryen's wasm-opt (never Debian's: too old, it
# breaks the externref table at run time; see TOOLCHAIN.md), the Node entry that initialises
# it synchronously (scripts/pkg/), a package.json, the package README and the LICENSE.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --lib --target wasm32-unknown-unknown --release
rm -rf pkg
wasm-bindgen --target web --out-dir pkg target/wasm32-unknown-unknown/release/tabletop_rules.wasm
# The .d.ts declares `[Symbol.dispose]`: name its lib, so a project need not list it.
sed -i '1i /// <reference lib="esnext.disposable" />' pkg/tabletop_rules.d.ts
node_modules/.bin/wasm-opt -Oz pkg/tabletop_rules_bg.wasm -o pkg/tabletop_rules_bg.wasm
# RuleError is defined in src/wasm.js (the JS half of the bridge, a wasm-bindgen snippet, so
# that it can extend Error); the glue exports it too, as its .d.ts declares.
bridge=$(grep -o "\./snippets/[^'\"]*/src/wasm\.js" pkg/tabletop_rules.js | head -n 1)
if [ -z "$bridge" ]; then
  echo "build-pkg: the glue does not import src/wasm.js" >&2
  exit 1
fi
printf "export { RuleError } from '%s';\n" "$bridge" >> pkg/tabletop_rules.js
version=$(awk -F'"' '/^version = / {print $2; exit}' Cargo.toml)
node scripts/write-pkg-json.mjs "$version"
cp scripts/pkg/node.js scripts/pkg/node.d.ts pkg/
cp docs/package-README.md pkg/README.md
cp LICENSE pkg/LICENSE
echo "pkg/ built: $(wc -c < pkg/tabletop_rules_bg.wasm) bytes of wasm"
