// One Magic Realm game on screen: the board, the actions the engine lists for the seat on
// screen, the sheet and the log, with hotseat hand-overs before private screens and an
// autosave after every action.

import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  type Catalog,
  type ClearingRef,
  type MagicRealm,
  type MagicRealmAction,
  type MagicRealmLogEntry,
  type PileView,
  RuleError,
  type Viewer,
} from '../../../pkg/tabletop_rules.js';
import { GameBar, PanelTabs, SharePopover } from '../GamePanel';
import { OnlinePanel } from '../online/OnlinePanel';
import { useOnlineRefresh } from '../online/refresh';
import type { OnlinePlay } from '../online/session';
import type { SaveStore } from '../saves';
import { shareUrl } from '../share';
import { Board } from './Board';
import { CombatPanel } from './CombatPanel';
import { inCombatPanel } from './combat';
import { hasPrivate, localNext, nextScreen, type ScreenFor } from './hotseat';
import { actionLabel, clearingsOf, labelContext, sameClearing } from './labels';
import type { OddsSource } from './MeleeSection';
import { clearingName, type Names, seenName } from './names';
import { ActionsPanel, ChartPanel, LogPanel, Sheet, seatLabel, stepLine } from './Panels';

/** What the screen uses of a game: the engine's class at the host, or at a joining device
 * what the host sent (online/session.ts). */
export type MagicRealmPlay = Pick<
  MagicRealm,
  | 'view'
  | 'toAct'
  | 'legalActions'
  | 'log'
  | 'apply'
  | 'save'
  | 'saveReadable'
  | 'lastActor'
  | 'undo'
  | 'undoRefusal'
  | 'seed'
  | 'actionsApplied'
  | 'playOdds'
> &
  // At a joining device the odds come from the host (MeleeSection).
  Pick<OddsSource, 'oddsAnswers'>;

export interface MagicRealmGameProps {
  game: MagicRealmPlay;
  /** An online game: the seats played here, presence and chat (absent: hotseat). */
  online?: OnlinePlay;
  catalog: Catalog;
  names: Names;
  store: SaveStore;
  saveId: string;
  title: string;
  onExit: () => void;
}

type Tab = 'actions' | 'sheet' | 'chart' | 'log';

const TAB_NAMES: Record<Tab, (actions: number) => string> = {
  actions: (n) => `Actions (${n})`,
  sheet: () => 'Sheet',
  chart: () => 'Chart',
  log: () => 'Log',
};

function screenAfter(game: MagicRealmPlay, local: readonly number[], shown: number | null): ScreenFor {
  const toAct = game.toAct();
  const next = localNext(toAct, local);
  const priv = (seat: number) => hasPrivate(game.view({ type: 'Seat', seat }).own);
  return nextScreen({
    players: local.length,
    shown,
    next,
    simultaneous: toAct.type === 'Seats' && toAct.seats.length > 1,
    shownHasPrivate: shown !== null && priv(shown),
    nextHasPrivate: next !== undefined && priv(next),
  });
}

export function MagicRealmGame({ game, online, catalog, names, store, saveId, title, onExit }: MagicRealmGameProps) {
  const players = useMemo(() => game.view({ type: 'Spectator' }).seats.length, [game]);
  const local = online?.local ?? Array.from({ length: players }, (_, i) => i);
  const [screen, setScreen] = useState<ScreenFor>(() => screenAfter(game, local, null));
  const [, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('actions');
  const [open, setOpen] = useState(true);
  const [pile, setPile] = useState<PileView | null>(null);
  const [choices, setChoices] = useState<{ at: ClearingRef; actions: MagicRealmAction[] } | null>(null);
  const [recent, setRecent] = useState<MagicRealmLogEntry[]>([]);
  const [share, setShare] = useState<string | null>(null);

  const shown = screen.kind === 'seat' ? screen.seat : null;
  // An online game changed elsewhere (a joiner acted, the host sent a new state).
  useOnlineRefresh<MagicRealmLogEntry>(online, shown, {
    screenAfter: (seats, was) => screenAfter(game, seats, was),
    setRecent,
    setScreen,
    redraw: () => setVersion((v) => v + 1),
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setPile(null);
      setChoices(null);
      setShare(null);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);
  const autosave = () => {
    if (online?.joined) return;
    store.put({ id: saveId, game: 'magic-realm', title, save: game.save(), actions: game.actionsApplied });
  };
  const change = (f: () => MagicRealmLogEntry[] | undefined) => {
    try {
      const events = f() ?? [];
      setError(null);
      autosave();
      online?.changed(events);
      const next = screenAfter(game, local, shown);
      // What the acting seat was told stays on its own screen only; others see the public part.
      const sameSeat = next.kind === 'seat' && next.seat === shown;
      setRecent(sameSeat ? events : events.filter((e) => e.visibility.type === 'Public'));
      setScreen(next);
      setPile(null);
      setChoices(null);
    } catch (e) {
      setError(e instanceof RuleError ? `${e.message} [${e.code}]` : String(e));
    }
    setVersion((v) => v + 1);
  };
  const act = (action: MagicRealmAction) => {
    if (shown === null) return;
    change(() => game.apply(shown, action));
  };

  if (screen.kind === 'handover') {
    const spectator = game.view({ type: 'Spectator' });
    return (
      <main class="handover" aria-live="polite">
        <div class="handover-card">
          <h1>Pass the device to {seatLabel(spectator, names, screen.seat)}</h1>
          <p>
            The next step is private. Nothing secret is on screen now. When only{' '}
            {seatLabel(spectator, names, screen.seat)} can see the screen, go on.
          </p>
          <button
            type="button"
            id="handover-go"
            class="primary"
            onClick={() => setScreen({ kind: 'seat', seat: screen.seat })}
          >
            I am seat {screen.seat + 1}: show my screen
          </button>
          <p>
            <button type="button" onClick={onExit}>
              Leave the game (it is saved)
            </button>
          </p>
        </div>
      </main>
    );
  }

  const viewer: Viewer = shown === null ? { type: 'Spectator' } : { type: 'Seat', seat: shown };
  const view = game.view(viewer);
  const toAct = game.toAct();
  const legal = shown === null ? [] : game.legalActions(shown);
  const log = game.log(viewer);
  // A joiner's device holds no save: it stays at the host's.
  const hasSave = !online?.joined;
  // Hotseat courtesy: a seat takes back only its own last action (the engine may refuse too).
  const lastSeat = game.lastActor;
  const refusal =
    game.undoRefusal() ??
    (lastSeat === undefined
      ? 'Nothing to take back'
      : lastSeat !== shown
        ? `The last action was seat ${lastSeat + 1}'s`
        : undefined);
  // 8.3 to 8.5: the combat panel shows the sheets, and takes the plays (8.4.5) and the
  // orders to hirelings on denizens' sheets; the actions panel lists the rest.
  const inPanel = (a: MagicRealmAction) => shown !== null && inCombatPanel(view, shown, a);
  const targets = legal.flatMap((a) => clearingsOf(a));
  const context = labelContext(view, shown);
  const onClearing = (at: ClearingRef) => {
    const here = legal.filter((a) => clearingsOf(a).some((c) => sameClearing(c, at)));
    const only = here[0];
    if (here.length === 1 && only) act(only);
    else if (here.length > 1) setChoices({ at, actions: here });
  };
  const exportSave = () => {
    const blob = new Blob([JSON.stringify(game.saveReadable(), null, 1)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `magic-realm-${game.seed}-${game.actionsApplied}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <div class="game" data-actions={game.actionsApplied}>
      <GameBar
        title={shown === null ? 'Spectator' : seatLabel(view, names, shown)}
        step={stepLine(view.step, view.days)}
        undoRefusal={refusal}
        onExit={onExit}
        onUndo={() =>
          change(() => {
            game.undo();
            return undefined;
          })
        }
        onExport={hasSave ? exportSave : undefined}
        onShare={hasSave ? () => setShare(shareUrl(location.href, game.save())) : undefined}
      />
      <div class="play">
        <Board
          catalog={catalog}
          view={view}
          names={names}
          targets={targets}
          onClearing={onClearing}
          onPile={(p) => {
            setPile(p);
            setChoices(null);
          }}
        />
        {pile && (
          <div class="popover" role="dialog" aria-label="Pile">
            {/* biome-ignore lint/a11y/noAutofocus: the pile opened from the board; its close button takes the focus */}
            <button type="button" class="close" aria-label="Close" autoFocus onClick={() => setPile(null)}>
              ×
            </button>
            <h3>
              {pile.place.place === 'clearing'
                ? clearingName(names, pile.place.at)
                : pile.place.place === 'tile'
                  ? names.tile(pile.place.tile)
                  : pile.place.place}
            </h3>
            <ol class="pile-list">
              {pile.pieces.map((s, i) => (
                <li key={i}>
                  {seenName(names, s)}
                  {s.seen === 'known' &&
                  s.piece.kind === 'character' &&
                  view.seats.some((x) => x.character === s.piece.id && x.hidden)
                    ? ' (hidden)'
                    : ''}
                </li>
              ))}
            </ol>
          </div>
        )}
        {choices && (
          <div class="popover" role="dialog" aria-label={`Choices for ${clearingName(names, choices.at)}`}>
            <button type="button" class="close" aria-label="Close" onClick={() => setChoices(null)}>
              ×
            </button>
            <h3>{clearingName(names, choices.at)}</h3>
            {choices.actions.map((a) => (
              <button key={JSON.stringify(a)} type="button" onClick={() => act(a)}>
                {actionLabel(names, a, context)}
              </button>
            ))}
          </div>
        )}
        {share && <SharePopover url={share} what="setup" onClose={() => setShare(null)} />}
        <aside class={`panel${open ? ' open' : ''}`} aria-label="Actions, sheet and log">
          <PanelTabs
            tabs={['actions', 'sheet', 'chart', 'log'] as const}
            label={(t) => TAB_NAMES[t](legal.length)}
            tab={tab}
            open={open}
            onTab={setTab}
            onOpen={setOpen}
          />
          <div class="panel-body" role="tabpanel" aria-label={TAB_NAMES[tab](legal.length)}>
            {tab === 'actions' && (
              <>
                {online && <OnlinePanel status={online.status()} onSay={(t) => online.say(t)} />}
                <p id="to-act">
                  {toAct.type === 'GameOver'
                    ? `Game over. ${toAct.outcome.summary}`
                    : `To act: ${toAct.seats.map((s) => seatLabel(view, names, s)).join(', ')}`}
                </p>
                {error && (
                  <p class="error" role="alert">
                    {error}
                  </p>
                )}
                {recent.length > 0 && (
                  <ul class="recent" aria-live="polite">
                    {recent.map((e, i) => (
                      <li key={i}>
                        <span class="rule">{e.rule}</span>
                        {e.text}
                      </li>
                    ))}
                  </ul>
                )}
                {view.today.combat && (
                  <CombatPanel
                    game={game}
                    view={view}
                    seat={shown}
                    legal={legal}
                    names={names}
                    catalog={catalog}
                    onAct={act}
                  />
                )}
                <ActionsPanel
                  actions={legal.filter((a) => !inPanel(a))}
                  names={names}
                  catalog={catalog}
                  context={context}
                  onAct={act}
                />
              </>
            )}
            {tab === 'sheet' && <Sheet view={view} catalog={catalog} names={names} seat={shown} />}
            {tab === 'chart' && <ChartPanel view={view} names={names} />}
            {tab === 'log' && <LogPanel entries={log} names={names} />}
          </div>
        </aside>
      </div>
    </div>
  );
}
