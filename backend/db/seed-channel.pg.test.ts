/**
 * The sales channel's domains on real PostgreSQL, where shops and tools write them from separate processes:
 * `seedSalesChannel` (every start of the shop) replaces the set in one transaction by upserting stable ids, and
 * `ensureSalesChannel` (catalogue tools) never touches them. Needs the PostgreSQL server of the project's machines
 * (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created
 * and dropped.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { loadBackendConfig } from '../config.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../testing/pg-test-database.ts';
import { createDb, queryRows, type DbHandle } from './client.ts';
import { ensureSalesChannel, SALES_CHANNEL_ID, seedSalesChannel } from './seed-channel.ts';

let database: PgTestDatabase;
let other: DbHandle;

beforeAll(async () => {
  database = await createPgTestDatabase();
  other = await createDb({ ...database.options, migrate: false });
});

afterAll(async () => {
  await other?.close();
  await database?.drop();
});

beforeEach(async () => {
  await database.handle.db.execute(sql`DELETE FROM sales_channel_domain`);
});

interface DomainRow {
  id: string;
  url: string;
  created_at: string;
}

const domains = (handle: DbHandle = database.handle) =>
  queryRows<DomainRow>(
    handle.db,
    sql`SELECT id, url, created_at::text FROM sales_channel_domain WHERE sales_channel_id = ${SALES_CHANNEL_ID}
        ORDER BY position`,
  );

const shop = (be: string) => loadBackendConfig({ SHOP_URL_BE: be, SHOP_URL_AT: 'https://werkbank.at' });

describe('the sales channel domains', () => {
  test('two shops syncing the same domains at the same time both succeed and leave one row per domain', async () => {
    const config = shop('https://werkbank.be');
    await Promise.all([
      seedSalesChannel(database.handle.db, config),
      seedSalesChannel(other.db, config),
      seedSalesChannel(database.handle.db, config),
      seedSalesChannel(other.db, config),
    ]);
    expect((await domains()).map((d) => d.url)).toEqual(config.domains.map((d) => d.url));
  });

  test('a start with one changed URL keeps the unchanged domain rows in place and replaces only the changed one', async () => {
    await seedSalesChannel(database.handle.db, shop('https://werkbank.be'));
    const before = await domains();
    await seedSalesChannel(
      database.handle.db,
      loadBackendConfig({ SHOP_URL_BE: 'https://werkbank.be', SHOP_URL_AT: 'https://shop.werkbank.at' }),
    );
    const after = await domains();

    expect(after.map((d) => d.id)).toEqual(before.map((d) => d.id));
    const changed = after.filter((d, i) => d.url !== before[i]?.url);
    expect(changed.map((d) => d.url)).toEqual(['https://shop.werkbank.at']);
    // Unchanged rows were updated in place, not deleted and inserted again.
    for (const [i, row] of after.entries()) {
      if (row.url === before[i]?.url) expect(row.created_at).toBe(before[i]?.created_at);
    }
  });

  test('a catalogue tool making sure the channel exists leaves the shop domains and access key unchanged', async () => {
    await seedSalesChannel(database.handle.db, { ...shop('https://werkbank.be'), accessKey: 'SWSCSHOPKEY' });
    const before = await domains();
    await ensureSalesChannel(other.db, loadBackendConfig({}));
    expect(await domains()).toEqual(before);
    const [channel] = await queryRows<{ access_key: string }>(
      database.handle.db,
      sql`SELECT access_key FROM sales_channel WHERE id = ${SALES_CHANNEL_ID}`,
    );
    expect(channel?.access_key).toBe('SWSCSHOPKEY');
  });
});
