// Prints the path of the Chromium the browser tests use: $CHROMIUM, else a system Chromium.
// Exits 1 (printing nothing) when there is none.
import { existsSync } from 'node:fs';

const candidates = [
  process.env.CHROMIUM,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].filter(Boolean);
const found = candidates.find((path) => existsSync(path));
if (found) {
  console.log(found);
} else {
  process.exit(1);
}
