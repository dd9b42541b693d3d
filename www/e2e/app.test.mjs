// End-to-end: the built web app (www/dist) in headless Chromium. Plays a round of the example
// game by clicking the buttons the engine listed, checks the page, and saves a screenshot
// under target/e2e/ for a person to look at.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

const shots = new URL('../../target/e2e/', import.meta.url);
let server;
let context;
let base;

before(async () => {
  server = await serve(new URL('../dist/', import.meta.url).pathname, 0);
  base = `http://127.0.0.1:${server.address().port}/`;
  const executablePath = execFileSync('node', [new URL('../../scripts/find-chromium.mjs', import.meta.url).pathname], {
    encoding: 'utf8',
  }).trim();
  context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'chromium-profile-')), {
    executablePath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  mkdirSync(shots, { recursive: true });
});

after(async () => {
  await context?.close();
  server?.close();
});

test('the app loads the engine and plays a round through legal actions only', async () => {
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(String(e)));

  await page.goto(base);
  await page.getByLabel('Seed').fill('2024');
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
  await page.screenshot({ path: new URL('bidding-race.png', shots).pathname, fullPage: true });
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});
