// A joining device and its host in one process (the network a queue of messages delivered
// when the test says): a joining Magic Realm seat asks the host its combat odds, and a
// joining seat asks the host to take back its own last action.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BiddingRace, initSync, MagicRealm, type Plays } from '../../../pkg/tabletop_rules.js';
import { ownPlays, withPlay } from '../mr/combat';
import { HostCore, type HostedEngine } from './host';
import { type FromHost, type Outgoing, parseFromHost } from './protocol';
import { type JoinHandlers, JoinSession, OddsPending } from './session';
import { DEFAULT_SIGNAL } from './signal';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../../pkg/tabletop_rules_bg.wasm', import.meta.url)) });
});

/** A host whose seat 1 joins from the test's device; `flush` delivers what is on its way. */
function online(game: HostedEngine, kind: 'magic-realm' | 'bidding-race') {
  const queue: (() => void)[] = [];
  const flush = () => {
    for (let f = queue.shift(); f; f = queue.shift()) f();
  };
  const toHost: { t: string }[] = [];
  let on: JoinHandlers | undefined;
  const core = new HostCore(
    game,
    kind,
    'test',
    { room: 'ABCDEF', seats: [{ where: 'host' }, { where: 'remote' }] },
    (s) => `Seat ${s + 1}`,
    (_to, msg: FromHost) => {
      const raw = JSON.stringify(msg);
      queue.push(() => {
        const m = parseFromHost(raw);
        if (m) on?.message(m, raw);
      });
    },
    () => {},
  );
  const store = new Map<string, string>();
  const kv = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
    removeItem: (k: string) => store.delete(k),
  };
  let n = 0;
  const session = new JoinSession('ABCDEF', DEFAULT_SIGNAL, kv, (handlers) => {
    on = handlers;
    return {
      start: () =>
        queue.push(() => {
          core.opened('a');
          handlers.status('open');
          handlers.opened();
        }),
      send: (msg: Outgoing) => {
        const out = msg.t === 'hello' ? msg : { ...msg, n: ++n };
        toHost.push(out);
        queue.push(() => core.received('a', JSON.stringify(out)));
        return msg.t === 'hello' ? 0 : n;
      },
      sendRaw: (d: unknown) => queue.push(() => core.received('a', d)),
      stop: () => {},
    };
  });
  let draws = 0;
  session.subscribe(() => draws++);
  flush();
  session.take(1);
  flush();
  return { core, session, flush, toHost, draws: () => draws };
}

const here = { tile: 'oak_woods', clearing: 2 } as const;
const wolf = { kind: 'monster', id: 'wolf-l4', n: 0 } as const;

/** Seat 2 (the Swordsman, joining) lures the L4 Wolf at Sunset and attacks it; seat 1 (the
 * Amazon, at the host) is elsewhere. */
function meleeStep(): MagicRealm {
  const game = MagicRealm.fromScenario(
    {
      seats: [
        { character: 'amazon', at: { tile: 'maple_woods', clearing: 5 } },
        {
          character: 'swordsman',
          at: here,
          belongings: [{ piece: { kind: 'weapon', id: 'thrusting-sword', n: 0 } }],
        },
      ],
      pieces: [{ piece: wolf, place: { place: 'clearing', at: here } }],
      at: 'sunset',
    },
    '5',
  );
  for (let i = 0; i < 20 && !ownPlays(game.view({ type: 'Seat', seat: 1 }), 1); i++) {
    const toAct = game.toAct();
    if (toAct.type !== 'Seats') throw new Error('the game ended');
    const seat = toAct.seats[0] ?? 0;
    const legal = game.legalActions(seat);
    const next =
      legal.find((a) => a.type === 'Lure' && seat === 1) ??
      legal.find((a) => a.type === 'SelectTarget' && seat === 1) ??
      legal.find((a) => a.type.startsWith('End')) ??
      legal[0];
    if (!next) throw new Error('stuck before the Melee Step');
    game.apply(seat, next);
  }
  return game;
}

describe("a joining seat's combat odds come from the host", () => {
  it("asks the host once per plays, shows the engine's answer for its seat, and changes nothing", () => {
    const game = meleeStep();
    const t = online(game, 'magic-realm');
    expect(t.session.state?.seat).toBe(1);
    const plays = ownPlays(game.view({ type: 'Seat', seat: 1 }), 1) as Plays;
    expect(plays).toBeDefined();
    const candidates = game
      .legalActions(1)
      .map((a) => withPlay(plays, a))
      .filter((p): p is Plays => p !== undefined);
    expect(candidates.length).toBeGreaterThan(3);
    const before = JSON.stringify(game.save());
    const drawn = t.draws();
    // While the host works them out, the screen is told they are coming.
    for (const p of [plays, ...candidates]) expect(() => t.session.game.playOdds(1, p)).toThrow(OddsPending);
    for (const p of candidates) expect(() => t.session.game.playOdds(1, p)).toThrow(OddsPending);
    expect(t.toHost.filter((m) => m.t === 'odds')).toHaveLength(candidates.length + 1);
    expect(t.session.game.oddsAnswers).toBe(0);
    t.flush();
    // One drawing when the last answer came.
    expect(t.draws()).toBe(drawn + 1);
    expect(t.session.game.oddsAnswers).toBe(candidates.length + 1);
    for (const p of [plays, ...candidates]) {
      expect(t.session.game.playOdds(1, p)).toEqual(JSON.parse(JSON.stringify(game.playOdds(1, p))));
    }
    expect(t.toHost.filter((m) => m.t === 'odds')).toHaveLength(candidates.length + 1);
    expect(JSON.stringify(game.save())).toBe(before);
    expect(t.session.status().error).toBeUndefined();
  });

  it('gets a refusal for plays the engine does not answer, without an error on screen', () => {
    const game = meleeStep();
    const t = online(game, 'magic-realm');
    const plays = ownPlays(game.view({ type: 'Seat', seat: 1 }), 1) as Plays;
    const bad = { ...plays, shield: 'Sideways' } as unknown as Plays;
    expect(() => t.session.game.playOdds(1, bad)).toThrow(OddsPending);
    t.flush();
    expect(() => t.session.game.playOdds(1, bad)).toThrow(/./);
    expect(() => t.session.game.playOdds(1, bad)).not.toThrow(OddsPending);
    expect(t.session.status().error).toBeUndefined();
  });

  it("asks again when the seat's view changed", () => {
    const game = meleeStep();
    const t = online(game, 'magic-realm');
    const plays = ownPlays(game.view({ type: 'Seat', seat: 1 }), 1) as Plays;
    expect(() => t.session.game.playOdds(1, plays)).toThrow(OddsPending);
    t.flush();
    expect(t.session.game.playOdds(1, plays).seat).toBe(1);
    const play = game.legalActions(1).find((a) => a.type === 'PlayAttack');
    expect(play).toBeDefined();
    t.session.game.apply(1, play);
    t.flush();
    expect(game.actionsApplied).toBeGreaterThan(0);
    expect(() => t.session.game.playOdds(1, plays)).toThrow(OddsPending);
    t.flush();
    expect(t.session.game.playOdds(1, plays)).toEqual(JSON.parse(JSON.stringify(game.playOdds(1, plays))));
  });
});

describe('a joining seat takes back its own last action through the host', () => {
  it('only its own, and only as the engine allows; the host sends the state again', () => {
    const game = new BiddingRace({ players: 2, goal: 12, maxRounds: 8 }, '5');
    const t = online(game, 'bidding-race');
    const g = t.session.game;
    expect(g.undoRefusal()).toBe('Nothing to take back.');
    const bid = game.legalActions(1)[0];
    g.apply(1, bid);
    t.flush();
    expect(game.actionsApplied).toBe(1);
    expect(g.undoRefusal()).toBeUndefined();
    expect(g.lastActor).toBe(1);
    g.undo();
    t.flush();
    expect(game.actionsApplied).toBe(0);
    expect(g.actionsApplied).toBe(0);
    expect(g.legalActions(1)).toEqual(game.legalActions(1));
    expect(g.undoRefusal()).toBe('Nothing to take back.');
    expect(t.session.status().error).toBeUndefined();
    // The host's seat bids: that action is not the joiner's to take back.
    game.apply(0, game.legalActions(0)[0]);
    t.core.changed([]);
    t.flush();
    expect(g.undoRefusal()).toBe('The last action was not yours.');
    expect(g.lastActor).toBeUndefined();
    g.undo();
    t.flush();
    expect(t.session.status().error?.code).toBe('not_your_action');
    expect(game.actionsApplied).toBe(1);
    // The joiner's bid ends the round and reveals the bids: the engine refuses.
    g.apply(1, bid);
    t.flush();
    expect(game.actionsApplied).toBe(2);
    expect(g.undoRefusal()).toBe(game.undoRefusal());
    g.undo();
    t.flush();
    expect(t.session.status().error).toMatchObject({ code: 'rule', rule: 'undo_refused' });
    expect(game.actionsApplied).toBe(2);
  });
});
