/**
 * The database settings on a real PostgreSQL server: `DATABASE_POOL_MAX` bounds the connections a process opens
 * (counted in `pg_stat_activity`), and `DATABASE_PREPARED_STATEMENTS=off` leaves no prepared statement on the
 * server connections (`pg_prepared_statements`), the condition for a transaction pooler before PgBouncer 1.21.
 * Needs the PostgreSQL server of the project's machines (127.0.0.1:5432, user postgres, trust;
 * `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created and dropped.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { createPgTestDatabase, type PgTestDatabase } from '../testing/pg-test-database.ts';
import { createDb, databaseOptionsFromEnv, queryPrepared, queryRows, type DbHandle } from './client.ts';
import { randomId } from '../lib/ids.ts';
import { salesChannelTable } from './schema/index.ts';

let database: PgTestDatabase;

beforeAll(async () => {
  database = await createPgTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** A process's pool on the test database, opened from environment variables, its sessions named `name`. */
async function openWithEnv(name: string, env: Record<string, string>): Promise<DbHandle> {
  const url = new URL(database.url);
  url.searchParams.set('application_name', name);
  return createDb({
    ...databaseOptionsFromEnv({ ...database.env, DATABASE_URL: url.toString(), ...env }),
    migrate: false,
  });
}

/**
 * Starts 10 queries at once on `handle` while a table lock keeps each one waiting, and answers the most sessions of
 * `name` seen while they wait; then releases the lock and checks that all 10 answered.
 */
async function peakSessionsUnderLoad(handle: DbHandle, name: string): Promise<number> {
  const lockClient = new pg.Client({ connectionString: database.url });
  await lockClient.connect();
  try {
    await lockClient.query('BEGIN');
    await lockClient.query('LOCK TABLE sales_channel IN ACCESS EXCLUSIVE MODE');
    const queries = Array.from({ length: 10 }, () =>
      handle.db
        .select({ id: salesChannelTable.id })
        .from(salesChannelTable)
        .where(eq(salesChannelTable.id, 'x'))
        .execute(),
    );
    // The pool opens its connections as the queries queue up: once one of them waits on the lock, count the sessions
    // a while longer (at most 10 seconds in all) and keep the largest count.
    let peak = 0;
    let lockedSamples = 0;
    for (let i = 0; i < 400 && lockedSamples < 20; i++) {
      const [row] = await queryRows<{ n: number; locked: number }>(
        database.handle.db,
        sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE wait_event_type = 'Lock')::int AS locked
              FROM pg_stat_activity WHERE application_name = ${name}`,
      );
      peak = Math.max(peak, row?.n ?? 0);
      if ((row?.locked ?? 0) > 0) lockedSamples++;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await lockClient.query('ROLLBACK');
    const answers = await Promise.all(queries);
    expect(answers).toHaveLength(10);
    return peak;
  } finally {
    await lockClient.end();
  }
}

describe('database settings on PostgreSQL', () => {
  test('DATABASE_POOL_MAX=3 keeps a process at 3 connections under 10 concurrent queries; the default allows 10', async () => {
    const bounded = `wb_pool3_${randomId().slice(0, 8)}`;
    const handle = await openWithEnv(bounded, { DATABASE_POOL_MAX: '3' });
    try {
      expect(await peakSessionsUnderLoad(handle, bounded)).toBe(3);
    } finally {
      await handle.close();
    }
    const unbounded = `wb_pool10_${randomId().slice(0, 8)}`;
    const other = await openWithEnv(unbounded, {});
    try {
      expect(await peakSessionsUnderLoad(other, unbounded)).toBe(10);
    } finally {
      await other.close();
    }
  });

  test('DATABASE_PREPARED_STATEMENTS=off leaves no prepared statement on the connection; on keeps them', async () => {
    const prepared = async (setting: 'on' | 'off'): Promise<string[]> => {
      const handle = await openWithEnv(`wb_prep_${setting}`, {
        DATABASE_POOL_MAX: '1',
        DATABASE_PREPARED_STATEMENTS: setting,
      });
      try {
        // queryPrepared, and a Drizzle statement prepared by name.
        const rows = await queryPrepared<{ n: number }>(handle.db, sql`SELECT ${'2'}::int AS n`);
        expect(rows).toEqual([{ n: 2 }]);
        const byId = handle.db
          .select({ id: salesChannelTable.id })
          .from(salesChannelTable)
          .where(eq(salesChannelTable.id, sql.placeholder('id')))
          .prepare(`wb_test_channel_${setting}`);
        expect(await byId.execute({ id: 'none' })).toEqual([]);
        expect(await byId.execute({ id: 'none' })).toEqual([]);
        // One connection (pool of 1): the statements this session keeps.
        const names = await queryRows<{ name: string }>(handle.db, sql`SELECT name FROM pg_prepared_statements`);
        return names.map((r) => r.name).sort();
      } finally {
        await handle.close();
      }
    };
    // Off first: behind a transaction pooler the server connections are shared, and would show the statements
    // another client prepared.
    expect(await prepared('off')).toEqual([]);
    const on = await prepared('on');
    expect(on).toContain('wb_test_channel_on');
    expect(on.some((name) => /^wb_[0-9a-f]{20}$/.test(name))).toBe(true);
  });
});
