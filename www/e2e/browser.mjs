// Shared by the browser tests: serves the built app (www/dist) and starts headless Chromium
// with a fresh profile. Screenshots go to target/e2e/.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

export const shots = new URL('../../target/e2e/', import.meta.url);
mkdirSync(shots, { recursive: true });

export function shot(page, name) {
  return page.screenshot({ path: new URL(`${name}.png`, shots).pathname });
}

/** Serves `dir` (default: the built app) and starts Chromium. */
export async function open(dir = new URL('../dist/', import.meta.url).pathname) {
  const server = await serve(dir, 0);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const executablePath = execFileSync('node', [new URL('../../scripts/find-chromium.mjs', import.meta.url).pathname], {
    encoding: 'utf8',
  }).trim();
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'chromium-profile-')), {
    executablePath,
    headless: true,
    acceptDownloads: true,
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
  return {
    base,
    context,
    async close() {
      await context.close();
      server.close();
    },
  };
}

/** A page that records console errors and page errors in `problems`. */
export async function newPage(context, viewport) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(String(e)));
  return { page, problems };
}
