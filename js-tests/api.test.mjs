// The typed JS API of the built package (pkg/): calls, thrown RuleErrors with their codes,
// and the state left unchanged by every refused call.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import engine from './load.mjs';

const { BiddingRace, MagicRealm, RuleError, errorCodes } = engine;
const SETUP = { players: 2, goal: 10, maxRounds: 5 };
const OMNI = { type: 'Omniscient' };

/** Everything observable about a game, to compare before and after a refused call. */
const snapshot = (game) =>
  JSON.stringify([game.save(), game.view(OMNI), game.log(OMNI), game.toAct(), game.actionsApplied]);

/** Calls `call`, expects a thrown RuleError with `code`, and the game unchanged. */
function refused(game, code, call) {
  const before = snapshot(game);
  let thrown;
  try {
    call();
  } catch (e) {
    thrown = e;
  }
  assert.ok(thrown instanceof RuleError, `expected a RuleError, got ${thrown}`);
  assert.equal(thrown.code, code, thrown.message);
  assert.equal(thrown.info.code, code);
  assert.ok(thrown.message.length > 10, 'the message says what is wrong');
  assert.equal(snapshot(game), before, `${code} changed the game`);
  return thrown;
}

test('a game is created with a decimal-string seed and plays through typed calls', () => {
  const game = new BiddingRace(SETUP, '42');
  assert.equal(game.seed, '42');
  assert.deepEqual(game.toAct(), { type: 'Seats', seats: [0, 1] });
  assert.deepEqual(game.legalActions(0), [
    { type: 'Bid', amount: 0 },
    { type: 'Bid', amount: 1 },
    { type: 'Bid', amount: 2 },
    { type: 'Bid', amount: 3 },
  ]);
  const events = game.apply(0, { type: 'Bid', amount: 2 });
  assert.deepEqual(
    events.map((e) => e.detail.type),
    ['BidChosen', 'BidRecorded'],
  );
  assert.equal(events[0].rule, 'BR 2');
  assert.equal(typeof events[0].text, 'string');
  assert.equal(game.view({ type: 'Seat', seat: 1 }).racers[0].bid, undefined, 'seat 1 cannot see the bid');
  assert.equal(game.view({ type: 'Seat', seat: 0 }).racers[0].bid, 2);
  const log1 = game.log({ type: 'Seat', seat: 1 });
  assert.ok(log1.every((e) => e.detail.type !== 'BidChosen'));
});

test('without a seed a random one is drawn', () => {
  const a = new BiddingRace(SETUP);
  const b = new BiddingRace(SETUP, undefined);
  assert.match(a.seed, /^\d+$/);
  assert.notEqual(a.seed, b.seed);
});

test('an illegal action throws illegal_action and changes nothing', () => {
  const game = new BiddingRace(SETUP, '1');
  const e = refused(game, 'illegal_action', () => game.apply(0, { type: 'Roll' }));
  assert.match(e.message, /allowed/);
  refused(game, 'illegal_action', () => game.apply(0, { type: 'Bid', amount: 4 }));
});

test('a malformed action throws malformed_action and changes nothing', () => {
  const game = new BiddingRace(SETUP, '1');
  refused(game, 'malformed_action', () => game.apply(0, { type: 'Nope' }));
  refused(game, 'malformed_action', () => game.apply(0, { type: 'Bid', amount: 'two' }));
  refused(game, 'malformed_action', () => game.apply(0, 42));
  refused(game, 'malformed_action', () => game.apply(0, undefined));
});

test('a wrong seat throws not_your_turn or unknown_seat and changes nothing', () => {
  const game = new BiddingRace(SETUP, '1');
  game.apply(0, { type: 'Bid', amount: 1 });
  const e = refused(game, 'not_your_turn', () => game.apply(0, { type: 'Bid', amount: 1 }));
  assert.deepEqual(e.info.toAct, [1]);
  refused(game, 'unknown_seat', () => game.apply(2, { type: 'Bid', amount: 1 }));
  refused(game, 'unknown_seat', () => game.apply(-1, { type: 'Bid', amount: 1 }));
  refused(game, 'unknown_seat', () => game.apply(0.5, { type: 'Bid', amount: 1 }));
  refused(game, 'unknown_seat', () => game.legalActions(256));
  refused(game, 'unknown_seat', () => game.view({ type: 'Seat', seat: 5 }));
  refused(game, 'bad_input', () => game.view({ type: 'Everyone' }));
});

test('a corrupted save throws bad_save; a good one loads to the same game', () => {
  const game = new BiddingRace(SETUP, '7');
  game.apply(0, { type: 'Bid', amount: 1 });
  game.apply(1, { type: 'Bid', amount: 2 });
  const saved = game.saveReadable();
  const loaded = BiddingRace.load(JSON.parse(JSON.stringify(saved)));
  assert.equal(snapshot(loaded), snapshot(game));
  assert.equal(snapshot(BiddingRace.load(JSON.parse(JSON.stringify(game.save())))), snapshot(game));

  const bad = (mutate) => {
    const copy = structuredClone(saved);
    mutate(copy);
    let thrown;
    try {
      BiddingRace.load(copy);
    } catch (e) {
      thrown = e;
    }
    assert.ok(thrown instanceof RuleError);
    assert.equal(thrown.code, 'bad_save', thrown.message);
    return thrown;
  };
  assert.match(bad((s) => (s.schemaVersion = 99)).message, /newer/);
  bad((s) => (s.game = 'chess'));
  bad((s) => (s.seed = 'abc'));
  bad((s) => s.actions.push({ seat: 0, action: { type: 'Nope' } }));
  assert.match(bad((s) => s.actions.push(s.actions[0], s.actions[0])).message, /action \d/);
  bad((s) => delete s.setup);
  assert.match(bad((s) => s.actions.pop()).message, /cut short/);
  assert.match(bad((s) => (s.actions = [])).message, /cut short/);
  assert.match(bad((s) => (s.setup.setup.goal = 11)).message, /another position/);
  bad((s) => (s.extra = 1));
  for (const junk of [null, 42, 'save', {}]) {
    assert.throws(
      () => BiddingRace.load(junk),
      (e) => e instanceof RuleError && e.code === 'bad_save',
    );
  }
  // The live game is untouched by all of this.
  assert.equal(snapshot(BiddingRace.load(saved)), snapshot(game));
});

test('loadPrefix resumes a save at the last action that replays, and says why it stopped', () => {
  const game = new BiddingRace(SETUP, '7');
  game.apply(0, { type: 'Bid', amount: 1 });
  game.apply(1, { type: 'Bid', amount: 2 });
  const whole = BiddingRace.loadPrefix(game.save());
  assert.equal(snapshot(whole), snapshot(game));
  assert.equal(whole.replayStop, undefined, 'the whole save replayed');
  assert.equal(game.replayStop, undefined);

  const broken = structuredClone(game.saveReadable());
  broken.actions.splice(1, 0, broken.actions[0]);
  assert.throws(
    () => BiddingRace.load(broken),
    (e) => e instanceof RuleError && e.code === 'bad_save',
  );
  const partial = BiddingRace.loadPrefix(broken);
  assert.equal(partial.actionsApplied, 1);
  assert.equal(partial.replayStop.replayed, 1);
  assert.equal(partial.replayStop.error.code, 'bad_save');
  assert.match(partial.replayStop.error.message, /action 2/);
  // The resumed game plays on from there.
  assert.deepEqual(partial.toAct(), { type: 'Seats', seats: [1] });
  assert.throws(
    () => BiddingRace.loadPrefix({ ...broken, game: 'chess' }),
    (e) => e instanceof RuleError && e.code === 'bad_save',
  );
});

test('setups, scenarios and seeds are checked', () => {
  assert.throws(
    () => new BiddingRace({ players: 9, goal: 10, maxRounds: 5 }, '1'),
    (e) => e.code === 'bad_setup',
  );
  assert.throws(
    () => new BiddingRace({ players: 2 }, '1'),
    (e) => e.code === 'bad_setup',
  );
  assert.throws(
    () => new BiddingRace(SETUP, '-5'),
    (e) => e.code === 'bad_input',
  );
  assert.throws(
    () => new BiddingRace(SETUP, '18446744073709551616'),
    (e) => e.code === 'bad_input',
  );
  const scenario = {
    goal: 12,
    maxRounds: 3,
    round: 1,
    racers: [
      { position: 4, energy: 5 },
      { position: 0, energy: 0 },
    ],
    forcedDice: [6],
  };
  const game = BiddingRace.fromScenario(scenario, '3');
  game.apply(0, { type: 'Bid', amount: 3 });
  game.apply(1, { type: 'Bid', amount: 0 });
  const events = game.apply(0, { type: 'Roll' });
  const roll = events.find((e) => e.detail.type === 'SprintRolled');
  assert.deepEqual(roll.detail.roll.dice, [6]);
  assert.equal(roll.reveals, true);
  assert.throws(
    () => BiddingRace.fromScenario({ ...scenario, forcedDice: [9] }, '3'),
    (e) => e.code === 'bad_scenario',
  );
});

test('undo takes back a secret step and is refused past a reveal', () => {
  const game = new BiddingRace(SETUP, '5');
  assert.match(game.undoRefusal(), /nothing to undo/);
  const fresh = snapshot(game);
  game.apply(0, { type: 'Bid', amount: 3 });
  assert.equal(game.undoRefusal(), undefined);
  game.undo();
  assert.equal(snapshot(game), fresh);
  game.apply(0, { type: 'Bid', amount: 3 });
  game.apply(1, { type: 'Bid', amount: 1 });
  refused(game, 'undo_refused', () => game.undo());
});

test('the same seed plays the same game; catalog, error codes and playouts answer', () => {
  const play = () => {
    const g = new BiddingRace(SETUP, '123');
    g.apply(0, { type: 'Bid', amount: 3 });
    g.apply(1, { type: 'Bid', amount: 1 });
    g.apply(0, { type: 'Roll' });
    return JSON.stringify(g.log(OMNI));
  };
  assert.equal(play(), play());
  assert.equal(BiddingRace.catalog().maxBid, 3);
  assert.ok(errorCodes().includes('bad_save'));
  const stats = BiddingRace.randomPlayouts(20, '9', 1000);
  assert.equal(stats.playouts, 20);
  assert.equal(stats.finished, 20);
  assert.ok(stats.actions > 20 * 4);
});

test('the .d.ts types every public signature (no any outside wasm-bindgen internals)', () => {
  const dts = readFileSync(new URL('../pkg/tabletop_rules.d.ts', import.meta.url), 'utf8');
  const code = dts
    .replace(/export interface InitOutput \{[\s\S]*?\n\}/, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');
  assert.doesNotMatch(code, /[:<(,|]\s*any\b|\bany\s*[;,)>|[]/);
  assert.match(dts, /export type RaceAction = \{ type: "Bid"; amount: number \} \| \{ type: "Roll" \}/);
  assert.match(dts, /export type RuleErrorInfo = \{ code: "not_your_turn";/);
  assert.match(dts, /export type RaceEvent = \{ type: "BidRecorded"/);
  assert.match(dts, /apply\(seat: number, action: RaceAction\): RaceLogEntry\[\];/);
});

test('a save is compact: each action as its place among the legal actions of its moment', () => {
  const game = new MagicRealm({ seats: [{}, {}] }, '11');
  const stats = { steps: 0 };
  while (stats.steps < 300) {
    const toAct = game.toAct();
    if (toAct.type !== 'Seats') break;
    const seat = toAct.seats[0];
    const legal = game.legalActions(seat);
    game.apply(seat, legal[(stats.steps * 7) % legal.length]);
    stats.steps += 1;
  }
  const compact = JSON.stringify(game.save());
  const readable = JSON.stringify(game.saveReadable());
  assert.equal(game.save().actionCount, stats.steps);
  assert.ok(compact.length * 10 < readable.length, `${compact.length} vs ${readable.length} bytes`);
  const again = MagicRealm.load(JSON.parse(compact));
  assert.equal(JSON.stringify(again.view({ type: 'Omniscient' })), JSON.stringify(game.view({ type: 'Omniscient' })));
  assert.equal(again.lastActor, game.lastActor);
});
