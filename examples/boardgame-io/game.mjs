// Magic Realm as a boardgame.io game: the engine decides every rule, boardgame.io carries
// the moves between players. The state boardgame.io keeps (`G`) holds the game's save, which
// with its seed predicts every future roll and draw, so it never leaves the server:
// `playerView` gives each player only his seat's view, legal actions and log.
//
// The game is kept alive between moves (a cache keyed by match and position), so a move costs
// one `apply`; the save in `G` is what a restarted server, or another server process,
// replays from.
import { MagicRealm, RuleError } from 'tabletop-rules';

/** boardgame.io/core's `INVALID_MOVE` and `ActivePlayers.ALL`, written out: boardgame.io's
 * subpaths are CommonJS folders that Node's `import` cannot resolve, and a bundler inlines
 * these values anyway. */
const INVALID_MOVE = 'INVALID_MOVE';
const ALL_PLAYERS = { all: null };

/** How many log entries `playerView` sends (the newest). */
const LOG_TAIL = 30;

/** Live games by `${G.match}:${G.actionsApplied}`; a miss replays `G.save`. */
const live = new Map();
const LIVE_MAX = 64;

function remember(match, game) {
  const key = `${match}:${game.actionsApplied}`;
  live.delete(key);
  live.set(key, game);
  while (live.size > LIVE_MAX) live.delete(live.keys().next().value);
}

/** The engine's game for `G`, from the cache or replayed from the save. */
function gameOf(G) {
  const key = `${G.match}:${G.actionsApplied}`;
  let game = live.get(key);
  if (!game) {
    // `G` may be an immer draft (a Proxy): hand the engine a plain copy.
    game = MagicRealm.load(JSON.parse(JSON.stringify(G.save)));
    remember(G.match, game);
  }
  return game;
}

/** The next `G` after the engine's game moved on. */
function stateOf(match, game) {
  remember(match, game);
  const toAct = game.toAct();
  return {
    match,
    save: game.save(),
    actionsApplied: game.actionsApplied,
    outcome: toAct.type === 'GameOver' ? toAct.outcome : null,
  };
}

/**
 * The boardgame.io game. `setupData` (from the lobby or `Client({ setupData })`) may give
 * the engine's setup; by default every seat chooses a character in setup, on the default
 * map, for 28 days. The engine draws the seed from the server's random source.
 */
export const MagicRealmGame = {
  name: 'magic-realm',
  minPlayers: 1,
  maxPlayers: 6,

  setup: ({ ctx, random }, setupData) => {
    const setup = setupData?.setup ?? {
      seats: Array.from({ length: ctx.numPlayers }, () => ({})),
      map: 'default',
      days: 28,
    };
    const game = new MagicRealm(setup);
    // Any unique name will do; it only finds the live game again.
    const match = `${Date.now().toString(36)}-${random.Number().toString(36).slice(2)}`;
    return stateOf(match, game);
  },

  // Several seats may act at once (recording Birdsong, say): the engine says who may, and
  // refuses the others (`not_your_turn`), which boardgame.io is told as an invalid move.
  turn: { activePlayers: ALL_PLAYERS },

  moves: {
    /** Applies one of the seat's legal actions, exactly as `legalActions` gave it. */
    act: {
      move: ({ G, playerID }, action) => {
        const game = gameOf(G);
        try {
          game.apply(Number(playerID), action);
        } catch (e) {
          if (e instanceof RuleError) return INVALID_MOVE; // the game is unchanged
          throw e;
        }
        live.delete(`${G.match}:${G.actionsApplied}`);
        return stateOf(G.match, game);
      },
      // Only the server has the save: clients never run moves themselves.
      client: false,
    },
  },

  endIf: ({ G }) => G.outcome ?? undefined,

  /** What a player (or, with no `playerID`, a spectator) receives: never the save or seed. */
  playerView: ({ G, ctx, playerID }) => {
    const game = gameOf(G);
    // A spectator's playerID is null, undefined or (from some transports) the text 'null'.
    const seat = /^\d+$/.test(playerID ?? '') && Number(playerID) < ctx.numPlayers ? Number(playerID) : null;
    const viewer = seat === null ? { type: 'Spectator' } : { type: 'Seat', seat };
    const log = game.log(viewer);
    return {
      toAct: game.toAct(),
      view: game.view(viewer),
      legalActions: seat === null ? [] : game.legalActions(seat),
      log: log.slice(-LOG_TAIL),
      logLength: log.length,
      outcome: G.outcome,
    };
  },
};
