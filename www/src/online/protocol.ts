// The messages between a host's browser and a joining browser, over a PeerJS data channel.
// Every message is one JSON string. The host reads what a joiner sends with `parseFromJoiner`:
// anything that is not exactly one of the joiner's messages is refused with a typed error
// and changes nothing. The host sends a seat only what that seat may know: its own view,
// its slice of the log, its legal actions; never the save, the seed or another seat's view.
import type { GameKind } from '../saves';

/** The wire format's version: a joiner and a host of different versions refuse each other. */
export const PROTOCOL = 1;
/** The longest message a joiner may send (characters of JSON). */
export const MAX_JOINER_MESSAGE = 8192;
/** The longest chat line (characters). */
export const MAX_CHAT = 200;

/** The quick messages offered as buttons (a chat line can be anything short). */
export const QUICK_MESSAGES = ['Ready', 'Wait a moment, please', 'My turn is done', 'Good game!'] as const;

// ---- joiner -> host ----

/** Take a seat (with the token the host gave, to come back to it), or watch (seat null). */
export interface Hello {
  t: 'hello';
  v: number;
  seat: number | null;
  token?: string;
}
/** An action for the joiner's seat; `n` counts up from 1 on each connection's messages. */
export interface Act {
  t: 'act';
  n: number;
  seat: number;
  action: unknown;
}
export interface ChatOut {
  t: 'chat';
  n: number;
  text: string;
}
/** Asks the odds of candidate plays for the joiner's seat in a Melee Step (8.4.5): the host
 * answers from its engine's `playOdds`, which counts only what that seat may know. */
export interface AskOdds {
  t: 'odds';
  n: number;
  seat: number;
  plays: unknown;
}
/** Asks the host to take back the joiner's seat's last action (only its own, as at the table). */
export interface AskUndo {
  t: 'undo';
  n: number;
  seat: number;
}
export type FromJoiner = Hello | Act | ChatOut | AskOdds | AskUndo;
/** What a joiner's device sends before the connection gives it its counter `n`. */
export type Outgoing =
  | Hello
  | { t: 'act'; seat: number; action: unknown }
  | { t: 'chat'; text: string }
  | { t: 'odds'; seat: number; plays: unknown }
  | { t: 'undo'; seat: number };

// ---- host -> joiner ----

export interface SeatInfo {
  seat: number;
  /** What players call the seat ("Seat 2 · Amazon"). */
  label: string;
  /** 'host': played at the host's device; 'remote': joins from another device. */
  where: 'host' | 'remote';
  /** A remote seat someone has taken (connected or not). */
  taken: boolean;
  connected: boolean;
  toAct: boolean;
}

/** Sent on connecting, and whenever seats or presence change. */
export interface Lobby {
  t: 'lobby';
  v: number;
  game: GameKind;
  title: string;
  seats: SeatInfo[];
  spectators: number;
}

/** Where the joiner sits, and the token that brings it back to that seat. */
export interface Welcome {
  t: 'welcome';
  seat: number | null;
  token?: string;
}

/** What the joiner's seat may know now (a spectator: the public view and log). */
export interface State {
  t: 'state';
  game: GameKind;
  seat: number | null;
  /** Actions the host's game has applied (a counter, not the actions). */
  actions: number;
  view: unknown;
  toAct: unknown;
  legal: unknown[];
  /** The seat's log entries from index `logFrom` on; the joiner has the ones before. */
  log: unknown[];
  logFrom: number;
  /** What the last action told this seat (the acting seat: all it was told; others: the public part). */
  recent: unknown[];
  /** Why this seat cannot take back the last action now, or null when it may (the last action
   * was its own and the engine allows it). */
  undo: string | null;
}

/** The answer to an `odds` message `n`: the engine's odds for those plays. */
export interface OddsAnswer {
  t: 'odds';
  n: number;
  odds: unknown;
}

export interface ChatIn {
  t: 'chat';
  from: string;
  text: string;
}

export type WireErrorCode =
  | 'malformed'
  | 'oversized'
  | 'version'
  | 'replayed'
  | 'no_seat'
  | 'not_your_seat'
  | 'seat_taken'
  | 'bad_token'
  | 'not_your_action'
  | 'rule';

export interface WireError {
  t: 'error';
  code: WireErrorCode;
  message: string;
  /** The `n` of the refused message, when it had one. */
  n?: number;
  /** The engine's RuleError code, for code 'rule'. */
  rule?: string;
}

export type FromHost = Lobby | Welcome | State | ChatIn | OddsAnswer | WireError;

export function wireError(code: WireErrorCode, message: string, extra: { n?: number; rule?: string } = {}): WireError {
  return { t: 'error', code, message, ...extra };
}

const isSeat = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < 64;
const isCounter = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;
const only = (o: object, keys: string[]) => Object.keys(o).every((k) => keys.includes(k));

/** Reads one message from a joiner: the message, or the typed error to send back. */
export function parseFromJoiner(data: unknown): { ok: true; msg: FromJoiner } | { ok: false; error: WireError } {
  if (typeof data !== 'string') return { ok: false, error: wireError('malformed', 'A message must be JSON text.') };
  if (data.length > MAX_JOINER_MESSAGE) {
    return {
      ok: false,
      error: wireError('oversized', `The message is longer than ${MAX_JOINER_MESSAGE} characters.`),
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    return { ok: false, error: wireError('malformed', 'The message is not JSON.') };
  }
  const bad = (what: string) => ({ ok: false as const, error: wireError('malformed', what) });
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return bad('The message is not an object.');
  const m = raw as Record<string, unknown>;
  switch (m.t) {
    case 'hello':
      if (!only(m, ['t', 'v', 'seat', 'token'])) return bad('A hello has unknown fields.');
      if (typeof m.v !== 'number') return bad('A hello names its protocol version.');
      if (m.seat !== null && !isSeat(m.seat)) return bad('A hello names a seat number or null.');
      if (m.token !== undefined && (typeof m.token !== 'string' || m.token.length > 64)) return bad('Bad token.');
      return { ok: true, msg: m as unknown as Hello };
    case 'act':
      if (!only(m, ['t', 'n', 'seat', 'action'])) return bad('An action message has unknown fields.');
      if (!isCounter(m.n)) return bad('An action message counts from 1.');
      if (!isSeat(m.seat)) return bad('An action message names its seat.');
      if (typeof m.action !== 'object' || m.action === null) return bad('An action message holds an action.');
      return { ok: true, msg: m as unknown as Act };
    case 'chat':
      if (!only(m, ['t', 'n', 'text'])) return bad('A chat message has unknown fields.');
      if (!isCounter(m.n)) return bad('A chat message counts from 1.');
      if (typeof m.text !== 'string' || m.text.trim() === '') return bad('A chat message holds text.');
      if (m.text.length > MAX_CHAT) {
        return { ok: false, error: wireError('oversized', `A chat line is at most ${MAX_CHAT} characters.`) };
      }
      return { ok: true, msg: m as unknown as ChatOut };
    case 'odds':
      if (!only(m, ['t', 'n', 'seat', 'plays'])) return bad('An odds message has unknown fields.');
      if (!isCounter(m.n)) return bad('An odds message counts from 1.');
      if (!isSeat(m.seat)) return bad('An odds message names its seat.');
      if (typeof m.plays !== 'object' || m.plays === null || Array.isArray(m.plays)) {
        return bad('An odds message holds the plays.');
      }
      return { ok: true, msg: m as unknown as AskOdds };
    case 'undo':
      if (!only(m, ['t', 'n', 'seat'])) return bad('An undo message has unknown fields.');
      if (!isCounter(m.n)) return bad('An undo message counts from 1.');
      if (!isSeat(m.seat)) return bad('An undo message names its seat.');
      return { ok: true, msg: m as unknown as AskUndo };
    default:
      return bad('Unknown message type.');
  }
}

/** Reads one message from the host (the joiner trusts the host, but not the network's shape). */
export function parseFromHost(data: unknown): FromHost | null {
  if (typeof data !== 'string') return null;
  try {
    const m = JSON.parse(data) as FromHost;
    return typeof m === 'object' && m !== null && typeof m.t === 'string' ? m : null;
  } catch {
    return null;
  }
}

/** A short room code players can read aloud (no 0/O or 1/I/L). */
export function roomCode(random: () => number = Math.random): string {
  const letters = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 6 }, () => letters[Math.floor(random() * letters.length)]).join('');
}

/** The PeerJS id under which a room's host listens. */
export const hostPeerId = (code: string) => `ttr-room-${code.toLowerCase()}`;

/** A seat token: random, unguessable, kept by the host and by the joiner's device. */
export function seatToken(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
