// The app: the start screen, or one game. Games are the engine's classes; every game is
// saved to browser storage after each action.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { BiddingRace, HandOfDoom, MagicRealm, RuleError } from '../../pkg/tabletop_rules.js';
import { BiddingRaceGame } from './BiddingRaceGame';
import { seatName } from './format';
import { HodGame } from './hod/HodGame';
import { adventurerName, makeHodNames } from './hod/labels';
import { MagicRealmGame } from './mr/MagicRealmGame';
import { makeNames } from './mr/names';
import { seatLabel } from './mr/Panels';
import type { OnlineMeta } from './online/host';
import { JoinScreen } from './online/JoinScreen';
import { roomCode } from './online/protocol';
import { HostSession, JoinSession } from './online/session';
import { loadSignal, type SignalConfig, saveSignal, signalFromQuery } from './online/signal';
import { Start } from './Start';
import { type Failure, type GameKind, parseSaveFile, SaveStore, savedActionCount } from './saves';
import { configFromQuery, type StartConfig } from './share';

type Game =
  | { kind: 'magic-realm'; game: MagicRealm }
  | { kind: 'bidding-race'; game: BiddingRace }
  | { kind: 'hand-of-doom'; game: HandOfDoom };

type Screen =
  | { kind: 'home' }
  | { kind: 'join'; session: JoinSession }
  | (Game & { id: string; title: string; online?: HostSession });

const asGame = (g: MagicRealm | HandOfDoom | BiddingRace): Game =>
  g instanceof MagicRealm
    ? { kind: 'magic-realm', game: g }
    : g instanceof HandOfDoom
      ? { kind: 'hand-of-doom', game: g }
      : { kind: 'bidding-race', game: g };

/** The room code and seats kept with an online game's save, when they are one's. */
function onlineMeta(raw: unknown): OnlineMeta | null {
  const m = raw as OnlineMeta | null;
  if (!m || typeof m.room !== 'string' || !Array.isArray(m.seats)) return null;
  return m.seats.every((s) => s && (s.where === 'host' || s.where === 'remote')) ? m : null;
}

const why = (e: unknown) => (e instanceof RuleError ? `${e.message} [${e.code}]` : String(e));

export function App({ storage }: { storage: Storage }) {
  const store = useMemo(() => new SaveStore(storage), [storage]);
  const catalog = useMemo(() => MagicRealm.catalog(), []);
  const names = useMemo(() => makeNames(catalog), [catalog]);
  const hodContent = useMemo(() => HandOfDoom.catalog(), []);
  const hodNames = useMemo(() => makeHodNames(hodContent), [hodContent]);
  const [screen, setScreen] = useState<Screen>({ kind: 'home' });
  const [signal, setSignal] = useState<SignalConfig>(() => {
    // A link may carry the signaling server to use (a self-hosted one): this device keeps it.
    const s = signalFromQuery(location.search, loadSignal(storage));
    saveSignal(storage, s);
    return s;
  });
  const online = screen.kind === 'join' ? screen.session : 'online' in screen ? screen.online : undefined;
  useEffect(() => () => online?.stop(), [online]);
  const [failures, setFailures] = useState<Record<string, Failure>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [, setVersion] = useState(0);

  /** Loads as much of a save as replays (a save from an older engine whose later actions
   * the corrected rules refuse): the game and how many actions replayed, or null. */
  const loadPrefix = (game: GameKind, save: unknown) => {
    try {
      const g =
        game === 'magic-realm'
          ? MagicRealm.loadPrefix(save as never)
          : game === 'hand-of-doom'
            ? HandOfDoom.loadPrefix(save as never)
            : BiddingRace.loadPrefix(save as never);
      const stop = g.replayStop;
      if (!stop) {
        g.free();
        return null;
      }
      return { g, replayed: stop.replayed };
    } catch {
      return null;
    }
  };

  /** Why a save cannot be loaded, and from which action it could be resumed. */
  const failure = (game: GameKind, save: unknown, reason: string): Failure => {
    const prefix = loadPrefix(game, save);
    if (!prefix) return { reason };
    prefix.g.free();
    return { reason, resumable: prefix.replayed };
  };

  /** The seats' names an online game's presence list shows. */
  const labelsOf = (g: Game) => (seat: number) =>
    g.kind === 'magic-realm'
      ? seatLabel(g.game.view({ type: 'Spectator' }), names, seat)
      : g.kind === 'hand-of-doom'
        ? adventurerName(hodNames, g.game.view({ type: 'Spectator' }), seat)
        : seatName(seat);

  /** Shows a game; an online one (its room in `meta`) is hosted from this device again. */
  const show = (g: Game, id: string, title: string, meta: OnlineMeta | null) => {
    if (!meta) {
      setScreen({ ...g, id, title });
      return;
    }
    const session = new HostSession({
      game: g.game,
      kind: g.kind,
      // Joiners see the title without the seed (the seed stays at the host).
      title: title.replace(/ · seed \d+/, ''),
      saveId: id,
      meta,
      store,
      signal,
      href: location.href,
      labels: labelsOf(g),
    });
    // A reload of this page resumes hosting the game.
    history.replaceState(null, '', `?host=${encodeURIComponent(id)}`);
    setScreen({ ...g, id, title, online: session });
  };

  const open = (game: GameKind, save: unknown, id: string, title: string): string | null => {
    try {
      const g =
        game === 'magic-realm'
          ? MagicRealm.load(save as never)
          : game === 'hand-of-doom'
            ? HandOfDoom.load(save as never)
            : BiddingRace.load(save as never);
      show(asGame(g), id, title, onlineMeta(store.getOnline(id)));
      return null;
    } catch (e) {
      return why(e);
    }
  };

  // A link or a reload: `?host=ID` resumes hosting a saved online game, `?join=CODE` joins one.
  useEffect(() => {
    const q = new URLSearchParams(location.search);
    const hosted = q.get('host');
    const room = q.get('join');
    if (hosted) {
      const got = store.get(hosted);
      if (got.ok) {
        const reason = open(got.record.game, got.record.save, hosted, got.record.title);
        if (reason) setMessage(`The online game could not be resumed: ${reason}`);
      }
    } else if (room && /^[A-Za-z0-9]{4,12}$/.test(room)) {
      setScreen({ kind: 'join', session: new JoinSession(room.toUpperCase(), signal, storage) });
    }
  }, []);

  /** Starts a game; with `remote` (a flag per seat), an online game hosted at this device. */
  const start = (c: StartConfig, remote?: boolean[]) => {
    try {
      const seed = c.seed || undefined;
      const where = remote?.some((r) => r) ? ' · online' : '';
      let g: Game;
      let title: string;
      if (c.game === 'magic-realm') {
        const game = new MagicRealm(
          { seats: c.characters.map((ch) => (ch ? { character: ch } : {})), map: c.map, days: c.days },
          seed,
        );
        g = { kind: 'magic-realm', game };
        title = `Magic Realm · ${c.players} player${c.players > 1 ? 's' : ''}${where} · seed ${game.seed}`;
      } else if (c.game === 'hand-of-doom') {
        const game = new HandOfDoom({ adventurers: c.characters }, seed);
        g = { kind: 'hand-of-doom', game };
        title = `Hand of Doom · ${c.characters.length} adventurer${c.characters.length > 1 ? 's' : ''}${where} · seed ${game.seed}`;
      } else {
        const game = new BiddingRace({ players: c.players, goal: 12, maxRounds: 8 }, seed);
        g = { kind: 'bidding-race', game };
        title = `Bidding Race · ${c.players} players${where} · seed ${game.seed}`;
      }
      const saved = store.put({ game: g.kind, title, save: g.game.save(), actions: 0 });
      let meta: OnlineMeta | null = null;
      if (where) {
        meta = {
          room: roomCode(),
          seats: Array.from({ length: c.players }, (_, i) => ({ where: remote?.[i] ? 'remote' : 'host' })),
        };
        store.putOnline(saved.id, meta);
      }
      show(g, saved.id, title, meta);
      setMessage(null);
    } catch (e) {
      setMessage(`The game could not start: ${why(e)}`);
    }
  };

  const home = () => {
    if (location.search) history.replaceState(null, '', location.pathname);
    setScreen({ kind: 'home' });
    setVersion((v) => v + 1);
  };

  if (screen.kind === 'join') {
    return (
      <JoinScreen
        key={screen.session.room}
        session={screen.session}
        catalog={catalog}
        names={names}
        hodContent={hodContent}
        store={store}
        onExit={home}
      />
    );
  }

  if (screen.kind === 'magic-realm') {
    return (
      <MagicRealmGame
        key={screen.id}
        game={screen.game}
        online={screen.online}
        catalog={catalog}
        names={names}
        store={store}
        saveId={screen.id}
        title={screen.title}
        onExit={home}
      />
    );
  }
  if (screen.kind === 'hand-of-doom') {
    return (
      <HodGame
        key={screen.id}
        game={screen.game}
        online={screen.online}
        content={hodContent}
        store={store}
        saveId={screen.id}
        title={screen.title}
        onExit={home}
      />
    );
  }
  if (screen.kind === 'bidding-race') {
    const { game, id, title } = screen;
    return (
      <BiddingRaceGame
        game={game}
        online={screen.online}
        onChange={() => store.put({ id, game: 'bidding-race', title, save: game.save(), actions: game.actionsApplied })}
        onExit={home}
      />
    );
  }
  return (
    <Start
      initial={configFromQuery(location.search)}
      catalog={catalog}
      names={names}
      hodAdventurers={hodContent.adventurers}
      saves={store.list()}
      failures={failures}
      message={message}
      onStart={start}
      signal={signal}
      onSignal={(s) => {
        saveSignal(storage, s);
        setSignal(s);
      }}
      onJoin={(room) => {
        history.replaceState(null, '', `?join=${encodeURIComponent(room)}`);
        setScreen({ kind: 'join', session: new JoinSession(room, signal, storage) });
      }}
      onContinue={(id) => {
        const got = store.get(id);
        const meta = store.list().find((m) => m.id === id);
        if (!got.ok) {
          setFailures({ ...failures, [id]: { reason: got.reason } });
          return;
        }
        const reason = open(got.record.game, got.record.save, id, meta?.title ?? got.record.title);
        if (reason) setFailures({ ...failures, [id]: failure(got.record.game, got.record.save, reason) });
      }}
      onResume={(id) => {
        // The original save is kept as it is; the resumed game is a new one.
        const got = store.get(id);
        if (!got.ok) return;
        const { game, save, title } = got.record;
        const prefix = loadPrefix(game, save);
        if (!prefix) return;
        const { g, replayed } = prefix;
        const resumed = `${title} · resumed at action ${replayed}`;
        const meta = store.put({ game, title: resumed, save: g.save(), actions: replayed });
        setMessage(null);
        setScreen({ ...asGame(g), id: meta.id, title: resumed });
      }}
      onDelete={(id) => {
        store.remove(id);
        setVersion((v) => v + 1);
      }}
      onScenario={(json, seed) => {
        let scenario: unknown;
        try {
          scenario = JSON.parse(json);
        } catch (e) {
          setMessage(`The scenario is not JSON: ${String(e)}`);
          return;
        }
        try {
          const game = MagicRealm.fromScenario(scenario as never, seed || undefined);
          const title = `Magic Realm · scenario · seed ${game.seed}`;
          const meta = store.put({ game: 'magic-realm', title, save: game.save(), actions: 0 });
          setMessage(null);
          setScreen({ kind: 'magic-realm', game, id: meta.id, title });
        } catch (e) {
          setMessage(`The scenario was refused: ${why(e)}`);
        }
      }}
      onImport={(text) => {
        const parsed = parseSaveFile(text);
        if (!parsed.ok) {
          setMessage(`That file cannot be imported: ${parsed.reason}.`);
          return;
        }
        const seed = (parsed.save as { seed?: string }).seed ?? '?';
        const gameName = {
          'magic-realm': 'Magic Realm',
          'hand-of-doom': 'Hand of Doom',
          'bidding-race': 'Bidding Race',
        };
        const title = `${gameName[parsed.game]} · imported · seed ${seed}`;
        const actions = savedActionCount(parsed.save);
        const meta = store.put({ game: parsed.game, title, save: parsed.save, actions });
        const reason = open(parsed.game, parsed.save, meta.id, title);
        if (reason) {
          setFailures({ ...failures, [meta.id]: failure(parsed.game, parsed.save, reason) });
          setMessage(`The imported game was stored but cannot be loaded: ${reason}.`);
        }
      }}
    />
  );
}
