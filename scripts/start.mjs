/**
 * `npm start`: builds the storefront for production when the build is missing or older than the sources, then serves
 * it (the storefront's server, src/server/entry.ts built to dist/server/entry.mjs) with the embedded Store API
 * in-process, on PORT (default 4321).
 *
 * On the first start the embedded database (PGlite under DATA_DIR, default .data/pglite) is created and seeded;
 * the data is kept across restarts. Prints the shop's URLs once it answers.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const port = process.env.PORT ?? '4321';
const host = process.env.HOST ?? '0.0.0.0';
const entry = 'dist/server/entry.mjs';

/** Newest modification time (ms) below the given paths. */
function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p))
        if (name !== 'node_modules' && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx')) walk(join(p, name));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  paths.forEach(walk);
  return newest;
}

const sources = ['src', 'backend', 'public', 'astro.config.mjs', 'package-lock.json'];
if (!existsSync(entry) || newestMtime(sources) > statSync(entry).mtimeMs) {
  console.log('Building the storefront (production build)…');
  const build = spawnSync('astro', ['build'], { stdio: 'inherit', shell: false });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [entry], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port, HOST: host },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// The first request opens the database and seeds it; wait for it, then say where the shop is.
const started = Date.now();
for (;;) {
  try {
    const res = await fetch(`http://localhost:${port}/`);
    if (res.status < 500) break;
  } catch {
    // not listening yet
  }
  if (server.exitCode !== null) process.exit(server.exitCode);
  await new Promise((r) => setTimeout(r, 500));
}
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(`
Werkbank is ready (${seconds} s):
  Belgian site  http://localhost:${port}/      (Nederlands)
                http://localhost:${port}/en    (English)
                http://localhost:${port}/fr    (Français)
                http://localhost:${port}/de    (Deutsch)
  Austrian site http://at.localhost:${port}/   (Deutsch)
  Store API     http://localhost:${port}/store-api/  (same origin, for the browser)
`);
