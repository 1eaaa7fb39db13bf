/**
 * Start-up on real PostgreSQL (PGlite runs one session and would hide the race): several processes starting together
 * on one database take turns under the start-up lock, and a failed start-up leaves no lock behind. Each process is
 * stood for by its own connection pool and lock connection. Needs the PostgreSQL server of the project's machines
 * (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere); throwaway databases are created
 * and dropped.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { loadBackendConfig } from '../config.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../testing/pg-test-database.ts';
import { BOOTSTRAP_LOCK_KEY, bootstrapDatabase } from './bootstrap.ts';
import { createDb, queryRows, type DbHandle } from './client.ts';
import { SALES_CHANNEL_ID, seedSalesChannel } from './seed-channel.ts';

const JOURNAL = JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
  entries: { tag: string }[];
};

let database: PgTestDatabase | undefined;
const handles: DbHandle[] = [];

afterEach(async () => {
  await Promise.all(handles.splice(0).map((h) => h.close()));
  await database?.drop();
  database = undefined;
});

/** A second "process" on the test database: its own pool, not migrated. */
async function open(database: PgTestDatabase): Promise<DbHandle> {
  const handle = await createDb({ ...database.options, migrate: false });
  handles.push(handle);
  return handle;
}

/** Sessions holding the start-up lock (a bigint advisory key is stored as classid = high, objid = low 32 bits). */
async function lockHolders(handle: DbHandle): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    handle.db,
    sql`SELECT count(*)::int AS count FROM pg_locks WHERE locktype = 'advisory' AND granted
        AND ((classid::bigint << 32) | objid::bigint) = ${BOOTSTRAP_LOCK_KEY.toString()}::bigint`,
  );
  return row?.count ?? -1;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('start-up of several processes on one PostgreSQL database', () => {
  test('two start-ups begun together on an empty database both succeed, and each migration is applied once', async () => {
    database = await createPgTestDatabase({ migrate: false });
    const url = database.url;
    const [a, b] = [await open(database), await open(database)];
    const config = loadBackendConfig({});
    const seeding: { who: string; at: 'start' | 'end' }[] = [];
    const seed = (who: string, handle: DbHandle) => async () => {
      seeding.push({ who, at: 'start' });
      await seedSalesChannel(handle.db, config);
      await pause(100);
      seeding.push({ who, at: 'end' });
      return who;
    };

    const results = await Promise.all([
      bootstrapDatabase(a, { databaseUrl: url }, seed('a', a)),
      bootstrapDatabase(b, { databaseUrl: url }, seed('b', b)),
    ]);

    expect(results).toEqual(['a', 'b']);
    const applied = await queryRows<{ hash: string }>(a.db, sql`SELECT hash FROM drizzle.__drizzle_migrations`);
    expect(applied).toHaveLength(JOURNAL.entries.length);
    expect(new Set(applied.map((m) => m.hash)).size).toBe(JOURNAL.entries.length);
    // The seeds ran one after the other: the second began after the first ended.
    expect(seeding.map((s) => s.at)).toEqual(['start', 'end', 'start', 'end']);
    const domains = await queryRows<{ url: string }>(
      a.db,
      sql`SELECT url FROM sales_channel_domain WHERE sales_channel_id = ${SALES_CHANNEL_ID} ORDER BY position`,
    );
    expect(domains.map((d) => d.url)).toEqual(config.domains.map((d) => d.url));
  });

  test('a start-up whose seed fails releases the lock, and the next start-up completes', async () => {
    database = await createPgTestDatabase({ migrate: false });
    const url = database.url;
    const first = await open(database);
    await expect(
      bootstrapDatabase(first, { databaseUrl: url }, () => Promise.reject(new Error('seed failed'))),
    ).rejects.toThrow('seed failed');

    expect(await lockHolders(first)).toBe(0);
    const second = await open(database);
    await expect(bootstrapDatabase(second, { databaseUrl: url }, () => Promise.resolve('up'))).resolves.toBe('up');
  });

  test('a start-up waits while another process holds the start-up lock', async () => {
    database = await createPgTestDatabase();
    const url = database.url;
    const handle = await open(database);
    const order: string[] = [];
    const holder = bootstrapDatabase(handle, { databaseUrl: url }, async () => {
      order.push('holder in');
      await pause(300);
      order.push('holder out');
    });
    await pause(100);
    expect(await lockHolders(handle)).toBe(1);
    await bootstrapDatabase(handle, { databaseUrl: url }, () => {
      order.push('waiter in');
      return Promise.resolve();
    });
    await holder;
    expect(await lockHolders(handle)).toBe(0);
    expect(order).toEqual(['holder in', 'holder out', 'waiter in']);
  });
});
