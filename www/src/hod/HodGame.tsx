// One Hand of Doom game on screen: the map, the actions the engine lists for the adventurer
// on screen, the boards, the chart with its current step, the decks and levels, the fight
// with its dice, and the log; an autosave after every action. Hand-overs follow the Magic
// Realm rule (mr/hotseat.ts): Hand of Doom is co-operative and its views hold no secrets,
// so the screen passes from seat to seat without a privacy screen.

import { useMemo, useState } from 'preact/hooks';
import {
  type Content,
  type HandOfDoom,
  type HodAction,
  type HodLogEntry,
  RuleError,
} from '../../../pkg/tabletop_rules.js';
import { GameBar, PanelTabs, SharePopover } from '../GamePanel';
import { localNext, nextScreen, type ScreenFor } from '../mr/hotseat';
import { OnlinePanel } from '../online/OnlinePanel';
import { useOnlineRefresh } from '../online/refresh';
import type { OnlinePlay } from '../online/session';
import type { SaveStore } from '../saves';
import { shareUrl } from '../share';
import { HodMap } from './HodMap';
import { destination, makeHodNames, stepLine } from './labels';
import './hod.css';
import { AdventurerBoards, ChartPanel, ChartStrip, FightPanel, HodActions, HodLogPanel } from './Panels';

/** What the screen uses of a game: the engine's class at the host, or what the host sent. */
export type HodPlay = Pick<
  HandOfDoom,
  | 'view'
  | 'toAct'
  | 'legalActions'
  | 'log'
  | 'apply'
  | 'save'
  | 'saveReadable'
  | 'undo'
  | 'undoRefusal'
  | 'seed'
  | 'actionsApplied'
>;

export interface HodGameProps {
  game: HodPlay;
  /** An online game: the seats played here, presence and chat (absent: hotseat). */
  online?: OnlinePlay;
  content: Content;
  store: SaveStore;
  saveId: string;
  title: string;
  onExit: () => void;
}

type Tab = 'actions' | 'party' | 'chart' | 'log';
const TAB_NAMES: Record<Tab, (n: number) => string> = {
  actions: (n) => `Actions (${n})`,
  party: () => 'Adventurers',
  chart: () => 'Chart',
  log: () => 'Log',
};

function screenAfter(game: HodPlay, local: readonly number[], shown: number | null): ScreenFor {
  const next = localNext(game.toAct(), local);
  // No view of Hand of Doom holds a secret (the engine's views are the same for every seat).
  return nextScreen({
    players: local.length,
    shown,
    next,
    simultaneous: false,
    shownHasPrivate: false,
    nextHasPrivate: false,
  });
}

export function HodGame({ game, online, content, store, saveId, title, onExit }: HodGameProps) {
  const names = useMemo(() => makeHodNames(content), [content]);
  const players = useMemo(() => game.view({ type: 'Spectator' }).adventurers.length, [game]);
  const local = online?.local ?? Array.from({ length: players }, (_, i) => i);
  const [screen, setScreen] = useState<ScreenFor>(() => screenAfter(game, local, null));
  const [, setVersion] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('actions');
  const [open, setOpen] = useState(true);
  const [recent, setRecent] = useState<HodLogEntry[]>([]);
  const [share, setShare] = useState<string | null>(null);
  const shown = screen.kind === 'seat' ? screen.seat : null;
  // An online game changed elsewhere (a joiner acted, the host sent a new state).
  useOnlineRefresh<HodLogEntry>(online, shown, {
    screenAfter: (seats, was) => screenAfter(game, seats, was),
    setRecent,
    setScreen,
    redraw: () => setVersion((v) => v + 1),
  });

  const change = (f: () => HodLogEntry[] | undefined) => {
    try {
      const events = f() ?? [];
      setError(null);
      if (!online?.joined) {
        store.put({ id: saveId, game: 'hand-of-doom', title, save: game.save(), actions: game.actionsApplied });
      }
      online?.changed(events);
      setRecent(events);
      setScreen(screenAfter(game, local, shown));
    } catch (e) {
      setError(e instanceof RuleError ? `${e.message} [${e.code}]` : String(e));
    }
    setVersion((v) => v + 1);
  };
  const act = (action: HodAction) => {
    if (shown === null) return;
    change(() => game.apply(shown, action));
  };

  if (screen.kind === 'handover') {
    return (
      <main class="handover" aria-live="polite">
        <div class="handover-card">
          <h1>Pass the device to seat {screen.seat + 1}</h1>
          <button
            type="button"
            id="handover-go"
            class="primary"
            onClick={() => setScreen({ kind: 'seat', seat: screen.seat })}
          >
            I am seat {screen.seat + 1}: show my screen
          </button>
        </div>
      </main>
    );
  }

  const view = game.view(shown === null ? { type: 'Spectator' } : { type: 'Seat', seat: shown });
  const toAct = game.toAct();
  const legal = shown === null ? [] : game.legalActions(shown);
  const log = game.log({ type: 'Spectator' });
  // A joiner's device holds no save: it stays at the host's.
  const hasSave = !online?.joined;
  const refusal = game.undoRefusal() ?? (game.actionsApplied === 0 ? 'Nothing to take back' : undefined);
  const targets = legal.flatMap((a) => destination(a) ?? []);
  const onSpace = (space: string) => {
    const here = legal.filter((a) => destination(a) === space);
    // Several ways to one space (foot, river...): the actions panel lists them all.
    if (here.length === 1 && here[0]) act(here[0]);
    else {
      setTab('actions');
      setOpen(true);
    }
  };
  const exportSave = () => {
    const blob = new Blob([JSON.stringify(game.saveReadable(), null, 1)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `hand-of-doom-${game.seed}-${game.actionsApplied}.json`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  return (
    <div class="game hod-game" data-actions={game.actionsApplied}>
      <GameBar
        title={'Hand of Doom'}
        step={stepLine(names, view, shown ?? undefined)}
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
      <ChartStrip view={view} />
      <div class="play">
        <HodMap content={content} view={view} names={names} targets={targets} onSpace={onSpace} />
        {share && <SharePopover url={share} what="adventurers" onClose={() => setShare(null)} />}
        <aside class={`panel${open ? ' open' : ''}`} aria-label="Actions, adventurers, chart and log">
          <PanelTabs
            tabs={['actions', 'party', 'chart', 'log'] as const}
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
                    : stepLine(names, view, shown ?? undefined)}
                </p>
                {error && (
                  <p class="error" role="alert">
                    {error}
                  </p>
                )}
                <FightPanel view={view} names={names} />
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
                <HodActions actions={legal} names={names} view={view} onAct={act} />
              </>
            )}
            {tab === 'party' && <AdventurerBoards view={view} names={names} />}
            {tab === 'chart' && <ChartPanel view={view} names={names} />}
            {tab === 'log' && <HodLogPanel entries={log} />}
          </div>
        </aside>
      </div>
    </div>
  );
}
