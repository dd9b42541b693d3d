// The Melee Step as the combat panel shows it: the seat's own plays and sheet from its
// view, and the plays with one more candidate play (what the odds are asked for). Pure
// data: which plays are allowed is the engine's legal actions, never decided here.
import type {
  CombatTarget,
  Duel,
  Lane,
  MagicRealmAction,
  MagicRealmView,
  PieceId,
  Plays,
} from '../../../pkg/tabletop_rules.js';

/** The lanes of a Melee Section, in the order of the sheet (8.4.5). */
export const LANES: readonly Lane[] = ['ChargeThrust', 'DodgeSwing', 'DuckSmash'];

const PLAY_TYPES: readonly string[] = [
  'PlayAttack',
  'PlayGloves',
  'PlaySpellAttack',
  'PlayCreatureAttack',
  'PlayPartAttack',
  'PlayManeuver',
  'PlaceShield',
  'PlaceDenizen',
  'TakeBackPlays',
  'EndPlays',
];

/** Whether the combat panel shows this action (the actions panel shows the rest). */
export function isPlayAction(a: MagicRealmAction): boolean {
  return PLAY_TYPES.includes(a.type);
}

/** The seat's own plays so far, while the characters make their plays; `undefined`
 * otherwise (other seats' plays never are in its view). */
export function ownPlays(view: MagicRealmView, seat: number): Plays | undefined {
  const combat = view.today.combat;
  if (combat?.stage !== 'plays') return undefined;
  return combat.plays.find(([s]) => s === seat)?.[1];
}

/** The denizens on the seat's sheet. */
export function sheetOf(view: MagicRealmView, seat: number): PieceId[] {
  return view.today.combat?.sheets.find(([s]) => s === seat)?.[1] ?? [];
}

/** The target the seat picked. */
export function targetOf(view: MagicRealmView, seat: number): CombatTarget | undefined {
  return view.today.combat?.targets.find(([s]) => s === seat)?.[1];
}

export function samePiece(a: PieceId, b: PieceId): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The plays with `action` made too; `undefined` for an action that is not a play. An
 * Attack spell's circle counts like an attack. */
export function withPlay(plays: Plays, action: MagicRealmAction): Plays | undefined {
  switch (action.type) {
    case 'PlayAttack':
      return { ...plays, attack: [action.chit, action.lane] };
    case 'PlayGloves':
      return { ...plays, gloves: action.lane };
    case 'PlaySpellAttack':
      return { ...plays, spellAttack: action.lane };
    case 'PlayCreatureAttack':
      return { ...plays, creatureAttack: action.lane };
    case 'PlayPartAttack':
      return { ...plays, partAttack: action.lane };
    case 'PlayManeuver':
      return { ...plays, maneuver: [action.with, action.lane] };
    case 'PlaceShield':
      return { ...plays, shield: action.lane };
    case 'PlaceDenizen':
      return {
        ...plays,
        placed: [...(plays.placed ?? []).filter(([p]) => !samePiece(p, action.denizen)), [action.denizen, action.lane]],
      };
    default:
      return undefined;
  }
}

/** The lane a play goes in. */
export function laneOf(action: MagicRealmAction): Lane | undefined {
  switch (action.type) {
    case 'PlayAttack':
    case 'PlayGloves':
    case 'PlaySpellAttack':
    case 'PlayCreatureAttack':
    case 'PlayPartAttack':
    case 'PlayManeuver':
    case 'PlaceShield':
    case 'PlaceDenizen':
      return action.lane;
    default:
      return undefined;
  }
}

// Denizens' Melee Sections (8.3.4c, 8.3.6a) and where each play goes. Which plays are
// allowed is still the engine's legal actions; these helpers only say on which sheet and in
// which box the combat panel draws each one (and so where it may be dropped).

/** The boxes of a Melee Section column: Attack circle, red box, Maneuver square. */
export type Spot = 'circle' | 'redBox' | 'square';

/** A box on screen: the seat's own Melee Section or the sheet of `duels[n]`, a spot, a lane. */
export interface Box {
  sheet: 'own' | number;
  spot: Spot;
  lane: Lane;
}

/** The denizens fighting denizens in the clearing's combat, each on its own sheet. */
export function duelsOf(view: MagicRealmView): Duel[] {
  return view.today.combat?.duels ?? [];
}

/** Each denizen in the combat with the counter that fights with it (a native's horse, a
 * monster's head or club), as the engine's view lists them. */
export type Companions = readonly (readonly [PieceId, PieceId])[];

/** The companions the engine lists for the combat in the view. */
export function companionsOf(view: MagicRealmView): Companions {
  return view.today.companions ?? [];
}

/** The counter that fights with a denizen, if it has one in this combat. */
export function companionOf(pairs: Companions, piece: PieceId): PieceId | undefined {
  return pairs.find(([p]) => samePiece(p, piece))?.[1];
}

/** Where a counter lies on a denizen's sheet, as on the game's Melee Section: the defender
 * in a red box, the attacker it attacks in a Maneuver square, the other attackers in Attack
 * circles; a horse, head or club with its denizen. `undefined`: not on this sheet. */
export function duelSpot(pairs: Companions, duel: Duel, piece: PieceId): Spot | undefined {
  const is = (p: PieceId) => samePiece(p, piece) || samePiece(companionOf(pairs, p) ?? p, piece);
  if (is(duel.defender)) return 'redBox';
  const attacker = duel.attackers.find(is);
  if (!attacker) return undefined;
  return duel.target && samePiece(duel.target, attacker) ? 'square' : 'circle';
}

/** The duel whose sheet holds `piece` (or its horse, head or club). */
export function duelIndex(pairs: Companions, duels: readonly Duel[], piece: PieceId): number | undefined {
  const i = duels.findIndex((d) => duelSpot(pairs, d, piece) !== undefined);
  return i < 0 ? undefined : i;
}

/** The box a play goes in: attacks and the shield in his Attack circles, maneuvers in his
 * Maneuver squares, a denizen on a denizen's sheet where it lies there, any other denizen
 * in his red boxes. `undefined` for an action that is not put in a box. */
export function boxOf(pairs: Companions, duels: readonly Duel[], action: MagicRealmAction): Box | undefined {
  switch (action.type) {
    case 'PlayAttack':
    case 'PlayGloves':
    case 'PlaySpellAttack':
    case 'PlayCreatureAttack':
    case 'PlayPartAttack':
    case 'PlaceShield':
      return { sheet: 'own', spot: 'circle', lane: action.lane };
    case 'PlayManeuver':
      return { sheet: 'own', spot: 'square', lane: action.lane };
    case 'PlaceDenizen': {
      const i = duelIndex(pairs, duels, action.denizen);
      const duel = i === undefined ? undefined : duels[i];
      const spot = duel && duelSpot(pairs, duel, action.denizen);
      return i !== undefined && spot
        ? { sheet: i, spot, lane: action.lane }
        : { sheet: 'own', spot: 'redBox', lane: action.lane };
    }
    default:
      return undefined;
  }
}

export function sameBox(a: Box, b: Box): boolean {
  return a.sheet === b.sheet && a.spot === b.spot && a.lane === b.lane;
}

/** Whether the combat panel shows (and the actions list leaves out) this action: the plays
 * while the seat makes them, and his orders to the hirelings on denizens' sheets. */
export function inCombatPanel(view: MagicRealmView, seat: number, action: MagicRealmAction): boolean {
  switch (action.type) {
    case 'TurnHireling':
    case 'HirelingTarget':
      return duelIndex(companionsOf(view), duelsOf(view), action.hireling) !== undefined;
    default:
      return isPlayAction(action) && ownPlays(view, seat) !== undefined;
  }
}

/** The counters positioned on duel `i`'s sheet in the plays this view shows (the seat's own
 * while they are secret, everyone's once revealed), each with its box. */
export function placedOnDuel(view: MagicRealmView, i: number): { piece: PieceId; box: Box }[] {
  const duel = duelsOf(view)[i];
  if (!duel) return [];
  return (view.today.combat?.plays ?? []).flatMap(([, p]) =>
    (p.placed ?? []).flatMap(([piece, lane]) => {
      const spot = duelSpot(companionsOf(view), duel, piece);
      return spot ? [{ piece, box: { sheet: i, spot, lane } }] : [];
    }),
  );
}

/** What a play puts down, whatever the lane: the action without its lane. Two legal
 * actions with the same item differ only in the lane, so dragging the item onto a box
 * means the legal action of that item in that box. `undefined` for actions with no lane. */
export function playItem(action: MagicRealmAction): string | undefined {
  if (laneOf(action) === undefined) return undefined;
  return JSON.stringify({ ...action, lane: undefined });
}

/** The action that dropping `item` on a box makes: one of the box's offers (legal actions),
 * or `undefined` when the box is no drop target for it. */
export function dropAction(offers: readonly MagicRealmAction[], item: string | null): MagicRealmAction | undefined {
  return item === null ? undefined : offers.find((a) => playItem(a) === item);
}
