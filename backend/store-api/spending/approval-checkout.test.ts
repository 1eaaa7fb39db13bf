/**
 * An approval from the submit to the order, through the real endpoints: `POST /checkout/order` at the flow's
 * threshold answers an approval request and reserves the budget, the approver approves it with
 * `POST /{provider}/order/approve/{id}`, and the order written then is the one requested (lines, prices, totals,
 * reference, address) although the price and the cart changed in between.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import {
  budgetLedgerTable,
  budgetUsageTable,
  orderLineItemTable,
  orderTable,
  productPriceTable,
} from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../../testing/order-test-support.ts';
import { insertFlow } from '../../testing/approval-test-support.ts';

const config = loadBackendConfig({});
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  await seedCheckoutSettings(handle.db);
});
afterAll(() => handle.close());

async function post(path: string, token: string, body: unknown) {
  const res = await app.request(path, {
    method: 'POST',
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

test('submit at the threshold → approval request; approved → the order requested, whatever changed since', async () => {
  const companyId = (await insertCompany(handle.db)).id;
  await insertAddress(handle.db, companyId, { isMain: true, name: 'Werf Gent', city: 'Gent' });
  const buyer = await insertCustomer(handle.db, companyId, { rights: ['ROLE_PLACE_ORDERS'] });
  const boss = await insertCustomer(handle.db, companyId, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
  const flowId = await insertFlow(handle.db, companyId, {
    budgetCents: 500_000,
    approveFromCents: 20_000,
    approvers: [boss.id],
    users: [buyer.id],
  });
  const article = await insertArticle(handle.db, { price: '30.00', stock: 500 });
  await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 10, remark: 'for scaffold' }]);

  const submitted = await post('/store-api/checkout/order', buyer.token, { orderReference: 'PO-GENT-1' });
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
  expect(submitted.json).toMatchObject({ apiAlias: 'order_approval_request', status: 'pending' });
  expect(await handle.db.select().from(orderTable).where(eq(orderTable.customerId, buyer.id))).toHaveLength(0);
  const [usage] = await handle.db.select().from(budgetUsageTable).where(eq(budgetUsageTable.budgetId, flowId));
  expect(usage!.usedCents).toBe(30_995);

  await handle.db.update(productPriceTable).set({ amount: '45.00' }).where(eq(productPriceTable.productId, article.id));
  await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 99 }]);

  const id = submitted.json.id as string;
  const approved = await post(`/store-api/${config.provider}/order/approve/${id}`, boss.token, {});
  expect(approved.status, JSON.stringify(approved.json)).toBe(200);
  const [order] = await handle.db
    .select()
    .from(orderTable)
    .where(eq(orderTable.id, approved.json.orderId as string));
  expect(order).toMatchObject({
    customerId: buyer.id,
    approvalId: id,
    flowId,
    netCents: 30_995,
    orderReference: 'PO-GENT-1',
    shippingAddress: expect.objectContaining({ name: 'Werf Gent', city: 'Gent' }),
  });
  const lines = await handle.db.select().from(orderLineItemTable).where(eq(orderLineItemTable.orderId, order!.id));
  expect(lines.map((l) => [l.quantity, Number(l.unitPrice), l.totalCents, l.remark])).toEqual([
    [10, 30, 30_000, 'for scaffold'],
  ]);
  const ledger = await handle.db.select().from(budgetLedgerTable).where(eq(budgetLedgerTable.approvalId, id));
  expect(ledger.map((r) => [r.entry, r.amountCents]).sort()).toEqual([
    ['consume', 0],
    ['reserve', 30_995],
  ]);
  const [after] = await handle.db.select().from(budgetUsageTable).where(eq(budgetUsageTable.budgetId, flowId));
  expect(after!.usedCents).toBe(30_995);
});
