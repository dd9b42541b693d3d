// The realm in SVG: every tile from the catalog's drawing at the place, turn and side the
// view's map gives; clearings, roadways, and the piles the view lists. Pan and zoom by
// mouse, touch (pinch) and keyboard. Clearings the legal actions name are highlighted and
// tappable; nothing here decides what is legal.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type {
  Catalog,
  ClearingRef,
  MagicRealmView,
  Path,
  PathRef,
  PileView,
  SeenPiece,
  Tile,
  TileId,
} from '../../../pkg/tabletop_rules.js';
import { sameClearing } from './labels';
import {
  type Box,
  clearingOnMap,
  clearingPoint,
  face,
  facePaths,
  hexCenter,
  hexCorners,
  mapBounds,
  type Point,
  panBox,
  pathD,
  roadwayPoint,
  TILE_H,
  tilePointToMap,
  zoomBox,
} from './layout';
import { arrival, arrivalAttrs, type Drawing } from './motion';
import { clearingName, type Names, pieceShort, seenName } from './names';
import { seatLabel } from './Panels';

const GROUP_FILL: Record<string, string> = {
  valley: '#cfe0a4',
  woods: '#8db274',
  mountain: '#bfae8c',
  caves: '#9a8068',
};

const KIND_COLOR: Record<string, string> = {
  character: '#f2c230',
  dwelling: '#8c5a2b',
  native: '#4a78b5',
  monster: '#b83a3a',
  map_chit: '#e8d9a0',
  visitor_chit: '#9b6bc4',
  // A Site card face up in its clearing (Treasures Within Treasures, 2.3.7).
  treasure: '#e3b448',
};

/** Kinds drawn with dark letters (their fill is light). */
const DARK_TEXT = new Set(['character', 'map_chit', 'treasure']);

export interface BoardProps {
  catalog: Catalog;
  view: MagicRealmView;
  names: Names;
  targets: ClearingRef[];
  onClearing: (at: ClearingRef) => void;
  onPile: (pile: PileView) => void;
}

function discovered(view: MagicRealmView, tile: TileId, side: string, path: Path): boolean {
  if (view.viewer.type === 'Omniscient') return true;
  const found: PathRef[] = view.own.flatMap((o) => o.discoveries.paths ?? []);
  return found.some(
    (p) =>
      p.tile === tile && p.side === side && p.from === path.from && JSON.stringify(p.to) === JSON.stringify(path.to),
  );
}

function tokenFill(seen: SeenPiece): string {
  if (seen.seen === 'hidden') return '#6d6d6d';
  return KIND_COLOR[seen.piece.kind] ?? '#d9d2c0';
}

export function Board({ catalog, view, names, targets, onClearing, onPile }: BoardProps) {
  const tiles = useMemo(() => new Map<TileId, Tile>(catalog.tiles.tiles.map((t) => [t.id, t])), [catalog]);
  // Each render gets a fresh view object; the map's own content decides when to refit.
  const mapKey = JSON.stringify(view.map.tiles.map((t) => t.at));
  const full = useMemo(() => mapBounds(view.map.tiles), [mapKey]);
  const [box, setBox] = useState<Box>(full);
  const svgRef = useRef<SVGSVGElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const dragged = useRef(0);
  const pinch = useRef<number | null>(null);
  const limits = { min: 60, max: full.w * 1.5 };

  useEffect(() => setBox(full), [full]);

  const toMap = (clientX: number, clientY: number, b: Box = box): Point => {
    const el = svgRef.current;
    if (!el) return { x: b.x + b.w / 2, y: b.y + b.h / 2 };
    const r = el.getBoundingClientRect();
    const scale = Math.max(b.w / r.width, b.h / r.height);
    const ox = b.x + b.w / 2 - (r.width * scale) / 2;
    const oy = b.y + b.h / 2 - (r.height * scale) / 2;
    return { x: ox + (clientX - r.left) * scale, y: oy + (clientY - r.top) * scale };
  };
  const unitsPerPixel = (): number => {
    const el = svgRef.current;
    if (!el) return 1;
    const r = el.getBoundingClientRect();
    return Math.max(box.w / Math.max(1, r.width), box.h / Math.max(1, r.height));
  };

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const at = toMap(e.clientX, e.clientY);
    setBox((b) => zoomBox(b, e.deltaY < 0 ? 1.2 : 1 / 1.2, at, limits));
  };
  useEffect(() => {
    const el = svgRef.current;
    if (!el) return;
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });

  const onPointerDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 1) dragged.current = 0;
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      if (a && b) pinch.current = Math.hypot(a.x - b.x, a.y - b.y);
    }
  };
  const onPointerMove = (e: PointerEvent) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev) return;
    const now = { x: e.clientX, y: e.clientY };
    pointers.current.set(e.pointerId, now);
    if (pointers.current.size === 1) {
      const dx = now.x - prev.x;
      const dy = now.y - prev.y;
      dragged.current += Math.abs(dx) + Math.abs(dy);
      if (dragged.current > 6) {
        (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
        const k = unitsPerPixel();
        setBox((b) => panBox(b, -dx * k, -dy * k));
      }
    } else if (pointers.current.size === 2 && pinch.current) {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      const at = toMap((a.x + b.x) / 2, (a.y + b.y) / 2);
      const f = d / pinch.current;
      pinch.current = d;
      dragged.current += 100;
      setBox((bx) => zoomBox(bx, f, at, limits));
    }
  };
  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const c = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    const step = box.w / 8;
    const keys: Record<string, () => Box> = {
      '+': () => zoomBox(box, 1.25, c, limits),
      '=': () => zoomBox(box, 1.25, c, limits),
      '-': () => zoomBox(box, 1 / 1.25, c, limits),
      ArrowLeft: () => panBox(box, -step, 0),
      ArrowRight: () => panBox(box, step, 0),
      ArrowUp: () => panBox(box, 0, -step),
      ArrowDown: () => panBox(box, 0, step),
      '0': () => full,
    };
    const f = keys[e.key];
    if (f && e.target === svgRef.current) {
      e.preventDefault();
      setBox(f());
    }
  };
  const clickUnlessDragged = (f: () => void) => () => {
    if (dragged.current <= 6) f();
  };

  // Animations (motion.ts): where each known counter is drawn now, against last time.
  const lastDrawing = useRef<Drawing | undefined>(undefined);
  const drawing: Drawing = new Map();
  const arrive = (seen: SeenPiece, x: number, y: number) => {
    if (seen.seen !== 'known') return {};
    const key = JSON.stringify(seen.piece);
    const now = { x, y, facing: seen.facing };
    drawing.set(key, now);
    return arrivalAttrs(arrival(lastDrawing.current, key, now));
  };
  useEffect(() => {
    lastDrawing.current = drawing;
  });
  const tokenKey = (seen: SeenPiece, i: number) => (seen.seen === 'known' ? JSON.stringify(seen.piece) : `hidden-${i}`);

  const piles = new Map<string, PileView>();
  const tilePiles = new Map<string, PileView>();
  const roadways: PileView[] = [];
  for (const p of view.piles) {
    if (p.place.place === 'clearing') piles.set(`${p.place.at.tile}:${p.place.at.clearing}`, p);
    if (p.place.place === 'tile') tilePiles.set(p.place.tile, p);
    if (
      (p.place.place === 'roadway' || p.place.place === 'flying' || p.place.place === 'flown_away') &&
      p.pieces.length > 0
    )
      roadways.push(p);
  }
  const isTarget = (at: ClearingRef) => targets.some((t) => sameClearing(t, at));
  const hiddenCharacter = (s: SeenPiece) =>
    s.seen === 'known' &&
    s.piece.kind === 'character' &&
    view.seats.some((x) => x.character === s.piece.id && x.hidden);
  const name = (s: SeenPiece) => seenName(names, s) + (hiddenCharacter(s) ? ' (hidden)' : '');

  return (
    <div class="board-wrap">
      <svg
        ref={svgRef}
        class="board"
        viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
        role="application"
        aria-label="The map of the Realm. Arrow keys pan, plus and minus zoom, 0 shows it all."
        tabindex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
      >
        <defs>
          <pattern id="ench" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
            <rect width="6" height="6" fill="none" />
            <line x1="0" y1="0" x2="0" y2="6" stroke="#7a4fb3" stroke-width="1.2" opacity="0.35" />
          </pattern>
        </defs>
        {view.map.tiles.map((placed) => {
          const tile = tiles.get(placed.tile);
          if (!tile) return null;
          const c = hexCenter(placed.at);
          const pts = hexCorners(c)
            .map((p) => `${p.x},${p.y}`)
            .join(' ');
          return (
            <g key={placed.tile} class="tile" data-tile={placed.tile}>
              <polygon points={pts} fill={GROUP_FILL[tile.group] ?? '#ccc'} stroke="#4b3f2a" stroke-width="0.8" />
              {placed.side === 'enchanted' && <polygon points={pts} fill="url(#ench)" />}
            </g>
          );
        })}
        {view.map.tiles.map((placed) => {
          const tile = tiles.get(placed.tile);
          if (!tile) return null;
          const f = face(tile, placed);
          return (
            <g key={`paths-${placed.tile}`}>
              {facePaths(f).map((path, i) => {
                const hidden = path.kind === 'hidden_path' || path.kind === 'secret_passage';
                if (hidden && !discovered(view, placed.tile, placed.side, path)) return null;
                const d = pathD(f, path, placed);
                if (!d) return null;
                return (
                  <g key={i} class={`path ${path.kind}`}>
                    <path d={d} class="casing" />
                    <path d={d} class="line" />
                  </g>
                );
              })}
            </g>
          );
        })}
        {view.map.tiles.map((placed) => {
          const tile = tiles.get(placed.tile);
          if (!tile) return null;
          const c = hexCenter(placed.at);
          return (
            <text key={`name-${placed.tile}`} class="tile-name" x={c.x} y={c.y - TILE_H / 2 + 6} text-anchor="middle">
              {tile.name}
              {placed.side === 'enchanted' ? ' ✶' : ''}
            </text>
          );
        })}
        {view.map.tiles.map((placed) => {
          const tile = tiles.get(placed.tile);
          if (!tile) return null;
          const f = face(tile, placed);
          const chits = tilePiles.get(placed.tile);
          const ca = tilePointToMap(f.chit_area, placed);
          return (
            <g key={`cl-${placed.tile}`}>
              {chits && chits.pieces.length > 0 && (
                // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>
                <g
                  class="pile tile-pile"
                  role="button"
                  tabindex={0}
                  aria-label={`${tile.name}: ${chits.pieces.map((s) => seenName(names, s)).join(', ')}`}
                  onClick={clickUnlessDragged(() => onPile(chits))}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onPile(chits)}
                >
                  {chits.pieces.slice(0, 3).map((s, i) => (
                    <rect
                      key={tokenKey(s, i)}
                      {...arrive(s, ca.x - 4 + i * 1.6, ca.y - 4 - i * 1.6)}
                      x={ca.x - 4 + i * 1.6}
                      y={ca.y - 4 - i * 1.6}
                      width="8"
                      height="8"
                      rx="1"
                      fill={tokenFill(s)}
                      stroke="#222"
                      stroke-width="0.4"
                    />
                  ))}
                  {chits.pieces.length > 1 && (
                    <text class="count" x={ca.x + 6} y={ca.y + 5}>
                      {chits.pieces.length}
                    </text>
                  )}
                </g>
              )}
              {f.clearings.map((cl) => {
                const at: ClearingRef = { tile: placed.tile, clearing: cl.number };
                const p = clearingPoint(f, cl.number, placed);
                if (!p) return null;
                const pile = piles.get(`${placed.tile}:${cl.number}`);
                const target = isTarget(at);
                const label = `${clearingName(names, at)} (${cl.kind} clearing)${
                  pile ? `: ${pile.pieces.map(name).join(', ')}` : ''
                }${target ? '. You may choose it.' : ''}`;
                return (
                  <g key={cl.number}>
                    {/* biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button> */}
                    <g
                      class={`clearing ${cl.kind}${target ? ' target' : ''}`}
                      data-clearing={`${placed.tile}:${cl.number}`}
                      role="button"
                      tabindex={target ? 0 : -1}
                      aria-label={label}
                      onClick={clickUnlessDragged(() => (target ? onClearing(at) : pile && onPile(pile)))}
                      onKeyDown={(e) =>
                        (e.key === 'Enter' || e.key === ' ') && (target ? onClearing(at) : pile && onPile(pile))
                      }
                    >
                      <circle cx={p.x} cy={p.y} r="6.5" />
                      <text x={p.x} y={p.y + 2.6} text-anchor="middle">
                        {cl.number}
                      </text>
                    </g>
                    {pile && pile.pieces.length > 0 && (
                      // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>
                      <g
                        class="pile"
                        role="button"
                        tabindex={0}
                        aria-label={`Pile in ${clearingName(names, at)}: ${pile.pieces.map(name).join(', ')}`}
                        onClick={clickUnlessDragged(() => onPile(pile))}
                        onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onPile(pile)}
                      >
                        {pileTokens(pile).map(({ seen, i }, k) => (
                          <g
                            key={tokenKey(seen, i)}
                            {...arrive(seen, p.x + 6 + (k % 2) * 8.5, p.y - 8.5 + Math.floor(k / 2) * 8.5)}
                          >
                            <rect
                              x={p.x + 6 + (k % 2) * 8.5}
                              y={p.y - 8.5 + Math.floor(k / 2) * 8.5}
                              width="8"
                              height="8"
                              rx={seen.seen === 'known' && seen.piece.kind === 'character' ? 4 : 1}
                              fill={tokenFill(seen)}
                              stroke="#1d1d1f"
                              stroke-width={hiddenCharacter(seen) ? 0.8 : 0.4}
                              stroke-dasharray={hiddenCharacter(seen) ? '1.2 0.8' : undefined}
                            />
                            <text
                              class={`token-text${seen.seen === 'known' && DARK_TEXT.has(seen.piece.kind) ? ' dark' : ''}`}
                              x={p.x + 10 + (k % 2) * 8.5}
                              y={p.y - 3.3 + Math.floor(k / 2) * 8.5}
                              text-anchor="middle"
                            >
                              {pieceShort(names, seen)}
                            </text>
                          </g>
                        ))}
                        {pile.pieces.length > 4 && (
                          <text class="count" x={p.x + 6} y={p.y + 16}>
                            +{pile.pieces.length - 4}
                          </text>
                        )}
                      </g>
                    )}
                  </g>
                );
              })}
            </g>
          );
        })}
        {roadways.map((pile, r) => {
          // 8.3.8: on a roadway, halfway between its clearings; 7.3.3: in the air over a
          // tile, or (8.3.8 e.2) halfway between the two tiles he flew away between.
          const tileAt = (id: TileId) => {
            const placed = view.map.tiles.find((t) => t.tile === id);
            return placed ? hexCenter(placed.at) : undefined;
          };
          const place = pile.place;
          let a: { x: number; y: number } | undefined;
          let b: { x: number; y: number } | undefined;
          let where: string;
          if (place.place === 'roadway') {
            a = clearingOnMap(tiles, view.map.tiles, place.from);
            b = clearingOnMap(tiles, view.map.tiles, place.to);
            where = `On the roadway between ${clearingName(names, place.from)} and ${clearingName(names, place.to)}`;
          } else if (place.place === 'flying') {
            a = tileAt(place.tile);
            b = a;
            where = `Flying over ${names.tile(place.tile)}`;
          } else if (place.place === 'flown_away') {
            a = tileAt(place.from);
            b = tileAt(place.to);
            where = `In the air between ${names.tile(place.from)} and ${names.tile(place.to)}`;
          } else {
            return null;
          }
          if (!a || !b) return null;
          const m = roadwayPoint(a, b);
          return (
            // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a <button>
            <g
              key={`road-${r}`}
              class="pile roadway-pile"
              role="button"
              tabindex={0}
              aria-label={`${where}: ${pile.pieces.map(name).join(', ')}`}
              onClick={clickUnlessDragged(() => onPile(pile))}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onPile(pile)}
            >
              <line
                x1={a.x}
                y1={a.y}
                x2={b.x}
                y2={b.y}
                class={place.place === 'roadway' ? 'roadway-run' : 'flight-run'}
              />
              {pile.pieces.map((seen, k) => (
                <g key={tokenKey(seen, k)} {...arrive(seen, m.x - 4 + k * 9, m.y - 4)}>
                  <rect
                    x={m.x - 4 + k * 9}
                    y={m.y - 4}
                    width="8"
                    height="8"
                    rx="4"
                    fill={tokenFill(seen)}
                    stroke="#1d1d1f"
                    stroke-width="0.4"
                  />
                  <text class="token-text dark" x={m.x + k * 9} y={m.y + 1.2} text-anchor="middle">
                    {pieceShort(names, seen)}
                  </text>
                </g>
              ))}
            </g>
          );
        })}
        {(view.today.phantasms ?? []).map(([owner, at]) => {
          // Phantasm: the view says whose phantasm is in which clearing; drawn left of it.
          const p = clearingOnMap(tiles, view.map.tiles, at);
          if (!p) return null;
          const label = `Phantasm of ${seatLabel(view, names, owner)} in ${clearingName(names, at)}`;
          return (
            <g key={`phantasm-${owner}`} class="phantasm" data-phantasm={owner} aria-label={label}>
              <title>{label}</title>
              <rect class="phantasm-token" x={p.x - 15} y={p.y - 4} width="8" height="8" rx="4" />
              <text class="token-text dark" x={p.x - 11} y={p.y + 1.2} text-anchor="middle">
                Ph
              </text>
            </g>
          );
        })}
      </svg>
      <div class="zoom-buttons">
        <button
          type="button"
          aria-label="Zoom in"
          onClick={() => setBox(zoomBox(box, 1.25, { x: box.x + box.w / 2, y: box.y + box.h / 2 }, limits))}
        >
          +
        </button>
        <button
          type="button"
          aria-label="Zoom out"
          onClick={() => setBox(zoomBox(box, 0.8, { x: box.x + box.w / 2, y: box.y + box.h / 2 }, limits))}
        >
          −
        </button>
        <button type="button" aria-label="Show the whole map" onClick={() => setBox(full)}>
          ⤢
        </button>
      </div>
    </div>
  );
}

/** The counters drawn beside a clearing: characters first, then dwellings, monsters,
 * natives; at most four (the rest are counted). */
function pileTokens(pile: PileView): { seen: SeenPiece; i: number }[] {
  const order = (s: SeenPiece): number => {
    if (s.seen === 'hidden') return 3;
    return ({ character: 0, dwelling: 1, monster: 2 } as Record<string, number>)[s.piece.kind] ?? 4;
  };
  return pile.pieces
    .map((seen, i) => ({ seen, i }))
    .sort((a, b) => order(a.seen) - order(b.seen) || a.i - b.i)
    .slice(0, 4);
}
