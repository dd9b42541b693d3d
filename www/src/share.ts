// The start screen's choices, to and from a URL query (the share link holds a game's
// setup and seed, never its moves).
import type { GameKind } from './saves';

export interface StartConfig {
  game: GameKind;
  players: number;
  /** One entry per seat: a character id, or '' to choose during setup (Hand of Doom: an
   * adventurer id). */
  characters: string[];
  map: 'default' | 'random';
  days: number;
  seed: string;
}

export const DEFAULT_START: StartConfig = {
  game: 'magic-realm',
  players: 2,
  characters: [],
  map: 'default',
  days: 28,
  seed: '',
};

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

export function configFromQuery(search: string): StartConfig {
  const q = new URLSearchParams(search);
  const asked = q.get('game');
  const game: GameKind = asked === 'bidding-race' || asked === 'hand-of-doom' ? asked : 'magic-realm';
  const players = clamp(Number(q.get('players') ?? DEFAULT_START.players) || DEFAULT_START.players, 1, 6);
  const days = clamp(Number(q.get('days') ?? DEFAULT_START.days) || DEFAULT_START.days, 1, 255);
  const characters = (q.get('characters') ?? '').split(',').slice(0, players);
  const seed = /^\d{1,20}$/.test(q.get('seed') ?? '') ? (q.get('seed') as string) : '';
  return {
    game,
    players,
    characters: Array.from({ length: players }, (_, i) => characters[i] ?? ''),
    map: q.get('map') === 'random' ? 'random' : 'default',
    days,
    seed,
  };
}

export function queryFromConfig(c: StartConfig): string {
  const q = new URLSearchParams({ game: c.game, players: String(c.players) });
  if (c.game === 'hand-of-doom' && c.characters.some((x) => x)) q.set('characters', c.characters.join(','));
  if (c.game === 'magic-realm') {
    if (c.characters.some((x) => x)) q.set('characters', c.characters.join(','));
    q.set('map', c.map);
    q.set('days', String(c.days));
  }
  if (c.seed) q.set('seed', c.seed);
  return `?${q.toString()}`;
}

/** The share link of a saved game: its setup and seed as a start-screen query. */
export function shareUrl(href: string, saved: unknown): string {
  const url = new URL(href);
  url.hash = '';
  const s = saved as {
    game?: string;
    seed?: string;
    setup?: {
      from?: string;
      setup?: {
        seats?: { character?: string }[];
        map?: string;
        days?: number;
        players?: number;
        adventurers?: string[];
      };
    };
  };
  const setup = s.setup?.from === 'setup' ? s.setup.setup : undefined;
  const hod = setup?.adventurers ?? [];
  const config: StartConfig =
    s.game === 'bidding-race'
      ? { ...DEFAULT_START, game: 'bidding-race', players: setup?.players ?? 2, seed: s.seed ?? '' }
      : s.game === 'hand-of-doom'
        ? { ...DEFAULT_START, game: 'hand-of-doom', players: hod.length || 1, characters: hod, seed: s.seed ?? '' }
        : {
            game: 'magic-realm',
            players: setup?.seats?.length ?? 2,
            characters: (setup?.seats ?? []).map((x) => x.character ?? ''),
            map: setup?.map === 'random' ? 'random' : 'default',
            days: setup?.days ?? 28,
            seed: s.seed ?? '',
          };
  url.search = queryFromConfig(config);
  return url.toString();
}
