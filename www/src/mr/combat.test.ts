import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CombatStage,
  initSync,
  MagicRealm,
  type MagicRealmAction,
  type PieceId,
  type PlayOdds,
} from '../../../pkg/tabletop_rules.js';
import {
  boxOf,
  type Companions,
  companionOf,
  companionsOf,
  dropAction,
  duelIndex,
  duelSpot,
  duelsOf,
  inCombatPanel,
  isPlayAction,
  LANES,
  laneOf,
  ownPlays,
  placedOnDuel,
  playItem,
  samePiece,
  sheetOf,
  targetOf,
  withPlay,
} from './combat';
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

const at = (piece: PieceId) => ({ piece, place: { place: 'clearing', at: here } }) as const;
const bashkar = { kind: 'native', id: 'bashkar-1' } as const;
const pony = { kind: 'native_horse', id: 'bashkar-pony-1' } as const;
const giant = { kind: 'monster', id: 'giant', n: 1 } as const;
const club = { kind: 'monster_part', id: 'giant-club', n: 1 } as const;

/** The Swordsman's hired Bashkar 1 (with its pony) lures Giant #2 (with its club) onto a
 * sheet of its own; the wolf is assigned to the Swordsman. Played to `stage`. */
function hirelingCombat(
  stage: CombatStage,
  pick?: (legal: MagicRealmAction[]) => MagicRealmAction | undefined,
  hidden = false,
) {
  const game = MagicRealm.fromScenario(
    {
      seats: [
        {
          character: 'swordsman',
          at: here,
          hidden,
          hirelings: [{ native: 'bashkar-1', lastDay: 10 }],
          belongings: [{ piece: { kind: 'weapon', id: 'thrusting-sword', n: 0 } }],
        },
      ],
      pieces: [at(bashkar), at(pony), at(giant), at(club), at(wolf)],
      at: 'sunset',
      dice: hidden ? Array(40).fill(1) : [4, 1, 1],
    },
    '5',
  );
  for (let i = 0; i < 12 && game.view({ type: 'Seat', seat: 0 }).today.combat?.stage !== stage; i++) {
    const legal = game.legalActions(0);
    const next =
      pick?.(legal) ??
      legal.find((a) => a.type === 'HirelingLure' && samePiece(a.denizen, giant)) ??
      legal.find((a) => a.type === 'SelectTarget') ??
      legal.find((a) => a.type.startsWith('End'));
    if (!next) throw new Error(`stuck before ${stage}`);
    game.apply(0, next);
  }
  return game;
}

describe("denizens' sheets in the combat panel", () => {
  it("pairs a denizen with its horse, head or club as the engine's view lists them", () => {
    const view = hirelingCombat('plays').view({ type: 'Seat', seat: 0 });
    const pairs = companionsOf(view);
    expect(companionOf(pairs, bashkar)).toEqual(pony);
    expect(companionOf(pairs, giant)).toEqual(club);
    expect(companionOf(pairs, wolf)).toBeUndefined();
    expect(companionOf(pairs, { kind: 'native', id: 'company-1' })).toBeUndefined();
  });

  it('lays a duel out as the game does: defender in a red box, its target in a square, other attackers in circles', () => {
    const catalog: Companions = [
      [bashkar, pony],
      [giant, club],
    ];
    const duel = { defender: bashkar, attackers: [wolf, giant], target: giant };
    expect(duelSpot(catalog, duel, bashkar)).toBe('redBox');
    expect(duelSpot(catalog, duel, pony)).toBe('redBox');
    expect(duelSpot(catalog, duel, giant)).toBe('square');
    expect(duelSpot(catalog, duel, club)).toBe('square');
    expect(duelSpot(catalog, duel, wolf)).toBe('circle');
    expect(duelSpot(catalog, { ...duel, target: undefined }, giant)).toBe('circle');
    expect(duelSpot(catalog, duel, { kind: 'native', id: 'company-1' })).toBeUndefined();
    expect(duelIndex(catalog, [{ defender: wolf, attackers: [bashkar] }, duel], pony)).toBe(0);
  });

  it("puts every legal play in a box: his own sheet's, or his hireling's sheet's", () => {
    const game = hirelingCombat('plays');
    const view = game.view({ type: 'Seat', seat: 0 });
    const duels = duelsOf(view);
    expect(duels).toEqual([{ defender: bashkar, attackers: [giant], target: giant }]);
    expect(sheetOf(view, 0)).toEqual([wolf]);
    const legal = game.legalActions(0);
    const box = (a: MagicRealmAction) => boxOf(companionsOf(view), duels, a);
    const places = legal.filter((a) => a.type === 'PlaceDenizen');
    // Every counter the engine lets him position has its box; none falls through.
    expect(places.map((a) => (a.type === 'PlaceDenizen' ? [a.denizen.kind, box(a)?.sheet, box(a)?.spot] : []))).toEqual(
      expect.arrayContaining([
        ['monster', 'own', 'redBox'],
        ['native', 0, 'redBox'],
        ['native_horse', 0, 'redBox'],
        ['monster', 0, 'square'],
        ['monster_part', 0, 'square'],
      ]),
    );
    for (const a of legal) {
      const shown = inCombatPanel(view, 0, a);
      expect(shown, a.type).toBe(true);
      if (a.type !== 'TurnHireling' && a.type !== 'TakeBackPlays' && a.type !== 'EndPlays') {
        expect(box(a)?.lane, a.type).toBe(laneOf(a));
      }
    }
    expect(box({ type: 'PlayAttack', chit: 8, lane: 'DodgeSwing' })).toEqual({
      sheet: 'own',
      spot: 'circle',
      lane: 'DodgeSwing',
    });
    expect(box({ type: 'PlayManeuver', with: { with: 'chit', chit: 1 }, lane: 'DuckSmash' })?.spot).toBe('square');
    expect(inCombatPanel(view, 0, { type: 'NoTarget' })).toBe(false);
  });

  it("shows where he positioned the counters on his hireling's sheet", () => {
    const game = hirelingCombat('plays');
    game.apply(0, { type: 'PlaceDenizen', denizen: pony, lane: 'DuckSmash' });
    game.apply(0, { type: 'PlaceDenizen', denizen: wolf, lane: 'DodgeSwing' });
    game.apply(0, { type: 'TurnHireling', hireling: bashkar });
    const view = game.view({ type: 'Seat', seat: 0 });
    expect(placedOnDuel(view, 0)).toEqual([{ piece: pony, box: { sheet: 0, spot: 'redBox', lane: 'DuckSmash' } }]);
    expect(ownPlays(view, 0)?.flipped).toEqual([bashkar]);
    // Another seat's view shows no secret positions.
    expect(placedOnDuel(game.view({ type: 'Spectator' }), 0)).toEqual([]);
  });

  it('orders to his hirelings before the plays are in the combat panel too', () => {
    // Deployed against the wolf, the Bashkar attacks it on the wolf's own sheet; it and its
    // pony may be turned over at once (8.3.6 a.4).
    const game = hirelingCombat('deployment', (legal) => legal.find((a) => a.type === 'EndLuring'));
    game.apply(0, { type: 'Deploy', hireling: bashkar, target: { target: 'denizen', piece: wolf } });
    const view = game.view({ type: 'Seat', seat: 0 });
    expect(duelsOf(view)).toEqual([{ defender: wolf, attackers: [bashkar] }]);
    const legal = game.legalActions(0);
    expect(legal.filter((a) => inCombatPanel(view, 0, a))).toEqual([
      { type: 'TurnHireling', hireling: bashkar },
      { type: 'TurnHireling', hireling: pony },
    ]);
    expect(inCombatPanel(view, 0, { type: 'EndDeployment' })).toBe(false);
  });

  it('his hireling defending against two attackers picks its target in the combat panel', () => {
    // Hidden, he lures nobody: his only hireling takes the giant and the wolf (8.3.5 a.3).
    const game = hirelingCombat('targets', (legal) => legal.find((a) => a.type.startsWith('End')), true);
    const view = game.view({ type: 'Seat', seat: 0 });
    expect(duelsOf(view)).toMatchObject([{ defender: bashkar }]);
    expect(duelsOf(view)[0]?.attackers).toHaveLength(2);
    const legal = game.legalActions(0);
    const picks = legal.filter((a) => a.type === 'HirelingTarget');
    expect(picks).toHaveLength(2);
    expect(legal.filter((a) => inCombatPanel(view, 0, a))).toEqual(picks);
  });
});

describe('drag and drop of plays', () => {
  it("drops a dragged item only where the engine offers it: the box's legal action of that item", () => {
    const game = hirelingCombat('plays');
    const view = game.view({ type: 'Seat', seat: 0 });
    const duels = duelsOf(view);
    const legal = game.legalActions(0);
    const attack: MagicRealmAction = { type: 'PlayAttack', chit: 8, lane: 'ChargeThrust' };
    const item = playItem(attack);
    expect(item).toBe(playItem({ type: 'PlayAttack', chit: 8, lane: 'DuckSmash' }));
    expect(item).not.toBe(playItem({ type: 'PlayAttack', chit: 9, lane: 'ChargeThrust' }));
    expect(playItem({ type: 'EndPlays' })).toBeUndefined();
    // The offers each box draws, as the panel groups them.
    const offersIn = (sheet: 'own' | number, spot: string, lane: string) =>
      legal.filter((a) => {
        const b = boxOf(companionsOf(view), duels, a);
        return b?.sheet === sheet && b.spot === spot && b.lane === lane;
      });
    for (const lane of LANES) {
      expect(dropAction(offersIn('own', 'circle', lane), item ?? null)).toEqual({ ...attack, lane });
      expect(dropAction(offersIn('own', 'square', lane), item ?? null)).toBeUndefined();
      expect(dropAction(offersIn(0, 'redBox', lane), item ?? null)).toBeUndefined();
    }
    // The pony goes only in its Bashkar's red boxes; not where its giant's club may go.
    const ponyItem = playItem({ type: 'PlaceDenizen', denizen: pony, lane: 'ChargeThrust' }) ?? null;
    const targets = (['own', 0] as const).flatMap((sheet) =>
      (['circle', 'redBox', 'square'] as const).flatMap((spot) =>
        LANES.filter((lane) => dropAction(offersIn(sheet, spot, lane), ponyItem)).map(
          (lane) => `${sheet} ${spot} ${lane}`,
        ),
      ),
    );
    expect(targets).toEqual(['0 redBox ChargeThrust', '0 redBox DodgeSwing', '0 redBox DuckSmash']);
    expect(dropAction(legal, null)).toBeUndefined();
  });
});
