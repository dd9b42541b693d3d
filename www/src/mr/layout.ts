// Geometry of the board: pure functions from the catalog's tile drawings and the view's map
// to SVG coordinates. Units: one tile is 100 wide (corner to corner) and 50·√3 high (flat
// edge to flat edge), as in src/magic_realm/map/grid.rs (`Hex::center`): a tile at axial
// (q, r) has its centre at x = 75·q, y = 50·√3·(r + q/2); y runs down. A tile turned
// `rotation` sixths is turned 60° clockwise per sixth about its centre.
import type {
  ClearingNumber,
  Edge,
  Hex,
  Path,
  PathEnd,
  PlacedTile,
  Tile,
  TileFace,
  TilePoint,
} from '../../../pkg/tabletop_rules.js';

export const TILE_W = 100;
export const TILE_H = 50 * Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

export function hexCenter(at: Hex): Point {
  return { x: 75 * at.q, y: TILE_H * (at.r + at.q / 2) };
}

/** The six corners of a flat-topped hex around `c`, clockwise from the west corner. */
export function hexCorners(c: Point): Point[] {
  return [
    { x: c.x - 50, y: c.y },
    { x: c.x - 25, y: c.y - TILE_H / 2 },
    { x: c.x + 25, y: c.y - TILE_H / 2 },
    { x: c.x + 50, y: c.y },
    { x: c.x + 25, y: c.y + TILE_H / 2 },
    { x: c.x - 25, y: c.y + TILE_H / 2 },
  ];
}

const EDGE_MIDPOINTS: Record<Edge, TilePoint> = {
  N: { x: 50, y: 0 },
  NE: { x: 87.5, y: 25 },
  SE: { x: 87.5, y: 75 },
  S: { x: 50, y: 100 },
  SW: { x: 12.5, y: 75 },
  NW: { x: 12.5, y: 25 },
};

/** A point of the unrotated tile drawing (percent of the bounding box) on the map. */
export function tilePointToMap(p: TilePoint, placed: Pick<PlacedTile, 'at' | 'rotation'>): Point {
  const lx = ((p.x - 50) / 100) * TILE_W;
  const ly = ((p.y - 50) / 100) * TILE_H;
  const a = ((placed.rotation % 6) * Math.PI) / 3;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const c = hexCenter(placed.at);
  return { x: c.x + lx * cos - ly * sin, y: c.y + lx * sin + ly * cos };
}

export function face(tile: Tile, placed: PlacedTile): TileFace {
  return placed.side === 'enchanted' ? tile.enchanted : tile.normal;
}

/** The roadways of a tile side. */
export function facePaths(f: TileFace): Path[] {
  return f.paths;
}

export function clearingPoint(f: TileFace, n: ClearingNumber, placed: PlacedTile): Point | undefined {
  const c = f.clearings.find((cl) => cl.number === n);
  return c ? tilePointToMap(c.at, placed) : undefined;
}

/** Where a clearing of the map is drawn. */
export function clearingOnMap(
  tiles: ReadonlyMap<string, Tile>,
  placed: readonly PlacedTile[],
  at: { tile: string; clearing: ClearingNumber },
): Point | undefined {
  const p = placed.find((t) => t.tile === at.tile);
  const tile = p && tiles.get(p.tile);
  return p && tile ? clearingPoint(face(tile, p), at.clearing, p) : undefined;
}

/** Where a counter between two clearings is drawn: halfway along the straight line. */
export function roadwayPoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

function endPoint(f: TileFace, end: PathEnd, placed: PlacedTile): Point | undefined {
  return 'clearing' in end ? clearingPoint(f, end.clearing, placed) : tilePointToMap(EDGE_MIDPOINTS[end.edge], placed);
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/** SVG path data for a roadway (a quadratic curve when it has a control point). */
export function pathD(f: TileFace, path: Path, placed: PlacedTile): string | undefined {
  const a = clearingPoint(f, path.from, placed);
  const b = endPoint(f, path.to, placed);
  if (!a || !b) return undefined;
  if (path.control) {
    const c = tilePointToMap(path.control, placed);
    return `M${r1(a.x)} ${r1(a.y)}Q${r1(c.x)} ${r1(c.y)} ${r1(b.x)} ${r1(b.y)}`;
  }
  return `M${r1(a.x)} ${r1(a.y)}L${r1(b.x)} ${r1(b.y)}`;
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The box around every tile of the map, with a margin. */
export function mapBounds(tiles: readonly Pick<PlacedTile, 'at'>[], margin = 10): Box {
  if (tiles.length === 0) return { x: -60, y: -50, w: 120, h: 100 };
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const t of tiles) {
    const c = hexCenter(t.at);
    minX = Math.min(minX, c.x - 50);
    maxX = Math.max(maxX, c.x + 50);
    minY = Math.min(minY, c.y - TILE_H / 2);
    maxY = Math.max(maxY, c.y + TILE_H / 2);
  }
  return { x: minX - margin, y: minY - margin, w: maxX - minX + 2 * margin, h: maxY - minY + 2 * margin };
}

/** Zoom a view box by `factor` (>1 zooms in) keeping the map point `at` fixed on screen. */
export function zoomBox(box: Box, factor: number, at: Point, limits: { min: number; max: number }): Box {
  const w = Math.min(limits.max, Math.max(limits.min, box.w / factor));
  const f = box.w / w;
  const h = box.h / f;
  return { x: at.x - (at.x - box.x) / f, y: at.y - (at.y - box.y) / f, w, h };
}

export function panBox(box: Box, dx: number, dy: number): Box {
  return { ...box, x: box.x + dx, y: box.y + dy };
}

/** Where `n` counters of a pile sit around a clearing: a fan to its right, wrapping. */
export function pileOffsets(n: number, size: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i < n; i++) {
    const col = i % 3;
    const row = Math.floor(i / 3);
    out.push({ x: (col + 1) * size * 0.9, y: (row - 0.5) * size * 0.9 });
  }
  return out;
}
