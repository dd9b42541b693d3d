// End-to-end: the built web app (www/dist) in headless Chromium. Plays a round of the example
// game Bidding Race by clicking the buttons the engine listed, checks the page, and saves a screenshot
// under target/e2e/ for a person to look at.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newPage, open, shot } from './browser.mjs';

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

test('the app loads the engine and plays a round through legal actions only', async () => {
  const { page, problems } = await newPage(context);

  await page.goto(base);
  await page.getByLabel('Game', { exact: true }).selectOption('bidding-race');
  await page.getByLabel('Seed', { exact: true }).fill('2024');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByText('Round 1 of 8').waitFor();
  assert.equal(await page.locator('#to-act').textContent(), 'To act: Seat 1, Seat 2');

  // Seat 1's buttons are exactly its legal bids.
  const seat1 = page.locator('fieldset[data-seat="0"] button');
  assert.deepEqual(await seat1.allTextContents(), ['Bid 0 (rest)', 'Bid 1', 'Bid 2', 'Bid 3']);
  await page.locator('fieldset[data-seat="0"]').getByRole('button', { name: 'Bid 3' }).click();
  assert.equal(await page.locator('#to-act').textContent(), 'To act: Seat 2');
  // The bid is secret: the spectator log says a bid was recorded, not its amount.
  assert.match(await page.locator('#log').textContent(), /seat 1 has recorded a bid/);
  assert.doesNotMatch(await page.locator('#log').textContent(), /bid 3/i);
  // Undo is allowed now (nothing was revealed).
  assert.equal(await page.getByRole('button', { name: 'Undo' }).isDisabled(), false);

  await page.locator('fieldset[data-seat="1"]').getByRole('button', { name: 'Bid 1' }).click();
  await page.getByText('The bids are revealed').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Undo' }).isDisabled(), true, 'no undo past a reveal');
  // Seat 1 bid highest and must sprint: only the two sprint choices are offered.
  assert.deepEqual(await page.locator('fieldset[data-seat="0"] button').allTextContents(), [
    'Sprint: roll a die',
    'Sprint: stand',
  ]);
  await page.getByRole('button', { name: 'Sprint: roll a die' }).click();
  await page.getByText('Round 2 of 8').waitFor();
  assert.match(await page.locator('#log').textContent(), /BR 4.*sprints and rolls/);

  assert.equal(await page.getByText('Loading the rules engine').count(), 0);
  await shot(page, 'bidding-race');
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});
