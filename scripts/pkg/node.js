// The Node entry of tabletop-rules (the `node` export condition, which Deno and Bun also
// follow): the engine is initialised synchronously from the packaged .wasm at import, so
// `import { MagicRealm } from 'tabletop-rules'` is ready to use with no init call. The
// default export is the browser entry's `init`, which returns at once when already set up.
import { readFileSync } from 'node:fs';
import init, { initSync } from './tabletop_rules.js';

initSync({ module: readFileSync(new URL('./tabletop_rules_bg.wasm', import.meta.url)) });

export * from './tabletop_rules.js';
export default init;
