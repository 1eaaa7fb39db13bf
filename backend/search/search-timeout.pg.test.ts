/**
 * The search's statement timeout on PostgreSQL (PGlite has no timer that could stop a statement). A statement that
 * waits on a lock counts against `statement_timeout` like a slow one, so a search is made slow on purpose by
 * holding an exclusive lock on `product` in another session. Needs the PostgreSQL server of the project's machines
 * (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created
 * and dropped.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../app.ts';
import { loadBackendConfig } from '../config.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../testing/pg-test-database.ts';
import { languageId, seedSalesChannel } from '../db/seed-channel.ts';
import { seedFixtureCatalog } from '../testing/test-fixtures.ts';

/** A timeout far below the lock's hold time, far above an ordinary search on the fixture. */
const TIMEOUT_MS = 300;
const config = { ...loadBackendConfig({}), searchStatementTimeoutMs: TIMEOUT_MS };
let database: PgTestDatabase | undefined;
let app: ReturnType<typeof createStoreApi>['app'];

beforeAll(async () => {
  database = await createPgTestDatabase();
  await seedSalesChannel(database.handle.db, config);
  await seedFixtureCatalog(database.handle.db);
  app = createStoreApi({ db: database.handle.db, config }).app;
});
afterAll(async () => {
  await database?.drop();
});

const search = (term: string) =>
  app.request('/store-api/search', {
    method: 'POST',
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      'sw-language-id': languageId('de-DE'),
    },
    body: JSON.stringify({ search: term }),
  });

describe('search statement timeout on PostgreSQL', () => {
  test('a search statement over the timeout answers 503 FRAMEWORK__QUERY_TIMEOUT without SQL; later searches run', async () => {
    // Warm the catalogue caches the route reads before the search, so only the search's statements meet the lock.
    expect((await search('Kombizange')).status).toBe(200);

    const locker = new pg.Client({ connectionString: database!.url });
    await locker.connect();
    let release: (() => Promise<void>) | undefined;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE product IN ACCESS EXCLUSIVE MODE');
      // Without a timeout the search would wait for the lock: release it after 10 s so the test ends either way.
      const timer = setTimeout(() => void locker.query('ROLLBACK'), 10_000);
      release = async () => {
        clearTimeout(timer);
        await locker.query('ROLLBACK');
      };
      const res = await search('Seitenschneider');
      const text = await res.text();
      expect(res.status).toBe(503);
      const body = JSON.parse(text) as { errors: { status: string; code: string; detail: string }[] };
      expect(body.errors[0]).toMatchObject({ status: '503', code: 'FRAMEWORK__QUERY_TIMEOUT' });
      expect(text).not.toMatch(/select|product_number|statement_timeout/i);
    } finally {
      await release?.();
      await locker.end();
    }

    const after = await search('Seitenschneider');
    expect(after.status).toBe(200);
    expect(
      ((await after.json()) as { elements: { productNumber: string }[] }).elements.map((p) => p.productNumber),
    ).toContain('P-1001');
    // The timeout is local to the search's transaction: every pooled connection still runs a longer statement.
    const slow = Array.from({ length: 10 }, () =>
      database!.handle.db.execute(sql`SELECT pg_sleep(${(TIMEOUT_MS * 2) / 1000})`),
    );
    await expect(Promise.all(slow)).resolves.toHaveLength(10);
  });
});
