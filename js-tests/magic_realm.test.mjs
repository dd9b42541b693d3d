// Magic Realm through the built package: setup played by legal actions, secrets kept per
// seat, typed refusals, the catalog, and the same seeded setup as the native engine.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import engine from './load.mjs';

const { MagicRealm, RuleError } = engine;
const OMNI = { type: 'Omniscient' };
const SETUP = { seats: [{}, { character: 'wizard' }], map: 'default', days: 28 };

/** JSON with absent and null fields alike (serde_json writes null, WASM leaves undefined). */
const plain = (value) => JSON.parse(JSON.stringify(value, (_, v) => (v === null ? undefined : v)));

/** Plays every setup step with the first legal action of the first seat to act. */
function playSetup(game) {
  for (let i = 0; i < 500; i++) {
    const toAct = game.toAct();
    if (game.view(OMNI).step.step === 'birdsong') return toAct;
    const seat = toAct.seats[0];
    game.apply(seat, game.legalActions(seat)[0]);
  }
  throw new Error('setup did not finish');
}

test('setup plays through legal actions to the first Birdsong', () => {
  const game = new MagicRealm(SETUP, '2026');
  assert.deepEqual(game.toAct(), { type: 'Seats', seats: [0] });
  const first = game.legalActions(0);
  assert.equal(first.length, 15, 'the Wizard is taken: 15 characters left');
  assert.ok(first.every((a) => a.type === 'ChooseCharacter'));
  const toAct = playSetup(game);
  assert.deepEqual(toAct, { type: 'Seats', seats: [0, 1] }, 'both seats record at once (6.2.3)');
  const view = game.view(OMNI);
  assert.deepEqual(view.step, { step: 'birdsong', day: 1 });
  const onMap = view.piles.filter((p) => p.place.place === 'clearing');
  assert.ok(onMap.length >= 5, 'dwellings, garrisons and characters are on the map');
});

test("a seat sees its own secret records and not another seat's", () => {
  const game = new MagicRealm({ seats: [{ character: 'amazon' }, { character: 'captain' }] }, '5');
  while (game.view(OMNI).step.step !== 'secretChoices') {
    const seat = game.toAct().seats[0];
    game.apply(seat, game.legalActions(seat)[0]);
  }
  game.apply(0, { type: 'ChooseStart', start: 'Inn' });
  const mine = game.view({ type: 'Seat', seat: 0 });
  const theirs = game.view({ type: 'Seat', seat: 1 });
  assert.equal(mine.own[0].secret.start, 'Inn');
  assert.ok(theirs.own.every((o) => o.seat !== 0));
  const log = game.log({ type: 'Seat', seat: 1 });
  assert.ok(log.every((e) => e.detail.type !== 'StartChosen'));
});

test('refusals are typed and change nothing', () => {
  const game = new MagicRealm(SETUP, '9');
  const before = JSON.stringify(game.save());
  for (const [call, code] of [
    [() => game.apply(0, { type: 'ChooseCharacter', character: 'wizard' }), 'illegal_action'],
    [() => game.apply(0, { type: 'FlyAway' }), 'malformed_action'],
    [() => game.apply(1, game.legalActions(0)[0]), 'not_your_turn'],
    [() => new MagicRealm({ seats: [] }), 'bad_setup'],
    [
      () => MagicRealm.fromScenario({ seats: [{ character: 'amazon', at: { tile: 'borderland', clearing: 9 } }] }),
      'bad_scenario',
    ],
  ]) {
    assert.throws(call, (e) => e instanceof RuleError && e.code === code);
  }
  assert.equal(JSON.stringify(game.save()), before);
});

test('the catalog gives the board its tiles with geometry', () => {
  const catalog = MagicRealm.catalog();
  assert.equal(catalog.tiles.tiles.length, 20);
  const borderland = catalog.tiles.tiles.find((t) => t.id === 'borderland');
  assert.equal(borderland.normal.clearings.length, 6);
  assert.equal(typeof borderland.normal.clearings[0].at.x, 'number');
  assert.equal(catalog.characters.characters.length, 16);
});

test('a seeded setup in WASM matches the native engine, map and all', () => {
  // Written by `cargo test --test mr_native_golden` (see tests/mr_native_golden.rs).
  const golden = JSON.parse(readFileSync(new URL('../target/mr-golden.json', import.meta.url), 'utf8'));
  const game = new MagicRealm(golden.setup, golden.seed);
  playSetup(game);
  assert.deepEqual(plain(game.view(OMNI)), plain(golden.view));
});

test('a whole 28-day game with four characters plays to its final score in WASM', () => {
  const game = new MagicRealm({ seats: [{}, {}, {}, {}], map: 'default', days: 28 }, '28');
  let state = 12345;
  const pick = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
  let days = 0;
  let toAct = game.toAct();
  for (let i = 0; i < 60000 && toAct.type === 'Seats'; i++) {
    const seat = toAct.seats[pick(toAct.seats.length)];
    // Quitting would cut the game short: random play never votes to end or suicides.
    const legal = game
      .legalActions(seat)
      .filter((a) => !(a.type === 'VoteToEnd' && a.vote) && !(a.type === 'DeclareSuicide' && a.declare));
    assert.ok(legal.length > 0, `seat ${seat} is to act and has a legal action`);
    game.apply(seat, legal[pick(legal.length)]);
    const step = game.view(OMNI).step;
    if (step.day) days = Math.max(days, step.day);
    toAct = game.toAct();
  }
  assert.equal(toAct.type, 'GameOver');
  assert.equal(days, 28);
  const { step } = game.view(OMNI);
  assert.equal(step.step, 'gameOver');
  assert.equal(step.scores.length, 4);
  assert.match(toAct.outcome.summary, /Scores:/);
});
