// Measures the built site (www/dist; `make measure-web` builds it first). Figures only, not a test.
//  1. Transfer size: every file the first visit loads, gzip -9 (what a gzip-serving host
//     such as GitHub Pages sends), and raw.
//  2. Time until the board is interactive, in headless Chromium with 4x CPU throttling, no
//     cache: navigation → the start screen's Start button → click → the first clearing of
//     the SVG board can be clicked. Median of RUNS (default 3) cold loads.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const dist = new URL('../www/dist/', import.meta.url).pathname;
const runs = Number(process.env.RUNS ?? 3);

function files(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

console.log('Transfer size of www/dist (bytes):');
let raw = 0;
let gz = 0;
for (const f of files(dist).sort()) {
  if (/icon-\d+\.png$/.test(f)) continue; // only fetched when installing the app
  const data = readFileSync(f);
  const z = gzipSync(data, { level: 9 }).length;
  raw += data.length;
  gz += z;
  console.log(`  ${relative(dist, f).padEnd(44)} ${String(data.length).padStart(9)} raw ${String(z).padStart(9)} gzip`);
}
console.log(`  ${'total'.padEnd(44)} ${String(raw).padStart(9)} raw ${String(gz).padStart(9)} gzip`);

const executablePath = execFileSync('node', [new URL('./find-chromium.mjs', import.meta.url).pathname], {
  encoding: 'utf8',
}).trim();
const server = await serve(dist, 0);
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
const results = [];
for (let i = 0; i < runs; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const t0 = Date.now();
  await page.goto(`${base}?seed=2026&players=2`);
  await page.getByRole('button', { name: 'Start' }).waitFor();
  const tStart = Date.now() - t0;
  const t1 = Date.now();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.locator('svg.board .clearing').first().click({ trial: true });
  const tBoard = Date.now() - t1;
  results.push({ tStart, tBoard, total: tStart + tBoard });
  await context.close();
}
await browser.close();
server.close();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\nTime to interactive, headless Chromium, 4x CPU throttling, cold (${runs} runs, median):`);
console.log(`  start screen ready: ${median(results.map((r) => r.tStart))} ms (engine WASM loaded and compiled)`);
console.log(`  Start → board interactive: ${median(results.map((r) => r.tBoard))} ms`);
console.log(`  navigation → board interactive: ${median(results.map((r) => r.total))} ms`);
console.log(`  runs: ${JSON.stringify(results)}`);
