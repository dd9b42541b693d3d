// Short animations as Daylight plays out (issue 6): a counter that moved slides from where
// it was, one that came onto the map fades in, one turned over flips. Pure bookkeeping of
// where each counter was drawn last: the engine's view says where everything is; this only
// says how the picture changed since the last one.

/** Where a counter was drawn, and which side was up. */
export interface Drawn {
  x: number;
  y: number;
  facing: string;
}

/** Every known counter drawn on the board, by its piece (JSON). */
export type Drawing = Map<string, Drawn>;

/** How a counter comes to be where it is now. */
export type Arrival =
  | { kind: 'moved'; dx: number; dy: number }
  | { kind: 'appeared' }
  | { kind: 'flipped' }
  | undefined;

/** Compares a counter's place now with the last drawing: `undefined` on the first drawing
 * (nothing animates as a game is opened) and for a counter that did not change. */
export function arrival(before: Drawing | undefined, key: string, now: Drawn): Arrival {
  if (!before) return undefined;
  const was = before.get(key);
  if (!was) return { kind: 'appeared' };
  const dx = was.x - now.x;
  const dy = was.y - now.y;
  if (Math.hypot(dx, dy) > 0.5) return { kind: 'moved', dx, dy };
  if (was.facing !== now.facing) return { kind: 'flipped' };
  return undefined;
}

/** The SVG attributes that play an arrival (see `app.css`: `.arrive-*`). */
export function arrivalAttrs(a: Arrival): { class?: string; style?: string } {
  if (!a) return {};
  if (a.kind === 'moved')
    return { class: 'arrive-moved', style: `--dx:${a.dx.toFixed(1)}px;--dy:${a.dy.toFixed(1)}px` };
  return { class: `arrive-${a.kind}` };
}
