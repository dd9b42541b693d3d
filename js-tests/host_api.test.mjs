// The host APIs of the built package (pkg/): clone, logSince/logLength, the catalog worked
// out once, and snapshots loaded without replaying.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import engine from './load.mjs';

const { BiddingRace, HandOfDoom, MagicRealm, RuleError } = engine;
const OMNI = { type: 'Omniscient' };
const SEAT0 = { type: 'Seat', seat: 0 };

/** A seeded random walk of `steps` legal actions (never voting to end a Magic Realm game). */
function play(game, steps, seed = 12345) {
  let state = seed;
  const pick = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
  for (let i = 0; i < steps; i++) {
    const toAct = game.toAct();
    if (toAct.type !== 'Seats') break;
    const seat = toAct.seats[pick(toAct.seats.length)];
    const legal = game
      .legalActions(seat)
      .filter((a) => !(a.type === 'VoteToEnd' && a.vote) && !(a.type === 'DeclareSuicide' && a.declare));
    game.apply(seat, legal[pick(legal.length)]);
  }
  return game;
}

/** Everything a host sees of a game. */
const observed = (game) =>
  JSON.stringify([
    game.save(),
    game.view(OMNI),
    game.view(SEAT0),
    game.log(OMNI),
    game.log(SEAT0),
    game.toAct(),
    game.legalActions(0),
    game.actionsApplied,
    game.logLength,
  ]);

function refusedWith(code, call) {
  let thrown;
  try {
    call();
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof RuleError, `expected a RuleError, got ${thrown}`);
  assert.equal(thrown.code, code, thrown.message);
  return thrown;
}

test('clone() is an independent copy: changing one leaves the other', () => {
  const game = play(new BiddingRace({ players: 2, goal: 10, maxRounds: 5 }, '7'), 3);
  const copy = game.clone();
  assert.equal(observed(copy), observed(game));
  const before = observed(game);
  play(copy, 5, 99);
  assert.notEqual(observed(copy), before, 'the copy moved on');
  assert.equal(observed(game), before, 'the original did not');
  copy.free();
  assert.equal(observed(game), before, 'freeing the copy leaves the original usable');
});

test('logSince(viewer, logLength) gives a seat only the entries added since', () => {
  const game = play(new HandOfDoom({ adventurers: ['vesper-quill', 'nettle-grue'] }, '2026'), 20);
  const cursor = game.logLength;
  assert.equal(cursor, game.log(OMNI).length);
  assert.deepEqual(game.logSince(SEAT0, 0), game.log(SEAT0));
  assert.deepEqual(game.logSince(OMNI, cursor), []);
  play(game, 10, 7);
  const whole = game.log(SEAT0);
  const added = game.logSince(SEAT0, cursor);
  assert.ok(game.logLength > cursor);
  assert.deepEqual(added, whole.slice(whole.length - added.length), 'the new entries are the tail');
  refusedWith('bad_input', () => game.logSince(SEAT0, game.logLength + 1));
  refusedWith('bad_input', () => game.logSince(SEAT0, -1));
  refusedWith('bad_input', () => game.logSince(SEAT0, '3'));
  refusedWith('unknown_seat', () => game.logSince({ type: 'Seat', seat: 9 }, 0));
});

test('catalog() is worked out once and each caller gets its own copy', () => {
  for (const Game of [MagicRealm, HandOfDoom, BiddingRace]) {
    let started = performance.now();
    const first = Game.catalog();
    const firstMs = performance.now() - started;
    const text = JSON.stringify(first);
    for (const key of Object.keys(first)) delete first[key];
    started = performance.now();
    const second = Game.catalog();
    const laterMs = performance.now() - started;
    assert.equal(JSON.stringify(second), text, 'a caller that empties its catalog changes no other');
    console.log(`# ${Game.name}.catalog(): first call ${firstMs.toFixed(1)} ms, later ${laterMs.toFixed(1)} ms`);
  }
});

test('a snapshot round-trips and loads as the replay of its save does', () => {
  const games = [
    play(new BiddingRace({ players: 3, goal: 12, maxRounds: 6 }, '5'), 12),
    play(new HandOfDoom({ adventurers: ['vesper-quill', 'nettle-grue'] }, '2026'), 60),
    play(new MagicRealm({ seats: [{}, {}, {}, {}], map: 'default', days: 28 }, '28'), 400),
  ];
  for (const game of games) {
    const Game = game.constructor;
    const snap = JSON.parse(JSON.stringify(game.snapshot()));
    assert.equal(snap.snapshotVersion, 1);
    const loaded = Game.fromSnapshot(snap);
    const replayed = Game.load(game.save());
    assert.equal(observed(loaded), observed(game));
    assert.equal(observed(loaded), observed(replayed));
    assert.deepEqual(loaded.snapshot(), game.snapshot());
    play(loaded, 5, 3);
    play(replayed, 5, 3);
    assert.equal(observed(loaded), observed(replayed), 'they go on alike');
  }
});

test('a damaged, foreign or extended snapshot is refused with bad_save', () => {
  const game = play(new BiddingRace({ players: 2, goal: 10, maxRounds: 5 }, '7'), 3);
  const snap = game.snapshot();
  const edited = { ...snap, state: snap.state.replace('"goal":10', '"goal":11') };
  assert.notEqual(edited.state, snap.state);
  refusedWith('bad_save', () => BiddingRace.fromSnapshot(edited));
  refusedWith('bad_save', () => BiddingRace.fromSnapshot({ ...snap, extra: 1 }));
  refusedWith('bad_save', () => BiddingRace.fromSnapshot({ ...snap, snapshotVersion: 2 }));
  refusedWith('bad_save', () => MagicRealm.fromSnapshot(snap));
  refusedWith('bad_save', () => BiddingRace.fromSnapshot(game.save()));
  refusedWith('bad_save', () => BiddingRace.fromSnapshot({ ...snap, state: '{' }));
  refusedWith('bad_save', () => BiddingRace.fromSnapshot(42));
  const cyclic = { ...snap };
  cyclic.log = [cyclic];
  refusedWith('bad_input', () => BiddingRace.fromSnapshot(cyclic));
});

test('a long Magic Realm game loads from its snapshot much faster than by replay', () => {
  const game = play(new MagicRealm({ seats: [{}, {}, {}, {}], map: 'default', days: 28 }, '28'), 6000);
  const save = game.save();
  const snap = JSON.parse(JSON.stringify(game.snapshot()));
  let started = performance.now();
  const replayed = MagicRealm.load(save);
  const replayMs = performance.now() - started;
  started = performance.now();
  const loaded = MagicRealm.fromSnapshot(snap);
  const snapshotMs = performance.now() - started;
  assert.equal(observed(loaded), observed(replayed));
  console.log(
    `# ${game.actionsApplied} actions: replay ${replayMs.toFixed(0)} ms, snapshot ${snapshotMs.toFixed(0)} ms ` +
      `(snapshot JSON ${JSON.stringify(snap).length} chars, save ${JSON.stringify(save).length})`,
  );
});
