/**
 * The cache versions on PGlite (one process): a bump reaches the process's watcher through PGlite's own LISTEN on
 * commit and never on rollback, and the start-up's static content bumps the catalogue only when it changed something.
 * The cross-process behaviour on PostgreSQL is in cache-version.pg.test.ts.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadBackendConfig } from '../config.ts';
import { writeStaticContent } from '../catalog/static-content.ts';
import {
  bumpCacheVersion,
  createCacheVersionState,
  readCacheVersions,
  startCacheVersionWatcher,
  type CacheScope,
  type CacheVersionWatcher,
} from './cache-version.ts';
import { createDb, type DbHandle } from './client.ts';
import { seedSalesChannel } from './seed-channel.ts';

let handle: DbHandle;
let watcher: CacheVersionWatcher;
const state = createCacheVersionState();
const told: CacheScope[] = [];
const config = loadBackendConfig({});

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  watcher = await startCacheVersionWatcher(handle, state, { pollMs: 600_000 });
  state.subscribe((scope) => told.push(scope));
});
afterAll(async () => {
  await watcher.stop();
  await handle.close();
});

/** Lets PGlite hand its notifications to the listeners. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

test('a bump reaches the watcher on commit, without waiting for the poll; a rolled-back one never', async () => {
  expect(watcher.listening()).toBe(true);
  const before = state.current();
  await expect(
    handle.db.transaction(async (tx) => {
      await bumpCacheVersion(tx, 'catalog');
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  await settle();
  expect(state.current()).toEqual(before);
  expect(told).toEqual([]);

  const version = await handle.db.transaction((tx) => bumpCacheVersion(tx, 'catalog'));
  await settle();
  expect(version).toBe(before.catalog + 1);
  expect(state.current()).toEqual({ ...before, catalog: version });
  expect(told).toEqual(['catalog']);
});

test('static content bumps the catalogue version when it changes rows, and not on an unchanged start', async () => {
  await writeStaticContent(handle.db, config);
  const before = (await readCacheVersions(handle.db)).catalog;
  expect(await writeStaticContent(handle.db, config)).toBe(false);
  expect((await readCacheVersions(handle.db)).catalog).toBe(before);
  expect(await writeStaticContent(handle.db, { ...config, domains: config.domains.slice(0, 1) })).toBe(true);
  expect((await readCacheVersions(handle.db)).catalog).toBe(before + 1);
});
