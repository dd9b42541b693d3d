// Writes pkg/package.json for the npm package built by scripts/build-pkg.sh.
import { writeFileSync } from 'node:fs';

const version = process.argv[2];
const pkg = {
  name: 'tabletop-rules',
  version,
  description:
    'Rules engines for Magic Realm (3.1) and Dungeon Degenerates: Hand of Doom, as WebAssembly with a typed TypeScript API',
  license: 'MIT',
  type: 'module',
  main: 'tabletop_rules.js',
  module: 'tabletop_rules.js',
  types: 'tabletop_rules.d.ts',
  exports: {
    '.': { types: './tabletop_rules.d.ts', default: './tabletop_rules.js' },
    './tabletop_rules_bg.wasm': './tabletop_rules_bg.wasm',
  },
  files: [
    'tabletop_rules.js',
    'tabletop_rules.d.ts',
    'tabletop_rules_bg.wasm',
    'tabletop_rules_bg.wasm.d.ts',
    'snippets/',
    'README.md',
  ],
  sideEffects: ['./tabletop_rules.js'],
  engines: { node: '>=18' },
};
writeFileSync(new URL('../pkg/package.json', import.meta.url), `${JSON.stringify(pkg, null, 2)}\n`);
