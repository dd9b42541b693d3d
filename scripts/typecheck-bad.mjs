// tsc must FAIL on ts/bad.ts, with an error on every line marked `@bad` and on no other line.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const file = 'ts/bad.ts';
const marked = readFileSync(file, 'utf8')
  .split('\n')
  .map((line, i) => (line.includes('// @bad') ? i + 1 : 0))
  .filter(Boolean);
const tsc = spawnSync('node_modules/.bin/tsc', ['--noEmit', '-p', 'ts/tsconfig.bad.json'], { encoding: 'utf8' });
const output = `${tsc.stdout}${tsc.stderr}`;
const errorLines = new Set([...output.matchAll(/ts\/bad\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1])));
const problems = [];
if (tsc.status === 0) problems.push('tsc accepted ts/bad.ts');
for (const line of marked) if (!errorLines.has(line)) problems.push(`line ${line} is marked @bad but type-checks`);
for (const line of errorLines) if (!marked.includes(line)) problems.push(`line ${line} has an unexpected error`);
if (problems.length > 0) {
  console.error(output);
  console.error(`typecheck-bad: ${problems.join('; ')}`);
  process.exit(1);
}
console.log(`typecheck-bad: tsc rejects all ${marked.length} malformed uses in ${file}, and nothing else`);
