import { describe, expect, it } from 'vitest';
import { arrival, arrivalAttrs, type Drawing } from './motion';

describe('animations as Daylight plays out', () => {
  const before: Drawing = new Map([
    ['wolf', { x: 10, y: 20, facing: 'light' }],
    ['chit', { x: 50, y: 50, facing: 'down' }],
  ]);

  it('slides a counter from where it was drawn before', () => {
    const a = arrival(before, 'wolf', { x: 40, y: 60, facing: 'light' });
    expect(a).toEqual({ kind: 'moved', dx: -30, dy: -40 });
    expect(arrivalAttrs(a)).toEqual({ class: 'arrive-moved', style: '--dx:-30.0px;--dy:-40.0px' });
  });

  it('fades in a counter new to the map, flips one turned over, leaves the rest alone', () => {
    expect(arrival(before, 'bat', { x: 0, y: 0, facing: 'light' })).toEqual({ kind: 'appeared' });
    expect(arrival(before, 'chit', { x: 50, y: 50, facing: 'up' })).toEqual({ kind: 'flipped' });
    expect(arrival(before, 'wolf', { x: 10, y: 20, facing: 'light' })).toBeUndefined();
    expect(arrivalAttrs(undefined)).toEqual({});
  });

  it('animates nothing on the first drawing of a game', () => {
    expect(arrival(undefined, 'wolf', { x: 1, y: 2, facing: 'light' })).toBeUndefined();
  });
});
