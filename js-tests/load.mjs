// Loads the built npm package (pkg/, --target web) in Node: initSync with the wasm bytes.
import { readFileSync } from 'node:fs';
import * as engine from '../pkg/tabletop_rules.js';

engine.initSync({ module: readFileSync(new URL('../pkg/tabletop_rules_bg.wasm', import.meta.url)) });

export default engine;
