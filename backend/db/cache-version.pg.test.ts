/**
 * The cache versions across processes (backend/db/cache-version.ts) on real PostgreSQL, each "process" being its own
 * database handle with its own watcher: a bump committed through one handle reaches the other's watcher by
 * LISTEN/NOTIFY, a rolled-back bump reaches nobody, the poll carries versions while the listening connection is
 * gone, and a catalogue import through one handle shows in the other's listing and search. Needs the PostgreSQL
 * server of the project's machines (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere);
 * a throwaway database is created and dropped.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../app.ts';
import { createCatalogWriter } from '../catalog/writer.ts';
import type { CatalogChange } from '../catalog/model.ts';
import { categoryId } from '../catalog/writer/ids.ts';
import { loadBackendConfig } from '../config.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../testing/pg-test-database.ts';
import {
  bumpCacheVersion,
  createCacheVersionState,
  readCacheVersions,
  startCacheVersionWatcher,
  type CacheScope,
  type CacheVersionState,
  type CacheVersionWatcher,
  type CacheVersionWatcherOptions,
} from './cache-version.ts';
import { createDb, queryRows, type DbHandle } from './client.ts';
import { languageId, seedSalesChannel } from './seed-channel.ts';

/** The bound a version must reach another process within (docs/decisions/026-several-instances.md). */
const BOUND_MS = 10_000;

let database: PgTestDatabase;
/** A second process's connection pool to the same database. */
let other: DbHandle;
const config = loadBackendConfig({});
const watchers: CacheVersionWatcher[] = [];

beforeAll(async () => {
  database = await createPgTestDatabase();
  other = await createDb({ databaseUrl: database.url, migrate: false });
  await seedSalesChannel(database.handle.db, config);
});
afterEach(async () => {
  for (const watcher of watchers.splice(0)) await watcher.stop();
});
afterAll(async () => {
  await other.close();
  await database.drop();
});

/** A watcher over `other` (the second process) with the scopes it was told about after its start, in order. */
async function watchOther(
  options: CacheVersionWatcherOptions,
): Promise<{ state: CacheVersionState; watcher: CacheVersionWatcher; told: CacheScope[] }> {
  const state = createCacheVersionState();
  const told: CacheScope[] = [];
  const watcher = await startCacheVersionWatcher(other, state, { log: () => {}, ...options });
  state.subscribe((scope) => told.push(scope));
  watchers.push(watcher);
  return { state, watcher, told };
}

/** Waits until `check` holds, at most `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = BOUND_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('cache versions across two processes', () => {
  test('a committed bump reaches the other process by notification, long before its next poll', async () => {
    const { state, watcher, told } = await watchOther({ pollMs: 600_000 });
    expect(watcher.listening()).toBe(true);
    const before = state.current().catalog;
    expect(before).toBeGreaterThan(0);
    const version = await database.handle.db.transaction((tx) => bumpCacheVersion(tx, 'catalog'));
    expect(version).toBe(before + 1);
    await until(() => state.current().catalog === version, 2_000);
    expect(told).toEqual(['catalog']);
  });

  test('a rolled-back bump changes no version and calls no subscriber', async () => {
    const { state, told } = await watchOther({ pollMs: 600_000 });
    const before = await readCacheVersions(database.handle.db);
    await expect(
      database.handle.db.transaction(async (tx) => {
        await bumpCacheVersion(tx, 'catalog');
        throw new Error('import failed');
      }),
    ).rejects.toThrow('import failed');
    // Notifications arrive in commit order: once this later bump is seen, the rolled-back one would have been too.
    const channel = await bumpCacheVersion(database.handle.db, 'channel');
    await until(() => state.current().channel === channel);
    expect((await readCacheVersions(database.handle.db)).catalog).toBe(before.catalog);
    expect(state.current().catalog).toBe(before.catalog);
    expect(told).toEqual(['channel']);
  });

  test('with the listening connection killed, the poll carries versions; the connection comes back', async () => {
    const { state, watcher } = await watchOther({ pollMs: 200, reconnectMinMs: 60_000 });
    const listeners = await queryRows<{ pid: number }>(
      database.handle.db,
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN werkbank_cache'`,
    );
    expect(listeners).toHaveLength(1);
    await queryRows(database.handle.db, sql`SELECT pg_terminate_backend(${listeners[0]!.pid})`);
    await until(() => !watcher.listening());
    const version = await bumpCacheVersion(database.handle.db, 'catalog');
    await until(() => state.current().catalog === version);

    const again = await watchOther({ pollMs: 600_000, reconnectMinMs: 50 });
    const [pid] = await queryRows<{ pid: number }>(
      database.handle.db,
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN werkbank_cache'
           ORDER BY backend_start DESC LIMIT 1`,
    );
    await queryRows(database.handle.db, sql`SELECT pg_terminate_backend(${pid!.pid})`);
    await until(() => !again.watcher.listening());
    await until(() => again.watcher.listening());
    const next = await bumpCacheVersion(database.handle.db, 'channel');
    await until(() => again.state.current().channel === next, 2_000);
  });

  test('the sales-channel seed bumps the channel version on commit', async () => {
    const { state, told } = await watchOther({ pollMs: 600_000 });
    const before = state.current().channel;
    await seedSalesChannel(database.handle.db, config);
    await until(() => state.current().channel > before);
    expect(told).toEqual(['channel']);
  });
});

describe('a catalogue import through one process', () => {
  const S = 'test:cache';
  const tools = categoryId(S, 'tools');
  const changes = (products: string[]): CatalogChange[] => [
    { kind: 'category', category: { source: S, externalId: 'tools', name: { 'de-DE': 'Werkzeuge' } } },
    ...products.map((name, i): CatalogChange => ({
      kind: 'product',
      mode: 'new',
      product: {
        source: S,
        productNumber: `CACHE-${i}`,
        name: { 'de-DE': name },
        categories: [{ source: S, externalId: 'tools' }],
      },
    })),
  ];
  async function importCatalogue(products: string[]): Promise<void> {
    const writer = createCatalogWriter(database.handle.db);
    for (const change of changes(products)) await writer.write(change);
    await writer.finalize();
  }

  beforeAll(() => importCatalogue(['Kombizange']));

  test('shows in the other process’s cached listing and search within the bound', async () => {
    const { state } = await watchOther({});
    const { app } = createStoreApi({ db: other.db, config, cacheVersions: state });
    const call = async (path: string, body: unknown) => {
      const res = await app.request(`/store-api${path}`, {
        method: 'POST',
        headers: {
          'sw-access-key': config.accessKey,
          'content-type': 'application/json',
          'sw-language-id': languageId('de-DE'),
        },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return {
        version: res.headers.get('x-werkbank-cache-version'),
        names: ((await res.json()) as { elements: { translated: { name: string } }[] }).elements
          .map((p) => p.translated.name)
          .sort(),
      };
    };
    const listing = () => call(`/product-listing/${tools}`, {});
    const search = () => call('/search', { search: 'Wasserpumpenzange' });
    expect((await listing()).names).toEqual(['Kombizange']);
    expect((await search()).names).toEqual([]);
    const before = state.current().catalog;

    await importCatalogue(['Kombizange', 'Wasserpumpenzange']);
    const committed = (await readCacheVersions(database.handle.db)).catalog;
    expect(committed).toBeGreaterThan(before);
    await until(() => state.current().catalog === committed);

    const after = await listing();
    expect(after.names).toEqual(['Kombizange', 'Wasserpumpenzange']);
    expect(after.version).toBe(`catalog=${committed}, channel=${state.current().channel}`);
    expect((await search()).names).toEqual(['Wasserpumpenzange']);
  });
});
