/**
 * Channel settings written by commands and starts: `setMaintenance` changes the flag and the `channel` cache version
 * together; in cluster mode a start keeps the stored domains.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, type DbHandle } from './client.ts';
import { readCacheVersions } from './cache-version.ts';
import { seedSalesChannel, setMaintenance } from './seed-channel.ts';
import { salesChannelDomainTable, salesChannelTable } from './schema/index.ts';
import { loadBackendConfig } from '../config.ts';

let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb();
});
afterAll(async () => handle.close());

test('without a sales channel nothing is switched', async () => {
  const before = await readCacheVersions(handle.db);
  expect(await setMaintenance(handle.db, true)).toBe(0);
  // The bump is harmless without a channel; what matters is that the command reports nothing switched.
  expect((await readCacheVersions(handle.db)).catalog).toBe(before.catalog);
});

test('switching on and off writes the flag and raises the channel version each time', async () => {
  await seedSalesChannel(handle.db, loadBackendConfig({}));
  const start = (await readCacheVersions(handle.db)).channel;
  expect(await setMaintenance(handle.db, true)).toBe(1);
  expect((await handle.db.select().from(salesChannelTable))[0]!.maintenance).toBe(true);
  expect((await readCacheVersions(handle.db)).channel).toBe(start + 1);
  expect(await setMaintenance(handle.db, false)).toBe(1);
  expect((await handle.db.select().from(salesChannelTable))[0]!.maintenance).toBe(false);
  expect((await readCacheVersions(handle.db)).channel).toBe(start + 2);
});

test('in cluster mode a start whose domains differ keeps the stored ones and says so', async () => {
  await seedSalesChannel(handle.db, loadBackendConfig({ SHOP_URL_BE: 'https://www.example.be' }));
  const lines: string[] = [];
  await seedSalesChannel(handle.db, loadBackendConfig({ PORT: '4999' }), {
    keepStoredDomains: true,
    log: (line) => lines.push(line),
  });
  const urls = (await handle.db.select().from(salesChannelDomainTable)).map((d) => d.url);
  expect(urls).toContain('https://www.example.be');
  expect(urls).not.toContain('http://localhost:4999');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain('http://localhost:4999');
  // Without cluster mode the start's configuration wins, as on a single process.
  await seedSalesChannel(handle.db, loadBackendConfig({ PORT: '4999' }));
  expect((await handle.db.select().from(salesChannelDomainTable)).map((d) => d.url)).toContain('http://localhost:4999');
});
