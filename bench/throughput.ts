/**
 * Throughput of anonymous pages, on the embedded database (PGlite) and on PostgreSQL, with the demo catalogue on both
 * (docs/decisions/018-response-delivery.md):
 *
 * 1. seeds the database with the demo catalogue and picks the pages: home `/en`, the category listing with the most
 *    products and an article's product page (both below `/de`). PGlite: a fresh DATA_DIR in a new temporary folder.
 *    PostgreSQL: the database of `--postgres` (default postgres://postgres@127.0.0.1:5432/werkbank_throughput),
 *    created and seeded on first use and kept for later runs (the runs only read);
 * 2. starts the production build (`node <dist>/server/entry.mjs`, `ERP_SIMULATION=off`) on it and warms the page
 *    cache (a request until the page answers `X-Cache: HIT`);
 * 3. per page, runs autocannon (25 connections × 10 s, `accept: text/html`, `accept-encoding: br, gzip`) against the
 *    storefront, then against a bare `node:http` server in its own process that answers every request with the
 *    status, headers and body bytes the storefront sent for that request, and prints requests per second of both and
 *    their ratio; the target is a ratio of at least 0.5;
 * 4. runs the category and product pages again with a query parameter the pages ignore and a new value per request
 *    (as `npm run bench` does), so every request renders: the uncached figures beside the cached ones, with their
 *    targets (UNCACHED_TARGETS).
 *
 * Run alone: `npx tsx bench/throughput.ts [--dist tmp/x-dist] [--port 4460] [--seconds 10] [--connections 25]
 * [--rounds 1] [--postgres <database URL>|off]` (without `--dist` it builds into dist/ first); `npm run bench --
 * --only throughput` runs it after building. The bare server uses port + 1. Rounds alternate storefront and bare
 * server per page and compare the medians, and repeat the uncached runs (their median is printed): on a shared
 * machine one 10 s sample can be off by a factor of two. Figures are requests per second (mean of autocannon's
 * per-second samples).
 */
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { ensureCatalogSeeded } from '../backend/catalog/seed.ts';
import { loadBackendConfig } from '../backend/config.ts';
import pg from 'pg';
import { createDb, queryRows, type CreateDbOptions } from '../backend/db/client.ts';
import { languageId, seedSalesChannel } from '../backend/db/seed-channel.ts';
import { productSeoPath } from '../backend/lib/slug.ts';

export interface ThroughputOptions {
  /** Folder of the production build (the one with server/entry.mjs). */
  dist: string;
  /** Port of the storefront; the bare server listens on port + 1. */
  port: number;
  /** Seconds per measurement. */
  seconds: number;
  /** Concurrent connections of autocannon. */
  connections: number;
  /** Measurements of each server per page, alternating storefront and bare; the medians are compared. */
  rounds: number;
  /** The PostgreSQL database of the second run (created and seeded when missing), or null for PGlite only. */
  postgresUrl: string | null;
}

export interface ThroughputRow {
  /** The database behind the storefront. */
  database: 'PGlite' | 'PostgreSQL';
  page: string;
  path: string;
  /** Bytes of the body the storefront sent (in the accepted coding). */
  bytes: number;
  contentEncoding: string;
  /** Requests per second of the storefront answering from its page cache. */
  cachedRps: number;
  /** Requests per second of a bare node:http server sending the same status, headers and bytes. */
  bareRps: number;
  ratio: number;
  /** Requests per second when every request renders (cache bypassed; median of the rounds); undefined for home. */
  uncachedRps?: number;
  /** Requests of the uncached runs that failed or took longer than 60 s. */
  uncachedFailed?: number;
}

/**
 * Requests per second an uncached page must reach on this project's 2-core machine, on either database
 * (docs/decisions/018-response-delivery.md, "Pages not yet cached").
 */
export const UNCACHED_TARGETS = { category: 60, product: 150 } as const;

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/werkbank_throughput';

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The ratio cached / bare a page must reach. */
export const TARGET_RATIO = 0.5;

const REQUEST_HEADERS = { accept: 'text/html', 'accept-encoding': 'br, gzip' };

/** Headers that belong to the connection or the moment, not to the page. */
const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface RawAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

/** One GET with `REQUEST_HEADERS`, the answer's status, headers and raw bytes (nothing decoded). */
function fetchRaw(url: string): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const req = request(url, { headers: REQUEST_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!HOP_HEADERS.has(name.toLowerCase())) headers.push([name, res.rawHeaders[i + 1]!]);
        }
        done({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

/** Pages of the seeded catalogue (seeded here when empty): the listing with the most products and the first article. */
async function pickPages(database: Pick<CreateDbOptions, 'dataDir' | 'databaseUrl'>): Promise<{
  categoryPath: string;
  productPath: string;
}> {
  const env = { ...process.env, DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl };
  const handle = await createDb(database);
  try {
    const config = loadBackendConfig(env);
    await seedSalesChannel(handle.db, config);
    await ensureCatalogSeeded(handle.db, config, { sharedCatalogDir: process.env.SHARED_CATALOG_DIR });
    const [category] = await queryRows<{ path: unknown }>(
      handle.db,
      sql`SELECT s.seo_path_info AS path FROM category c
          JOIN seo_url s ON s.foreign_key = c.id AND s.language_id = ${languageId('de-DE')} AND s.is_canonical
          WHERE c.type = 'page' AND c.product_count > 0 ORDER BY c.product_count DESC, c.id LIMIT 1`,
    );
    const [product] = await queryRows<{ name: unknown; number: unknown }>(
      handle.db,
      sql`SELECT name_de AS name, product_number AS number FROM product
          WHERE parent_id IS NULL AND active ORDER BY id LIMIT 1`,
    );
    if (!category || !product) throw new Error('The seeded catalogue has no listed category or no article.');
    return {
      categoryPath: `/de/${String(category.path)}`,
      productPath: `/de/${productSeoPath(String(product.name), String(product.number))}`,
    };
  } finally {
    await handle.close();
  }
}

/** Creates the PostgreSQL database of `url` when it does not exist (through the server's `postgres` database). */
async function ensurePostgresDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  const name = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Waits until `url` answers below 500 (the first start seeds the rest of the demo data). */
async function waitForServer(url: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within 300 s`);
}

/**
 * Requests per second of autocannon against one URL. Cached runs throw when any answer was not 2xx; runs that render
 * every request (`uniquePerRequest`) wait up to 60 s per request and report the requests that failed or timed out.
 */
async function rps(
  url: string,
  options: ThroughputOptions,
  uniquePerRequest = false,
): Promise<{ rps: number; failed: number }> {
  const result = await autocannon({
    url: uniquePerRequest ? `${url}?bench=[<id>]` : url,
    connections: options.connections,
    duration: options.seconds,
    headers: REQUEST_HEADERS,
    idReplacement: uniquePerRequest,
    timeout: uniquePerRequest ? 60 : 10,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0 && !uniquePerRequest) throw new Error(`${url}: ${failed} of ${result.requests.total} requests failed`);
  return { rps: result.requests.average, failed };
}

/** A bare node:http server in its own process that answers every request with `answer`. */
async function startBareServer(answer: RawAnswer, port: number, dir: string): Promise<ChildProcess> {
  const bodyFile = join(dir, `body-${port}.bin`);
  writeFileSync(bodyFile, answer.body);
  const script = `
    const http = require('node:http');
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
    const headers = ${JSON.stringify(answer.headers.flat())};
    http.createServer((req, res) => { res.writeHead(${answer.status}, headers); res.end(body); })
      .listen(${port}, '127.0.0.1', () => process.send('ready'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((ready, fail) => {
    child.once('message', () => ready());
    child.once('exit', (code) => fail(new Error(`the bare server exited with ${code}`)));
  });
  return child;
}

/**
 * Runs the measurements described in the module comment, on PGlite and then on PostgreSQL (unless `postgresUrl` is
 * null), and prints one line per page.
 *
 * @throws when the build is missing, PostgreSQL cannot be reached, a page does not become a cache hit, or a measured
 *   cached request fails.
 */
export async function benchThroughput(options: ThroughputOptions): Promise<ThroughputRow[]> {
  console.log(
    `\nThroughput at ${options.connections} connections × ${options.seconds} s (${REQUEST_HEADERS['accept-encoding']}), target cached/bare ≥ ${TARGET_RATIO}, uncached ≥ ${UNCACHED_TARGETS.category} rps (category) and ≥ ${UNCACHED_TARGETS.product} rps (product)`,
  );
  const rows: ThroughputRow[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'werkbank-throughput-'));
  try {
    rows.push(...(await benchShop('PGlite', { dataDir }, { DATA_DIR: dataDir, DATABASE_URL: undefined }, options)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  }
  if (options.postgresUrl) {
    await ensurePostgresDatabase(options.postgresUrl);
    const databaseUrl = options.postgresUrl;
    rows.push(...(await benchShop('PostgreSQL', { databaseUrl }, { DATABASE_URL: databaseUrl }, options)));
  }
  return rows;
}

/** Seeds `database`, starts the storefront on it (`env`) and measures its pages (see the module comment). */
async function benchShop(
  name: ThroughputRow['database'],
  database: Pick<CreateDbOptions, 'dataDir' | 'databaseUrl'>,
  env: Record<string, string | undefined>,
  options: ThroughputOptions,
): Promise<ThroughputRow[]> {
  const { categoryPath, productPath } = await pickPages(database);
  const server = spawn(process.execPath, [join(options.dist, 'server', 'entry.mjs')], {
    // The simulated ERP's clock (a round at start, then every minute) would compete with the measured requests.
    env: { ...process.env, ...env, ERP_SIMULATION: 'off', PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const base = `http://localhost:${options.port}`;
  const scratch = mkdtempSync(join(tmpdir(), 'werkbank-throughput-bare-'));
  const rows: ThroughputRow[] = [];
  try {
    await waitForServer(`${base}/en`, server);
    const pages = [
      { page: 'home', path: '/en', uncached: undefined },
      { page: 'category (most products)', path: categoryPath, uncached: UNCACHED_TARGETS.category },
      { page: 'product', path: productPath, uncached: UNCACHED_TARGETS.product },
    ];
    console.log(`${name}:`);
    for (const { page, path, uncached } of pages) {
      let answer = await fetchRaw(`${base}${path}`);
      for (let i = 0; i < 20 && !answer.headers.some(([n, v]) => n.toLowerCase() === 'x-cache' && v === 'HIT'); i++)
        answer = await fetchRaw(`${base}${path}`);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      if (!answer.headers.some(([n, v]) => n.toLowerCase() === 'x-cache' && v === 'HIT'))
        throw new Error(`${path} is not answered from the page cache`);
      const cached: number[] = [];
      const bareRuns: number[] = [];
      const bare = await startBareServer(answer, options.port + 1, scratch);
      try {
        for (let round = 0; round < options.rounds; round++) {
          cached.push((await rps(`${base}${path}`, options)).rps);
          bareRuns.push((await rps(`http://localhost:${options.port + 1}${path}`, options)).rps);
        }
      } finally {
        bare.kill();
      }
      const cachedRps = median(cached);
      const bareRps = median(bareRuns);
      const row: ThroughputRow = {
        database: name,
        page,
        path,
        bytes: answer.body.length,
        contentEncoding: answer.headers.find(([n]) => n.toLowerCase() === 'content-encoding')?.[1] ?? 'identity',
        cachedRps,
        bareRps,
        ratio: cachedRps / bareRps,
      };
      const uncachedRuns: number[] = [];
      if (uncached !== undefined) {
        row.uncachedFailed = 0;
        for (let round = 0; round < options.rounds; round++) {
          const run = await rps(`${base}${path}`, options, true);
          uncachedRuns.push(run.rps);
          row.uncachedFailed += run.failed;
        }
        row.uncachedRps = median(uncachedRuns);
      }
      rows.push(row);
      console.log(
        `  ${page.padEnd(26)} ${String(row.bytes).padStart(8)} B ${row.contentEncoding.padEnd(8)}` +
          ` cached ${row.cachedRps.toFixed(0).padStart(6)} rps   bare ${row.bareRps.toFixed(0).padStart(6)} rps` +
          `   ratio ${row.ratio.toFixed(2)} ${row.ratio >= TARGET_RATIO ? '✓' : '✗'}` +
          (row.uncachedRps === undefined || uncached === undefined
            ? ''
            : `   uncached ${row.uncachedRps.toFixed(1).padStart(6)} rps (target ≥ ${uncached}: ${row.uncachedRps >= uncached ? 'within' : 'UNDER'})` +
              (row.uncachedFailed ? ` (${row.uncachedFailed} failed or over 60 s)` : '')),
      );
      console.log(
        `    ${path}` +
          (options.rounds > 1
            ? `   (medians of ${options.rounds} rounds; cached ${cached.map((r) => r.toFixed(0)).join(', ')}; bare ${bareRuns.map((r) => r.toFixed(0)).join(', ')}` +
              (uncachedRuns.length ? `; uncached ${uncachedRuns.map((r) => r.toFixed(1)).join(', ')})` : ')')
            : ''),
      );
    }
  } finally {
    // Wait for the server to exit: a PGlite server still closing its database would share the cores with the next
    // figures.
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 60_000))]);
    rmSync(scratch, { recursive: true, force: true, maxRetries: 5 });
  }
  return rows;
}

/** Options from the command line (see the module comment). */
export function throughputOptions(args: string[]): Omit<ThroughputOptions, 'dist'> & { dist?: string } {
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const dist = value('--dist');
  const postgres = value('--postgres') ?? DEFAULT_POSTGRES_URL;
  return {
    ...(dist ? { dist: resolve(dist) } : {}),
    port: Number(value('--port') ?? 4460),
    seconds: Number(value('--seconds') ?? 10),
    connections: Number(value('--connections') ?? 25),
    rounds: Number(value('--rounds') ?? 1),
    postgresUrl: postgres === 'off' ? null : postgres,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const { dist, ...options } = throughputOptions(process.argv.slice(2));
  if (!dist) {
    const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('astro build failed');
  }
  await benchThroughput({ ...options, dist: dist ?? resolve('dist') });
}
