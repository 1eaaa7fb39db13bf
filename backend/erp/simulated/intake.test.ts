import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ErpOrderDetailSchema } from '../../../contract/provider/erp.ts';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { erpOrderTable, orderFlowUserTable, orderTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import {
  fillCart,
  insertAddress,
  insertArticle,
  seedCheckoutSettings,
  type CheckoutSettings,
} from '../../testing/order-test-support.ts';
import { insertFlow } from '../../testing/approval-test-support.ts';
import type { ErpPort, ErpScope } from '../port.ts';
import { recordJobs, type RecordedJobs } from '../../testing/job-test-support.ts';
import { createSimulatedErp, type ErpSimulation } from './index.ts';
import { ERP_STEPS, variation } from './schedule.ts';

const config = loadBackendConfig({});
const DAY = 86_400_000;
let handle: DbHandle;
let erp: ErpSimulation;
let app: ReturnType<typeof createStoreApi>['app'];
let settings: CheckoutSettings;
let buyer: TestCustomer;
let scope: ErpScope;
/** The jobs the requests sent; the hand-overs run when a test says so, as a worker would. */
let jobs: RecordedJobs;
/** While set, the hand-over a request makes after its commit fails, as with an unreachable ERP. */
let requestErpDown = false;
const runHandovers = (port: Pick<ErpPort, 'transferOrder'> = erp) => jobs.runHandovers(port);

async function call(method: string, path: string, body: unknown, app_ = app) {
  const res = await app_.request(`/store-api${path}`, {
    method,
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': buyer.token },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Places the buyer's cart of `lines` as a shop order and runs its hand-over job; answers the shop order's id. */
async function placeOrder(lines: { productId: string; quantity: number }[], body: unknown = {}) {
  await fillCart(handle.db, buyer.id, lines);
  const placed = await call('POST', '/checkout/order', body);
  expect(placed.status).toBe(200);
  await runHandovers();
  return placed.json.id as string;
}

async function erpOrderOf(shopOrderId: string) {
  return handle.db.select().from(erpOrderTable).where(eq(erpOrderTable.shopOrderId, shopOrderId));
}

async function shopState(shopOrderId: string) {
  const [row] = await handle.db
    .select({ state: orderTable.state })
    .from(orderTable)
    .where(eq(orderTable.id, shopOrderId));
  return row!.state;
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  erp = createSimulatedErp({ db: handle.db, config });
  jobs = recordJobs(handle.db);
  // The requests hand orders over through the simulated ERP unless a test takes it down for them.
  const requestErp: ErpSimulation = {
    ...erp,
    transferOrder: (orderId) =>
      requestErpDown ? Promise.reject(new Error('ERP unreachable')) : erp.transferOrder(orderId),
  };
  app = createStoreApi({ db: handle.db, config, erp: requestErp, jobs }).app;
  settings = await seedCheckoutSettings(handle.db);
  const companyId = (await insertCompany(handle.db, { name: 'Gamma Metaal' })).id;
  await insertAddress(handle.db, companyId, { isMain: true });
  buyer = await insertCustomer(handle.db, companyId, { firstName: 'Greta', lastName: 'Gamma' });
  scope = { companyId, customerId: buyer.id, locale: 'en-GB' };
});
afterAll(() => handle.close());
beforeEach(async () => {
  await call('PATCH', '/context', { paymentMethodId: settings.invoiceId });
});

describe('hand-over of shop orders', () => {
  test('a placed order is in the ERP as ordered; a second hand-over changes nothing', async () => {
    const article = await insertArticle(handle.db, { price: '40.00', stock: 50, productNumber: 'GAM-1' });
    const shopOrderId = await placeOrder([{ productId: article.id, quantity: 3 }], { orderReference: 'PO-77' });
    const [copied] = await erpOrderOf(shopOrderId);
    expect(copied).toMatchObject({
      channel: 'shop',
      type: 'standard',
      status: 'open',
      customerId: buyer.id,
      customerReference: 'PO-77',
      orderedBy: 'Greta Gamma',
      goodsCents: 12_000,
      paidInAdvance: false,
    });
    // The buyer finds it in the ERP's history by the number the checkout gave.
    const [shopOrder] = await handle.db.select().from(orderTable).where(eq(orderTable.id, shopOrderId));
    expect(copied!.orderNumber).toBe(shopOrder!.orderNumber);
    await erp.transferOrder(shopOrderId);
    const again = await erpOrderOf(shopOrderId);
    expect(again).toHaveLength(1);
    expect(again[0]!.orderNumber).toBe(copied!.orderNumber);
    const detail = await erp.orderDetail(scope, { orderNumber: copied!.orderNumber });
    v.parse(ErpOrderDetailSchema, detail);
    expect(detail!.lines).toMatchObject([{ productNumber: 'GAM-1', quantity: 3, unitPrice: 40, totalPrice: 120 }]);
    expect(detail!.deliveryCost).toBe(9.95);
  });

  test('a failed hand-over throws for its job to retry; the next advance takes the order in anyway', async () => {
    const down = { transferOrder: () => Promise.reject(new Error('ERP unreachable')) };
    const article = await insertArticle(handle.db, { price: '40.00' });
    await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 1 }]);
    // The request's own hand-over fails too (logged, never answered).
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    requestErpDown = true;
    const placed = await call('POST', '/checkout/order', {}).finally(() => {
      requestErpDown = false;
      logged.mockRestore();
    });
    expect(placed.status).toBe(200);
    const shopOrderId = placed.json.id as string;
    expect(jobs.handovers).toEqual([shopOrderId]);
    await expect(runHandovers(down)).rejects.toThrow('ERP unreachable');
    const [pending] = await handle.db.select().from(orderTable).where(eq(orderTable.id, shopOrderId));
    expect(pending!.erpHandedOverAt).toBeNull();
    expect(await erpOrderOf(shopOrderId)).toHaveLength(0);
    const { transferred } = await erp.advance(new Date());
    expect(transferred).toBe(1);
    expect(await erpOrderOf(shopOrderId)).toHaveLength(1);
    expect((await erp.advance(new Date())).transferred).toBe(0);
    // The job's retry finds the order in the ERP already: nothing doubles, and the hand-over is recorded.
    jobs.handovers.push(shopOrderId);
    await runHandovers();
    expect(await erpOrderOf(shopOrderId)).toHaveLength(1);
    const [done] = await handle.db.select().from(orderTable).where(eq(orderTable.id, shopOrderId));
    expect(done!.erpHandedOverAt).toBeInstanceOf(Date);
  });

  test('the ERP status is written back to the shop order: in_progress while handled, completed at the end', async () => {
    const article = await insertArticle(handle.db, { price: '40.00' });
    const shopOrderId = await placeOrder([{ productId: article.id, quantity: 1 }]);
    const [copied] = await erpOrderOf(shopOrderId);
    const t0 = copied!.orderDateTime.getTime();
    await erp.advance(new Date(t0 + ERP_STEPS.confirmAfter - 1));
    expect(await shopState(shopOrderId)).toBe('open');
    await erp.advance(new Date(t0 + ERP_STEPS.confirmAfter));
    expect(await shopState(shopOrderId)).toBe('in_progress');
    await erp.advance(new Date(t0 + 40 * DAY));
    expect((await erpOrderOf(shopOrderId))[0]!.status).toBe('completed');
    expect(await shopState(shopOrderId)).toBe('completed');
  });

  test('pieces the shop took as backorder follow in a second delivery', async () => {
    const article = await insertArticle(handle.db, { price: '10.00', stock: 2 });
    const shopOrderId = await placeOrder([{ productId: article.id, quantity: 5 }]);
    const [copied] = await erpOrderOf(shopOrderId);
    const t0 = copied!.orderDateTime.getTime();
    const ships = t0 + ERP_STEPS.confirmAfter + ERP_STEPS.pickAfter + ERP_STEPS.shipAfter;
    await erp.advance(new Date(ships));
    const partial = await erp.orderDetail(scope, { orderNumber: copied!.orderNumber });
    expect(partial!.status).toBe('backorder');
    expect(partial!.deliveries.map((d) => d.lines)).toEqual([[{ lineNumber: 1, quantity: 2 }]]);
    await erp.advance(new Date(ships + variation(copied!.id, 'backorder', ...ERP_STEPS.backorderDays) * DAY));
    const done = await erp.orderDetail(scope, { orderNumber: copied!.orderNumber });
    expect(done!.status).toBe('shipped');
    expect(done!.deliveries.map((d) => d.lines)).toEqual([
      [{ lineNumber: 1, quantity: 2 }],
      [{ lineNumber: 1, quantity: 3 }],
    ]);
  });

  test('an order written by an approval is handed over when the approval is decided', async () => {
    const companyId = scope.companyId;
    const boss = await insertCustomer(handle.db, companyId, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
    const flowId = await insertFlow(handle.db, companyId, { approveFromCents: 10_000, approvers: [boss.id] });
    await handle.db.insert(orderFlowUserTable).values({ flowId, customerId: buyer.id });
    const article = await insertArticle(handle.db, { price: '60.00' });
    await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 2 }]);
    const requested = await call('POST', '/checkout/order', {});
    expect(requested.json.apiAlias).toBe('order_approval_request');
    const res = await app.request(`/store-api/${config.provider}/order/approve/${requested.json.id as string}`, {
      method: 'POST',
      headers: {
        'sw-access-key': config.accessKey,
        'content-type': 'application/json',
        'sw-context-token': boss.token,
      },
      body: '{}',
    });
    const decision = (await res.json()) as { orderId: string };
    expect(res.status).toBe(200);
    expect(jobs.handovers).toEqual([decision.orderId]);
    await runHandovers();
    expect(await erpOrderOf(decision.orderId)).toMatchObject([{ channel: 'shop', goodsCents: 12_000 }]);
    await handle.db.delete(orderFlowUserTable).where(eq(orderFlowUserTable.flowId, flowId));
  });

  test('a pickup is a pickup order; prepayment makes it paid in advance', async () => {
    await call('PATCH', '/context', { paymentMethodId: settings.prepaymentId });
    const article = await insertArticle(handle.db, { price: '40.00' });
    const shopOrderId = await placeOrder([{ productId: article.id, quantity: 1 }], {
      shippingOption: 'pickup',
      pickupLocationId: settings.pickupLocationId,
    });
    const [copied] = await erpOrderOf(shopOrderId);
    expect(copied).toMatchObject({ type: 'pickup', paidInAdvance: true, deliveryAddress: null });
  });
});
