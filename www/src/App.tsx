// The app: the start screen, or one game. Games are the engine's classes; every game is
// saved to browser storage after each action.
import { useMemo, useState } from 'preact/hooks';
import { BiddingRace, HandOfDoom, MagicRealm, RuleError } from '../../pkg/tabletop_rules.js';
import { BiddingRaceGame } from './BiddingRaceGame';
import { HodGame } from './hod/HodGame';
import { MagicRealmGame } from './mr/MagicRealmGame';
import { makeNames } from './mr/names';
import { Start } from './Start';
import { type Failure, type GameKind, parseSaveFile, SaveStore, savedActionCount } from './saves';
import { configFromQuery, type StartConfig } from './share';

type Screen =
  | { kind: 'home' }
  | { kind: 'magic-realm'; game: MagicRealm; id: string; title: string }
  | { kind: 'bidding-race'; game: BiddingRace; id: string; title: string }
  | { kind: 'hand-of-doom'; game: HandOfDoom; id: string; title: string };

const why = (e: unknown) => (e instanceof RuleError ? `${e.message} [${e.code}]` : String(e));

export function App({ storage }: { storage: Storage }) {
  const store = useMemo(() => new SaveStore(storage), [storage]);
  const catalog = useMemo(() => MagicRealm.catalog(), []);
  const names = useMemo(() => makeNames(catalog), [catalog]);
  const hodContent = useMemo(() => HandOfDoom.catalog(), []);
  const [screen, setScreen] = useState<Screen>({ kind: 'home' });
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

  const open = (game: GameKind, save: unknown, id: string, title: string): string | null => {
    try {
      if (game === 'magic-realm') setScreen({ kind: 'magic-realm', game: MagicRealm.load(save as never), id, title });
      else if (game === 'hand-of-doom')
        setScreen({ kind: 'hand-of-doom', game: HandOfDoom.load(save as never), id, title });
      else setScreen({ kind: 'bidding-race', game: BiddingRace.load(save as never), id, title });
      return null;
    } catch (e) {
      return why(e);
    }
  };

  const start = (c: StartConfig) => {
    try {
      const seed = c.seed || undefined;
      if (c.game === 'magic-realm') {
        const game = new MagicRealm(
          { seats: c.characters.map((ch) => (ch ? { character: ch } : {})), map: c.map, days: c.days },
          seed,
        );
        const title = `Magic Realm · ${c.players} player${c.players > 1 ? 's' : ''} · seed ${game.seed}`;
        const meta = store.put({ game: 'magic-realm', title, save: game.save(), actions: 0 });
        setScreen({ kind: 'magic-realm', game, id: meta.id, title });
      } else if (c.game === 'hand-of-doom') {
        const game = new HandOfDoom({ adventurers: c.characters }, seed);
        const title = `Hand of Doom · ${c.characters.length} adventurer${c.characters.length > 1 ? 's' : ''} · seed ${game.seed}`;
        const meta = store.put({ game: 'hand-of-doom', title, save: game.save(), actions: 0 });
        setScreen({ kind: 'hand-of-doom', game, id: meta.id, title });
      } else {
        const game = new BiddingRace({ players: c.players, goal: 12, maxRounds: 8 }, seed);
        const title = `Bidding Race · ${c.players} players · seed ${game.seed}`;
        const meta = store.put({ game: 'bidding-race', title, save: game.save(), actions: 0 });
        setScreen({ kind: 'bidding-race', game, id: meta.id, title });
      }
      setMessage(null);
    } catch (e) {
      setMessage(`The game could not start: ${why(e)}`);
    }
  };

  const home = () => {
    setScreen({ kind: 'home' });
    setVersion((v) => v + 1);
  };

  if (screen.kind === 'magic-realm') {
    return (
      <MagicRealmGame
        key={screen.id}
        game={screen.game}
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
        if (g instanceof MagicRealm) setScreen({ kind: 'magic-realm', game: g, id: meta.id, title: resumed });
        else if (g instanceof HandOfDoom) setScreen({ kind: 'hand-of-doom', game: g, id: meta.id, title: resumed });
        else setScreen({ kind: 'bidding-race', game: g, id: meta.id, title: resumed });
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
