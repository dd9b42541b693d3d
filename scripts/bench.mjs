// `make bench`, WASM half and report: the same random playouts inside WASM under Node, the
// ratio to the native figures (read from stdin, one JSON line per figure, from
// `cargo run --release --example bench`: lines with a `game` are playout figures, lines
// with a `figure` are other native measurements, such as the melee odds query), and the
// .wasm size raw and gzipped. Measures and prints; asserts nothing.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import engine from '../js-tests/load.mjs';

const lines = readFileSync(0, 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('{'))
  .map((line) => JSON.parse(line));
const native = lines.filter((n) => n.game && !n.figure);
const figures = lines.filter((n) => n.figure);

const classes = { 'bidding-race': engine.BiddingRace, 'magic-realm': engine.MagicRealm };
const BATCH = 200;
const MAX_ACTIONS = 100000;

console.log('game            native playouts/s  wasm playouts/s  native actions/s  wasm actions/s  wasm/native');
for (const n of native) {
  const Game = classes[n.game];
  if (!Game) continue;
  const start = performance.now();
  let playouts = 0;
  let actions = 0;
  let batch = 0;
  while (performance.now() - start < 2000) {
    const stats = Game.randomPlayouts(BATCH, String(batch), MAX_ACTIONS);
    playouts += stats.playouts;
    actions += stats.actions;
    batch += 1;
  }
  const secs = (performance.now() - start) / 1000;
  const wasmPlayouts = playouts / secs;
  const wasmActions = actions / secs;
  console.log(
    [
      n.game.padEnd(15),
      n.playouts_per_sec.toFixed(0).padStart(18),
      wasmPlayouts.toFixed(0).padStart(16),
      n.actions_per_sec.toFixed(0).padStart(17),
      wasmActions.toFixed(0).padStart(15),
      (wasmActions / n.actions_per_sec).toFixed(2).padStart(12),
    ].join(' '),
  );
}
for (const f of figures) {
  if (f.figure === 'save-bytes') {
    console.log(
      `save of a ${f.days}-day ${f.characters}-character game (${f.actions} actions): ${f.compact} bytes compact, ${f.readable} bytes readable`,
    );
  }
  if (f.figure === 'melee-odds') {
    console.log(
      `melee odds query (${f.sheet}, ${f.outcomes} roll sequences): ${f.us_per_query.toFixed(1)} µs per query native`,
    );
  }
}
const wasm = readFileSync(new URL('../pkg/tabletop_rules_bg.wasm', import.meta.url));
console.log(
  `pkg/tabletop_rules_bg.wasm: ${wasm.length} bytes raw, ${gzipSync(wasm, { level: 9 }).length} bytes gzip -9`,
);
