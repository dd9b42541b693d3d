// The boxes of a Melee Section and the play buttons in them, with drag and drop: a play
// button can be dragged onto any box that offers the same item (chit, denizen...) in
// another lane; those boxes, and only those, light up while it is dragged. A box's offers
// are the engine's legal actions drawn in it, so a drop makes exactly one of them. Tapping
// and the keyboard work as before: every offer stays a button.
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import type { MagicRealmAction } from '../../../pkg/tabletop_rules.js';
import { dropAction, playItem } from './combat';

/** The item being dragged: `item` (state) repaints the drop targets; `ref` is read by the
 * drag events, which may come before the repaint. */
export interface Drag {
  item: string | null;
  ref: { current: string | null };
  set: (item: string | null) => void;
}

export function useDrag(): Drag {
  const [item, setItem] = useState<string | null>(null);
  const ref = useRef<string | null>(null);
  return {
    item,
    ref,
    set: (next) => {
      ref.current = next;
      // Repainting inside dragstart would cancel the drag in Chromium: repaint just after.
      setTimeout(() => setItem(ref.current), 0);
    },
  };
}

export interface PlayButtonProps {
  action: MagicRealmAction;
  drag: Drag;
  onAct: (a: MagicRealmAction) => void;
  label: string;
  title?: string | undefined;
  class?: string;
  children: ComponentChildren;
}

/** An offer: tap (or Enter) to make it, or drag it onto another box that allows it. */
export function PlayButton({ action, drag, onAct, label, title, class: cls, children }: PlayButtonProps) {
  const item = playItem(action);
  return (
    <button
      type="button"
      class={`${cls ?? 'play-option'}${item && drag.item === item ? ' dragging' : ''}`}
      aria-label={label}
      title={title}
      draggable={item !== undefined}
      data-item={item}
      onClick={() => onAct(action)}
      onDragStart={(e) => {
        if (!item) return;
        e.dataTransfer?.setData('text/plain', item);
        if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move';
        drag.set(item);
      }}
      onDragEnd={() => drag.set(null)}
    >
      {children}
    </button>
  );
}

export interface LaneBoxProps {
  class: string;
  legend: string;
  /** The legal actions drawn in this box (its drop targets). */
  offers: readonly MagicRealmAction[];
  drag: Drag;
  onAct: (a: MagicRealmAction) => void;
  children?: ComponentChildren;
}

/** An Attack circle, red box or Maneuver square, which takes a dragged offer if one of its
 * own offers is that item. */
export function LaneBox({ class: cls, legend, offers, drag, onAct, children }: LaneBoxProps) {
  const [over, setOver] = useState(false);
  const target = dropAction(offers, drag.item) !== undefined;
  const accepts = (e: DragEvent) =>
    dropAction(offers, drag.ref.current ?? e.dataTransfer?.getData('text/plain') ?? null);
  return (
    <fieldset
      class={`${cls}${target ? ' drop-ok' : ''}${target && over ? ' drop-over' : ''}`}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        const action = dropAction(offers, e.dataTransfer?.getData('text/plain') || drag.ref.current);
        setOver(false);
        if (!action) return;
        e.preventDefault();
        drag.set(null);
        onAct(action);
      }}
    >
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
