// Hotseat privacy: which seat's view is on screen, and when the device must change hands
// first. Decides nothing about the game: it reads toAct and what each seat's view holds.
import type { OwnView, ToAct } from '../../../pkg/tabletop_rules.js';

/** The seat the screen serves next: the first seat that owes an action. */
export function actingSeat(toAct: ToAct): number | undefined {
  return toAct.type === 'Seats' ? toAct.seats[0] : undefined;
}

/** Whether a seat's own view holds anything secret from the other seats. */
export function hasPrivate(own: readonly OwnView[]): boolean {
  return own.some((o) => {
    const s = o.secret;
    const v = s.victory;
    return (
      s.spells.length > 0 ||
      s.enchant.length > 0 ||
      s.start !== undefined ||
      s.done ||
      v.greatTreasures + v.spells + v.fame + v.notoriety + v.gold > 0 ||
      (o.discoveries.paths?.length ?? 0) > 0 ||
      (o.discoveries.chits?.length ?? 0) > 0 ||
      o.record.activities.length > 0
    );
  });
}

export interface HandoverInput {
  players: number;
  /** The seat whose view is on screen now (null: spectator or nothing yet). */
  shown: number | null;
  next: number | undefined;
  /** Several seats owe secret steps at once. */
  simultaneous: boolean;
  shownHasPrivate: boolean;
  nextHasPrivate: boolean;
}

export type ScreenFor = { kind: 'seat'; seat: number } | { kind: 'handover'; seat: number } | { kind: 'spectator' };

/** What the screen shows next. A seat's screen follows another's directly only when
 * neither holds secrets and no simultaneous secret step is under way. */
export function nextScreen(i: HandoverInput): ScreenFor {
  if (i.next === undefined) return { kind: 'spectator' };
  if (i.next === i.shown) return { kind: 'seat', seat: i.next };
  if (i.players <= 1) return { kind: 'seat', seat: i.next };
  if (i.simultaneous || i.shownHasPrivate || i.nextHasPrivate) return { kind: 'handover', seat: i.next };
  return { kind: 'seat', seat: i.next };
}

/** The seat this device serves next in a game played at several devices: the first seat
 * played here that owes an action; a device of one seat keeps showing that seat. */
export function localNext(toAct: ToAct, local: readonly number[]): number | undefined {
  const acting = toAct.type === 'Seats' ? toAct.seats.find((s) => local.includes(s)) : undefined;
  return acting ?? (local.length === 1 ? local[0] : undefined);
}
