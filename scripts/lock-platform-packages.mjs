/**
 * Completes package-lock.json with entries for platform-specific optional packages (native bindings for other
 * operating systems and CPUs) that the registry reachable from this workplace does not serve. npm leaves them out of
 * the lock when it cannot fetch them, and `npm ci` then refuses the lock as out of sync. Each added entry names the
 * package's version with its `os` and `cpu`, so `npm ci` skips it on any machine it does not fit, exactly as it
 * does for a complete lock. Run after `npm install` changes dependencies: `node scripts/lock-platform-packages.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;

/** os and cpu of a binding package, from the platform words in its name. */
function platformOf(name) {
  const n = name.split('/').pop();
  const os = [
    'darwin',
    'win32',
    'android',
    'freebsd',
    'linux',
    'openharmony',
    'sunos',
    'aix',
    'netbsd',
    'openbsd',
  ].find((o) => new RegExp(`(^|-)${o}(-|$)`).test(n));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64'].find((c) =>
    new RegExp(`(^|-)${c}(-|$)`).test(n.replace('gnueabihf', '')),
  );
  const libc = /-musl(-|$)/.test(n) ? ['musl'] : /-gnu(-|$)/.test(n) ? ['glibc'] : undefined;
  return { os: os ? [os] : undefined, cpu: cpu ? [cpu] : undefined, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    const nested = `${path}/node_modules/${dep}`;
    if (packages[key] || packages[nested]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform binding: leave it to npm
    const version = String(range).replace(/^[\^~=]/, '');
    const base = dep.split('/').pop();
    packages[key] = {
      version,
      resolved: `https://registry.npmjs.org/${dep}/-/${base}-${version}.tgz`,
      optional: true,
      ...(os && { os }),
      ...(cpu && { cpu }),
      ...(libc && { libc }),
    };
    added++;
  }
}
const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${LOCK}: ${added} platform package entries added.`);
