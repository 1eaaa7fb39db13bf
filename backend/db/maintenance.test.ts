/** `setMaintenance`: the flag and the `channel` cache version change together, in one transaction. */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, type DbHandle } from './client.ts';
import { readCacheVersions } from './cache-version.ts';
import { seedSalesChannel, setMaintenance } from './seed-channel.ts';
import { salesChannelTable } from './schema/index.ts';
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
