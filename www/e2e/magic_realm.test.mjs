// Magic Realm in the browser, as a new user plays it: a two-player hotseat game on a fixed
// seed, setup completed through the UI (with the hand-over screen between the seats' secret
// choices), day 1 reached, saved, reloaded, continued, exported and imported; then the same
// game played on by clicks (each seat recording behind the privacy screen, Daylight, the
// Evening) until the seats meet monsters, a round of melee on the Melee Section, and save,
// reload, continue and import in the middle of that combat; the same start on a phone-size
// screen; an offline reload once the service worker is installed; the battle builder; and
// the later spells and TWT on screen (a phantasm, a Site card, unleashed chits).
// Screenshots: target/e2e/mr-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import engine from '../../js-tests/load.mjs';
import { newPage, open, shot } from './browser.mjs';

const { MagicRealm } = engine;

let browser;
let base;
let context;

before(async () => {
  browser = await open();
  ({ base, context } = browser);
});

after(async () => {
  await browser?.close();
});

const stepLine = (page) => page.locator('#step-line').textContent();

/** Clicks the first legal action on screen (opening its group when it is folded). */
async function firstAction(page) {
  const sub = page.locator('.actions details.sub').first();
  if (await sub.count()) {
    await sub.locator('summary').click();
    await sub.locator('button').first().click();
  } else {
    await page.locator('.actions fieldset button').first().click();
  }
}

/** Plays public setup steps by first actions until the hand-over screen comes. */
/** Waits for the board, passing a hand-over screen if one comes first (Birdsong is secret). */
async function onBoard(page) {
  await page.locator('svg.board, #handover-go').first().waitFor();
  if (await page.locator('#handover-go').count()) await page.locator('#handover-go').click();
  await page.locator('svg.board').waitFor();
}

async function untilHandover(page, limit = 40) {
  for (let i = 0; i < limit; i++) {
    if (await page.locator('#handover-go').count()) return;
    await firstAction(page);
  }
  throw new Error('no hand-over screen came');
}

/** One seat's secret choices: first choices, then Confirm. */
async function secretChoices(page) {
  for (let i = 0; i < 30; i++) {
    const confirm = page.getByRole('button', { name: 'Confirm my secret choices' });
    if (await confirm.count()) {
      await confirm.click();
      return;
    }
    await firstAction(page);
  }
  throw new Error('no Confirm offered');
}

async function startTwoPlayers(page, goto = true) {
  if (goto) await page.goto(`${base}?game=magic-realm&players=2&seed=2026`);
  await page.getByRole('button', { name: 'Start' }).click();
  await onBoard(page);
}

test('two-player hotseat setup to day 1, save, reload, continue, export and import', async () => {
  const { page, problems } = await newPage(context, { width: 1280, height: 800 });
  await page.goto(base);
  await page.getByLabel('Seat 1 character').waitFor();
  await shot(page, 'mr-1-start');
  await startTwoPlayers(page);
  assert.match(await stepLine(page), /seat 1 chooses a character/);
  assert.equal(await page.locator('svg.board .tile').count(), 20, 'all 20 tiles are drawn');
  assert.ok((await page.locator('svg.board .clearing').count()) >= 90);
  assert.ok(
    (await page.locator('.clearing[aria-label="Borderland 4 (cave clearing)"]').count()) === 1,
    'clearings carry labels',
  );
  await page.locator('.char-choice details summary').first().click();
  await shot(page, 'mr-2-choose-character');
  await page.getByRole('button', { name: 'Play the Amazon' }).click();
  assert.match(await stepLine(page), /takes starting equipment/);
  // Take it back (nothing was revealed), then choose again.
  await page.getByRole('button', { name: 'Undo' }).click();
  assert.match(await stepLine(page), /seat 1 chooses a character/);
  await page.getByRole('button', { name: 'Play the Amazon' }).click();
  assert.match(await stepLine(page), /takes starting equipment/);

  await untilHandover(page);
  // The hand-over screen hides the game: no board, no sheet, no actions.
  assert.equal(await page.locator('svg.board').count(), 0);
  assert.match(await page.locator('h1').textContent(), /Pass the device to Seat 1 \(Amazon\)/);
  await shot(page, 'mr-3-handover-seat-1');
  await page.locator('#handover-go').click();
  assert.match(await stepLine(page), /secret choices/);
  await secretChoices(page);

  // Seat 1 confirmed; seat 2 must take the device before seeing anything.
  await page.locator('#handover-go').waitFor();
  assert.match(await page.locator('h1').textContent(), /Seat 2/);
  assert.equal(await page.getByText('Start: Inn').count(), 0, "seat 1's start is not on screen");
  await shot(page, 'mr-4-handover-seat-2');
  await page.locator('#handover-go').click();
  await page.getByRole('tab', { name: 'Sheet' }).click();
  const sheet = await page.locator('.sheet').textContent();
  assert.match(sheet, /Seat 2/);
  assert.doesNotMatch(sheet, /Seat 1 \(Amazon\)/, "seat 2's sheet shows seat 2 only");
  await page.getByRole('tab', { name: /Actions/ }).click();
  await secretChoices(page);

  // Setup is over: the Dwellings and characters are on the map, and day 1 has come; its
  // Birdsong is secret, so a hand-over screen comes first.
  await onBoard(page);
  await page.locator('#to-act').waitFor();
  assert.match(await stepLine(page), /Day 1 of 28 · Birdsong/);
  assert.match(await page.locator('#to-act').textContent(), /Game over|To act/);
  assert.ok((await page.locator('svg.board .pile').count()) >= 5, 'piles are drawn');
  await shot(page, 'mr-5-day-1');
  // Zoom with the wheel and the keyboard; pan with the arrows.
  const width = async () => Number((await page.locator('svg.board').getAttribute('viewBox')).split(' ')[2]);
  const before = await width();
  await page.locator('svg.board').hover();
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(
    (w) => Number(document.querySelector('svg.board').getAttribute('viewBox').split(' ')[2]) < w,
    before,
  );
  const viewBoxWidth = (w) => Number(document.querySelector('svg.board').getAttribute('viewBox').split(' ')[2]) === w;
  await page.locator('svg.board').focus();
  await page.keyboard.press('0');
  await page.waitForFunction(viewBoxWidth, before);
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(viewBoxWidth, before / 1.25);
  // The zoom stays while the page around the board changes.
  await page.getByRole('tab', { name: 'Sheet' }).click();
  await page.getByRole('tab', { name: /Actions/ }).click();
  assert.equal(await width(), before / 1.25);
  await page.locator('svg.board').focus();
  await page.keyboard.press('0');
  await page.locator('.pile[aria-label*="Amazon"]').first().click();
  await page.locator('.popover .pile-list').waitFor();
  assert.match(await page.locator('.popover').textContent(), /Amazon/);
  await shot(page, 'mr-6-pile');
  await page.locator('.popover .close').click();
  await page.getByRole('tab', { name: 'Chart' }).click();
  assert.match(await page.locator('.chart').textContent(), /Appearance Chart row 6|Row 6/);
  await shot(page, 'mr-6b-chart');
  await page.getByRole('tab', { name: 'Log' }).click();
  assert.match(await page.locator('#log').textContent(), /3\.6\.4/);
  await page.getByLabel('Filter the log by day').selectOption('0');
  await shot(page, 'mr-7-log');

  // Reload: the autosave is listed and continues at the same point.
  await page.reload();
  await page.getByRole('heading', { name: 'Saved games' }).waitFor();
  const saves = page.locator('.saves li');
  assert.equal(await saves.count(), 1);
  assert.match(await saves.first().textContent(), /Magic Realm · 2 players · seed 2026/);
  await shot(page, 'mr-8-saved-games');
  await saves.first().getByRole('button', { name: 'Continue' }).click();
  await onBoard(page);
  assert.match(await stepLine(page), /Day 1 of 28 · Birdsong/);

  // Export, then import the file: a second saved game, at the same point.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  const file = await download.path();
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(saved.game, 'magic-realm');
  assert.equal(saved.seed, '2026');
  await page.getByRole('button', { name: 'Share' }).click();
  assert.match(await page.locator('.popover input').inputValue(), /seed=2026/);
  await page.getByRole('button', { name: 'Back to the start screen' }).click();
  await page.locator('input[type=file]').setInputFiles(file);
  await onBoard(page);
  assert.match(await stepLine(page), /Day 1 of 28 · Birdsong/);
  await page.getByRole('button', { name: 'Back to the start screen' }).click();
  assert.equal(await page.locator('.saves li').count(), 2);

  // A broken file is refused with a reason; a broken stored save is kept and explained.
  await page.locator('input[type=file]').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"game":"magic-realm","seed":"1","actions":"nope"}'),
  });
  await page.getByText('cannot be loaded').first().waitFor();
  assert.equal(await page.locator('.saves li').count(), 3, 'the bad save is kept');
  await shot(page, 'mr-9-bad-import');

  // A save whose last action no longer replays (as after a rule fix) is kept, and can be
  // resumed, as a new saved game, at the last action that replays.
  const stale = { ...saved, actions: [...saved.actions, { seat: 0, action: { type: 'Proceed' } }] };
  await page.locator('input[type=file]').setInputFiles({
    name: 'stale.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(stale)),
  });
  const resume = page.getByRole('button', { name: `Resume at action ${saved.actions.length}` });
  await resume.waitFor();
  await resume.click();
  await onBoard(page);
  assert.match(await stepLine(page), /Day 1 of 28 · Birdsong/);
  await page.getByRole('button', { name: 'Back to the start screen' }).click();
  assert.equal(await page.locator('.saves li').count(), 5, 'the stale save is kept beside the resumed one');
  assert.match(await page.locator('.saves li').first().textContent(), /resumed at action/);
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});

// Daylight and the Evening as the tests play them: each turn's phase is done as recorded
// (Proceed); every step of a round of combat is let go by; any other choice is the first one.
const passing =
  /^(Lure no more|Charge nobody|No \(more\) encounter actions|Attack nobody this round|My plays are made|Done trading and rearranging)$/;

/** One click of Daylight or the Evening by that policy (or a hand-over). */
async function playStep(page) {
  await page.locator('#step-line, #handover-go').first().waitFor();
  if (await page.locator('#handover-go').count()) {
    await page.locator('#handover-go').click();
    return;
  }
  const proceed = page.getByRole('button', { name: 'Proceed', exact: true });
  const pass = page.getByRole('button', { name: passing });
  if (await proceed.count()) {
    await shot(page, 'mr-day-daylight');
    await proceed.click();
  } else if (await pass.count()) {
    await shot(page, 'mr-day-evening');
    await pass.first().click();
  } else {
    await firstAction(page);
  }
}

// The monsters' names, from the engine's catalog: a target button names its counter
// ("Attack Axe Goblin #2"), and the test attacks monsters, never natives or characters.
const monsterNames = MagicRealm.catalog().denizens.monsters.map((m) => m.name);
const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const attackMonster = new RegExp(`^Attack (${monsterNames.map(literal).join('|')})( #\\d+)?$`);

/** The days the walk may take before a monster must have come (seed 2026: day 2). */
const MONSTER_BY_DAY = 6;

/** One seat's Birdsong, the walk into the monsters: phase after phase, the last Move the
 * engine offers (never Hide), until no Move is offered; then Finish. */
async function recordMoves(page) {
  const moves = page.getByRole('button', { name: /^Record: Move to / });
  for (let i = 0; i < 12 && (await moves.count()); i++) await moves.last().click();
  await page.getByRole('button', { name: 'Finish recording' }).click();
}

/** The seat on screen makes its plays on the Melee Section: an attack in a circle, a
 * maneuver in a square, then whatever else the engine still asks for (placing the
 * denizens on his sheet, his shield), first offer first, until his plays can be made. */
async function meleePlays(page, seat) {
  const melee = page.getByRole('region', { name: 'Melee section' });
  await melee.waitFor();
  await melee.scrollIntoViewIfNeeded();
  await shot(page, `mr-melee-${seat}-1-before-plays`);
  const circle = melee.locator('fieldset.circle .play-option');
  assert.ok((await circle.count()) > 0, 'an attack is offered in the Attack circles');
  await circle.first().click();
  await melee.locator('fieldset.circle .played').first().waitFor();
  const square = melee.locator('fieldset.square .play-option');
  if (await square.count()) {
    await square.first().click();
    await melee.locator('fieldset.square .played').first().waitFor();
  }
  const made = page.getByRole('button', { name: 'My plays are made' });
  for (let i = 0; i < 12 && !(await made.count()); i++) await melee.locator('.play-option').first().click();
  await shot(page, `mr-melee-${seat}-2-plays`);
  await made.click();
}

test('a new user plays on: day 1 behind the privacy screen, Daylight, a monster combat on the Melee Section saved mid-combat, reloaded, continued, exported, imported and fought to its end', async () => {
  const { page, problems } = await newPage(context, { width: 1280, height: 800 });
  await startTwoPlayers(page);
  await untilHandover(page);
  await page.locator('#handover-go').click();
  await secretChoices(page);
  await page.locator('#handover-go').waitFor();
  await page.locator('#handover-go').click();
  await secretChoices(page);
  // Birdsong: each seat records a Hide in secret, the device passing between them.
  const recorded = [];
  for (let i = 0; i < 2; i++) {
    await page.locator('#handover-go').waitFor();
    assert.equal(await page.locator('svg.board').count(), 0, 'nothing shows before the seat takes the device');
    recorded.push((await page.locator('h1').textContent()) ?? '');
    await page.locator('#handover-go').click();
    assert.match(await stepLine(page), /Day 1 of 28 · Birdsong/);
    await page.getByRole('button', { name: 'Record: Hide' }).click();
    await page.getByRole('tab', { name: 'Sheet' }).click();
    assert.match(await page.locator('.sheet').textContent(), /Hide/, 'the seat sees its own record');
    await page.getByRole('tab', { name: /Actions/ }).click();
    await shot(page, `mr-day-record-${i + 1}`);
    await page.getByRole('button', { name: 'Finish recording' }).click();
  }
  assert.notEqual(recorded[0], recorded[1], 'both seats recorded, one after the other');
  // Daylight, then the Evening's rounds of combat pass, until day 2 begins.
  for (let i = 0; i < 80; i++) {
    await page.locator('#step-line, #handover-go').first().waitFor();
    if (!(await page.locator('#handover-go').count()) && /Day 2 of 28/.test((await stepLine(page)) ?? '')) break;
    await playStep(page);
  }
  await onBoard(page);
  assert.match(await stepLine(page), /Day 2 of 28 · Birdsong/);
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = await page.locator('#log').textContent();
  assert.match(log, /7\.1\.1/, 'the turns began in attention order');
  assert.match(log, /tries to hide/, 'the Hide rolls are logged');
  assert.match(log, /8\.9/, 'Midnight came');
  await shot(page, 'mr-day-2');
  await page.getByRole('tab', { name: /Actions/ }).click();

  // From day 2 the seats walk unhidden into the monsters: each records Moves only, and
  // Daylight and the Evening go on as above until a seat may attack a monster.
  let target;
  for (let i = 0; i < 600 && !target; i++) {
    await page.locator('#step-line, #handover-go').first().waitFor();
    if (await page.locator('#handover-go').count()) {
      await page.locator('#handover-go').click();
      continue;
    }
    const day = Number(/Day (\d+) of/.exec((await stepLine(page)) ?? '')?.[1]);
    assert.ok(
      !(day > MONSTER_BY_DAY),
      `no combat with a monster by day ${MONSTER_BY_DAY}: recording the last Move each phase no longer walks the seats into monsters on seed 2026 (node scripts/monster-seeds.mjs lists the day for other seeds)`,
    );
    const attack = page.getByRole('button', { name: attackMonster });
    if (await attack.count()) target = attack.first();
    else if (await page.getByRole('button', { name: 'Finish recording' }).count()) await recordMoves(page);
    else await playStep(page);
  }
  assert.ok(target, 'a monster combat was reached within the click bound');
  const day = (await stepLine(page)) ?? '';
  assert.match(day, /Evening/);
  await page.getByRole('tab', { name: 'Log' }).click();
  assert.match(
    await page.locator('#log').textContent(),
    /8\.1\.3Evening in [^:]+: combat between \d+ character\(s\), [1-9]\d* monster\(s\)/,
    'the Evening logged a combat with monsters',
  );
  await page.getByRole('tab', { name: /Actions/ }).click();
  await shot(page, 'mr-melee-0-targets');

  // The Melee Step: each seat picks a monster (or lets the step pass), then makes its plays
  // on its Melee Section behind the privacy screen; the last plays made, the round resolves.
  const seatsPlayed = [];
  for (let i = 0; i < 40; i++) {
    await page.locator('#step-line, #handover-go').first().waitFor();
    if (await page.locator('#handover-go').count()) {
      await page.locator('#handover-go').click();
      continue;
    }
    if (await page.getByText('The characters reveal their plays.').count()) break;
    const attack = page.getByRole('button', { name: attackMonster });
    if (await attack.count()) {
      await attack.first().click();
    } else if (await page.getByRole('region', { name: 'Melee section' }).count()) {
      const seat = /^Seat (\d)/.exec((await page.locator('.bar-text strong').textContent()) ?? '')?.[1];
      seatsPlayed.push(seat);
      await meleePlays(page, seat);
    } else {
      await playStep(page);
    }
  }
  assert.ok(seatsPlayed.length > 0, 'a seat made its plays on the Melee Section');
  await page.getByText('The characters reveal their plays.').first().waitFor();
  await shot(page, 'mr-melee-3-resolved');
  await page.getByRole('tab', { name: 'Log' }).click();
  const melee = await page.locator('#log').textContent();
  assert.match(melee, /8\.4\.2[^.]* targets monster/, 'a character targeted a monster');
  assert.match(melee, /8\.4\.5The characters reveal their plays/);
  assert.match(melee, /8\.4\.6Repositioning the denizens/, 'the monsters were repositioned');
  assert.match(melee, /8\.4\.9/, 'the melee harmed someone (8.4.9)');
  await shot(page, 'mr-melee-4-log');
  await page.getByRole('tab', { name: /Actions/ }).click();

  // Mid-combat: the game is saved after every action. Export it, reload the page, continue
  // from the autosave: the same point; then import the exported file: the same point again.
  const atStep = await stepLine(page);
  const toAct = await page.locator('#to-act').textContent();
  const exportFile = async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    return download.path();
  };
  const exported = JSON.parse(readFileSync(await exportFile(), 'utf8'));
  await page.reload();
  await page.getByRole('heading', { name: 'Saved games' }).waitFor();
  const ours = page.locator('.saves li', { hasText: new RegExp(`· ${exported.actions.length} actions`) });
  assert.match(await ours.first().textContent(), /Magic Realm · 2 players · seed 2026/);
  const count = await page.locator('.saves li').count();
  await ours.first().getByRole('button', { name: 'Continue' }).click();
  await onBoard(page);
  assert.equal(await stepLine(page), atStep);
  assert.equal(await page.locator('#to-act').textContent(), toAct);
  const file = await exportFile();
  assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), exported, 'the autosave holds every action up to the melee');
  await page.getByRole('button', { name: 'Back to the start screen' }).click();
  await page.locator('input[type=file]').setInputFiles(file);
  await onBoard(page);
  assert.equal(await stepLine(page), atStep);
  assert.equal(await page.locator('#to-act').textContent(), toAct);
  // The imported game goes on: the combat's next step takes a click.
  const steps = (await page.locator('.actions button, .melee button').count()) > 0;
  assert.ok(steps, 'the imported game offers its next step');
  await playStep(page);
  await shot(page, 'mr-melee-5-imported');
  // The imported game plays the combat on, round after round, to its end (8.8).
  for (let i = 0; i < 400; i++) {
    await page.locator('#step-line, #handover-go').first().waitFor();
    if (await page.locator('#handover-go').count()) {
      await page.locator('#handover-go').click();
      continue;
    }
    if (!/Evening/.test((await stepLine(page)) ?? '')) break;
    const again = page.getByRole('button', { name: attackMonster });
    const made = page.getByRole('button', { name: 'My plays are made' });
    const option = page.locator('.combat button').first();
    if (await again.count()) await again.first().click();
    else if (await made.count()) await made.click();
    else if (await page.locator('.actions fieldset button').count()) await playStep(page);
    else await option.click();
  }
  assert.doesNotMatch((await stepLine(page)) ?? '', /Evening/, 'the Evening ended');
  await page.getByRole('tab', { name: 'Log' }).click();
  assert.match(
    await page.locator('#log').textContent(),
    /8\.8Combat in [^.]+ ends after \d+ round/,
    'the combat was fought to its end',
  );
  await shot(page, 'mr-melee-6-combat-ended');
  await page.getByRole('tab', { name: /Actions/ }).click();
  await page.getByRole('button', { name: 'Back to the start screen' }).click();
  assert.equal(await page.locator('.saves li').count(), count + 1, 'the import is a saved game of its own');
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});

test('phone-size screen: the same start, board full screen, panel as a drawer', async () => {
  const { page, problems } = await newPage(context, { width: 390, height: 844 });
  await page.goto(base);
  await page.getByLabel('Seat 1 character').selectOption('amazon');
  await page.getByLabel('Map', { exact: true }).selectOption('random');
  await page.locator('.seat-choice details summary').first().click();
  await shot(page, 'mr-phone-1-start');
  await page.getByLabel('Seed', { exact: true }).fill('2026');
  await startTwoPlayers(page, false);
  assert.equal(await page.locator('svg.board .tile').count(), 20, 'a random map of all 20 tiles');
  assert.match(await stepLine(page), /takes starting equipment/, 'the Amazon was chosen on the start screen');
  const board = await page.locator('svg.board').boundingBox();
  assert.ok(board && board.width >= 380, 'the board is full width');
  await shot(page, 'mr-phone-2-board');
  await firstAction(page);
  await page.getByRole('button', { name: 'Close the panel' }).click();
  assert.ok((await page.locator('svg.board').boundingBox()).height > 700, 'the board fills the screen');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await shot(page, 'mr-phone-3-zoomed');
  await page.getByRole('tab', { name: 'Sheet' }).click();
  await shot(page, 'mr-phone-4-sheet');
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});

test('offline: after the service worker is installed, a reload works without the network', async () => {
  const { page, problems } = await newPage(context, { width: 1024, height: 768 });
  await page.goto(base);
  await page.getByRole('button', { name: 'Start' }).waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    }
  });
  await context.setOffline(true);
  try {
    await page.reload();
    await page.getByRole('button', { name: 'Start' }).waitFor();
    await page.getByLabel('Seed', { exact: true }).fill('7');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.locator('svg.board .tile').first().waitFor();
    await shot(page, 'mr-offline');
  } finally {
    await context.setOffline(false);
  }
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});

test('battle builder: a scenario starts a game from any position; a bad one is refused with the reason', async () => {
  const { page, problems } = await newPage(context, { width: 1280, height: 800 });
  await page.goto(base);
  await page.getByText('Battle builder').click();
  await page.getByLabel('Scenario JSON').fill('{"seats": []');
  await page.getByRole('button', { name: 'Start the scenario' }).click();
  await page.getByText('The scenario is not JSON').waitFor();
  await page
    .getByLabel('Scenario JSON')
    .fill('{"seats": [{"character": "amazon", "at": {"tile": "borderland", "clearing": 9}}]}');
  await page.getByRole('button', { name: 'Start the scenario' }).click();
  await page.getByText('The scenario was refused').waitFor();
  await shot(page, 'mr-builder-refused');
  await page.getByLabel('Scenario JSON').fill(
    JSON.stringify({
      seats: [{ character: 'swordsman', at: { tile: 'cavern', clearing: 2 }, curses: ['squeak'] }],
      pieces: [
        {
          piece: { kind: 'monster', id: 'giant', n: 0 },
          place: { place: 'clearing', at: { tile: 'cavern', clearing: 2 } },
        },
      ],
    }),
  );
  await page.getByRole('button', { name: 'Start the scenario' }).click();
  await onBoard(page);
  const pile = page.locator('.pile[aria-label^="Pile in Cavern 2"]');
  assert.match(await pile.getAttribute('aria-label'), /Swordsman \(hidden\).*Giant|Giant.*Swordsman \(hidden\)/);
  await shot(page, 'mr-builder-board');
  // His sheet shows his curse, and that no spell is in effect.
  await page.getByRole('tab', { name: 'Sheet' }).click();
  assert.match(await page.locator('.sheet .curses').textContent(), /^Curses: Squeak \(cannot Hide\)$/);
  assert.match(await page.getByRole('region', { name: 'Spells in effect' }).textContent(), /None/);
  await shot(page, 'mr-builder-sheet');
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});

test('later spells and TWT on screen: a phantasm on the board, a Site card in its clearing, unleashed chits on the sheet', async () => {
  const { page, problems } = await newPage(context, { width: 1280, height: 800 });
  await page.goto(base);
  await page.getByText('Battle builder').click();
  // The Sorceror, bewitched by the Druid's Phantasm, has Unleash Power on his chits 8 and
  // 12; the Toadstool Circle lies face up in Bad Valley 4. Birdsong of day 1.
  const here = { tile: 'oak_woods', clearing: 2 };
  const valley = { tile: 'bad_valley', clearing: 1 };
  await page.getByLabel('Scenario JSON').fill(
    JSON.stringify({
      seats: [
        { character: 'sorceror', at: here, hidden: false, spells: ['unleash-power'] },
        { character: 'druid', at: valley, spells: ['phantasm'] },
      ],
      pieces: [
        {
          piece: { kind: 'treasure', id: 'toadstool-circle' },
          place: { place: 'clearing', at: { tile: 'bad_valley', clearing: 4 } },
          facing: 'up',
        },
      ],
      spells: [
        {
          caster: 1,
          spell: 'phantasm',
          spellBox: 0,
          chit: 7,
          aims: [{ aim: 'character', seat: 0 }],
          until: { at: 'sunset', day: 1 },
        },
        {
          caster: 0,
          spell: 'unleash-power',
          spellBox: 0,
          chit: 8,
          aims: [
            { aim: 'chit', chit: 7 },
            { aim: 'chit', chit: 11 },
          ],
          until: { at: 'sunset', day: 2 },
        },
      ],
      dice: Array(40).fill(5),
    }),
  );
  await page.getByRole('button', { name: 'Start the scenario' }).click();
  await onBoard(page);
  const phantasm = page.locator('.board [data-phantasm="0"]');
  assert.equal(await phantasm.getAttribute('aria-label'), 'Phantasm of Seat 1 (Sorceror) in Oak Woods 2');
  const site = page.locator('.pile[aria-label^="Pile in Bad Valley 4"]');
  assert.equal(await site.getAttribute('aria-label'), 'Pile in Bad Valley 4: Toadstool Circle');
  // His phantasm's turn is recorded by its own buttons, and shown to him on his sheet.
  await page.getByRole('button', { name: 'Record for my phantasm: Search' }).click();
  await page.getByRole('button', { name: 'Take back the last phase recorded for my phantasm' }).waitFor();
  await page.getByRole('tab', { name: 'Sheet' }).click();
  assert.match(await page.locator('.sheet .phantasm-record').textContent(), /My phantasm's turn today: 1\. Search/);
  const unleashed = page.locator('.sheet .chit.move-fight');
  assert.equal(await unleashed.count(), 2);
  assert.match(await unleashed.first().textContent(), /^Magic VI6\* → Move\/Fight T6\* \(Unleash Power\)/);
  await shot(page, 'mr-later-spells-sheet');
  await page.getByRole('tab', { name: /Actions/ }).click();
  for (let i = 0; i < 4; i++) await page.locator('svg.board').press('+');
  await shot(page, 'mr-later-spells-board');
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});
