// Plays MagicRealmGame headless: one boardgame.io client per seat, all connected to an
// in-process master (`Local`), each choosing among the legal actions its player view shows.
// `node examples/boardgame-io/headless.mjs` in a project with tabletop-rules and
// boardgame.io installed.
import { createRequire } from 'node:module';
import { MagicRealmGame } from './game.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('boardgame.io/client');
const { Local } = require('boardgame.io/multiplayer');

/** Plays up to `moves` moves with `players` seats; returns every state the clients saw. */
export async function play({ players = 2, moves = 60, days = 1 } = {}) {
  const multiplayer = Local();
  const setupData = { setup: { seats: Array.from({ length: players }, () => ({})), map: 'default', days } };
  const clients = Array.from({ length: players }, (_, seat) =>
    Client({ game: MagicRealmGame, numPlayers: players, playerID: String(seat), multiplayer, setupData }),
  );
  const spectator = Client({ game: MagicRealmGame, numPlayers: players, multiplayer, setupData });
  for (const client of [...clients, spectator]) client.start();
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  await settle();

  const seen = [];
  let made = 0;
  let state = 7;
  while (made < moves) {
    const states = clients.map((c) => c.getState());
    seen.push(...states.map((s, seat) => ({ seat, G: s.G })), { seat: null, G: spectator.getState().G });
    const { toAct } = states[0].G;
    if (toAct.type === 'GameOver') break;
    const seat = toAct.seats[0];
    const { legalActions } = states[seat].G;
    state = (state * 48271) % 2147483647;
    clients[seat].moves.act(legalActions[state % legalActions.length]);
    made++;
    await settle();
  }
  for (const client of [...clients, spectator]) client.stop();
  return { made, seen, final: clients[0].getState() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { made, final } = await play();
  console.log(`${made} moves; now`, JSON.stringify(final.G.toAct), final.G.view.step);
}
