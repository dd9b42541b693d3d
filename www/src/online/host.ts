// The host's side of an online game, without the network: the one engine, which seat each
// connection holds, and what each connection is sent. Every joiner message is read by
// protocol.ts and every action goes through the engine's own `apply`, for the seat the
// connection holds; a refused message gets a typed error back and changes nothing.
import { RuleError, type ToAct, type Viewer } from '../../../pkg/tabletop_rules.js';
import type { GameKind } from '../saves';
import {
  type FromHost,
  type Lobby,
  PROTOCOL,
  parseFromJoiner,
  type SeatInfo,
  type State,
  seatToken,
  type WireError,
  wireError,
} from './protocol';

/** What the host needs of an engine game: the methods every game class has. */
export interface HostedEngine {
  view(viewer: Viewer): unknown;
  toAct(): ToAct;
  legalActions(seat: number): unknown[];
  log(viewer: Viewer): unknown[];
  // biome-ignore lint/suspicious/noExplicitAny: each game class takes its own action union; the engine checks it
  apply(seat: number, action: any): unknown[];
  readonly actionsApplied: number;
  /** The seat that made the last action (undefined: none yet). */
  readonly lastActor: number | undefined;
  undoRefusal(): string | undefined;
  undo(): void;
  /** Magic Realm's combat odds for a seat's candidate plays (8.4.5), from what it may know. */
  // biome-ignore lint/suspicious/noExplicitAny: the engine checks the plays
  playOdds?(seat: number, plays: any): unknown;
}

/** How the seats are played, kept in the host's autosave with the room code. */
export interface OnlineSeat {
  where: 'host' | 'remote';
  /** The token of the joiner who took this remote seat (absent: the seat is open). */
  token?: string;
}

export interface OnlineMeta {
  room: string;
  seats: OnlineSeat[];
}

export interface ChatLine {
  from: string;
  text: string;
}

interface Conn {
  /** undefined until it says hello; null: watching. */
  seat: number | null | undefined;
  lastN: number;
  /** How much of its log this connection has, and the last entry it got (as JSON): the
   * next state sends only the entries after it, or the whole log when it changed (undo). */
  logSent: number;
  logLast: string | null;
}

interface Visible {
  visibility?: { type: string; seats?: number[] };
}

/** Whether an event may be shown to a viewer (a seat, or null for a spectator). */
export function visibleTo(event: unknown, seat: number | null): boolean {
  const v = (event as Visible).visibility;
  if (!v || v.type === 'Public') return true;
  return seat !== null && (v.seats ?? []).includes(seat);
}

/** The engine's refusal as a wire error (anything else it threw: the message was malformed). */
function refusal(e: unknown, n: number, what: string): WireError {
  return e instanceof RuleError
    ? wireError('rule', e.message, { n, rule: e.code })
    : wireError('malformed', `${what}: ${String(e)}`, { n });
}

export class HostCore {
  private readonly conns = new Map<string, Conn>();
  private readonly listeners = new Set<(recent: unknown[]) => void>();
  readonly chat: ChatLine[] = [];

  constructor(
    private readonly game: HostedEngine,
    readonly kind: GameKind,
    readonly title: string,
    readonly meta: OnlineMeta,
    private readonly labels: (seat: number) => string,
    private readonly send: (conn: string, msg: FromHost) => void,
    /** Saves the game and `meta` (the tokens): called after every change. */
    private readonly autosave: () => void,
  ) {}

  /** The seats played at the host's device. */
  get localSeats(): number[] {
    return this.meta.seats.flatMap((s, i) => (s.where === 'host' ? [i] : []));
  }

  /** The host's screen re-draws on a joiner's action or a presence change. */
  subscribe(f: (recent: unknown[]) => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  seats(): SeatInfo[] {
    const toAct = this.game.toAct();
    const acting = toAct.type === 'Seats' ? toAct.seats : [];
    const connected = new Set([...this.conns.values()].map((c) => c.seat));
    return this.meta.seats.map((s, seat) => ({
      seat,
      label: this.labels(seat),
      where: s.where,
      taken: s.token !== undefined,
      connected: s.where === 'host' || connected.has(seat),
      toAct: acting.includes(seat),
    }));
  }

  lobby(): Lobby {
    const spectators = [...this.conns.values()].filter((c) => c.seat === null).length;
    return { t: 'lobby', v: PROTOCOL, game: this.kind, title: this.title, seats: this.seats(), spectators };
  }

  opened(conn: string): void {
    this.conns.set(conn, { seat: undefined, lastN: 0, logSent: 0, logLast: null });
    this.send(conn, this.lobby());
  }

  closed(conn: string): void {
    if (!this.conns.delete(conn)) return;
    this.presence();
  }

  /** What a connection's seat (or a spectator) may know now; with the connection, only the
   * log entries it does not have yet. */
  state(seat: number | null, recent: unknown[], conn?: Conn): State {
    const viewer: Viewer = seat === null ? { type: 'Spectator' } : { type: 'Seat', seat };
    const log = this.game.log(viewer);
    let logFrom = 0;
    if (conn) {
      const kept =
        conn.logSent > 0 && conn.logSent <= log.length && JSON.stringify(log[conn.logSent - 1]) === conn.logLast;
      logFrom = kept ? conn.logSent : 0;
      conn.logSent = log.length;
      conn.logLast = log.length > 0 ? JSON.stringify(log[log.length - 1]) : null;
    }
    return {
      t: 'state',
      game: this.kind,
      seat,
      actions: this.game.actionsApplied,
      view: this.game.view(viewer),
      toAct: this.game.toAct(),
      legal: seat === null ? [] : this.game.legalActions(seat),
      log: logFrom > 0 ? log.slice(logFrom) : log,
      logFrom,
      recent: recent.filter((e) => visibleTo(e, seat)),
      undo: this.undoRefusal(seat),
    };
  }

  /** Why `seat` cannot take back the last action now (null: it may). As at the table, a seat
   * takes back only its own last action; the engine may refuse too. Another seat's action is
   * not named: the seat learns only that the last action was not its own. */
  undoRefusal(seat: number | null): string | null {
    if (seat === null) return 'A spectator takes back nothing.';
    const last = this.game.lastActor;
    if (last === undefined) return 'Nothing to take back.';
    if (last !== seat) return 'The last action was not yours.';
    return this.game.undoRefusal() ?? null;
  }

  /** After any change of the game (here or from a joiner): every seated connection gets its state. */
  changed(recent: unknown[] = []): void {
    for (const [id, c] of this.conns) if (c.seat !== undefined) this.send(id, this.state(c.seat, recent, c));
    this.presence(recent);
  }

  private presence(recent: unknown[] = []): void {
    const lobby = this.lobby();
    for (const id of this.conns.keys()) this.send(id, lobby);
    for (const f of this.listeners) f(recent);
  }

  /** One message from a connection. */
  received(conn: string, data: unknown): void {
    const c = this.conns.get(conn);
    if (!c) return;
    const parsed = parseFromJoiner(data);
    if (!parsed.ok) {
      this.send(conn, parsed.error);
      return;
    }
    const m = parsed.msg;
    if (m.t === 'hello') {
      this.hello(conn, c, m.v, m.seat, m.token);
      return;
    }
    if (m.n <= c.lastN) {
      this.send(conn, wireError('replayed', 'This message was already received.', { n: m.n }));
      return;
    }
    c.lastN = m.n;
    if (c.seat === undefined) {
      this.send(conn, wireError('no_seat', 'Take a seat or watch first.', { n: m.n }));
      return;
    }
    if (m.t === 'chat') {
      const line = { from: c.seat === null ? 'A spectator' : this.labels(c.seat), text: m.text.trim() };
      this.chat.push(line);
      if (this.chat.length > 50) this.chat.shift();
      for (const [id, other] of this.conns) if (other.seat !== undefined) this.send(id, { t: 'chat', ...line });
      for (const f of this.listeners) f([]);
      return;
    }
    if (c.seat === null) {
      this.send(conn, wireError('no_seat', 'A spectator plays no seat.', { n: m.n }));
      return;
    }
    if (m.seat !== c.seat) {
      this.send(
        conn,
        wireError('not_your_seat', `This device plays ${this.labels(c.seat)}, not ${this.labels(m.seat)}.`, {
          n: m.n,
        }),
      );
      return;
    }
    if (m.t === 'odds') {
      this.odds(conn, c.seat, m.n, m.plays);
      return;
    }
    if (m.t === 'undo') {
      this.undo(conn, c.seat, m.n);
      return;
    }
    let events: unknown[];
    try {
      events = this.game.apply(c.seat, m.action);
    } catch (e) {
      this.send(conn, refusal(e, m.n, "The action is not one of this game's"));
      return;
    }
    this.autosave();
    this.changed(events);
  }

  /** A joining seat's combat odds: the engine answers for that seat only (what it may know);
   * a refusal (not in a Melee Step, plays made, malformed plays) is the engine's error. */
  private odds(conn: string, seat: number, n: number, plays: unknown): void {
    if (!this.game.playOdds) {
      this.send(conn, wireError('malformed', 'This game has no combat odds.', { n }));
      return;
    }
    try {
      this.send(conn, { t: 'odds', n, odds: this.game.playOdds(seat, plays) });
    } catch (e) {
      this.send(conn, refusal(e, n, 'The plays are not those of a Melee Step'));
    }
  }

  /** A joining seat takes back its own last action, as a seat at the host's device may. */
  private undo(conn: string, seat: number, n: number): void {
    const last = this.game.lastActor;
    if (last !== seat) {
      this.send(
        conn,
        wireError('not_your_action', last === undefined ? 'Nothing to take back.' : 'The last action was not yours.', {
          n,
        }),
      );
      return;
    }
    try {
      this.game.undo();
    } catch (e) {
      this.send(conn, refusal(e, n, 'The action could not be taken back'));
      return;
    }
    this.autosave();
    // Every device gets its state again; the log goes whole where it was shortened.
    this.changed([]);
  }

  /** Sends a chat line from the host's device. */
  say(from: string, text: string): void {
    const line = { from, text: text.trim().slice(0, 200) };
    if (!line.text) return;
    this.chat.push(line);
    if (this.chat.length > 50) this.chat.shift();
    for (const [id, c] of this.conns) if (c.seat !== undefined) this.send(id, { t: 'chat', ...line });
    for (const f of this.listeners) f([]);
  }

  private hello(conn: string, c: Conn, v: number, seat: number | null, token: string | undefined): void {
    if (v !== PROTOCOL) {
      this.send(conn, wireError('version', 'The host runs another version of the app: reload both pages.'));
      return;
    }
    // A connection takes one seat; one that watches may still take a seat.
    if (c.seat !== undefined && c.seat !== null) {
      this.send(conn, wireError('malformed', 'This connection already has its seat.'));
      return;
    }
    if (seat === null) {
      c.seat = null;
      this.send(conn, { t: 'welcome', seat: null });
      this.send(conn, this.state(null, [], c));
      this.presence();
      return;
    }
    const s = this.meta.seats[seat];
    if (s?.where !== 'remote') {
      this.send(conn, wireError('no_seat', `There is no remote seat ${seat + 1} in this game.`));
      return;
    }
    if (s.token !== undefined && s.token !== token) {
      this.send(
        conn,
        token === undefined
          ? wireError('seat_taken', `${this.labels(seat)} is taken.`)
          : wireError('bad_token', `This device's token is not ${this.labels(seat)}'s.`),
      );
      return;
    }
    if (s.token === undefined) {
      s.token = seatToken();
      this.autosave();
    }
    // The seat comes back on this connection: an older connection of it is now a spectator.
    for (const [id, other] of this.conns) {
      if (id === conn || other.seat !== seat) continue;
      other.seat = null;
      other.logSent = 0;
      this.send(id, wireError('seat_taken', `${this.labels(seat)} is now played from another device with its token.`));
    }
    c.seat = seat;
    this.send(conn, { t: 'welcome', seat, token: s.token });
    this.send(conn, this.state(seat, [], c));
    this.presence();
  }
}
