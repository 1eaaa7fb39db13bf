/**
 * Direct orders against budgets under real concurrency, on PostgreSQL (PGlite serialises every query, which hides
 * races): twenty buyers booking to one order reference at once never overdraw its budget, and the orders placed,
 * the usage row and the ledger agree (B1, B7). Needs the PostgreSQL server of the project's machines (127.0.0.1:5432,
 * user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created and dropped.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { cartTable, orderFlowUserTable, orderTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../../testing/order-test-support.ts';
import { insertTestFlow, insertTestReference, ledgerAndUsage } from '../../testing/budget-test-support.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let db: Db;
let app: ReturnType<typeof createStoreApi>['app'];

beforeAll(async () => {
  database = await createPgTestDatabase();
  db = database.handle.db;
  await seedSalesChannel(db, config);
  await seedCheckoutSettings(db);
  app = createStoreApi({ db, config }).app;
});
afterAll(async () => {
  await database?.drop();
});

async function submit(token: string) {
  const res = await app.request('/store-api/checkout/order', {
    method: 'POST',
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    body: '{}',
  });
  const json = (await res.json()) as { errors?: { meta?: { parameters?: { messageKey?: string } } }[] };
  return { status: res.status, messageKey: json.errors?.[0]?.meta?.parameters?.messageKey };
}

describe('concurrent direct orders on PostgreSQL', () => {
  test('twenty buyers, one order reference of 100.00 EUR, orders of 29.95 EUR net: three placed, never more', async () => {
    const companyId = (await insertCompany(db)).id;
    await insertAddress(db, companyId, { isMain: true });
    const article = (await insertArticle(db, { price: '10.00', stock: 10_000 })).id;
    const referenceId = await insertTestReference(db, companyId, { budgetCents: 10_000 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => insertCustomer(db, companyId)));
    for (const buyer of buyers) {
      await fillCart(db, buyer.id, [{ productId: article, quantity: 2 }]);
      await db.update(cartTable).set({ orderReferenceId: referenceId }).where(eq(cartTable.customerId, buyer.id));
    }
    const answers = await Promise.all(buyers.map((b) => submit(b.token)));
    const placed = await db.select().from(orderTable).where(eq(orderTable.orderReferenceId, referenceId));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(placed).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400).map((a) => a.messageKey)).toEqual(
      Array.from({ length: 17 }, () => `${config.provider}-order-reference-unsufficient-budget-blocked`),
    );
    expect(await ledgerAndUsage(db, 'order_reference', referenceId)).toEqual({ ledger: 8_985, used: 8_985, rows: 3 });
  });

  test("one flow's budget is per user: ten users of one flow each order within their own budget", async () => {
    const companyId = (await insertCompany(db)).id;
    await insertAddress(db, companyId, { isMain: true });
    const article = (await insertArticle(db, { price: '10.00', stock: 10_000 })).id;
    const flowId = await insertTestFlow(db, companyId, { budgetCents: 3_000 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => insertCustomer(db, companyId)));
    for (const buyer of buyers) {
      await db.insert(orderFlowUserTable).values({ customerId: buyer.id, flowId });
      await fillCart(db, buyer.id, [{ productId: article, quantity: 2 }]);
    }
    const answers = await Promise.all(buyers.map((b) => submit(b.token)));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 10 }, () => 200));
    for (const buyer of buyers) {
      expect(await ledgerAndUsage(db, 'flow', flowId, buyer.id)).toEqual({ ledger: 2_995, used: 2_995, rows: 1 });
    }
  });
});
