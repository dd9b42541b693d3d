// Hand of Doom through the built package: a game played by legal actions, a scenario with
// forced dice, typed refusals, and the sample content as the catalog.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import engine from './load.mjs';

const { HandOfDoom, RuleError } = engine;
const OMNI = { type: 'Omniscient' };

test('a game starts and plays through legal actions to its end', () => {
  const game = new HandOfDoom({ adventurers: ['vesper-quill', 'nettle-grue'] }, '2026');
  assert.deepEqual(game.toAct(), { type: 'Seats', seats: [0] }, 'Vesper (MRL 7) leads');
  const first = game.legalActions(0);
  assert.deepEqual(
    first.map((a) => a.stance),
    ['Bold', 'Hunt', 'Stealth'],
  );
  const events = game.apply(0, first[0]);
  assert.equal(events[0].rule, '[1]');
  for (let i = 0; i < 5000; i++) {
    const toAct = game.toAct();
    if (toAct.type === 'GameOver') break;
    const seat = toAct.seats[0];
    game.apply(seat, game.legalActions(seat)[0]);
  }
  assert.equal(game.toAct().type, 'GameOver');
  const view = game.view(OMNI);
  assert.equal(view.adventurers.length, 2);
  assert.ok(
    game.log({ type: 'Spectator' }).some((e) => e.rule === '[4]'),
    'Danger cards were drawn',
  );
});

test('a scenario fight with forced dice', () => {
  const game = HandOfDoom.fromScenario(
    {
      adventurers: [{ adventurer: 'vesper-quill', space: 'reedway-1' }],
      start: { type: 'Fight', monsters: ['slag-troll'] },
      forcedDice: [1, 3, 1, 6, 6],
    },
    '1',
  );
  game.apply(0, { type: 'ChooseCombatStance', stance: 'Assault' });
  game.apply(0, { type: 'Attack', with: { kind: 'Item', item: 'rusty-quillknife' }, target: 0 });
  assert.equal(game.view(OMNI).adventurers[0].wounds, 1, 'defence die 3 blocks 3 of 4');
});

test('refusals are typed and change nothing', () => {
  const game = new HandOfDoom({ adventurers: ['brom-tallow'] }, '9');
  const before = JSON.stringify(game.save());
  for (const [call, code] of [
    [() => game.apply(0, { type: 'Rest' }), 'illegal_action'],
    [() => game.apply(0, { type: 'Fly' }), 'malformed_action'],
    [() => game.apply(1, { type: 'Rest' }), 'unknown_seat'],
    [() => new HandOfDoom({ adventurers: ['nobody'] }), 'bad_setup'],
    [() => new HandOfDoom({ adventurers: ['brom-tallow'], content: '{"name": 1}' }), 'bad_setup'],
    [
      () => HandOfDoom.fromScenario({ adventurers: [{ adventurer: 'brom-tallow', space: 'atlantis' }] }),
      'bad_scenario',
    ],
  ]) {
    assert.throws(call, (e) => e instanceof RuleError && e.code === code);
  }
  assert.equal(JSON.stringify(game.save()), before);
});

test('the catalog is the sample content', () => {
  const content = HandOfDoom.catalog();
  assert.equal(content.spaces.length, 12);
  assert.equal(content.adventurers.length, 3);
});
