// Saved games in browser storage (localStorage, or any Storage-like object in tests).
// A record holds the engine's own save (setup, seed, actions): loading replays it in the
// engine. A record that fails to load is reported and kept; only the player deletes one.

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type GameKind = 'magic-realm' | 'bidding-race' | 'hand-of-doom';

export interface SaveMeta {
  id: string;
  game: GameKind;
  title: string;
  created: number;
  updated: number;
  actions: number;
}

export interface SaveRecord extends SaveMeta {
  /** The engine's SavedGame, as JSON-able data. */
  save: unknown;
}

/** Why a stored save could not be loaded; `resumable` is how many of its actions still
 * replay when the engine can resume it there (the engine's `loadPrefix`). */
export interface Failure {
  reason: string;
  resumable?: number;
}

const INDEX = 'ttr:index';
const PREFIX = 'ttr:save:';
const ONLINE = 'ttr:online:';

export class SaveStore {
  constructor(
    private readonly kv: KeyValue,
    private readonly now: () => number = Date.now,
  ) {}

  list(): SaveMeta[] {
    const raw = this.kv.getItem(INDEX);
    if (!raw) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? (parsed as SaveMeta[]).sort((a, b) => b.updated - a.updated) : [];
    } catch {
      return [];
    }
  }

  private writeIndex(list: SaveMeta[]): void {
    this.kv.setItem(INDEX, JSON.stringify(list));
  }

  /** Creates or updates a record; returns its metadata. */
  put(entry: { id?: string; game: GameKind; title: string; save: unknown; actions: number }): SaveMeta {
    const list = this.list();
    const now = this.now();
    const id = entry.id ?? newId(now);
    const old = list.find((m) => m.id === id);
    const meta: SaveMeta = {
      id,
      game: entry.game,
      title: entry.title,
      created: old?.created ?? now,
      updated: now,
      actions: entry.actions,
    };
    this.kv.setItem(PREFIX + id, JSON.stringify({ ...meta, save: entry.save }));
    this.writeIndex([meta, ...list.filter((m) => m.id !== id)]);
    return meta;
  }

  /** The record, or the reason it cannot be read (the record stays where it is). */
  get(id: string): { ok: true; record: SaveRecord } | { ok: false; reason: string } {
    const raw = this.kv.getItem(PREFIX + id);
    if (raw === null) return { ok: false, reason: 'the saved game is missing from browser storage' };
    try {
      const record = JSON.parse(raw) as SaveRecord;
      if (typeof record !== 'object' || record === null || !('save' in record)) {
        return { ok: false, reason: 'the stored record has no game in it' };
      }
      return { ok: true, record };
    } catch (e) {
      return { ok: false, reason: `the stored record is not valid JSON (${String(e)})` };
    }
  }

  /** An online game's room code and seats (with the joiners' tokens), kept beside its save
   * so that the host resumes it after a reload. */
  putOnline(id: string, meta: unknown): void {
    this.kv.setItem(ONLINE + id, JSON.stringify(meta));
  }

  getOnline(id: string): unknown {
    try {
      return JSON.parse(this.kv.getItem(ONLINE + id) ?? 'null');
    } catch {
      return null;
    }
  }

  remove(id: string): void {
    this.kv.removeItem(PREFIX + id);
    this.kv.removeItem(ONLINE + id);
    this.writeIndex(this.list().filter((m) => m.id !== id));
  }
}

export function newId(now: number): string {
  return `${now.toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`;
}

/** How many actions a saved game holds: its `actionCount` (format 2), else the length of its
 * `actions` (format 1, or a save without a count). */
export function savedActionCount(save: unknown): number {
  if (typeof save !== 'object' || save === null) return 0;
  const { actionCount, actions } = save as { actionCount?: unknown; actions?: unknown };
  if (typeof actionCount === 'number') return actionCount;
  return Array.isArray(actions) ? actions.length : 0;
}

/** Reads an exported file: the engine's SavedGame (`{schemaVersion, game, setup, seed, and
 * the actions as `moves` or `actions`}`). Says why when it is not one. */
export function parseSaveFile(
  text: string,
): { ok: true; game: GameKind; save: unknown } | { ok: false; reason: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: `the file is not JSON (${String(e)})` };
  }
  if (typeof data !== 'object' || data === null) return { ok: false, reason: 'the file holds no saved game' };
  const game = (data as { game?: unknown }).game;
  if (game !== 'magic-realm' && game !== 'bidding-race' && game !== 'hand-of-doom') {
    return {
      ok: false,
      reason: `the file is not a saved game of Magic Realm, Hand of Doom or Bidding Race (game: ${String(game)})`,
    };
  }
  return { ok: true, game, save: data };
}
