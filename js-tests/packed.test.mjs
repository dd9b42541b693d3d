// The packed package (pkg/ through `npm pack`) used the way its README says, and nothing else:
// installed from the tarball into fresh projects, it runs the README's Node programs, a Vite
// project builds with it, and the README's plain `<script type="module">` page and the Vite
// build both run in Chromium. No registry is needed: the package has no dependencies.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { serve } from '../scripts/serve.mjs';

const root = new URL('../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'tabletop-rules-packed-'));
let tarball;

/** The README's code blocks that name a file (```js title="main.js"), by file name. */
function readmeFiles(readme) {
  const files = new Map();
  for (const [, name, body] of readme.matchAll(/^```\w+ title="([^"]+)"\n([\s\S]*?)^```$/gm)) files.set(name, body);
  return files;
}

/** A fresh project with only the tarball installed, offline. */
function freshProject(name) {
  const dir = join(work, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
    cwd: dir,
    stdio: 'pipe',
  });
  return dir;
}

const node = (dir, file) => execFileSync(process.execPath, [file], { cwd: dir, encoding: 'utf8' });

before(() => {
  const name = execFileSync('npm', ['pack', '--pack-destination', work, '--silent'], {
    cwd: join(root, 'pkg'),
    encoding: 'utf8',
  }).trim();
  tarball = join(work, name.split('\n').pop());
});

after(() => rmSync(work, { recursive: true, force: true }));

test('the tarball holds the entries, the types, the wasm, the README and the LICENSE', () => {
  const list = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
  for (const file of [
    'node.js',
    'tabletop_rules.js',
    'tabletop_rules.d.ts',
    'tabletop_rules_bg.wasm',
    'README.md',
    'LICENSE',
  ])
    assert.ok(list.includes(`package/${file}`), `${file} is packed`);
  assert.ok(statSync(tarball).size < 4_000_000, 'the tarball stays small');
});

test('a fresh Node project runs every README program with no init call', () => {
  const dir = freshProject('node-project');
  const readme = readFileSync(join(dir, 'node_modules/tabletop-rules/README.md'), 'utf8');
  const files = readmeFiles(readme);
  const programs = [...files.keys()].filter((f) => f.endsWith('.mjs'));
  assert.deepEqual(programs.sort(), ['bidding-race.mjs', 'hand-of-doom.mjs', 'magic-realm.mjs']);
  for (const file of programs) writeFileSync(join(dir, file), files.get(file));

  const race = node(dir, 'bidding-race.mjs').trim().split('\n');
  assert.equal(race.at(-1), 'true', 'the save replays');
  assert.ok(
    race.some((l) => l.startsWith('seat 0: [BR ')),
    'events with their rule ids',
  );
  const realm = node(dir, 'magic-realm.mjs');
  assert.match(realm, /tiles\n$/, 'the catalog is there');
  assert.match(realm, /^not_your_turn /m, 'a refused action is a RuleError');
  const doom = node(dir, 'hand-of-doom.mjs');
  assert.match(doom, /\(seat 0\): \d+ wounds/);

  // The README's Node snippet, the package.json export and the explicit entries.
  writeFileSync(
    join(dir, 'snippet.mjs'),
    `import { BiddingRace } from 'tabletop-rules';
import { BiddingRace as Web } from 'tabletop-rules/web';
import init, { BiddingRace as Node } from 'tabletop-rules/node';
await init();
const game = new BiddingRace({ players: 2, goal: 10, maxRounds: 5 });
console.log(JSON.stringify(game.legalActions(0)), Web === BiddingRace, Node === BiddingRace);
`,
  );
  assert.equal(
    node(dir, 'snippet.mjs'),
    `${JSON.stringify([0, 1, 2, 3].map((amount) => ({ type: 'Bid', amount })))} true true\n`,
  );
  // TypeScript (strict, node16 resolution, no skipLibCheck) finds the types of every entry.
  writeFileSync(
    join(dir, 'check.ts'),
    `import { MagicRealm, type MagicRealmView, RuleError } from 'tabletop-rules';
import init from 'tabletop-rules/web';
import { HandOfDoom } from 'tabletop-rules/node';
const game = new MagicRealm({ seats: [{}] });
export const view: MagicRealmView = game.view({ type: 'Seat', seat: 0 });
export { HandOfDoom, init, RuleError };
`,
  );
  const compilerOptions = {
    strict: true,
    noEmit: true,
    module: 'node16',
    target: 'es2022',
    lib: ['es2022', 'dom'],
    types: [],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts'] }));
  try {
    execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', dir], { encoding: 'utf8' });
  } catch (e) {
    assert.fail(`tsc: ${e.stdout}`);
  }
  const manifest = createRequire(join(dir, 'index.js'))('tabletop-rules/package.json');
  assert.equal(manifest.name, 'tabletop-rules');
  assert.equal(manifest.license, 'MIT');
});

test('a Vite project builds and serves with the package; its pages and the plain page run in Chromium', async () => {
  const page = freshProject('page');
  const vite = freshProject('vite-app');
  const files = readmeFiles(readFileSync(join(page, 'node_modules/tabletop-rules/README.md'), 'utf8'));
  writeFileSync(join(page, 'index.html'), files.get('index.html'));
  writeFileSync(join(vite, 'vite.config.js'), files.get('vite.config.js'));
  writeFileSync(join(vite, 'main.js'), files.get('main.js'));
  writeFileSync(
    join(vite, 'index.html'),
    '<!doctype html>\n<div id="app">loading</div>\n<script type="module" src="/main.js"></script>\n',
  );
  execFileSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: vite, stdio: 'pipe' });
  const assets = execFileSync('ls', [join(vite, 'dist/assets')], { encoding: 'utf8' });
  assert.match(assets, /\.wasm\n/, 'Vite emitted the .wasm');

  const pageServer = await serve(page, 0);
  const viteServer = await serve(join(vite, 'dist'), 0);
  const executablePath = execFileSync(process.execPath, [join(root, 'scripts/find-chromium.mjs')], {
    encoding: 'utf8',
  }).trim();
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const tab = await browser.newPage();
    const problems = [];
    tab.on('pageerror', (e) => problems.push(String(e)));
    // Chromium asks for /favicon.ico on its own; any other missing file is a problem.
    tab.on('response', (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && problems.push(r.url()));

    await tab.goto(`http://127.0.0.1:${pageServer.address().port}/index.html`);
    await tab.waitForFunction(() => document.getElementById('out')?.textContent !== 'loading');
    const view = JSON.parse(await tab.textContent('#out'));
    assert.ok(Array.isArray(view.racers), 'the plain page shows a Bidding Race view');

    await tab.goto(`http://127.0.0.1:${viteServer.address().port}/`);
    await tab.waitForFunction(() => document.getElementById('app')?.textContent !== 'loading');
    assert.deepEqual(JSON.parse(await tab.textContent('#app')), { type: 'Seats', seats: [0] });

    // The dev server too, where the README's optimizeDeps.exclude keeps the .wasm reachable.
    const dev = await createServer({
      root: vite,
      configFile: join(vite, 'vite.config.js'),
      logLevel: 'warn',
      server: { host: '127.0.0.1', port: 0 },
    });
    try {
      await dev.listen();
      await tab.goto(dev.resolvedUrls.local[0]);
      await tab.waitForFunction(() => document.getElementById('app')?.textContent !== 'loading');
      assert.deepEqual(JSON.parse(await tab.textContent('#app')), { type: 'Seats', seats: [0] });
    } finally {
      await dev.close();
    }
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    pageServer.close();
    viteServer.close();
  }
});
