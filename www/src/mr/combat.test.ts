import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSync, MagicRealm, type MagicRealmAction, type PlayOdds } from '../../../pkg/tabletop_rules.js';
import { isPlayAction, laneOf, ownPlays, sheetOf, targetOf, withPlay } from './combat';
import { oddsLine, oddsSentence, percent } from './labels';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../../pkg/tabletop_rules_bg.wasm', import.meta.url)) });
});

const here = { tile: 'oak_woods', clearing: 2 } as const;
const wolf = { kind: 'monster', id: 'wolf-l4', n: 0 } as const;

/** The Swordsman lures the L4 Wolf at Sunset and attacks it: the Melee Step's plays. */
function meleeStep(): MagicRealm {
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
  for (let i = 0; i < 10 && !ownPlays(game.view({ type: 'Seat', seat: 0 }), 0); i++) {
    const legal = game.legalActions(0);
    const next = legal.find((a) => a.type === 'SelectTarget') ?? legal.find((a) => a.type.startsWith('End'));
    if (!next) throw new Error('stuck before the Melee Step');
    game.apply(0, next);
  }
  return game;
}

describe('the combat panel data', () => {
  it("reads the seat's own plays, sheet and target from its view", () => {
    const game = meleeStep();
    const view = game.view({ type: 'Seat', seat: 0 });
    expect(ownPlays(view, 0)).toMatchObject({ done: false });
    expect(ownPlays(view, 1)).toBeUndefined();
    expect(sheetOf(view, 0)).toEqual([wolf]);
    expect(targetOf(view, 0)).toEqual({ target: 'denizen', piece: wolf });
    expect(ownPlays(game.view({ type: 'Spectator' }), 0)).toBeUndefined();
  });

  it('every legal play, added to the plays made, is a candidate the engine answers', () => {
    const game = meleeStep();
    const plays = ownPlays(game.view({ type: 'Seat', seat: 0 }), 0);
    if (!plays) throw new Error('no plays');
    const legal = game.legalActions(0);
    const candidates = legal.filter((a) => withPlay(plays, a) !== undefined);
    expect(candidates.length).toBeGreaterThan(6);
    for (const a of candidates) {
      const next = withPlay(plays, a);
      expect(next && game.playOdds(0, next).seat).toBe(0);
      expect(laneOf(a)).toBeDefined();
    }
    // Taking back and ending are shown on the panel too, without odds.
    const end: MagicRealmAction = { type: 'EndPlays' };
    expect(isPlayAction(end)).toBe(true);
    expect(withPlay(plays, end)).toBeUndefined();
    expect(isPlayAction({ type: 'NoTarget' })).toBe(false);
  });

  it('placing a denizen again moves it to the new box', () => {
    const moved = withPlay(
      { placed: [[wolf, 'DodgeSwing']], done: false },
      { type: 'PlaceDenizen', denizen: wolf, lane: 'DuckSmash' },
    );
    expect(moved?.placed).toEqual([[wolf, 'DuckSmash']]);
  });

  it('words the odds', () => {
    expect([0, 0.001, 1 / 3, 0.999, 1].map(percent)).toEqual(['0%', '<1%', '33%', '>99%', '100%']);
    const odds = {
      seat: 0,
      outcomes: 12,
      killed: 0,
      wounded: 0,
      expectedWounds: 1 / 3,
      horseKilled: 0,
      spellStruck: 0,
      attackCounted: true,
      targetKilled: 1 / 3,
      armor: [],
      fighters: [],
    } satisfies PlayOdds;
    expect(oddsLine(odds)).toBe('Kill 33% · Die 0% · Wounds 0.33');
    expect(oddsSentence(odds, 'Wolf')).toBe('33% chance to kill Wolf, 0% chance to be killed, 0.33 wounds expected');
    const { targetKilled: _, ...unfollowed } = odds;
    expect(oddsLine({ ...unfollowed, attackCounted: false })).toBe('Die 0% · Wounds 0.33');
  });
});
