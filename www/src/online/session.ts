// An online game as a game screen sees it (`OnlinePlay`): which seats this device plays,
// when the game changed elsewhere, and the presence and chat to draw. The host's session
// wraps the engine game (HostCore + HostNet); a joiner's wraps what the host sends it
// (RemoteGame + JoinNet).
import type { PlayOdds, Plays, ToAct, Viewer } from '../../../pkg/tabletop_rules.js';
import type { GameKind, KeyValue, SaveStore } from '../saves';
import { type ChatLine, HostCore, type HostedEngine, type OnlineMeta } from './host';
import type { HostNet, JoinNet, NetStatus } from './net';
import type { FromHost, Lobby, Outgoing, SeatInfo, State, WireError } from './protocol';
import { joinUrl, type SignalConfig } from './signal';

export interface OnlineStatus {
  net: NetStatus;
  detail?: string;
  /** The host's room code and join link (shown at the host only). */
  room?: string;
  link?: string;
  seats: SeatInfo[];
  spectators: number;
  chat: ChatLine[];
  /** This device's seat, for a joiner (null: watching). */
  me?: number | null;
  error?: WireError;
}

export interface OnlinePlay {
  /** The seats played at this device. */
  local: number[];
  /** This device joined another's game: the save, undo and export stay with the host. */
  joined: boolean;
  /** Calls `f` when the game or the presence changed elsewhere, with what this device was told. */
  subscribe(f: (recent: unknown[]) => void): () => void;
  /** After an action made at this device. */
  changed(recent: unknown[]): void;
  status(): OnlineStatus;
  say(text: string): void;
}

/** The host's side: the engine game, its seats and the network. */
export class HostSession implements OnlinePlay {
  readonly core: HostCore;
  private net: HostNet | null = null;
  private stopped = false;
  private netStatus: NetStatus = 'connecting';
  private detail: string | undefined;
  readonly joined = false;
  readonly link: string;

  constructor(opts: {
    game: HostedEngine & { save(): unknown };
    kind: GameKind;
    title: string;
    saveId: string;
    meta: OnlineMeta;
    store: SaveStore;
    signal: SignalConfig;
    href: string;
    labels: (seat: number) => string;
  }) {
    const { game, kind, title, saveId, meta, store } = opts;
    this.link = joinUrl(opts.href, meta.room, opts.signal);
    this.core = new HostCore(
      game,
      kind,
      title,
      meta,
      opts.labels,
      (id, m) => this.net?.send(id, m),
      () => {
        const old = store.list().find((m) => m.id === saveId)?.title ?? title;
        store.put({ id: saveId, game: kind, title: old, save: game.save(), actions: game.actionsApplied });
        store.putOnline(saveId, meta);
      },
    );
    this.labels = opts.labels;
    void import('./net').then(({ HostNet }) => {
      if (this.stopped) return;
      this.net = new HostNet(meta.room, opts.signal, (s, d) => {
        this.netStatus = s;
        this.detail = d;
        this.core.changed();
      });
      this.net.core = this.core;
      this.net.start();
    }, this.unloaded);
  }

  private readonly labels: (seat: number) => string;

  /** The network code could not be loaded (offline before it was ever cached). */
  private readonly unloaded = (e: unknown) => {
    this.netStatus = 'failed';
    this.detail = `the online code could not be loaded: ${String(e)}`;
    this.core.changed();
  };

  get local(): number[] {
    return this.core.localSeats;
  }
  subscribe(f: (recent: unknown[]) => void): () => void {
    return this.core.subscribe(f);
  }
  changed(recent: unknown[]): void {
    this.core.changed(recent);
  }
  status(): OnlineStatus {
    const lobby = this.core.lobby();
    return {
      net: this.netStatus,
      detail: this.detail,
      room: this.core.meta.room,
      link: this.link,
      seats: lobby.seats,
      spectators: lobby.spectators,
      chat: this.core.chat,
    };
  }
  say(text: string): void {
    // The host's device speaks as the seats played there.
    this.core.say(this.core.localSeats.map(this.labels).join(', ') || 'The host', text);
  }
  stop(): void {
    this.stopped = true;
    this.net?.stop();
  }
}

const TOKENS = 'ttr:join:';

/** Where this device sat in a room, to come back to it after a reload. */
export function storedSeat(kv: KeyValue, room: string): { seat: number | null; token?: string } | null {
  try {
    const s = JSON.parse(kv.getItem(TOKENS + room) ?? 'null') as { seat: number | null; token?: string } | null;
    return s && (s.seat === null || typeof s.seat === 'number') ? s : null;
  } catch {
    return null;
  }
}

/** Thrown by a joiner's `playOdds` while the host is working out the odds: the screen shows
 * that they are coming, and draws again when they arrive (`oddsAnswers` counts up). */
export class OddsPending extends Error {
  constructor() {
    super('The host is working out the odds');
    this.name = 'OddsPending';
  }
}

/** What a joiner's device knows of the odds of some plays: asked, answered or refused. */
export type OddsEntry = { asked: true } | { odds: PlayOdds } | { refused: WireError };

/** A game as a joiner's screen reads it: what the host last sent this seat. Acting sends
 * the action to the host; the host's answer comes back as a new state. */
export class RemoteGame {
  constructor(
    private readonly s: () => State,
    private readonly send: (seat: number, action: unknown) => void,
    private readonly asks: {
      odds: (seat: number, plays: Plays) => OddsEntry | null;
      answers: () => number;
      undo: (seat: number) => void;
    },
  ) {}
  view(_viewer: Viewer): never {
    return this.s().view as never;
  }
  toAct(): ToAct {
    return this.s().toAct as ToAct;
  }
  legalActions(seat: number): never[] {
    return (seat === this.s().seat ? this.s().legal : []) as never[];
  }
  log(_viewer: Viewer): never[] {
    return this.s().log as never[];
  }
  apply(seat: number, action: unknown): never[] {
    this.send(seat, action);
    return [];
  }
  get actionsApplied(): number {
    return this.s().actions;
  }
  /** Who acted last is the host's to know; the joiner is told only whether it may take back
   * its seat's last action (then that action was its own). */
  get lastActor(): number | undefined {
    const { seat, undo } = this.s();
    return undo === null && seat !== null ? seat : undefined;
  }
  undoRefusal(): string | undefined {
    return this.s().undo ?? undefined;
  }
  /** Asks the host to take back this seat's last action; the new state comes back from it. */
  undo(): void {
    const { seat } = this.s();
    if (seat !== null) this.asks.undo(seat);
  }
  save(): never {
    throw new Error("The save stays at the host's device");
  }
  saveReadable(): never {
    return this.save();
  }
  get seed(): string {
    return '';
  }
  /** The odds the host answered for these plays; throws `OddsPending` while it works them
   * out, and an Error with the host's reason when it refused (as the engine's playOdds would). */
  playOdds(seat: number, plays: Plays): PlayOdds {
    const got = this.asks.odds(seat, plays);
    if (got === null || 'asked' in got) throw new OddsPending();
    if ('refused' in got) throw new Error(got.refused.message);
    return got.odds;
  }
  /** How many odds answers have come: the screen draws the odds again when this changes. */
  get oddsAnswers(): number {
    return this.asks.answers();
  }
}

/** What a joiner's network tells it. */
export type JoinHandlers = ConstructorParameters<typeof JoinNet>[2];
/** A joiner's network: PeerJS's `JoinNet`, or a stand-in. */
export type JoinLink = Pick<JoinNet, 'start' | 'send' | 'sendRaw' | 'stop'>;

/** A joiner's side: the connection, the seat, the last state. */
export class JoinSession implements OnlinePlay {
  readonly joined = true;
  private net: JoinLink | null = null;
  private stopped = false;
  lobby: Lobby | null = null;
  seat: number | null | undefined;
  state: State | null = null;
  private netStatus: NetStatus = 'connecting';
  private detail: string | undefined;
  private error: WireError | undefined;
  private readonly chat: ChatLine[] = [];
  private readonly listeners = new Set<(recent: unknown[]) => void>();
  /** The odds asked of the host for this seat's view as it is now, by the plays (as JSON). */
  private readonly odds = new Map<string, OddsEntry>();
  /** The odds messages on their way, by their counter: the plays they asked about. */
  private readonly asked = new Map<number, string>();
  private oddsAnswers = 0;
  /** Every message received, for the privacy tests (kept only when `ttr:wiretap` is set). */
  readonly wire: string[] | null;
  readonly game: RemoteGame;

  constructor(
    readonly room: string,
    signal: SignalConfig,
    private readonly kv: KeyValue,
    /** The network (PeerJS's, by default; the unit tests join a host in the same process). */
    makeNet?: (on: JoinHandlers) => JoinLink,
  ) {
    this.wire = kv.getItem('ttr:wiretap') === '1' ? [] : null;
    this.game = new RemoteGame(
      () => this.state as State,
      (seat, action) => {
        if (this.send({ t: 'act', seat, action }) === null) this.fail('The host is not connected: try again shortly.');
      },
      {
        odds: (seat, plays) => this.askOdds(seat, plays),
        answers: () => this.oddsAnswers,
        undo: (seat) => {
          if (this.send({ t: 'undo', seat }) === null) this.fail('The host is not connected: try again shortly.');
        },
      },
    );
    if (makeNet) {
      this.connect(makeNet(this.handlers()));
      return;
    }
    void import('./net').then(
      ({ JoinNet }) => {
        if (this.stopped) return;
        this.connect(new JoinNet(room, signal, this.handlers()));
      },
      (e: unknown) => {
        this.netStatus = 'failed';
        this.detail = `the online code could not be loaded: ${String(e)}`;
        this.emit([]);
      },
    );
  }

  private handlers(): JoinHandlers {
    return {
      status: (s, d) => {
        this.netStatus = s;
        this.detail = d;
        this.emit([]);
      },
      opened: () => {
        // A new connection counts its messages from 1 again: the questions on their way are lost.
        this.forgetOdds(true);
        const back = storedSeat(this.kv, this.room);
        if (back) this.send({ t: 'hello', v: 1, seat: back.seat, token: back.token });
        else if (this.seat !== undefined) this.send({ t: 'hello', v: 1, seat: this.seat });
      },
      message: (m, raw) => {
        this.wire?.push(raw);
        this.received(m);
      },
    };
  }

  private connect(net: JoinLink): void {
    this.net = net;
    net.start();
    if (this.wire) {
      // The browser tests read what this device received, and send the host bad input.
      const g = globalThis as { ttrWire?: string[]; ttrSendRaw?: (d: unknown) => void };
      g.ttrWire = this.wire;
      g.ttrSendRaw = (d) => net.sendRaw(d);
    }
  }

  private fail(message: string): void {
    this.error = { t: 'error', code: 'no_seat', message };
    this.emit([]);
  }

  private received(m: FromHost): void {
    switch (m.t) {
      case 'lobby':
        this.lobby = m;
        this.emit([]);
        return;
      case 'welcome':
        this.seat = m.seat;
        this.kv.setItem(TOKENS + this.room, JSON.stringify({ seat: m.seat, token: m.token }));
        this.error = undefined;
        return;
      case 'state':
        // The log comes as the entries after those this device has.
        if (m.logFrom > 0 && this.state && this.state.log.length === m.logFrom) {
          m.log = [...this.state.log, ...m.log];
        }
        // The odds depend on what the seat may know: when its view changed, they are asked again.
        if (!this.state || m.seat !== this.state.seat || JSON.stringify(m.view) !== JSON.stringify(this.state.view)) {
          this.forgetOdds(false);
        }
        this.state = m;
        this.error = undefined;
        this.emit(m.recent);
        return;
      case 'chat':
        this.chat.push({ from: m.from, text: m.text });
        if (this.chat.length > 50) this.chat.shift();
        this.emit([]);
        return;
      case 'odds': {
        const key = this.asked.get(m.n);
        if (key === undefined) return; // asked about a view this device no longer has
        this.asked.delete(m.n);
        this.odds.set(key, { odds: m.odds as PlayOdds });
        this.oddsAnswered();
        return;
      }
      case 'error': {
        // A refused odds question: no odds for those plays (as the engine refuses at the table).
        const key = m.n === undefined ? undefined : this.asked.get(m.n);
        if (key !== undefined && m.n !== undefined) {
          this.asked.delete(m.n);
          this.odds.set(key, { refused: m });
          this.oddsAnswered();
          return;
        }
        this.error = m;
        // The seat this device kept is not its own any more: choose again.
        if (m.code === 'bad_token' || m.code === 'seat_taken') {
          this.kv.removeItem(TOKENS + this.room);
          this.seat = undefined;
        }
        this.emit([]);
        return;
      }
    }
  }

  /** The odds of `plays` for this device's seat: what the host answered, or asked now. */
  private askOdds(seat: number, plays: Plays): OddsEntry | null {
    const key = JSON.stringify(plays);
    const known = this.odds.get(key);
    if (known) return known;
    const n = this.send({ t: 'odds', seat, plays });
    if (n === null) return null;
    this.asked.set(n, key);
    const entry = { asked: true as const };
    this.odds.set(key, entry);
    return entry;
  }

  /** An answer came: the screen draws once the last question asked is answered. */
  private oddsAnswered(): void {
    this.oddsAnswers++;
    if (this.asked.size === 0) this.emit([]);
  }

  /** Forgets the odds (the seat's view changed), or only the questions on their way. */
  private forgetOdds(onlyAsked: boolean): void {
    this.asked.clear();
    if (!onlyAsked) this.odds.clear();
    else for (const [k, v] of this.odds) if ('asked' in v) this.odds.delete(k);
  }

  private emit(recent: unknown[]): void {
    for (const f of this.listeners) f(recent);
  }

  /** Takes a seat (or watches, with null). */
  take(seat: number | null): void {
    this.error = undefined;
    this.send({ t: 'hello', v: 1, seat });
  }

  get local(): number[] {
    return typeof this.seat === 'number' ? [this.seat] : [];
  }
  subscribe(f: (recent: unknown[]) => void): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }
  changed(): void {}
  status(): OnlineStatus {
    return {
      net: this.netStatus,
      detail: this.detail,
      seats: this.lobby?.seats ?? [],
      spectators: this.lobby?.spectators ?? 0,
      chat: this.chat,
      me: this.seat,
      error: this.error,
    };
  }
  say(text: string): void {
    this.send({ t: 'chat', text });
  }
  /** Sends a message to the host: its counter, or null when the host is not connected. */
  private send(msg: Outgoing): number | null {
    return this.net?.send(msg) ?? null;
  }

  stop(): void {
    this.stopped = true;
    this.net?.stop();
  }
}
