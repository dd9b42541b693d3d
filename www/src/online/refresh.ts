import { useEffect, useRef } from 'preact/hooks';
import type { ScreenFor } from '../mr/hotseat';
import { visibleTo } from './host';
import type { OnlinePlay } from './session';

/** What a game screen does when its online game changed elsewhere. */
export interface Refresh<E> {
  /** The screen for the seats played here, given the seat shown now. */
  screenAfter: (local: readonly number[], shown: number | null) => ScreenFor;
  setRecent: (events: E[]) => void;
  setScreen: (update: (now: ScreenFor) => ScreenFor) => void;
  redraw: () => void;
}

/** Keeps a game screen up with its online game as it changes elsewhere (a joiner acted, the
 * host sent a new state): the events the seat now shown may see become its recent ones, and
 * the screen moves to the seat now to act, except that a hand-over screen already up stays
 * until its seat goes on, and so does the seat shown if it is still the one. */
export function useOnlineRefresh<E>(online: OnlinePlay | undefined, shown: number | null, refresh: Refresh<E>): void {
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(
    () =>
      online?.subscribe((events) => {
        const { screenAfter, setRecent, setScreen, redraw } = refreshRef.current;
        const was = shownRef.current;
        const next = screenAfter(online.local, was);
        const on = next.kind === 'seat' ? next.seat : null;
        if (events.length > 0) setRecent(events.filter((e) => visibleTo(e, on)) as E[]);
        setScreen((now) => (now.kind === 'handover' || (next.kind === 'seat' && next.seat === was) ? now : next));
        redraw();
      }),
    [online],
  );
}
