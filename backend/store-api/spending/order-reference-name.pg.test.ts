/**
 * The order reference name rule under real concurrency, on PostgreSQL (PGlite serialises every query, which hides
 * the race between the name check and the insert): a create whose name check passed while another transaction was
 * writing the same name (in another case) answers `ORDER_REFERENCE_NAME_NOT_UNIQUE`, never a server error, and
 * concurrent creates of one name give one reference. Needs the PostgreSQL
 * server of the project's machines (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere);
 * a throwaway database is created and dropped.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { orderReferenceTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let app: ReturnType<typeof createStoreApi>['app'];
let companyId: string;
let manager: TestCustomer;

beforeAll(async () => {
  database = await createPgTestDatabase();
  await seedSalesChannel(database.handle.db, config);
  app = createStoreApi({ db: database.handle.db, config }).app;
  companyId = (await insertCompany(database.handle.db)).id;
  manager = await insertCustomer(database.handle.db, companyId, { leadBuyer: true });
});
afterAll(async () => {
  await database?.drop();
});

/** POSTs a new reference named `name` as the manager. */
async function create(name: string): Promise<{ status: number; code: string | null }> {
  const res = await app.request(`/store-api/${config.provider}/order-reference`, {
    method: 'POST',
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      'sw-context-token': manager.token,
    },
    body: JSON.stringify({ name, startDate: '2026-01-01' }),
  });
  const body = (await res.json()) as { errors?: { code: string }[] };
  return { status: res.status, code: body.errors?.[0]?.code ?? null };
}

test('a create that passed the name check while another transaction wrote the name answers NAME_NOT_UNIQUE', async () => {
  const db = database!.handle.db;
  let pending: Promise<{ status: number; code: string | null }> | undefined;
  await db.transaction(async (tx) => {
    await tx
      .insert(orderReferenceTable)
      .values({ id: randomId(), companyId, name: 'Kaai 12', startDate: '2026-01-01' });
    // The request's check does not see the uncommitted row; its insert waits for this transaction on the index.
    pending = create('KAAI 12');
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  expect(await pending).toEqual({ status: 400, code: 'ORDER_REFERENCE_NAME_NOT_UNIQUE' });
});

test('ten concurrent creates of one name in different cases give one reference and nine NAME_NOT_UNIQUE', async () => {
  const names = ['Werf Noord', 'WERF NOORD', 'werf noord', 'Werf noord', 'wERF nOORD'];
  const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => create(names[i % names.length]!)));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.status !== 200)).toEqual(
    Array.from({ length: 9 }, () => ({ status: 400, code: 'ORDER_REFERENCE_NAME_NOT_UNIQUE' })),
  );
  const rows = await database!.handle.db
    .select()
    .from(orderReferenceTable)
    .where(eq(orderReferenceTable.companyId, companyId));
  expect(rows.filter((r) => r.name.toLowerCase() === 'werf noord')).toHaveLength(1);
});
