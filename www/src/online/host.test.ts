// The host's checks on what joiners send, without a network: every refused message gets
// a typed error back and changes nothing; a seat gets only its own view and actions.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BiddingRace, initSync, MagicRealm } from '../../../pkg/tabletop_rules.js';
import { HostCore, type HostedEngine, type OnlineMeta } from './host';
import { type FromHost, MAX_JOINER_MESSAGE, PROTOCOL, type State, type WireError } from './protocol';

beforeAll(() => {
  initSync({ module: readFileSync(new URL('../../../pkg/tabletop_rules_bg.wasm', import.meta.url)) });
});

function table(game: HostedEngine, seats: OnlineMeta['seats']) {
  const sent: { to: string; msg: FromHost }[] = [];
  let saves = 0;
  const meta: OnlineMeta = { room: 'ABCDEF', seats };
  const core = new HostCore(
    game,
    'bidding-race',
    'test',
    meta,
    (s) => `Seat ${s + 1}`,
    (to, msg) => sent.push({ to, msg }),
    () => {
      saves++;
    },
  );
  const last = (to: string) => [...sent].reverse().find((m) => m.to === to)?.msg;
  const lastOf = <T extends FromHost['t']>(to: string, t: T) =>
    [...sent].reverse().find((m) => m.to === to && m.msg.t === t)?.msg as Extract<FromHost, { t: T }> | undefined;
  return { core, sent, meta, last, lastOf, saves: () => saves };
}

const hello = (seat: number | null, token?: string) => JSON.stringify({ t: 'hello', v: PROTOCOL, seat, token });
const act = (n: number, seat: number, action: unknown) => JSON.stringify({ t: 'act', n, seat, action });

describe('the host reads joiners through the engine', () => {
  it('gives a remote seat its token, its view and its actions, never the seed', () => {
    const game = new BiddingRace({ players: 2, goal: 12, maxRounds: 8 }, '987654321987654321');
    const t = table(game, [{ where: 'host' }, { where: 'remote' }]);
    t.core.opened('a');
    expect(t.last('a')?.t).toBe('lobby');
    t.core.received('a', hello(1));
    const welcome = t.lastOf('a', 'welcome');
    expect(welcome?.seat).toBe(1);
    expect(welcome?.token).toMatch(/^[0-9a-f]{32}$/);
    expect(t.meta.seats[1].token).toBe(welcome?.token);
    const state = t.lastOf('a', 'state') as State;
    expect(state.seat).toBe(1);
    expect(state.legal).toEqual(game.legalActions(1));
    expect(state.view).toEqual(game.view({ type: 'Seat', seat: 1 }));
    for (const m of t.sent) expect(JSON.stringify(m.msg)).not.toContain('987654321987654321');
  });

  it('refuses malformed, oversized, wrong-seat, replayed and illegal messages, changing nothing', () => {
    const game = new BiddingRace({ players: 2, goal: 12, maxRounds: 8 }, '5');
    const t = table(game, [{ where: 'host' }, { where: 'remote' }]);
    t.core.opened('a');
    t.core.received('a', act(1, 1, game.legalActions(1)[0]));
    expect((t.last('a') as WireError).code).toBe('no_seat');
    t.core.received('a', hello(1));
    const refused = (data: unknown, code: string) => {
      t.core.received('a', data);
      const e = t.last('a') as WireError;
      expect(e.t).toBe('error');
      expect(e.code).toBe(code);
      expect(game.actionsApplied).toBe(0);
    };
    refused('{not json', 'malformed');
    refused(42, 'malformed');
    refused(new Uint8Array([1, 2, 3]), 'malformed');
    refused(JSON.stringify({ t: 'act', n: 1, seat: 1 }), 'malformed');
    refused(JSON.stringify({ t: 'act', n: 1, seat: 1, action: {}, extra: 1 }), 'malformed');
    refused(JSON.stringify({ t: 'teleport' }), 'malformed');
    refused('x'.repeat(MAX_JOINER_MESSAGE + 1), 'oversized');
    refused(act(2, 0, game.legalActions(0)[0]), 'not_your_seat');
    refused(act(3, 1, { type: 'Bid', amount: 99 }), 'rule');
    expect((t.last('a') as WireError).rule).toBeTruthy();
    refused(act(4, 1, 'Roll'), 'malformed');
    refused(act(5, 1, { type: 'Teleport' }), 'rule');
    expect((t.last('a') as WireError).rule).toBe('malformed_action');
    // A good action, then the same message again.
    const bid = game.legalActions(1)[0];
    t.core.received('a', act(6, 1, bid));
    expect(game.actionsApplied).toBe(1);
    expect(t.saves()).toBeGreaterThan(0);
    t.core.received('a', act(6, 1, bid));
    expect((t.last('a') as WireError).code).toBe('replayed');
    expect(game.actionsApplied).toBe(1);
    // The seat has bid: another bid is out of turn, refused by the engine.
    t.core.received('a', act(7, 1, bid));
    const e = t.last('a') as WireError;
    expect(e.code).toBe('rule');
    expect(game.actionsApplied).toBe(1);
  });

  it('keeps a taken seat for the token that took it, and no one takes the host seats', () => {
    const game = new BiddingRace({ players: 3, goal: 12, maxRounds: 8 }, '5');
    const t = table(game, [{ where: 'host' }, { where: 'remote' }, { where: 'remote' }]);
    t.core.opened('a');
    t.core.received('a', hello(1));
    const token = t.lastOf('a', 'welcome')?.token;
    t.core.opened('b');
    t.core.received('b', hello(0));
    expect((t.last('b') as WireError).code).toBe('no_seat');
    t.core.received('b', hello(1));
    expect((t.last('b') as WireError).code).toBe('seat_taken');
    t.core.received('b', hello(1, 'f'.repeat(32)));
    expect((t.last('b') as WireError).code).toBe('bad_token');
    // The same device after a reload: its token brings it back to its seat.
    t.core.closed('a');
    t.core.opened('c');
    t.core.received('c', hello(1, token));
    expect(t.lastOf('c', 'welcome')?.seat).toBe(1);
    // A third connection with the token takes the seat over; the second is told.
    t.core.opened('d');
    t.core.received('d', hello(1, token));
    expect(t.lastOf('d', 'welcome')?.seat).toBe(1);
    expect(t.lastOf('c', 'error')?.code).toBe('seat_taken');
    t.core.closed('d');
    t.core.received('c', hello(1, token));
    expect(t.core.seats()[1]).toMatchObject({ taken: true, connected: true });
    t.core.received('c', hello(2));
    expect(t.lastOf('c', 'error')?.code).toBe('malformed');
    expect(t.core.seats()[1]).toMatchObject({ taken: true, connected: true });
    // Watching: the public view, no actions.
    t.core.received('b', hello(null));
    const watch = t.lastOf('b', 'state') as State;
    expect(watch.seat).toBeNull();
    expect(watch.legal).toEqual([]);
    t.core.received('b', act(1, 2, game.legalActions(2)[0]));
    expect((t.last('b') as WireError).code).toBe('no_seat');
    expect(game.actionsApplied).toBe(0);
  });

  it('sends the log whole on connecting, then only the new entries, and whole again after an undo', () => {
    const game = new BiddingRace({ players: 2, goal: 12, maxRounds: 8 }, '5');
    const t = table(game, [{ where: 'host' }, { where: 'remote' }]);
    t.core.opened('a');
    t.core.received('a', hello(1));
    const first = t.lastOf('a', 'state') as State;
    expect(first.logFrom).toBe(0);
    let log = first.log;
    const step = (f: () => void) => {
      f();
      t.core.changed([]);
      const s = t.lastOf('a', 'state') as State;
      log = s.logFrom === 0 ? s.log : [...log.slice(0, s.logFrom), ...s.log];
      expect(log).toEqual(game.log({ type: 'Seat', seat: 1 }));
      return s;
    };
    let deltas = 0;
    for (let i = 0; i < 6; i++) {
      const toAct = game.toAct();
      if (toAct.type !== 'Seats') break;
      const seat = toAct.seats[0];
      const s = step(() => game.apply(seat, game.legalActions(seat)[1] ?? game.legalActions(seat)[0]));
      if (s.logFrom > 0) deltas++;
    }
    expect(deltas).toBeGreaterThan(0);
    // Taking back an action that logged something: the seat gets its whole log again.
    const before = game.log({ type: 'Seat', seat: 1 }).length;
    if (game.undoRefusal() === undefined) {
      const s = step(() => game.undo());
      if (game.log({ type: 'Seat', seat: 1 }).length < before) expect(s.logFrom).toBe(0);
    }
  });

  it("sends a Magic Realm seat only its own secrets, never another seat's", () => {
    const game = new MagicRealm({ seats: [{ character: 'amazon' }, { character: 'black-knight' }] }, '31');
    const t = table(game, [{ where: 'host' }, { where: 'remote' }]);
    t.core.opened('a');
    t.core.received('a', hello(1));
    const state = t.lastOf('a', 'state') as State;
    const own = (state.view as { own: { seat?: number }[] }).own;
    expect(state.view).toEqual(game.view({ type: 'Seat', seat: 1 }));
    expect(JSON.stringify(own)).toBe(JSON.stringify(game.view({ type: 'Seat', seat: 1 }).own));
    expect(state.log).toEqual(game.log({ type: 'Seat', seat: 1 }));
  });

  it('reads odds and undo messages exactly, and refuses them from a spectator or for another seat', () => {
    const game = new MagicRealm({ seats: [{ character: 'amazon' }, { character: 'black-knight' }] }, '31');
    const t = table(game, [{ where: 'host' }, { where: 'remote' }]);
    const plays = { placed: [], done: false };
    const odds = (n: number, seat: number, p: unknown = plays) => JSON.stringify({ t: 'odds', n, seat, plays: p });
    const undo = (n: number, seat: number) => JSON.stringify({ t: 'undo', n, seat });
    t.core.opened('a');
    t.core.received('a', odds(1, 1));
    expect((t.last('a') as WireError).code).toBe('no_seat');
    t.core.received('a', hello(1));
    const before = JSON.stringify(game.save());
    const refused = (data: unknown, code: string) => {
      t.core.received('a', data);
      const e = t.last('a') as WireError;
      expect(e.t).toBe('error');
      expect(e.code).toBe(code);
      expect(JSON.stringify(game.save())).toBe(before);
      return e;
    };
    refused(JSON.stringify({ t: 'odds', n: 2, seat: 1 }), 'malformed');
    refused(JSON.stringify({ t: 'odds', n: 2, seat: 1, plays, extra: 1 }), 'malformed');
    refused(odds(2, 1, []), 'malformed');
    refused(odds(2, 1, null), 'malformed');
    refused(odds(0, 1), 'malformed');
    refused(odds(2, -1), 'malformed');
    refused(JSON.stringify({ t: 'undo', n: 2, seat: 1, action: {} }), 'malformed');
    refused(JSON.stringify({ t: 'undo', n: 'x', seat: 1 }), 'malformed');
    refused(JSON.stringify({ t: 'undo', n: 2 }), 'malformed');
    refused(odds(3, 0), 'not_your_seat');
    refused(undo(4, 0), 'not_your_seat');
    refused(odds(4, 1), 'replayed');
    // Not in a Melee Step: the engine's refusal, with its code.
    expect(refused(odds(5, 1), 'rule').rule).toBeTruthy();
    expect(refused(odds(6, 1, { shield: 'Sideways', placed: [], done: false }), 'rule').rule).toBe('malformed_action');
    // Nothing was done yet: nothing to take back.
    expect(refused(undo(7, 1), 'not_your_action').n).toBe(7);
    // The host's seat acts: its action is not the joiner's to take back.
    game.apply(0, game.legalActions(0)[0]);
    t.core.changed([]);
    expect((t.lastOf('a', 'state') as State).undo).toBe('The last action was not yours.');
    const after = JSON.stringify(game.save());
    t.core.received('a', undo(8, 1));
    expect((t.last('a') as WireError).code).toBe('not_your_action');
    expect(JSON.stringify(game.save())).toBe(after);
    // A spectator asks for no odds and takes back nothing.
    t.core.opened('b');
    t.core.received('b', hello(null));
    expect((t.lastOf('b', 'state') as State).undo).toBeTruthy();
    t.core.received('b', odds(1, 1));
    expect((t.last('b') as WireError).code).toBe('no_seat');
    t.core.received('b', undo(2, 1));
    expect((t.last('b') as WireError).code).toBe('no_seat');
    expect(JSON.stringify(game.save())).toBe(after);
  });

  it('has no odds to give in a game without combat', () => {
    const game = new BiddingRace({ players: 2, goal: 12, maxRounds: 8 }, '5');
    const t = table(game, [{ where: 'host' }, { where: 'remote' }]);
    t.core.opened('a');
    t.core.received('a', hello(1));
    t.core.received('a', JSON.stringify({ t: 'odds', n: 1, seat: 1, plays: { placed: [], done: false } }));
    expect(t.last('a')).toMatchObject({ t: 'error', code: 'malformed', n: 1 });
  });
});
