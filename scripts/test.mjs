/**
 * `npm test`: every check the project has: lint (ESLint with type information, Prettier, the knip dead-code check),
 * types (tsc + astro check), unit and backend tests (Vitest), the production build, the end-to-end tests
 * (Playwright in Debian's Chromium) and the cluster test (tests/cluster/: two storefronts, two Store APIs and a worker
 * behind Debian's HAProxy over one PostgreSQL database).
 *
 * Two lanes run at the same time, then the end-to-end tests and the cluster test: Vitest runs one test file at a time on a 2-core machine
 * (its default is one worker fewer than the cores), so the static checks and the build take the other core. Each
 * step's output is kept and printed whole, under the step's name, when the step ends; the script exits non-zero when
 * any step fails, and the end-to-end tests run only when everything before them passed. `node scripts/test.mjs lint
 * types` runs only the steps whose names start with one of the words given.
 *
 * Works on a fresh machine: installs dependencies when node_modules is missing and Debian's chromium and haproxy when
 * they are missing (needs root, as on the project's machines). Written for any Node version, because it
 * may start before the pinned Node 24 is installed; every step runs on node_modules/.bin/node.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, resolve } from 'node:path';

const root = resolve(import.meta.dirname ?? '.');
process.chdir(resolve(root, '..'));
const bin = resolve('node_modules/.bin');
const env = { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` };

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

/** Runs a set-up command with its output shown as it comes; exits on failure. */
function install(title, command, args) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(command, args, { stdio: 'inherit', env });
  if (res.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds(started)} s (exit ${res.status ?? res.signal}).`);
    process.exit(res.status || 1);
  }
  console.log(`✔ ${title} (${seconds(started)} s)`);
}

/** Runs one step with its output buffered; prints it under the step's name at the end. Answers true on success. */
function step(title, command, args) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error}\n`)));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`\n━━━ ${title}: ${command} ${args.join(' ')}${text ? `\n${text}` : ''}`);
      if (ok) console.log(`✔ ${title} (${seconds(started)} s)`);
      else console.error(`✖ ${title} failed after ${seconds(started)} s (exit ${code ?? signal}).`);
      done(ok);
    });
  });
}

if (!existsSync(resolve(bin, 'node'))) install('install dependencies', 'npm', ['ci']);
const missingPackages = [
  ['/usr/bin/chromium', 'chromium'],
  ['/usr/sbin/haproxy', 'haproxy'],
].filter(([path]) => !existsSync(path));
if (missingPackages.length) {
  install('apt-get update', 'apt-get', ['update', '-qq']);
  const names = missingPackages.map(([, name]) => name);
  install(`install Debian ${names.join(', ')}`, 'apt-get', ['install', '-y', '-qq', ...names]);
}

const only = process.argv.slice(2);
const chosen = ([title]) => !only.length || only.some((o) => title.startsWith(o));

/** Steps of one lane run one after another; a lane goes on after a failure, so one run reports every failure. */
async function lane(steps) {
  let ok = true;
  for (const [title, command, args] of steps.filter(chosen)) ok = (await step(title, command, args)) && ok;
  return ok;
}

const started = Date.now();
const [staticOk, testsOk] = await Promise.all([
  lane([
    ['lint', 'eslint', ['.']],
    ['format', 'prettier', ['--check', '.']],
    ['dead code', 'knip', []],
    ['types', 'tsc', ['--noEmit', '-p', 'tsconfig.json']],
    ['astro check', 'astro', ['check']],
    ['production build', 'astro', ['build']],
  ]),
  lane([['unit and backend tests', 'vitest', ['run']]]),
]);
let ok = staticOk && testsOk;
if (ok) {
  ok = await lane([
    ['end-to-end tests', 'playwright', ['test']],
    ['cluster test', 'vitest', ['run', '--config', 'vitest.cluster.config.ts']],
  ]);
} else if (chosen(['end-to-end tests']) || chosen(['cluster test'])) {
  console.error('\nEnd-to-end and cluster tests skipped: an earlier step failed.');
}

if (!ok) {
  console.error(`\nChecks failed (${seconds(started)} s).`);
  process.exit(1);
}
console.log(`\nAll checks passed (${seconds(started)} s).`);
