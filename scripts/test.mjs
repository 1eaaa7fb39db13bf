/**
 * `npm test`: every check the project has, in order, stopping at the first failure:
 * lint (ESLint + Prettier), types (tsc + astro check), unit and backend tests (Vitest), the production build, and the
 * end-to-end tests (Playwright in Debian's Chromium).
 *
 * Works on a fresh machine: installs dependencies when node_modules is missing and Debian's chromium when
 * /usr/bin/chromium is missing (needs root, as on the project's machines). Written for any Node version, because it
 * may start before the pinned Node 24 is installed; every step runs on node_modules/.bin/node.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

const root = resolve(import.meta.dirname ?? '.');
process.chdir(resolve(root, '..'));
const bin = resolve('node_modules/.bin');
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };

function run(title, command, args, options = {}) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(command, args, { stdio: 'inherit', env, ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds} s (exit ${res.status ?? res.signal}).`);
    process.exit(res.status || 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

if (!existsSync(resolve(bin, 'node'))) run('install dependencies', 'npm', ['ci']);
if (!existsSync('/usr/bin/chromium')) {
  run('apt-get update', 'apt-get', ['update', '-qq']);
  run('install Debian chromium', 'apt-get', ['install', '-y', '-qq', 'chromium']);
}

const only = process.argv.slice(2);
const steps = [
  ['lint', 'eslint', ['.']],
  ['format', 'prettier', ['--check', '.']],
  ['types', 'tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['astro check', 'astro', ['check']],
  ['unit and backend tests', 'vitest', ['run']],
  ['production build', 'astro', ['build']],
  ['end-to-end tests', 'playwright', ['test']],
];
for (const [title, command, args] of steps) {
  if (only.length && !only.some((o) => title.startsWith(o))) continue;
  run(title, command, args);
}
console.log('\nAll checks passed.');
