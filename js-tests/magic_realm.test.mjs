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

test('recorded Fame and Notoriety cross to JavaScript exactly, fractions of shared kills too', () => {
  const at = { tile: 'oak_woods', clearing: 2 };
  // A fraction as { num, den }; a whole number as scenarios written before fractions give it.
  const game = MagicRealm.fromScenario({
    seats: [{ character: 'amazon', at, fame: { num: 6, den: 4 }, notoriety: 7 }],
    at: 'birdsong',
  });
  const seat = game.view(OMNI).seats[0];
  assert.deepEqual(seat.fame, { num: 3, den: 2 });
  assert.deepEqual(seat.notoriety, { num: 7, den: 1 });
  assert.throws(
    () => MagicRealm.fromScenario({ seats: [{ character: 'amazon', at, fame: { num: 1, den: 0 } }] }),
    (e) => e instanceof RuleError && e.code === 'bad_scenario',
  );
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
  // Written by `cargo test --test rules mr_native_golden` (see tests/rules/mr_native_golden.rs).
  const golden = JSON.parse(readFileSync(new URL('../target/mr-golden.json', import.meta.url), 'utf8'));
  const game = new MagicRealm(golden.setup, golden.seed);
  playSetup(game);
  assert.deepEqual(plain(game.view(OMNI)), plain(golden.view));
});

test('a whole 28-day game with four characters plays to its final score in WASM', () => {
  const game = new MagicRealm({ seats: [{}, {}, {}, {}], map: 'default', days: 28 }, '28');
  let state = 12345;
  // The high bits of a power-of-two LCG: its low bits cycle with short periods (a random
  // walk on `state % n` can take back and record the same phases for ever).
  const pick = (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return Math.floor((state / 2147483648) * n);
  };
  let days = 1;
  let toAct = game.toAct();
  for (let i = 0; i < 200000 && toAct.type === 'Seats'; i++) {
    const seat = toAct.seats[pick(toAct.seats.length)];
    // Quitting would cut the game short: random play never votes to end or suicides.
    const legal = game
      .legalActions(seat)
      .filter((a) => !(a.type === 'VoteToEnd' && a.vote) && !(a.type === 'DeclareSuicide' && a.declare));
    assert.ok(legal.length > 0, `seat ${seat} is to act and has a legal action`);
    for (const e of game.apply(seat, legal[pick(legal.length)])) {
      if (e.detail.type === 'DayBegins') days = Math.max(days, e.detail.day);
    }
    toAct = game.toAct();
  }
  assert.equal(toAct.type, 'GameOver');
  assert.equal(days, 28);
  const { step } = game.view(OMNI);
  assert.equal(step.step, 'gameOver');
  assert.equal(step.scores.length, 4);
  assert.match(toAct.outcome.summary, /Scores:/);
});

/** The Swordsman with his Thrusting Sword and the L4 Wolf in Oak Woods 2 at Sunset: combat
 * begins at once; he lures the wolf, passes to the Melee Step and attacks it. */
function swordsmanMeetsWolf() {
  const here = { tile: 'oak_woods', clearing: 2 };
  const wolf = { kind: 'monster', id: 'wolf-l4', n: 0 };
  const game = MagicRealm.fromScenario(
    {
      seats: [
        {
          character: 'swordsman',
          at: here,
          belongings: [{ piece: { kind: 'weapon', id: 'thrusting-sword', n: 0 } }],
        },
      ],
      pieces: [{ piece: wolf, place: { place: 'clearing', at: here } }],
      at: 'sunset',
    },
    '5',
  );
  game.apply(0, { type: 'Lure', denizen: wolf });
  for (let i = 0; i < 10; i++) {
    const legal = game.legalActions(0);
    const target = legal.find((a) => a.type === 'SelectTarget');
    if (target) {
      game.apply(0, target);
      return { game, wolf };
    }
    game.apply(
      0,
      legal.find((a) => ['EndLuring', 'EndDeployment', 'EndActions'].includes(a.type)),
    );
  }
  throw new Error('no Melee Step came');
}

test('playOdds: the exact odds of candidate plays in the Melee Step, typed refusals otherwise', () => {
  const { game, wolf } = swordsmanMeetsWolf();
  assert.equal(game.view(OMNI).today.combat.stage, 'plays');
  const legal = game.legalActions(0);
  const attack = legal.find((a) => a.type === 'PlayAttack' && a.chit === 7 && a.lane === 'ChargeThrust');
  const charge = legal.find(
    (a) => a.type === 'PlayManeuver' && a.with.with === 'chit' && a.with.chit === 0 && a.lane === 'ChargeThrust',
  );
  assert.ok(attack && charge, 'the candidate plays are legal actions');
  // Thrust with Fight M4* and charge with Move L4: the wolf hits him only in his lane,
  // where his longer sword kills it first (8.4.9, first round: length first).
  const plays = { attack: [attack.chit, attack.lane], maneuver: [charge.with, charge.lane], placed: [], done: false };
  const before = JSON.stringify(game.save());
  const odds = game.playOdds(0, plays);
  assert.equal(odds.seat, 0);
  assert.ok(odds.outcomes > 1, 'every roll sequence is enumerated');
  assert.deepEqual(odds.target, { target: 'denizen', piece: wolf });
  assert.equal(odds.attackCounted, true);
  assert.deepEqual(
    odds.fighters.map((f) => f.fighter),
    [
      { who: 'character', seat: 0 },
      { who: 'denizen', piece: wolf },
    ],
  );
  assert.equal(odds.killed, 0);
  assert.ok(Math.abs(odds.targetKilled - 1 / 3) < 1e-12, 'the wolf ends in his Thrust lane in 1 of 3');
  assert.equal(odds.targetKilled, odds.fighters[1].killed);
  const harm = Object.values(odds.fighters[1].harm).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(harm - 1) < 1e-9, 'the harm odds sum to 1');
  // Without the attack the wolf lives to hit him in his lane.
  const open = game.playOdds(0, { ...plays, attack: undefined });
  assert.equal(open.attackCounted, false);
  assert.equal(open.targetKilled, undefined);
  assert.ok(Math.abs(open.killed - 1 / 3) < 1e-12);
  for (const [call, code] of [
    [() => game.playOdds(0, { ...plays, attack: [0, 'ChargeThrust'] }), 'illegal_action'],
    [() => game.playOdds(0, { ...plays, shield: 'Sideways' }), 'malformed_action'],
    [() => game.playOdds(3, plays), 'unknown_seat'],
  ]) {
    assert.throws(call, (e) => e instanceof RuleError && e.code === code);
  }
  assert.equal(JSON.stringify(game.save()), before, 'asking changes nothing');
  game.apply(0, { type: 'EndPlays' });
  assert.throws(
    () => game.playOdds(0, plays),
    (e) => e instanceof RuleError && e.code === 'illegal_action',
  );
});
