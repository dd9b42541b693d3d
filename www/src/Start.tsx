// The start screen: a new game (game, players, characters, map, length, seed), the saved
// games to continue, and importing a save file.
import { useState } from 'preact/hooks';
import type { Catalog } from '../../pkg/tabletop_rules.js';
import type { Names } from './mr/names';
import { CharacterCard } from './mr/Panels';
import { type SignalConfig, validServer } from './online/signal';
import type { Failure, SaveMeta } from './saves';
import type { StartConfig } from './share';

export interface StartProps {
  initial: StartConfig;
  catalog: Catalog;
  names: Names;
  saves: SaveMeta[];
  failures: Record<string, Failure>;
  message: string | null;
  /** Starts a game; `remote` (one flag per seat) makes it an online game hosted here. */
  onStart: (c: StartConfig, remote?: boolean[]) => void;
  /** Joins an online game by its room code. */
  onJoin: (room: string) => void;
  /** The signaling server online games use, and changing it. */
  signal: SignalConfig;
  onSignal: (s: SignalConfig) => void;
  onContinue: (id: string) => void;
  onDelete: (id: string) => void;
  /** Resume a save that no longer replays whole, as a new save, at its last good action. */
  onResume: (id: string) => void;
  onImport: (text: string) => void;
  onScenario: (json: string, seed: string) => void;
  /** Hand of Doom's adventurers (from its content). */
  hodAdventurers: { id: string; name: string }[];
}

/** The battle builder's first example: the Swordsman meets a Giant in Cavern 2. */
export const EXAMPLE_SCENARIO = JSON.stringify(
  {
    seats: [{ character: 'swordsman', at: { tile: 'cavern', clearing: 2 } }],
    pieces: [
      {
        piece: { kind: 'monster', id: 'giant', n: 0 },
        place: { place: 'clearing', at: { tile: 'cavern', clearing: 2 } },
      },
    ],
    dice: [6, 1],
  },
  null,
  2,
);

export function Start({
  initial,
  catalog,
  names,
  saves,
  failures,
  message,
  onStart,
  onContinue,
  onDelete,
  onResume,
  onImport,
  onScenario,
  hodAdventurers,
  onJoin,
  signal,
  onSignal,
}: StartProps) {
  const [c, setC] = useState<StartConfig>(initial);
  const [remote, setRemote] = useState<boolean[]>([]);
  const [room, setRoom] = useState('');
  const [server, setServer] = useState(signal.server);
  const [scenario, setScenario] = useState(EXAMPLE_SCENARIO);
  const set = (patch: Partial<StartConfig>) => setC({ ...c, ...patch });
  const chars = catalog.characters.characters;
  const hod = c.game === 'hand-of-doom';
  const maxPlayers = c.game === 'magic-realm' ? 6 : hod ? hodAdventurers.length : 4;
  const minPlayers = c.game === 'bidding-race' ? 2 : 1;
  const players = Math.min(maxPlayers, Math.max(minPlayers, c.players));
  const seats = Array.from({ length: players }, (_, i) => c.characters[i] ?? '');
  // Hand of Doom: every seat plays a different adventurer; an empty choice takes the first free one.
  const hodSeats: string[] = [];
  for (const ch of seats) {
    const ok = hodAdventurers.some((a) => a.id === ch) && !hodSeats.includes(ch);
    const free = hodAdventurers.find((a) => !hodSeats.includes(a.id) && !seats.includes(a.id))?.id ?? '';
    hodSeats.push(ok ? ch : free);
  }

  return (
    <main class="start">
      <h1>tabletop-rules</h1>
      <p class="muted">
        Magic Realm and Hand of Doom in the browser: the rules engine decides, this page shows what it says.
      </p>
      {message && (
        <p class="error" role="alert">
          {message}
        </p>
      )}
      <form
        class="new-game"
        aria-label="New game"
        onSubmit={(e) => {
          e.preventDefault();
          onStart({ ...c, players, characters: hod ? hodSeats : seats });
        }}
      >
        <fieldset>
          <legend>New game</legend>
          <label>
            Game{' '}
            <select
              aria-label="Game"
              value={c.game}
              onChange={(e) => set({ game: e.currentTarget.value as StartConfig['game'] })}
            >
              <option value="magic-realm">Magic Realm</option>
              <option value="hand-of-doom">Hand of Doom (sample content)</option>
              <option value="bidding-race">Bidding Race (engine example)</option>
            </select>
          </label>
          <label>
            Players{' '}
            <select
              aria-label="Players"
              value={players}
              onChange={(e) => set({ players: Number(e.currentTarget.value) })}
            >
              {Array.from({ length: maxPlayers - minPlayers + 1 }, (_, i) => i + minPlayers).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {c.game === 'magic-realm' && (
            <>
              <label>
                Map{' '}
                <select
                  aria-label="Map"
                  value={c.map}
                  onChange={(e) => set({ map: e.currentTarget.value === 'random' ? 'random' : 'default' })}
                >
                  <option value="default">the default map</option>
                  <option value="random">a random map from the seed</option>
                </select>
              </label>
              <label>
                Days{' '}
                <input
                  aria-label="Days"
                  type="number"
                  min={1}
                  max={255}
                  value={c.days}
                  onInput={(e) => set({ days: Number(e.currentTarget.value) || 28 })}
                />
              </label>
            </>
          )}
          <label>
            Seed{' '}
            <input
              aria-label="Seed"
              value={c.seed}
              inputMode="numeric"
              placeholder="random"
              onInput={(e) => set({ seed: e.currentTarget.value.trim() })}
            />
          </label>
          {c.game === 'magic-realm' && (
            <div class="seats">
              {seats.map((ch, i) => {
                const card = chars.find((x) => x.id === ch);
                return (
                  <div key={i} class="seat-choice">
                    <label>
                      Seat {i + 1}{' '}
                      <select
                        aria-label={`Seat ${i + 1} character`}
                        value={ch}
                        onChange={(e) => {
                          const next = [...seats];
                          next[i] = e.currentTarget.value;
                          set({ characters: next });
                        }}
                      >
                        <option value="">choose during setup</option>
                        {chars.map((x) => (
                          <option key={x.id} value={x.id}>
                            {x.name}
                          </option>
                        ))}
                      </select>
                    </label>
                    {card && (
                      <details>
                        <summary>{card.name}'s card</summary>
                        <CharacterCard character={card} catalog={catalog} names={names} />
                      </details>
                    )}
                  </div>
                );
              })}
            </div>
          )}
          {hod && (
            <div class="seats">
              {hodSeats.map((ch, i) => (
                <label key={i}>
                  Seat {i + 1}{' '}
                  <select
                    aria-label={`Seat ${i + 1} adventurer`}
                    value={ch}
                    onChange={(e) => {
                      const next = [...hodSeats];
                      next[i] = e.currentTarget.value;
                      set({ characters: next });
                    }}
                  >
                    {hodAdventurers.map((a) => (
                      <option key={a.id} value={a.id} disabled={a.id !== ch && hodSeats.includes(a.id)}>
                        {a.name}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
          )}
          <button type="submit" class="primary">
            Start
          </button>
        </fieldset>
        <fieldset class="online-seats">
          <legend>Play online</legend>
          <p class="muted">
            This device hosts the game and keeps its save; the seats marked here join from other devices with the room
            code or link. The others are played at this device.
          </p>
          {seats.map((_, i) => (
            <label key={i}>
              <input
                type="checkbox"
                aria-label={`Seat ${i + 1} joins from another device`}
                checked={remote[i] ?? false}
                onChange={(e) => {
                  const next = Array.from({ length: players }, (_, j) => remote[j] ?? false);
                  next[i] = e.currentTarget.checked;
                  setRemote(next);
                }}
              />{' '}
              Seat {i + 1} joins from another device
            </label>
          ))}
          <button
            type="button"
            disabled={!remote.slice(0, players).some((r) => r)}
            onClick={() =>
              onStart(
                { ...c, players, characters: hod ? hodSeats : seats },
                Array.from({ length: players }, (_, i) => remote[i] ?? false),
              )
            }
          >
            Host online
          </button>
        </fieldset>
      </form>

      <form
        class="join-game"
        aria-label="Join an online game"
        onSubmit={(e) => {
          e.preventDefault();
          const code = room.trim().toUpperCase();
          if (/^[A-Z0-9]{4,12}$/.test(code)) onJoin(code);
        }}
      >
        <fieldset>
          <legend>Join an online game</legend>
          <label>
            Room code{' '}
            <input
              aria-label="Room code"
              value={room}
              autoComplete="off"
              onInput={(e) => setRoom(e.currentTarget.value)}
            />
          </label>
          <button type="submit">Join</button>
          <details>
            <summary>Signaling server</summary>
            <p class="muted">
              Devices find each other through a PeerJS signaling server, then talk directly. Leave this empty for
              PeerJS's free public server, or give the address of your own (see the README).
            </p>
            <label>
              Server{' '}
              <input
                aria-label="Signaling server"
                placeholder="the public PeerJS server"
                value={server}
                onInput={(e) => setServer(e.currentTarget.value.trim())}
              />
            </label>
            <label>
              <input
                type="checkbox"
                aria-label="Local network only"
                checked={signal.ice === 'none'}
                onChange={(e) => onSignal({ ...signal, ice: e.currentTarget.checked ? 'none' : 'default' })}
              />{' '}
              Local network only (no STUN/TURN servers)
            </label>
            <button
              type="button"
              disabled={!validServer(server) || server === signal.server}
              onClick={() => onSignal({ ...signal, server })}
            >
              Use this server
            </button>
          </details>
        </fieldset>
      </form>

      <details class="builder">
        <summary>Battle builder: start from a scenario</summary>
        <p class="muted">
          Any position in the scenario format (<code>MagicRealmScenario</code>: characters, denizens and where they
          stand, the day, forced dice). The engine checks it and says what is wrong.
        </p>
        <textarea
          aria-label="Scenario JSON"
          rows={14}
          spellcheck={false}
          value={scenario}
          onInput={(e) => setScenario(e.currentTarget.value)}
        />
        <button type="button" onClick={() => onScenario(scenario, c.seed)}>
          Start the scenario
        </button>
      </details>

      <section aria-label="Saved games">
        <h2>Saved games</h2>
        {saves.length === 0 && <p class="muted">None yet: every game saves itself after each action.</p>}
        <ul class="saves">
          {saves.map((s) => (
            <li key={s.id} data-save={s.id}>
              <span>
                <strong>{s.title}</strong>{' '}
                <small>
                  {new Date(s.updated).toLocaleString()} · {s.actions} actions
                </small>
              </span>
              <button type="button" onClick={() => onContinue(s.id)}>
                Continue
              </button>
              <button
                type="button"
                aria-label={`Delete ${s.title}`}
                onClick={() => confirm(`Delete the saved game "${s.title}"?`) && onDelete(s.id)}
              >
                Delete
              </button>
              {failures[s.id] && (
                <p class="error">
                  This save cannot be loaded: {failures[s.id].reason}. It is kept as it is.
                  {failures[s.id].resumable !== undefined && (
                    <>
                      {' '}
                      Its first {failures[s.id].resumable} actions still replay under this version's rules:{' '}
                      <button type="button" onClick={() => onResume(s.id)}>
                        Resume at action {failures[s.id].resumable}
                      </button>{' '}
                      (as a new saved game).
                    </>
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
        <label class="import">
          Import a save file{' '}
          <input
            type="file"
            accept="application/json,.json"
            onChange={async (e) => {
              const input = e.currentTarget;
              const f = input.files?.[0];
              input.value = '';
              if (f) onImport(await f.text());
            }}
          />
        </label>
      </section>
    </main>
  );
}
