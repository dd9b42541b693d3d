import { describe, expect, it } from 'vitest';
import { hexCenter, mapBounds, pathD, pileOffsets, roadwayPoint, TILE_H, tilePointToMap, zoomBox } from './layout';

const near = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-9);

describe('board geometry', () => {
  it('puts hexes where grid.rs does: x = 75q, y = 50√3(r + q/2)', () => {
    expect(hexCenter({ q: 0, r: 0 })).toEqual({ x: 0, y: 0 });
    const p = hexCenter({ q: 2, r: -1 });
    near(p.x, 150);
    near(p.y, 0);
    near(hexCenter({ q: 0, r: 1 }).y, TILE_H);
  });
  it('maps tile points to the map and turns them clockwise by sixths', () => {
    const placed = { at: { q: 1, r: 0 }, rotation: 0 };
    const c = tilePointToMap({ x: 50, y: 50 }, placed);
    near(c.x, 75);
    near(c.y, TILE_H / 2);
    // The N edge midpoint turned one sixth lies where the NE edge midpoint was.
    const n1 = tilePointToMap({ x: 50, y: 0 }, { at: { q: 0, r: 0 }, rotation: 1 });
    const ne = tilePointToMap({ x: 87.5, y: 25 }, { at: { q: 0, r: 0 }, rotation: 0 });
    near(n1.x, ne.x);
    near(n1.y, ne.y);
    // Six turns are a whole turn.
    const p6 = tilePointToMap({ x: 30, y: 20 }, { at: { q: 0, r: 0 }, rotation: 6 });
    const p0 = tilePointToMap({ x: 30, y: 20 }, { at: { q: 0, r: 0 }, rotation: 0 });
    near(p6.x, p0.x);
    near(p6.y, p0.y);
  });
  it('draws a roadway to an edge as a curve through its control point', () => {
    const f = {
      clearings: [{ number: 1, kind: 'woods' as const, at: { x: 50, y: 50 } }],
      paths: [],
      chit_area: { x: 0, y: 0 },
    };
    const placed = { tile: 'borderland' as const, at: { q: 0, r: 0 }, rotation: 0, side: 'normal' as const };
    expect(pathD(f, { from: 1, to: { edge: 'N' }, kind: 'open_road' }, placed)).toBe(
      `M0 0L0 ${-Math.round(TILE_H * 5) / 10}`,
    );
    expect(pathD(f, { from: 1, to: { edge: 'N' }, kind: 'tunnel', control: { x: 50, y: 50 } }, placed)).toMatch(
      /^M0 0Q0 0 /,
    );
    expect(pathD(f, { from: 2, to: { clearing: 1 }, kind: 'open_road' }, placed)).toBeUndefined();
  });
  it('puts a character who ran away halfway between the two clearings of his roadway', () => {
    expect(roadwayPoint({ x: 10, y: 20 }, { x: 30, y: -40 })).toEqual({ x: 20, y: -10 });
  });

  it('bounds the map and zooms about a fixed point', () => {
    const b = mapBounds([{ at: { q: 0, r: 0 } }, { at: { q: 1, r: 0 } }], 0);
    expect(b.x).toBe(-50);
    expect(b.w).toBe(175);
    const z = zoomBox({ x: 0, y: 0, w: 100, h: 50 }, 2, { x: 50, y: 25 }, { min: 10, max: 1000 });
    expect(z).toEqual({ x: 25, y: 12.5, w: 50, h: 25 });
    const clamped = zoomBox({ x: 0, y: 0, w: 100, h: 50 }, 100, { x: 0, y: 0 }, { min: 10, max: 1000 });
    expect(clamped.w).toBe(10);
    expect(pileOffsets(4, 10)).toHaveLength(4);
  });
});
