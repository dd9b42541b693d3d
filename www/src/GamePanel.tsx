// Pieces of a game screen that every game draws the same way: the top bar, the share-link
// popover and the tab bar of the side panel (a drawer on a phone).
import type { ComponentChildren } from 'preact';

/** The top bar: back to the start screen, who and where, Undo (with the engine's reason
 * when it is refused), Export and Share. */
export function GameBar(props: {
  title: ComponentChildren;
  step: string;
  undoRefusal: string | undefined;
  onExit: () => void;
  onUndo: () => void;
  /** Absent at a device that joined an online game (the save stays with the host). */
  onExport?: () => void;
  onShare?: () => void;
}) {
  return (
    <header class="bar">
      <button type="button" onClick={props.onExit} aria-label="Back to the start screen">
        ☰
      </button>
      <div class="bar-text">
        <strong>{props.title}</strong>
        <span id="step-line"> · {props.step}</span>
      </div>
      <button
        type="button"
        disabled={props.undoRefusal !== undefined}
        title={props.undoRefusal ?? 'Take back the last action'}
        onClick={props.onUndo}
      >
        Undo
      </button>
      {props.onExport && (
        <button type="button" onClick={props.onExport}>
          Export
        </button>
      )}
      {props.onShare && (
        <button type="button" onClick={props.onShare}>
          Share
        </button>
      )}
    </header>
  );
}

/** The popover with a link that starts a new game from the same setup and seed. */
export function SharePopover(props: { url: string; what: string; onClose: () => void }) {
  return (
    <div class="popover" role="dialog" aria-label="Share this game's seed">
      <button type="button" class="close" aria-label="Close" onClick={props.onClose}>
        ×
      </button>
      <h3>Share this game's start</h3>
      <p>The link opens a new game with the same {props.what} and seed.</p>
      <input readOnly value={props.url} aria-label="Link" onFocus={(e) => e.currentTarget.select()} />
    </div>
  );
}

/** The panel's tabs, with the handle that opens and closes it as a drawer. */
export function PanelTabs<T extends string>(props: {
  tabs: readonly T[];
  label: (tab: T) => string;
  tab: T;
  open: boolean;
  onTab: (tab: T) => void;
  onOpen: (open: boolean) => void;
}) {
  return (
    <div class="tabs" role="tablist">
      <button
        type="button"
        class="handle"
        aria-label={props.open ? 'Close the panel' : 'Open the panel'}
        onClick={() => props.onOpen(!props.open)}
      >
        {props.open ? '▾' : '▴'}
      </button>
      {props.tabs.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={props.tab === t}
          onClick={() => {
            props.onTab(t);
            props.onOpen(true);
          }}
        >
          {props.label(t)}
        </button>
      ))}
    </div>
  );
}
