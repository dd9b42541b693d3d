// The site under a sub-path, as GitHub Pages serves it (https://<owner>.github.io/<repo>/):
// built with BASE_PATH=/tabletop-rules/ into target/e2e-subpath/tabletop-rules/, served from
// target/e2e-subpath/. The app, the WASM and the service worker must all load from there.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { newPage, open, shot } from './browser.mjs';

const root = new URL('../../target/e2e-subpath/', import.meta.url).pathname;
let browser;

before(async () => {
  rmSync(root, { recursive: true, force: true });
  execFileSync(
    new URL('../../node_modules/.bin/vite', import.meta.url).pathname,
    ['build', '--config', 'www/vite.config.ts', '--outDir', `${root}tabletop-rules`, '--logLevel', 'warn'],
    { cwd: new URL('../../', import.meta.url).pathname, env: { ...process.env, BASE_PATH: '/tabletop-rules/' } },
  );
  browser = await open(root);
});

after(async () => {
  await browser?.close();
});

test('the site works under /tabletop-rules/, service worker included', async () => {
  const { page, problems } = await newPage(browser.context, { width: 1024, height: 700 });
  await page.goto(`${browser.base}tabletop-rules/?seed=3`);
  await page.getByRole('button', { name: 'Start' }).click();
  await page.locator('svg.board .tile').first().waitFor();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  assert.equal(new URL(scope).pathname, '/tabletop-rules/');
  await shot(page, 'subpath');
  assert.deepEqual(problems, [], 'no console errors');
  await page.close();
});
