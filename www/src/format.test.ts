import { describe, expect, it } from 'vitest';
import { actionLabel, errorLine, seatName, toActLine } from './format';

describe('format', () => {
  it('numbers seats from 1 for people', () => {
    expect(seatName(0)).toBe('Seat 1');
  });
  it('labels every kind of action', () => {
    expect(actionLabel({ type: 'Bid', amount: 0 })).toBe('Bid 0 (rest)');
    expect(actionLabel({ type: 'Bid', amount: 3 })).toBe('Bid 3');
    expect(actionLabel({ type: 'Roll' })).toMatch(/roll/);
    expect(actionLabel({ type: 'Stand' })).toMatch(/stand/);
  });
  it('says who is to act, or who won', () => {
    expect(toActLine({ type: 'Seats', seats: [0, 2] })).toBe('To act: Seat 1, Seat 3');
    expect(toActLine({ type: 'GameOver', outcome: { winners: [1], summary: 's' } })).toBe('Game over: Seat 2 won (s).');
  });
  it('shows an error with its code', () => {
    expect(errorLine({ code: 'illegal_action', message: 'no' })).toBe('no [illegal_action]');
  });
});
