/**
 * Budgets and approvals in the checkout (docs/decisions/015), on PGlite: the cart shows the order flow and order
 * reference budgets as extensions and blocks (level 20) a net total the remaining budget does not cover; a direct
 * order consumes both budgets; at or above the flow's threshold the submit answers an approval request instead of an
 * order and empties the cart (B2: boundary t−1, t, t+1 cents); a right revoked blocks the next submit (B10).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import {
  budgetLedgerTable,
  cartLineItemTable,
  cartTable,
  customerRightTable,
  customerTable,
  orderApprovalTable,
  orderFlowUserTable,
  orderReferenceTable,
  orderReferenceUserTable,
  orderTable,
} from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../../testing/order-test-support.ts';
import {
  insertTestFlow,
  insertTestReference,
  ledgerAndUsage,
  type TestFlowInput,
} from '../../testing/budget-test-support.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
const PROVIDER = config.provider;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let companyId: string;
/** An article at 10.00 EUR net: q pieces with standard delivery (9.95 EUR) are 1000·q + 995 cents net. */
let article: string;

type Json = Record<string, unknown> & {
  errors?: { code: string; meta?: { parameters?: Record<string, unknown> } }[];
};

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await app.request(`/store-api${path}`, {
    method,
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const cartOf = async (token: string) => (await call('GET', '/checkout/cart', token)).json;
async function submit(token: string, headers: Record<string, string> = {}) {
  const res = await app.request('/store-api/checkout/order', {
    method: 'POST',
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      'sw-context-token': token,
      ...headers,
    },
    body: '{}',
  });
  return { status: res.status, json: (await res.json()) as Json };
}

/** A buyer of the company in a new flow, with `pieces` of the article in the cart. */
async function buyerInFlow(flow: TestFlowInput, pieces = 2): Promise<{ buyer: TestCustomer; flowId: string }> {
  const buyer = await insertCustomer(handle.db, companyId);
  const flowId = await insertTestFlow(handle.db, companyId, flow);
  await handle.db.insert(orderFlowUserTable).values({ customerId: buyer.id, flowId });
  await fillCart(handle.db, buyer.id, [{ productId: article, quantity: pieces }]);
  return { buyer, flowId };
}

const cartErrors = (cart: Json) =>
  Object.values(cart.errors as unknown as Record<string, { key: string; level: number }>);
const ordersOf = (customerId: string) =>
  handle.db.select().from(orderTable).where(eq(orderTable.customerId, customerId));

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  await seedCheckoutSettings(handle.db);
  companyId = (await insertCompany(handle.db)).id;
  await insertAddress(handle.db, companyId, { isMain: true });
  article = (await insertArticle(handle.db, { price: '10.00', stock: 10_000 })).id;
});
afterAll(() => handle.close());

describe('the cart shows the budgets', () => {
  test('orderFlowBudget: budget, what is left, the period, the threshold and whether the cart reaches it', async () => {
    const { buyer, flowId } = await buyerInFlow({ budgetCents: 10_000, approveFromCents: 5_000 }, 2);
    const cart = await cartOf(buyer.token);
    expect((cart.price as { netPrice: number }).netPrice).toBe(29.95);
    const extension = (cart.extensions as Record<string, { period: { start: string; end: string } }>).orderFlowBudget!;
    expect(extension).toEqual({
      flowId,
      name: expect.any(String),
      budget: 100,
      remaining: 100,
      period: { start: expect.any(String), end: expect.any(String) },
      approveFrom: 50,
      approveFromPeriod: null,
      orderedInPeriod: null,
      needsApproval: false,
      apiAlias: 'cart_order_flow_budget',
    });
    const now = Date.now();
    expect(Date.parse(extension.period.start)).toBeLessThanOrEqual(now);
    expect(Date.parse(extension.period.end)).toBeGreaterThan(now);
    expect(cartErrors(cart)).toEqual([]);
    await fillCart(handle.db, buyer.id, [{ productId: article, quantity: 5 }]);
    expect((await cartOf(buyer.token)).extensions).toMatchObject({ orderFlowBudget: { needsApproval: true } });
  });

  test('a net total above the remaining flow budget is a level-20 error and the submit is refused', async () => {
    const { buyer, flowId } = await buyerInFlow({ budgetCents: 2_994 }, 2);
    const cart = await cartOf(buyer.token);
    expect(cartErrors(cart)).toEqual([
      expect.objectContaining({
        key: `${PROVIDER}-flow-unsufficient-budget-blocked`,
        messageKey: `${PROVIDER}-flow-unsufficient-budget-blocked`,
        level: 20,
      }),
    ]);
    const refused = await submit(buyer.token);
    expect(refused.status).toBe(400);
    expect(refused.json.errors?.[0]).toMatchObject({
      code: 'CHECKOUT__CART_INVALID',
      meta: { parameters: { messageKey: `${PROVIDER}-flow-unsufficient-budget-blocked` } },
    });
    expect(await ordersOf(buyer.id)).toHaveLength(0);
    expect(await ledgerAndUsage(handle.db, 'flow', flowId, buyer.id)).toEqual({ ledger: 0, used: 0, rows: 0 });
  });

  test('orderReferenceBudget for the reference the cart is booked to, blocked when it does not fit', async () => {
    const buyer = await insertCustomer(handle.db, companyId);
    const referenceId = await insertTestReference(handle.db, companyId, { budgetCents: 2_000 });
    await fillCart(handle.db, buyer.id, [{ productId: article, quantity: 2 }]);
    await handle.db.update(cartTable).set({ orderReferenceId: referenceId }).where(eq(cartTable.customerId, buyer.id));
    const cart = await cartOf(buyer.token);
    expect((cart.extensions as Record<string, unknown>).orderReferenceBudget).toEqual({
      orderReferenceId: referenceId,
      name: expect.any(String),
      budget: 20,
      remaining: 20,
      period: { start: expect.any(String), end: expect.any(String) },
      apiAlias: 'cart_order_reference_budget',
    });
    expect(cartErrors(cart).map((e) => [e.key, e.level])).toEqual([
      [`${PROVIDER}-order-reference-unsufficient-budget-blocked`, 20],
    ]);
    expect((await submit(buyer.token)).status).toBe(400);
  });

  test('a customer without a flow and without a reference sees neither extension', async () => {
    const buyer = await insertCustomer(handle.db, companyId);
    await fillCart(handle.db, buyer.id, [{ productId: article, quantity: 1 }]);
    expect((await cartOf(buyer.token)).extensions).toEqual({});
  });
});

describe('a direct order consumes the budgets', () => {
  test('the flow and the order reference budget each lose the net total, booked to the order', async () => {
    const { buyer, flowId } = await buyerInFlow({ budgetCents: 10_000 }, 2);
    const referenceId = await insertTestReference(handle.db, companyId, { budgetCents: 5_000 });
    await handle.db.update(cartTable).set({ orderReferenceId: referenceId }).where(eq(cartTable.customerId, buyer.id));
    const placed = await submit(buyer.token);
    expect(placed.status, JSON.stringify(placed.json)).toBe(200);
    expect(placed.json.apiAlias).toBe('order');
    const [order] = await ordersOf(buyer.id);
    expect(order).toMatchObject({ flowId, orderReferenceId: referenceId, netCents: 2_995 });
    expect(await ledgerAndUsage(handle.db, 'flow', flowId, buyer.id)).toEqual({ ledger: 2_995, used: 2_995, rows: 1 });
    expect(await ledgerAndUsage(handle.db, 'order_reference', referenceId)).toEqual({
      ledger: 2_995,
      used: 2_995,
      rows: 1,
    });
    const [row] = await handle.db.select().from(budgetLedgerTable).where(eq(budgetLedgerTable.budgetId, flowId));
    expect(row).toMatchObject({ entry: 'consume', orderId: order!.id });
    // The next cart starts booked to no reference; booked again, it shows what is left.
    await fillCart(handle.db, buyer.id, [{ productId: article, quantity: 1 }]);
    const next = (await cartOf(buyer.token)).extensions as Record<string, unknown>;
    expect(next).toMatchObject({ orderFlowBudget: { remaining: 70.05 } });
    expect(next).not.toHaveProperty('orderReferenceBudget');
    await handle.db.update(cartTable).set({ orderReferenceId: referenceId }).where(eq(cartTable.customerId, buyer.id));
    expect((await cartOf(buyer.token)).extensions).toMatchObject({ orderReferenceBudget: { remaining: 20.05 } });
  });
});

describe('an order reference the buyer can no longer use', () => {
  /** A buyer with one piece in the cart, booked to a reference with a budget that the buyer is a user of. */
  async function bookedBuyer(): Promise<{ buyer: TestCustomer; referenceId: string }> {
    const buyer = await insertCustomer(handle.db, companyId);
    const referenceId = await insertTestReference(handle.db, companyId, { budgetCents: 50_000 });
    await handle.db.insert(orderReferenceUserTable).values({ referenceId, customerId: buyer.id });
    await fillCart(handle.db, buyer.id, [{ productId: article, quantity: 1 }]);
    const chosen = await call('PUT', `/${PROVIDER}/order-reference/cart/${referenceId}`, buyer.token);
    expect(chosen.status).toBe(200);
    expect(cartErrors(await cartOf(buyer.token))).toEqual([]);
    return { buyer, referenceId };
  }

  async function expectRefused(buyer: TestCustomer, referenceId: string) {
    const cart = await cartOf(buyer.token);
    expect(cartErrors(cart)).toContainEqual(
      expect.objectContaining({
        key: `${PROVIDER}-order-reference-not-usable`,
        messageKey: `${PROVIDER}-order-reference-not-usable`,
        level: 20,
        id: referenceId,
      }),
    );
    const refused = await submit(buyer.token);
    expect(refused.status).toBe(400);
    expect(refused.json.errors?.[0]).toMatchObject({
      code: 'CHECKOUT__CART_INVALID',
      meta: { parameters: { messageKey: `${PROVIDER}-order-reference-not-usable`, id: referenceId } },
    });
    expect(await ordersOf(buyer.id)).toHaveLength(0);
    expect(await ledgerAndUsage(handle.db, 'order_reference', referenceId)).toEqual({ ledger: 0, used: 0, rows: 0 });
  }

  test('deactivated after it was put on the cart: a cart error, and the order is refused', async () => {
    const { buyer, referenceId } = await bookedBuyer();
    await handle.db.update(orderReferenceTable).set({ active: false }).where(eq(orderReferenceTable.id, referenceId));
    await expectRefused(buyer, referenceId);
  });

  test('the buyer taken off its users after it was put on the cart: a cart error, and the order is refused', async () => {
    const { buyer, referenceId } = await bookedBuyer();
    const other = await insertCustomer(handle.db, companyId);
    await handle.db.insert(orderReferenceUserTable).values({ referenceId, customerId: other.id });
    await handle.db
      .delete(orderReferenceUserTable)
      .where(
        and(eq(orderReferenceUserTable.referenceId, referenceId), eq(orderReferenceUserTable.customerId, buyer.id)),
      );
    await expectRefused(buyer, referenceId);
  });

  test('closed (end date passed) after it was put on the cart: refused; choosing none again places the order', async () => {
    const { buyer, referenceId } = await bookedBuyer();
    await handle.db
      .update(orderReferenceTable)
      .set({ endDate: '2026-01-01' })
      .where(eq(orderReferenceTable.id, referenceId));
    await expectRefused(buyer, referenceId);
    expect((await call('DELETE', `/${PROVIDER}/order-reference/cart`, buyer.token)).status).toBe(200);
    const placed = await submit(buyer.token);
    expect(placed.status).toBe(200);
    const [order] = await ordersOf(buyer.id);
    expect(order!.orderReferenceId).toBeNull();
  });
});

describe('the approval threshold (inclusive)', () => {
  // The cart's net total is 29.95 EUR (2 pieces and delivery): thresholds t+1, t and t−1 cents around it.
  test.each([
    ['below the threshold (net t−1): an order', 2_996, 'order'],
    ['at the threshold (net t): an approval request', 2_995, 'approval'],
    ['above the threshold (net t+1): an approval request', 2_994, 'approval'],
  ])('%s', async (_, approveFromCents, outcome) => {
    const { buyer, flowId } = await buyerInFlow({ budgetCents: 10_000, approveFromCents }, 2);
    const res = await submit(buyer.token);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const approvals = await handle.db
      .select()
      .from(orderApprovalTable)
      .where(eq(orderApprovalTable.requesterId, buyer.id));
    if (outcome === 'order') {
      expect(res.json.apiAlias).toBe('order');
      expect(await ordersOf(buyer.id)).toHaveLength(1);
      expect(approvals).toHaveLength(0);
      return;
    }
    expect(res.json).toEqual({
      apiAlias: 'order_approval_request',
      id: approvals[0]!.id,
      approvalNumber: approvals[0]!.approvalNumber,
      status: 'pending',
    });
    expect(approvals[0]).toMatchObject({ status: 'pending', flowId, netCents: 2_995 });
    expect(await ordersOf(buyer.id)).toHaveLength(0);
    expect(await handle.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, buyer.id))).toEqual(
      [],
    );
    const ledger = await handle.db
      .select()
      .from(budgetLedgerTable)
      .where(and(eq(budgetLedgerTable.budgetId, flowId), eq(budgetLedgerTable.customerId, buyer.id)));
    expect(ledger.map((r) => [r.entry, r.amountCents, r.approvalId])).toEqual([['reserve', 2_995, approvals[0]!.id]]);
  });

  test('a body asking to skip the approval is no way around it', async () => {
    const { buyer } = await buyerInFlow({ approveFromCents: 2_995, budgetCents: null }, 2);
    const res = await app.request('/store-api/checkout/order', {
      method: 'POST',
      headers: {
        'sw-access-key': config.accessKey,
        'content-type': 'application/json',
        'sw-context-token': buyer.token,
      },
      body: JSON.stringify({ skipApproval: true, approved: true, status: 'placed' }),
    });
    expect(((await res.json()) as Json).apiAlias).toBe('order_approval_request');
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });

  test('the same Idempotency-Key answers the same approval request', async () => {
    const { buyer } = await buyerInFlow({ approveFromCents: 0, budgetCents: null }, 1);
    const key = { 'Idempotency-Key': 'approval-once' };
    const first = await submit(buyer.token, key);
    const second = await submit(buyer.token, key);
    expect(first.json.apiAlias).toBe('order_approval_request');
    expect(second.json).toEqual(first.json);
  });

  test('an inactive flow or one outside its dates neither limits nor asks for approval', async () => {
    for (const flow of [
      { active: false },
      { startDate: '2999-01-01' },
      { endDate: '2020-12-31' },
    ] satisfies TestFlowInput[]) {
      const { buyer } = await buyerInFlow({ ...flow, budgetCents: 1, approveFromCents: 1 }, 1);
      expect((await cartOf(buyer.token)).extensions).toEqual({});
      const res = await submit(buyer.token);
      expect([res.status, res.json.apiAlias]).toEqual([200, 'order']);
    }
  });
});

describe('rights are read at each submit', () => {
  test('ROLE_PLACE_ORDERS revoked after an order: the next submit is refused and places nothing', async () => {
    const { buyer } = await buyerInFlow({ budgetCents: null }, 1);
    expect((await submit(buyer.token)).status).toBe(200);
    await handle.db
      .update(customerRightTable)
      .set({ enabled: false })
      .where(and(eq(customerRightTable.customerId, buyer.id), eq(customerRightTable.code, 'ROLE_PLACE_ORDERS')));
    await fillCart(handle.db, buyer.id, [{ productId: article, quantity: 1 }]);
    const refused = await submit(buyer.token);
    expect(refused.status).toBe(403);
    expect(refused.json.errors?.[0]).toMatchObject({
      code: providerErrorCode(PROVIDER, 'MISSING_RIGHT'),
      meta: { parameters: { right: 'ROLE_PLACE_ORDERS' } },
    });
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  test('a user deactivated during an open checkout cannot submit it', async () => {
    const { buyer } = await buyerInFlow({ budgetCents: null }, 1);
    expect((await cartOf(buyer.token)).lineItems).toHaveLength(1);
    await handle.db.update(customerTable).set({ active: false }).where(eq(customerTable.id, buyer.id));
    const refused = await submit(buyer.token);
    expect([refused.status, refused.json.errors?.[0]?.code]).toEqual([403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN']);
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });
});
