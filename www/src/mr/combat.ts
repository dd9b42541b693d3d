// The Melee Step as the combat panel shows it: the seat's own plays and sheet from its
// view, and the plays with one more candidate play (what the odds are asked for). Pure
// data: which plays are allowed is the engine's legal actions, never decided here.
import type {
  CombatTarget,
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
    case 'PlayManeuver':
    case 'PlaceShield':
    case 'PlaceDenizen':
      return action.lane;
    default:
      return undefined;
  }
}
