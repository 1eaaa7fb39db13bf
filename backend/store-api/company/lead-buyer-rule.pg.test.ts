/**
 * The last-lead-buyer rule under real concurrency, on PostgreSQL (PGlite runs one session and serialises every
 * query, which hides races): two lead buyers demoting each other at the same moment must leave their company one
 * active lead buyer. Needs the PostgreSQL server of the project's machines (127.0.0.1:5432, user postgres, trust;
 * `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created and dropped.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import type { DbHandle } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { customerTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

beforeAll(async () => {
  database = await createPgTestDatabase();
  handle = database.handle;
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
});
afterAll(async () => {
  await database?.drop();
});

const demote = (token: string, id: string) =>
  app.request(`/store-api/${config.provider}/account/${id}/role`, {
    method: 'PUT',
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    body: JSON.stringify({ role: 'buyer' }),
  });

describe('the last lead buyer on PostgreSQL', () => {
  test('two lead buyers demoting each other at once: one succeeds, the company keeps one lead buyer', async () => {
    for (let round = 0; round < 10; round++) {
      const company = (await insertCompany(handle.db)).id;
      const a = await insertCustomer(handle.db, company, { leadBuyer: true });
      const b = await insertCustomer(handle.db, company, { leadBuyer: true });
      const answers = await Promise.all([demote(a.token, b.id), demote(b.token, a.id)]);
      const leads = await handle.db.select().from(customerTable).where(eq(customerTable.companyId, company));
      expect(leads.filter((r) => r.leadBuyer && r.active)).toHaveLength(1);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 403]);
    }
  });
});
