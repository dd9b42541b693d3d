// Writes pkg/package.json for the npm package built by scripts/build-pkg.sh.
// Entries: Node (and Deno, Bun) get node.js, which initialises the engine synchronously from
// the packaged .wasm; browsers and bundlers get wasm-bindgen's web glue, whose async `init()`
// fetches the .wasm. `./web` and `./node` name one entry explicitly whatever the conditions.
// No `repository` or `homepage`: the project has no public address to give yet.
import { writeFileSync } from 'node:fs';

const version = process.argv[2];
const types = './tabletop_rules.d.ts';
const pkg = {
  name: 'tabletop-rules',
  version,
  description:
    'Rules engines for Magic Realm (3.1) and Dungeon Degenerates: Hand of Doom, as WebAssembly with a typed TypeScript API',
  keywords: [
    'magic-realm',
    'hand-of-doom',
    'dungeon-degenerates',
    'board-game',
    'tabletop',
    'rules-engine',
    'webassembly',
    'wasm',
    'typescript',
    'boardgame.io',
  ],
  license: 'MIT',
  type: 'module',
  main: 'node.js',
  module: 'tabletop_rules.js',
  browser: 'tabletop_rules.js',
  types: 'tabletop_rules.d.ts',
  exports: {
    '.': {
      types,
      node: './node.js',
      default: './tabletop_rules.js',
    },
    './web': { types, default: './tabletop_rules.js' },
    './node': { types: './node.d.ts', default: './node.js' },
    './tabletop_rules_bg.wasm': './tabletop_rules_bg.wasm',
    './package.json': './package.json',
  },
  files: [
    'tabletop_rules.js',
    'tabletop_rules.d.ts',
    'tabletop_rules_bg.wasm',
    'tabletop_rules_bg.wasm.d.ts',
    'snippets/',
    'node.js',
    'node.d.ts',
    'README.md',
    'LICENSE',
  ],
  sideEffects: ['./tabletop_rules.js', './node.js'],
  engines: { node: '>=18' },
};
writeFileSync(new URL('../pkg/package.json', import.meta.url), `${JSON.stringify(pkg, null, 2)}\n`);
