// Online play between devices: a PeerJS signaling server (the `peer` package) on 127.0.0.1
// at a free port, and each device a page of the one headless browser on an origin of its
// own (so each keeps its own storage: saves, seat tokens). Magic Realm between three devices
// (the host plays one seat, two seats join) through setup and a whole day, with a joiner
// reloading in Birdsong and the host reloading in Daylight; no message a joiner received
// holds another seat's secret or the seed. A joining seat's Melee Section with the odds the
// host works out. Hand of Doom between two devices, with bad input over the wire refused,
// and the time from an action at one device to the view at another. Bidding Race with a
// spectator, and a joiner taking back its own bid. Screenshots: target/e2e/online-*.png.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import engine from '../../js-tests/load.mjs';
import { serve } from '../../scripts/serve.mjs';
import { newPage, open, shot } from './browser.mjs';

const { MagicRealm } = engine;
const dist = new URL('../dist/', import.meta.url).pathname;

let browser;
let context;
/** Three origins of the same app: three devices. */
const origins = [];
const servers = [];
let query;
let signaling;

before(async () => {
  browser = await open();
  context = browser.context;
  origins.push(browser.base);
  for (let i = 0; i < 2; i++) {
    const s = await serve(dist, 0);
    servers.push(s);
    origins.push(`http://127.0.0.1:${s.address().port}/`);
  }
  // The signaling server in a process of its own (its timers would keep this one alive).
  signaling = spawn(process.execPath, [new URL('../../scripts/signal.mjs', import.meta.url).pathname, '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(signaling.stdout, 'data');
  const port = /:(\d+)\//.exec(String(line))?.[1];
  assert.ok(port, 'the signaling server said its port');
  query = `signal=${encodeURIComponent(`http://127.0.0.1:${port}/`)}&ice=none`;
  // Joiners keep what they receive, for the privacy checks (and accept raw sends).
  await context.addInitScript(() => localStorage.setItem('ttr:wiretap', '1'));
});

after(async () => {
  signaling?.kill();
  for (const s of servers) s.close();
  await browser?.close();
});

const stepLine = (page) => page.locator('#step-line').textContent();
const actionsAt = async (page) => Number(await page.locator('.game').getAttribute('data-actions'));
/** How many legal actions the device's seat has (its Actions tab says). */
const legalCount = (page) =>
  page.evaluate(() => {
    const tab = [...document.querySelectorAll('[role=tab]')].find((t) => /^Actions \(\d+\)$/.test(t.textContent ?? ''));
    return Number(/\((\d+)\)/.exec(tab?.textContent ?? '')?.[1] ?? 0);
  });
/** Notes when the page first shows each action count (for the time from an action at one
 * device to the view at another: the devices share this machine's clock). */
const watchActions = (page) =>
  page.evaluate(() => {
    const seen = {};
    globalThis.seenAt = seen;
    new MutationObserver(() => {
      const n = document.querySelector('.game')?.getAttribute('data-actions');
      if (n && !(n in seen)) seen[n] = Date.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-actions'] });
  });
const seenAt = (page, n) => page.evaluate((k) => globalThis.seenAt[k], n);
/** Clicks a button of the panel by its text, in the page; returns the time of the click. */
const clickAt = (page, text) =>
  page.evaluate((t) => {
    const b = [...document.querySelectorAll('aside.panel button')].find((x) => (x.textContent ?? '').trim() === t);
    const at = Date.now();
    b?.click();
    return b ? at : null;
  }, text);

/** Every device shows the game after `n` actions. */
async function synced(pages, n) {
  for (const p of pages) await p.locator(`.game[data-actions="${n}"]`).waitFor({ timeout: 20000 });
}

async function hostGame(page, url, remoteSeats) {
  await page.goto(url);
  for (const s of remoteSeats) await page.getByLabel(`Seat ${s + 1} joins from another device`).check();
  await page.getByRole('button', { name: 'Host online' }).click();
  await page.locator('.online-net[data-net="open"]').waitFor();
  return (await page.locator('#room-code').textContent()) ?? '';
}

async function join(page, origin, room, seatName) {
  await page.goto(`${origin}?join=${room}&${query}`);
  await page.getByRole('button', { name: `Take ${seatName}` }).click();
  await page.locator('.game').waitFor();
}

// Daylight and the Evening as the tests play them (as in magic_realm.test.mjs).
const passing =
  /^(Lure no more|Charge nobody|No \(more\) encounter actions|Attack nobody this round|My plays are made|Done trading and rearranging)$/;

/** The device's seat makes one step: Confirm, Proceed, a pass in combat, or the first action
 * (clicked in the page: the board's hundreds of labelled clearings make role queries slow). */
async function mrStep(page) {
  const clicked = await page.evaluate((pass) => {
    const buttons = [...document.querySelectorAll('aside.panel button')].filter((b) => !b.disabled);
    const text = (b) => (b.textContent ?? '').trim();
    const passing = new RegExp(pass);
    const b =
      buttons.find((b) => text(b) === 'Confirm my secret choices') ??
      buttons.find((b) => text(b) === 'Proceed') ??
      buttons.find((b) => passing.test(text(b)));
    if (b) {
      b.click();
      return true;
    }
    const sub = document.querySelector('.actions details.sub');
    const first = sub ? sub.querySelector('button') : document.querySelector('.actions fieldset button');
    first?.click();
    return first !== null;
  }, passing.source);
  assert.ok(clicked, 'a step was offered');
}

/** Plays until `done()`: each time the first device with something to do makes a step, and
 * every device waits for the host's answer. */
async function playUntil(pages, done, step, limit) {
  const [host] = pages;
  for (let i = 0; i < limit; i++) {
    if (await done()) return;
    const n = await actionsAt(host);
    let acted = false;
    for (const p of pages) {
      if ((await legalCount(p)) > 0) {
        await step(p);
        acted = true;
        break;
      }
    }
    assert.ok(acted, 'some device has an action');
    await synced(pages, n + 1);
  }
  throw new Error('the game did not get there');
}

/** Secrets a seat holds in a view: its own sheet's secret parts, as JSON. */
const secretsOf = (view) => view.own.map((o) => JSON.stringify(o.secret));

test('Magic Realm between three devices: setup and a day, a joiner and the host reload, secrets stay', async () => {
  const devices = await Promise.all([0, 1, 2].map(() => newPage(context, { width: 1280, height: 860 })));
  const [host, j1, j2] = devices.map((d) => d.page);
  const pages = [host, j1, j2];
  const seed = '90817263545463728';
  const room = await hostGame(
    host,
    `${origins[0]}?game=magic-realm&players=3&characters=amazon,swordsman,dwarf&seed=${seed}&${query}`,
    [1, 2],
  );
  assert.match(room, /^[A-Z0-9]{6}$/);
  await host.getByText('Join link and QR code').click();
  assert.match(await host.getByLabel('Join link').inputValue(), new RegExp(`\\?join=${room}&signal=`));
  await host.locator('img.qr').waitFor();
  await shot(host, 'online-1-host');
  await join(j1, origins[1], room, 'Seat 2 (Swordsman)');
  await join(j2, origins[2], room, 'Seat 3 (Dwarf)');
  await host.locator('.presence li[data-seat="2"][data-connected="true"]').waitFor();
  await shot(j1, 'online-2-joined');

  // Setup: each device makes its seat's choices, only its own.
  const allAt = (re) => async () => {
    for (const p of pages) if (!re.test((await stepLine(p)) ?? '')) return false;
    return true;
  };
  await playUntil(pages, allAt(/Day 1 of \d+ · Birdsong/), mrStep, 60);
  await j1.getByRole('tab', { name: 'Sheet' }).click();
  assert.match(await j1.locator('.sheet').textContent(), /Swordsman/);
  assert.doesNotMatch(await j1.locator('.sheet').textContent(), /Amazon|Dwarf/, 'a joiner sees its own sheet only');
  await j1.getByRole('tab', { name: /Actions/ }).click();

  // Birdsong, recorded by every seat at once: seat 2 first; the others are still deciding.
  const record = async (p) => {
    const n = await actionsAt(host);
    await p.getByRole('button', { name: 'Record: Hide' }).click();
    await synced(pages, n + 1);
    await p.getByRole('button', { name: 'Finish recording' }).click();
    await synced(pages, n + 2);
  };
  await record(j1);
  await host.locator('#still-deciding').waitFor();
  const deciding = await host.locator('#still-deciding').textContent();
  assert.match(deciding, /Amazon/);
  assert.match(deciding, /Dwarf/);
  assert.doesNotMatch(deciding, /Swordsman/);
  await j1.locator('details.chat summary').click();
  await j1.getByRole('button', { name: 'Ready' }).click();
  await host.locator('.chat-lines', { hasText: 'Swordsman): Ready' }).waitFor();
  await shot(host, 'online-3-birdsong-deciding');

  // Seat 3's device reloads in the middle of Birdsong: it comes back to its seat.
  const wires = { 1: [], 2: [] };
  wires[2].push(...(await j2.evaluate(() => globalThis.ttrWire ?? [])));
  await j2.reload();
  await j2.locator('.game').waitFor();
  assert.match(await stepLine(j2), /Day 1 of \d+ · Birdsong/);
  await host.locator('.presence li[data-seat="2"][data-connected="true"]').waitFor();
  await record(j2);
  // The host's record: the time until the joiners' screens show it.
  await watchActions(j1);
  await watchActions(j2);
  const n = await actionsAt(host);
  const t0 = await clickAt(host, 'Record: Hide');
  assert.ok(t0);
  await synced(pages, n + 1);
  const mrLatency = [(await seenAt(j1, n + 1)) - t0, (await seenAt(j2, n + 1)) - t0];
  console.log(`online latency, Magic Realm (host action -> joiners' views), ms: ${mrLatency.join(', ')}`);
  await host.getByRole('button', { name: 'Finish recording' }).click();
  await synced(pages, n + 2);

  // Daylight: a few turns, then the host reloads; the game resumes from its autosave and
  // the joiners reconnect by themselves.
  const inDaylight = allAt(/Day 1 of \d+ · Daylight/);
  await playUntil(pages, inDaylight, mrStep, 10);
  const before = await actionsAt(host);
  await playUntil(pages, async () => (await actionsAt(host)) >= before + 2, mrStep, 5);
  const hostUrl = host.url();
  assert.match(hostUrl, /\?host=/);
  const at = await actionsAt(host);
  await host.reload();
  await host.locator('.online-net[data-net="open"]').waitFor();
  assert.equal(await actionsAt(host), at, 'the host resumed where it was');
  for (const s of [1, 2]) await host.locator(`.presence li[data-seat="${s}"][data-connected="true"]`).waitFor();
  await shot(host, 'online-4-host-reloaded');
  // A joining seat in an Evening combat sees its odds, worked out at the host, before it
  // makes its plays.
  const odds = [];
  const stepWithOdds = async (p) => {
    if (p !== host && (await p.locator('section.melee').count()) > 0) {
      await p.locator('#odds-now', { hasText: /^With the plays made: / }).waitFor({ timeout: 20000 });
      odds.push(await p.locator('#odds-now').textContent());
      if (odds.length === 1) await shot(p, 'online-5-joiner-odds-day');
    }
    await mrStep(p);
  };
  await playUntil(pages, allAt(/Day 2 of \d+/), stepWithOdds, 120);
  console.log(
    `odds a joining seat saw: ${odds.length ? odds.join(' | ') : 'none (no joining seat was in a Melee Step)'}`,
  );
  await shot(j2, 'online-5-day-2');
  const log = await (async () => {
    await j1.getByRole('tab', { name: 'Log' }).click();
    return j1.locator('#log').textContent();
  })();
  assert.match(log, /8\.9/, 'Midnight came');

  // What each joiner received: only its own view, log and actions, never the seed.
  wires[1].push(...(await j1.evaluate(() => globalThis.ttrWire ?? [])));
  wires[2].push(...(await j2.evaluate(() => globalThis.ttrWire ?? [])));
  const saveId = new URL(host.url()).searchParams.get('host');
  const saved = JSON.parse(await host.evaluate((id) => localStorage.getItem(`ttr:save:${id}`), saveId)).save;
  assert.equal(saved.seed, seed);
  // The stored save is compact; its readable form lists the actions to replay a prefix of.
  const readable = MagicRealm.load(saved).saveReadable();
  const views = new Map();
  const at_ = (k) => {
    if (!views.has(k)) {
      const g = MagicRealm.load({
        ...readable,
        actions: readable.actions.slice(0, k),
        actionCount: undefined,
        stateDigest: undefined,
      });
      views.set(
        k,
        // As JSON carries them (no undefined fields).
        JSON.parse(
          JSON.stringify(
            [0, 1, 2].map((seat) => ({
              view: g.view({ type: 'Seat', seat }),
              legal: g.legalActions(seat),
              log: g.log({ type: 'Seat', seat }),
            })),
          ),
        ),
      );
      g.free();
    }
    return views.get(k);
  };
  let states = 0;
  let largest = 0;
  for (const seat of [1, 2]) {
    assert.ok(wires[seat].length > 10, 'the joiner received messages');
    let log = [];
    for (const raw of wires[seat]) {
      largest = Math.max(largest, raw.length);
      assert.ok(!raw.includes(seed), 'no message holds the seed');
      const m = JSON.parse(raw);
      assert.ok(!('seed' in m) && !('save' in m));
      if (m.t !== 'state') continue;
      states++;
      const mine = at_(m.actions);
      assert.equal(m.seat, seat);
      assert.deepEqual(m.view, mine[seat].view, "a seat's state is its own view");
      assert.deepEqual(m.legal, mine[seat].legal);
      // The log comes whole on connecting, then as the entries after those the seat has.
      if (m.logFrom === 0) log = m.log;
      else {
        assert.equal(m.logFrom, log.length);
        log = [...log, ...m.log];
      }
      assert.deepEqual(log, mine[seat].log, "a seat's log is its own slice");
      const own = new Set(secretsOf(mine[seat].view));
      for (const other of [0, 1, 2].filter((s) => s !== seat)) {
        for (const secret of secretsOf(mine[other].view)) {
          if (own.has(secret)) continue; // the same (empty) secrets as this seat's own
          assert.ok(!raw.includes(secret), `seat ${seat + 1} never receives seat ${other + 1}'s secrets`);
        }
      }
    }
  }
  assert.ok(states > 20);
  console.log(`largest message a joiner received: ${largest} characters`);
  for (const d of devices) assert.deepEqual(d.problems, []);
  for (const p of pages) await p.close();
});

test("a joining seat's combat odds, worked out at the host, show on its Melee Section", async () => {
  // The host resumes an online game saved from a scenario: the Swordsman (seat 2, joining)
  // meets an L4 Wolf in Oak Woods 2 at Sunset; the Amazon (seat 1, at the host) is elsewhere.
  const here = { tile: 'oak_woods', clearing: 2 };
  const game = MagicRealm.fromScenario(
    {
      seats: [
        { character: 'amazon', at: { tile: 'maple_woods', clearing: 5 } },
        { character: 'swordsman', at: here, belongings: [{ piece: { kind: 'weapon', id: 'thrusting-sword', n: 0 } }] },
      ],
      pieces: [{ piece: { kind: 'monster', id: 'wolf-l4', n: 0 }, place: { place: 'clearing', at: here } }],
      at: 'sunset',
    },
    '5',
  );
  const save = game.save();
  game.free();
  const devices = await Promise.all([0, 1].map(() => newPage(context, { width: 1280, height: 860 })));
  const [host, joiner] = devices.map((d) => d.page);
  const room = 'KDDS42';
  await host.goto(`${origins[0]}?${query}`);
  await host.evaluate(
    ([save, room]) => {
      const meta = { id: 'odds', game: 'magic-realm', title: 'odds', created: 1, updated: 1, actions: 0 };
      localStorage.setItem('ttr:save:odds', JSON.stringify({ ...meta, save }));
      localStorage.setItem('ttr:index', JSON.stringify([meta]));
      localStorage.setItem(
        'ttr:online:odds',
        JSON.stringify({ room, seats: [{ where: 'host' }, { where: 'remote' }] }),
      );
    },
    [save, room],
  );
  await host.goto(`${origins[0]}?host=odds&${query}`);
  await host.locator('.online-net[data-net="open"]').waitFor();
  await join(joiner, origins[1], room, 'Seat 2 (Swordsman)');
  // The Encounter Step at the joiner (the host's seat passes where it is asked): lure the
  // wolf, pass, and attack it.
  const melee = joiner.getByRole('region', { name: 'Melee section' });
  for (let i = 0; i < 12 && (await melee.count()) === 0; i++) {
    const n = await actionsAt(host);
    if ((await legalCount(joiner)) === 0) await mrStep(host);
    else {
      const named = async (re) => {
        const b = joiner.getByRole('button', { name: re });
        if ((await b.count()) === 0) return false;
        await b.first().click();
        return true;
      };
      (await named(/^Lure Wolf #1 onto my sheet$/)) ||
        (await named(/^Attack Wolf #1$/)) ||
        (await named(/^(Lure no more|Charge nobody|No \(more\) encounter actions)$/));
    }
    await synced([host, joiner], n + 1);
  }
  await melee.waitFor();
  const n = await actionsAt(host);
  await joiner.locator('#odds-now', { hasText: /^With the plays made: / }).waitFor();
  assert.ok((await melee.locator('.play-odds').count()) > 3, 'the offers show their odds');
  await shot(joiner, 'online-9-joiner-odds');
  // Asking changed nothing at the host.
  assert.equal(await actionsAt(host), n);
  // A play made: the odds of the plays made so far come again.
  await melee.locator('.play-option').first().click();
  await synced([host, joiner], n + 1);
  await joiner.locator('#odds-now', { hasText: /^With the plays made: / }).waitFor();
  for (const d of devices) assert.deepEqual(d.problems, []);
  for (const p of [host, joiner]) await p.close();
});

test('Hand of Doom between two devices: both reload, bad input over the wire is refused, latency measured', async () => {
  const devices = await Promise.all([0, 1].map(() => newPage(context, { width: 1280, height: 860 })));
  const [host, joiner] = devices.map((d) => d.page);
  const room = await hostGame(host, `${origins[0]}?game=hand-of-doom&players=2&seed=21&${query}`, [1]);
  await joiner.goto(`${origins[1]}?join=${room}&${query}`);
  await joiner.getByRole('button', { name: /^Take .*seat 2/ }).click();
  await joiner.locator('.game').waitFor();
  await shot(joiner, 'online-6-hod-joined');

  // The time from an action at one device to the view at the other (same machine clock).
  await watchActions(joiner);
  const latencies = [];
  const pages = [host, joiner];
  for (let i = 0; i < 8; i++) {
    const n = await actionsAt(host);
    let acted = null;
    for (const p of pages) {
      if ((await legalCount(p)) > 0) {
        acted = p;
        break;
      }
    }
    assert.ok(acted, 'a device has an action');
    const t0 = await acted.evaluate(() => {
      const t = Date.now();
      document.querySelector('.hod-actions button')?.click();
      return t;
    });
    await synced(pages, n + 1);
    if (acted === host) latencies.push((await seenAt(joiner, n + 1)) - t0);
  }
  assert.ok(latencies.length > 0, 'the host acted');
  latencies.sort((a, b) => a - b);
  console.log(`online latency, Hand of Doom (host action -> joiner view), ms: ${latencies.join(', ')}`);

  // The joiner reloads, then the host: the joiner is back at its seat, the host where it was.
  const wire = await joiner.evaluate(() => globalThis.ttrWire);
  const at = await actionsAt(host);
  await joiner.reload();
  await synced(pages, at);
  await host.reload();
  await host.locator('.presence li[data-seat="1"][data-connected="true"]').waitFor();
  await synced(pages, at);
  wire.push(...(await joiner.evaluate(() => globalThis.ttrWire)));
  for (const raw of wire) assert.ok(!raw.includes('"seed"') && !raw.includes('"save"'), 'no seed, no save');

  // Play on until the host's seat is to act and the joiner's is not.
  for (let i = 0; i < 12 && !((await legalCount(joiner)) === 0 && (await legalCount(host)) > 0); i++) {
    const n = await actionsAt(host);
    await ((await legalCount(joiner)) > 0 ? joiner : host).locator('.hod-actions button').first().click();
    await synced(pages, n + 1);
  }
  assert.equal(await legalCount(joiner), 0, "the joiner's seat is not to act");
  // An action the joiner's seat had when it was its turn.
  const stale = [...wire, ...(await joiner.evaluate(() => globalThis.ttrWire))]
    .map((w) => JSON.parse(w))
    .filter((m) => m.t === 'state' && m.legal.length > 0)
    .at(-1)?.legal[0];
  assert.ok(stale, 'the joiner had acted before');

  // Bad input over the wire: each is refused with a typed error, and nothing changes.
  // (A chat line first, so that this connection has sent message 1.)
  await joiner.locator('details.chat summary').click();
  await joiner.getByRole('button', { name: 'Ready' }).click();
  await host.locator('.chat-lines', { hasText: 'Ready' }).waitFor();
  const n = await actionsAt(host);
  const refused = async (data, code, rule) => {
    await joiner.evaluate((d) => globalThis.ttrSendRaw(d), data);
    await joiner.locator(`.online .error[data-code="${code}"]${rule ?? ''}`).waitFor();
    assert.equal(await actionsAt(host), n);
    assert.equal(await actionsAt(joiner), n);
  };
  await refused('{not json', 'malformed');
  await refused('x'.repeat(9000), 'oversized');
  await refused(JSON.stringify({ t: 'act', n: 100000, seat: 0, action: { type: 'Recover' } }), 'not_your_seat');
  await refused(JSON.stringify({ t: 'act', n: 1, seat: 1, action: { type: 'Recover' } }), 'replayed');
  await refused(
    JSON.stringify({ t: 'act', n: 100001, seat: 1, action: { type: 'Nonsense' } }),
    'rule',
    '[data-rule="malformed_action"]',
  );
  // Out of turn: the engine refuses it, and the joiner is told why.
  await refused(JSON.stringify({ t: 'act', n: 100002, seat: 1, action: stale }), 'rule', '[data-rule="not_your_turn"]');
  await shot(joiner, 'online-7-refused');
  for (const d of devices) assert.deepEqual(d.problems, []);
  for (const p of pages) await p.close();
});

test('Bidding Race between two devices: each bids at its own device, and a third watches', async () => {
  const devices = await Promise.all([0, 1, 2].map(() => newPage(context, { width: 1000, height: 800 })));
  const [host, joiner, watcher] = devices.map((d) => d.page);
  const room = await hostGame(host, `${origins[0]}?game=bidding-race&players=2&seed=3&${query}`, [1]);
  await joiner.goto(`${origins[1]}?join=${room}&${query}`);
  await joiner.getByRole('button', { name: 'Take Seat 2' }).click();
  await joiner.locator('fieldset[data-seat="1"] button').first().waitFor();
  assert.equal(await joiner.locator('fieldset[data-seat="0"]').count(), 0, "the host's seat is not played here");
  assert.equal(await host.locator('fieldset[data-seat="1"]').count(), 0, "the joiner's seat is not played there");
  assert.equal(await joiner.getByText('seed').count(), 0, 'the seed is not shown to a joiner');
  assert.match(await joiner.title(), /^Your turn · /, "the tab's title says the joiner is to act");
  await watcher.goto(`${origins[2]}?join=${room}&${query}`);
  await watcher.getByRole('button', { name: 'Watch' }).click();
  await watcher.getByText('Round 1 of 8').waitFor();
  await host.getByText('1 watching').waitFor();
  // The joiner bids, then takes its bid back at the host (its own last action); then bids again.
  const undo = joiner.getByRole('button', { name: 'Undo' });
  assert.equal(await undo.isDisabled(), true, 'nothing of its own to take back');
  await joiner.locator('fieldset[data-seat="1"] button').first().click();
  await joiner.locator('fieldset[data-seat="1"]').waitFor({ state: 'detached' });
  await host.locator('tbody tr', { hasText: 'recorded' }).waitFor();
  await undo.click();
  await joiner.locator('fieldset[data-seat="1"] button').first().waitFor();
  await host.locator('tbody tr', { hasText: 'recorded' }).waitFor({ state: 'detached' });
  assert.equal(await undo.isDisabled(), true);
  await joiner.locator('fieldset[data-seat="1"] button').first().click();
  await host.locator('tbody tr', { hasText: 'recorded' }).waitFor();
  // The host's seat bids last and the round ends.
  await host.locator('fieldset[data-seat="0"] button').first().click();
  for (const p of [host, joiner, watcher]) await p.getByText('Round 2 of 8').waitFor();
  // The host's seat acted last: the joiner may not take that back, and the host says so.
  assert.equal(await undo.isDisabled(), true);
  await joiner.evaluate(() => globalThis.ttrSendRaw(JSON.stringify({ t: 'undo', n: 1000, seat: 1 })));
  await joiner.locator('.online .error[data-code="not_your_action"]').waitFor();
  await joiner.getByText('Round 2 of 8').waitFor();
  assert.equal(await watcher.locator('fieldset').count(), 0, 'a spectator has no actions');
  await shot(joiner, 'online-8-bidding-race');
  for (const d of devices) assert.deepEqual(d.problems, []);
  for (const p of [host, joiner, watcher]) await p.close();
});
