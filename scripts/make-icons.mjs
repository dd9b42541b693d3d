// Renders www/public/icon.svg to the PNG icons of the web manifest (run by hand after
// changing the SVG): node scripts/make-icons.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const executablePath = execFileSync('node', [new URL('./find-chromium.mjs', import.meta.url).pathname], {
  encoding: 'utf8',
}).trim();
const svg = readFileSync(new URL('../www/public/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
for (const size of [192, 512]) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>html,body{margin:0}svg{width:${size}px;height:${size}px;display:block}</style>${svg}`);
  await page.screenshot({
    path: new URL(`../www/public/icon-${size}.png`, import.meta.url).pathname,
    omitBackground: true,
  });
  await page.close();
}
await browser.close();
