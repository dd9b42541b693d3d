// Hand of Doom in the browser, as a new user plays it: choose it on the start screen, one
// adventurer on a fixed seed; rest in town (Recover), draw Danger cards, walk into the
// Reedway, fight what the Danger card brings with its dice on screen, win; then reload the
// page, continue from the autosave, export the save and import it again.
// Screenshots: target/e2e/hod-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { newPage, open, shot } from './browser.mjs';

// Brom Tallow on seed 21: a quiet first turn resting in Gallowgate, then a fight in the
// Reedway on turn 2 against two monsters that he wins (found by playing the same way in
// Node against the engine).
const SEED = '21';
const ADVENTURER = 'brom-tallow';

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
const currentStep = (page) => page.locator('.chart-strip li.current').textContent();

/** The legal actions on screen, as [type, label]. */
async function actions(page) {
  const buttons = page.locator('.hod-actions button');
  const out = [];
  for (let i = 0; i < (await buttons.count()); i++) {
    const b = buttons.nth(i);
    out.push([await b.getAttribute('data-action'), await b.textContent()]);
  }
  return out;
}

async function click(page, type, text) {
  const sel = `.hod-actions button[data-action="${type}"]`;
  const b = text ? page.locator(sel, { hasText: text }) : page.locator(sel);
  await b.first().click();
}

test('a party rests, draws Danger cards, fights with dice shown, and the game saves and loads', async () => {
  const { page, problems } = await newPage(context, { width: 1280, height: 860 });
  await page.goto(base);
  await page.getByLabel('Game', { exact: true }).selectOption('hand-of-doom');
  await page.getByLabel('Players', { exact: true }).selectOption('1');
  await page.getByLabel('Seat 1 adventurer').selectOption(ADVENTURER);
  await page.getByLabel('Seed', { exact: true }).fill(SEED);
  await shot(page, 'hod-1-start');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.locator('svg.hod-map').waitFor();

  // The map: every space, roads and paths, the river, the lake, the Hand of Doom, the party.
  assert.equal(await page.locator('svg.hod-map .space').count(), 12);
  assert.ok((await page.locator('svg.hod-map .road').count()) > 0);
  assert.ok((await page.locator('svg.hod-map .path').count()) > 0);
  assert.equal(await page.locator('svg.hod-map .river').count(), 1);
  assert.equal(await page.locator('svg.hod-map .lake').count(), 1);
  assert.equal(await page.locator('svg.hod-map .hand-of-doom').count(), 1);
  assert.equal(await page.locator('svg.hod-map [data-space="gallowgate"] .party-token').count(), 1);
  assert.match(await page.locator('[data-space="the-maze"] > title').textContent(), /Maze/);
  assert.match(await page.locator('[data-space="hollow-spire"] > title').textContent(), /Voidgate/);
  assert.match(await stepLine(page), /Turn 1 of 8 · \[1\]/);
  assert.equal(await currentStep(page), '1');
  await shot(page, 'hod-2-map');

  // [1]-[3] Turn 1: Bold, rest in Gallowgate, Recover, end the rest.
  await click(page, 'ChooseStance', 'Bold');
  assert.equal(await currentStep(page), '2');
  assert.ok((await page.locator('svg.hod-map .space.target').count()) > 0, 'travel targets on the map');
  await click(page, 'Rest');
  assert.equal(await currentStep(page), '3');
  assert.deepEqual(await actions(page), [['Recover', 'Recover (MRL test)']], 'Recover comes first');
  await click(page, 'Recover');
  assert.ok(
    (await actions(page)).some(([t]) => t === 'Trade'),
    'a Town: Trade is offered',
  );
  await shot(page, 'hod-3-rest');
  await click(page, 'EndRest');

  // [4]-[6] The Danger card of turn 1 was drawn; the log shows it with its step.
  await page.getByRole('tab', { name: 'Log' }).click();
  const log = await page.locator('#log').textContent();
  assert.match(log, /\[3\].*Recover/);
  assert.match(log, /\[4\]The party draws the Danger card/);
  assert.match(log, /\[5\]Danger value/);
  await page.getByRole('tab', { name: 'Chart' }).click();
  assert.match(await page.locator('.hod-decks').textContent(), /Bounty Level \d/);
  assert.match(await page.locator('.hod-decks .decks').textContent(), /Danger/);
  await shot(page, 'hod-4-chart');
  await page.getByRole('tab', { name: /Actions/ }).click();

  // Turn 2: walk into the Reedway (tapping the space on the map) and meet what comes.
  assert.match(await stepLine(page), /Turn 2/);
  await click(page, 'ChooseStance', 'Bold');
  await page.locator('svg.hod-map [data-space="reedway-1"].target').click();
  await page.locator('.hod-fight').waitFor();
  assert.equal(await currentStep(page), '10');
  assert.match(await page.locator('.hod-fight').textContent(), /round 1/);
  await shot(page, 'hod-5-fight');

  // [10]-[12] Assault and attack the first foe until the fight ends; dice are on screen.
  let sawDice = false;
  for (let i = 0; i < 40 && (await page.locator('.hod-fight').count()); i++) {
    const types = (await actions(page)).map(([t]) => t);
    if (types.includes('ChooseCombatStance')) await click(page, 'ChooseCombatStance', 'Assault');
    else await click(page, 'Attack');
    if (!sawDice && (await page.locator('#fight-dice .die').count()) > 0) {
      sawDice = true;
      await shot(page, 'hod-6-dice');
    }
  }
  assert.ok(sawDice, 'the fight showed its dice');
  assert.equal(await page.locator('.hod-fight').count(), 0, 'the fight is over');
  await page.getByRole('tab', { name: 'Log' }).click();
  const after = await page.locator('#log').textContent();
  assert.match(after, /\[13\]Party Victory/);
  assert.match(after, /attack/);

  // The adventurer's board after the fight.
  await page.getByRole('tab', { name: 'Adventurers' }).click();
  const board = page.locator(`.hod-board[data-seat="0"]`);
  assert.match(await board.textContent(), /Brom Tallow/);
  assert.match(await board.locator('.xp').textContent(), /^\d+$/);
  assert.ok(Number(await board.locator('.xp').textContent()) > 2, 'rewards were collected');
  await shot(page, 'hod-7-board');
  const line = await stepLine(page);

  // Saved after every action: reload, continue, the same place in the chart.
  await page.reload();
  const saved = page.locator('ul.saves li', { hasText: 'Hand of Doom' });
  await saved.first().waitFor();
  await saved.first().getByRole('button', { name: 'Continue' }).click();
  await page.locator('svg.hod-map').waitFor();
  assert.equal(await stepLine(page), line, 'continued from the autosave');

  // Export, then import the file as a new saved game.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await (await download).path();
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(exported.game, 'hand-of-doom');
  await page.getByRole('button', { name: 'Back to the start screen' }).click();
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.locator('svg.hod-map').waitFor();
  assert.equal(await stepLine(page), line, 'the imported game is at the same step');
  await shot(page, 'hod-8-imported');
  assert.deepEqual(problems, []);
});

test('Hand of Doom on a phone-size screen', async () => {
  const { page, problems } = await newPage(context, { width: 390, height: 844 });
  await page.goto(`${base}?game=hand-of-doom&players=2&seed=${SEED}`);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.locator('svg.hod-map').waitFor();
  assert.equal(await page.locator('svg.hod-map .party-token').count(), 2);
  assert.ok((await page.locator('.hod-actions button').count()) === 3, 'the three Map Stances');
  await shot(page, 'hod-9-phone');
  assert.deepEqual(problems, []);
});
