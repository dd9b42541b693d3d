// Every value the package returns matches its TypeScript type (issue 22): random playouts of
// every game through the WASM API, calling toAct, legalActions, view and log for every viewer
// at every step, each result checked against a JSON Schema generated from the package's own
// .d.ts (ts-json-schema-generator) with ajv. Values are checked as a host sends them over
// the wire (after JSON: JSON Schema has no `undefined`).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { createGenerator } from 'ts-json-schema-generator';
import engine from './load.mjs';

const { BiddingRace, HandOfDoom, MagicRealm } = engine;

/** The types checked, by the name of the property of `Wire` that holds each. */
const WIRE = {
  toAct: 'ToAct',
  raceActions: 'RaceAction[]',
  raceView: 'RaceView',
  raceLog: 'RaceLogEntry[]',
  raceSave: 'RaceSave',
  raceSnapshot: 'RaceSnapshot',
  raceCatalog: 'RaceCatalog',
  realmActions: 'MagicRealmAction[]',
  realmView: 'MagicRealmView',
  realmLog: 'MagicRealmLogEntry[]',
  realmSave: 'MagicRealmSave',
  realmSnapshot: 'MagicRealmSnapshot',
  realmCatalog: 'Catalog',
  hodActions: 'HodAction[]',
  hodView: 'HodView',
  hodLog: 'HodLogEntry[]',
  hodSave: 'HodSave',
  hodSnapshot: 'HodSnapshot',
  hodCatalog: 'Content',
  stats: 'PlayoutStats',
  errorInfo: 'RuleErrorInfo',
};

/** One validator per property of WIRE, from a schema generated from pkg/tabletop_rules.d.ts. */
function validators() {
  const dir = mkdtempSync(join(tmpdir(), 'tabletop-schema-'));
  try {
    const dts = fileURLToPath(new URL('../pkg/tabletop_rules.js', import.meta.url));
    const names = [...new Set(Object.values(WIRE).map((t) => t.replace('[]', '')))];
    const root = join(dir, 'wire.ts');
    writeFileSync(
      root,
      `import type { ${names.join(', ')} } from ${JSON.stringify(dts)};\n` +
        `export interface Wire {\n${Object.entries(WIRE)
          .map(([k, t]) => `  ${k}: ${t};`)
          .join('\n')}\n}\n`,
    );
    const schema = createGenerator({
      path: root,
      type: 'Wire',
      skipTypeCheck: true,
      additionalProperties: false,
      expose: 'all',
      topRef: true,
      jsDoc: 'none',
    }).createSchema('Wire');
    const ajv = new Ajv({ strict: false, allErrors: false });
    ajv.addSchema(schema, 'wire');
    const out = {};
    for (const key of Object.keys(WIRE)) {
      const validate = ajv.compile({ $ref: `wire#/definitions/Wire/properties/${key}` });
      out[key] = validate;
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const checks = { values: 0, mismatches: 0 };
const mismatches = [];

/** Each kind of mismatch once (by type, path without indexes, and schema path). */
const seen = new Set();

function check(validate, key, value, where) {
  checks.values += 1;
  const wire = JSON.parse(JSON.stringify(value ?? null));
  if (validate[key](wire)) return;
  checks.mismatches += 1;
  const first = validate[key].errors?.[0];
  const kind = `${key} ${first?.instancePath.replace(/\/\d+/g, '/#')} ${first?.schemaPath}`;
  if (seen.has(kind) || mismatches.length >= 20) return;
  seen.add(kind);
  mismatches.push(`${where}: ${key}: ${JSON.stringify(validate[key].errors?.slice(0, 3)).slice(0, 600)}`);
}

/** A small seeded generator (mulberry32), so a failing playout can be replayed. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many seats `game` has: the first seat number its view refuses. */
function seatCount(game) {
  for (let seat = 0; seat < 16; seat++) {
    try {
      game.view({ type: 'Seat', seat });
    } catch {
      return seat;
    }
  }
  return 16;
}

/** Plays `game` at random for at most `steps` actions, checking every answer of every viewer. */
function playout(validate, game, kind, steps, seed, label) {
  const rand = random(seed);
  const seats = seatCount(game);
  const viewers = [{ type: 'Omniscient' }, { type: 'Spectator' }];
  for (let s = 0; s < seats; s++) viewers.push({ type: 'Seat', seat: s });
  for (let step = 0; step <= steps; step++) {
    const where = `${label} step ${step}`;
    const toAct = game.toAct();
    check(validate, 'toAct', toAct, where);
    for (const viewer of viewers) {
      check(validate, `${kind}View`, game.view(viewer), `${where} ${JSON.stringify(viewer)}`);
      check(validate, `${kind}Log`, game.log(viewer), `${where} ${JSON.stringify(viewer)}`);
    }
    const legal = [];
    for (let s = 0; s < seats; s++) {
      const actions = game.legalActions(s);
      check(validate, `${kind}Actions`, actions, `${where} seat ${s}`);
      legal[s] = actions;
    }
    if (toAct.type === 'GameOver' || step === steps) break;
    const seat = toAct.seats[Math.floor(rand() * toAct.seats.length)];
    const options = legal[seat];
    assert.ok(options.length > 0, `${where}: seat ${seat} owes an action but has none`);
    const events = game.apply(seat, options[Math.floor(rand() * options.length)]);
    check(validate, `${kind}Log`, events, `${where} apply`);
  }
  check(validate, `${kind}Save`, game.save(), `${label} save`);
  check(validate, `${kind}Snapshot`, game.snapshot(), `${label} snapshot`);
}

test('random playouts of every game return values that match the .d.ts', (t) => {
  const validate = validators();
  check(validate, 'raceCatalog', BiddingRace.catalog(), 'BiddingRace.catalog');
  check(validate, 'realmCatalog', MagicRealm.catalog(), 'MagicRealm.catalog');
  check(validate, 'hodCatalog', HandOfDoom.catalog(), 'HandOfDoom.catalog');
  check(validate, 'stats', BiddingRace.randomPlayouts(3, '1', 1000), 'randomPlayouts');
  try {
    new BiddingRace({ players: 9 }, '1');
  } catch (e) {
    check(validate, 'errorInfo', e.info, 'RuleError.info');
  }

  for (let i = 0; i < 4; i++) {
    const game = new BiddingRace({ players: 2 + (i % 3), goal: 10, maxRounds: 6 }, String(i));
    playout(validate, game, 'race', 200, i, `BiddingRace #${i}`);
  }
  const characters = ['amazon', 'wizard', 'black-knight', 'witch-king', 'elf', 'dwarf'];
  for (let i = 0; i < 3; i++) {
    const seats = [{ character: characters[i] }, { character: characters[i + 3] }];
    const game = new MagicRealm({ seats }, String(100 + i));
    playout(validate, game, 'realm', 160, 100 + i, `MagicRealm #${i}`);
  }
  const adventurers = ['nettle-grue', 'vesper-quill', 'brom-tallow'];
  for (let i = 0; i < 3; i++) {
    const game = new HandOfDoom({ adventurers: adventurers.slice(0, 1 + (i % 3)) }, String(200 + i));
    playout(validate, game, 'hod', 200, 200 + i, `HandOfDoom #${i}`);
  }
  t.diagnostic(`schema: ${checks.values} values checked, ${checks.mismatches} mismatches`);
  assert.deepEqual(mismatches, []);
});
