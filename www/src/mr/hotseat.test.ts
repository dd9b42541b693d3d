import { describe, expect, it } from 'vitest';
import type { OwnView } from '../../../pkg/tabletop_rules.js';
import { actingSeat, hasPrivate, localNext, nextScreen } from './hotseat';

const blank: OwnView = {
  seat: 0,
  secret: {
    spells: [],
    enchant: [],
    enchantingDone: false,
    start: undefined,
    victory: { greatTreasures: 0, spells: 0, fame: 0, notoriety: 0, gold: 0 },
    done: false,
  },
  discoveries: { paths: [], chits: [] },
  record: { activities: [], done: false },
};
const base = { players: 2, shown: 0, next: 1, simultaneous: false, shownHasPrivate: false, nextHasPrivate: false };

describe('hotseat hand-over', () => {
  it('serves the first seat that owes an action', () => {
    expect(actingSeat({ type: 'Seats', seats: [1, 0] })).toBe(1);
    expect(actingSeat({ type: 'GameOver', outcome: { winners: [], summary: '' } })).toBeUndefined();
  });
  it('sees secrets in a seat view', () => {
    expect(hasPrivate([blank])).toBe(false);
    expect(hasPrivate([{ ...blank, secret: { ...blank.secret, start: 'Inn' } }])).toBe(true);
    expect(hasPrivate([{ ...blank, discoveries: { chits: ['altar'] } }])).toBe(true);
  });
  it('asks for a hand-over only when something private is at stake', () => {
    expect(nextScreen(base)).toEqual({ kind: 'seat', seat: 1 });
    expect(nextScreen({ ...base, simultaneous: true })).toEqual({ kind: 'handover', seat: 1 });
    expect(nextScreen({ ...base, shownHasPrivate: true })).toEqual({ kind: 'handover', seat: 1 });
    expect(nextScreen({ ...base, nextHasPrivate: true })).toEqual({ kind: 'handover', seat: 1 });
    expect(nextScreen({ ...base, next: 0, simultaneous: true })).toEqual({ kind: 'seat', seat: 0 });
    expect(nextScreen({ ...base, players: 1, simultaneous: true })).toEqual({ kind: 'seat', seat: 1 });
    expect(nextScreen({ ...base, next: undefined })).toEqual({ kind: 'spectator' });
    expect(nextScreen({ ...base, shown: null, simultaneous: true, next: 0 })).toEqual({ kind: 'handover', seat: 0 });
  });
});

describe('a device in an online game serves its own seats only', () => {
  const seats = (s: number[]) => ({ type: 'Seats' as const, seats: s });
  it('serves the first of its seats that owes an action', () => {
    expect(localNext(seats([0, 2, 3]), [2, 3])).toBe(2);
    expect(localNext(seats([1]), [0, 1, 2])).toBe(1);
  });
  it('keeps showing its one seat while others act, and nothing of others on a shared device', () => {
    expect(localNext(seats([0]), [2])).toBe(2);
    expect(localNext(seats([0]), [1, 2])).toBeUndefined();
    expect(localNext(seats([0]), [])).toBeUndefined();
  });
});
