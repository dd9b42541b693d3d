// The boardgame.io example (examples/boardgame-io/) played headless: clients connected to an
// in-process master make moves that call `apply`, and every state a client receives is its
// seat's view and legal actions (a spectator's view without them), never the save or seed.
// The example imports 'tabletop-rules' and 'boardgame.io' as a project would, so it runs
// from a scratch project whose node_modules link the built pkg/ and the repo's boardgame.io.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';

const root = new URL('../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'tabletop-rules-bgio-'));
after(() => rmSync(work, { recursive: true, force: true }));

mkdirSync(join(work, 'node_modules'));
symlinkSync(join(root, 'pkg'), join(work, 'node_modules/tabletop-rules'), 'dir');
symlinkSync(join(root, 'node_modules/boardgame.io'), join(work, 'node_modules/boardgame.io'), 'dir');
cpSync(join(root, 'examples/boardgame-io'), join(work, 'example'), { recursive: true });

test('a boardgame.io match of Magic Realm: moves apply, players see only their own', async () => {
  const { play } = await import(pathToFileURL(join(work, 'example/headless.mjs')).href);
  const { made, seen, final } = await play({ players: 2, moves: 40 });
  assert.equal(made, 40, 'every move was accepted');
  assert.equal(final.G.toAct.type, 'Seats', 'a short match is still going');
  assert.ok(final.G.logLength > 40, 'the moves were applied by the engine');
  for (const { seat, G } of seen) {
    assert.deepEqual(Object.keys(G).sort(), ['legalActions', 'log', 'logLength', 'outcome', 'toAct', 'view']);
    const text = JSON.stringify(G);
    assert.ok(!/"seed"|"actions"|"moves"|"save"/.test(text), 'no save or seed reaches a player');
    if (seat === null) assert.deepEqual(G.legalActions, [], 'a spectator has no actions');
  }
  // Seat 0's records are in his own view and in no one else's.
  const last = seen.slice(-3);
  assert.ok(last[0].G.view.own.some((o) => o.seat === 0));
  assert.ok(last[1].G.view.own.every((o) => o.seat !== 0));
});

test('a move the engine refuses is an invalid move and changes nothing', async () => {
  const { MagicRealmGame } = await import(pathToFileURL(join(work, 'example/game.mjs')).href);
  const ctx = { numPlayers: 2 };
  const random = { Number: () => 0.5 };
  const G = MagicRealmGame.setup({ ctx, random }, { setup: { seats: [{}, {}], days: 1 } });
  const before = JSON.stringify(G);
  const act = MagicRealmGame.moves.act.move;
  assert.equal(act({ G, playerID: '1' }, { type: 'ChooseCharacter', character: 'amazon' }), 'INVALID_MOVE');
  assert.equal(act({ G, playerID: '0' }, { type: 'FlyAway' }), 'INVALID_MOVE');
  assert.equal(JSON.stringify(G), before);
  const [first] = MagicRealmGame.playerView({ G, ctx, playerID: '0' }).legalActions;
  const next = act({ G, playerID: '0' }, first);
  assert.equal(next.actionsApplied, 1);
  assert.equal(MagicRealmGame.playerView({ G: next, ctx, playerID: '1' }).toAct.type, 'Seats');
});
