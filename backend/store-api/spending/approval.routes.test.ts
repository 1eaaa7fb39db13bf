import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import {
  auditLogTable,
  budgetLedgerTable,
  budgetUsageTable,
  cartLineItemTable,
  customerTable,
  mailOutboxTable,
  orderApprovalTable,
  orderFlowApproverTable,
  orderReferenceApproverTable,
  orderReferenceTable,
  orderLineItemTable,
  orderTable,
  productPriceTable,
} from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { randomId } from '../../lib/ids.ts';
import {
  fillCart,
  insertAddress,
  insertArticle,
  seedCheckoutSettings,
  setCredit,
} from '../../testing/order-test-support.ts';
import { canonicalJson, snapshotHash } from '../../lib/canonical-json.ts';
import {
  addFlowApprover,
  insertFlow,
  mountRequestApprovalRoute,
  setRight,
  TEST_REQUEST_APPROVAL_PATH,
} from '../../testing/approval-test-support.ts';
import { providerErrorPrefix } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
const P = providerErrorPrefix(config.provider);
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let companyA: string;
let companyB: string;
let requester: TestCustomer;
let approver: TestCustomer;
let secondApprover: TestCustomer;
let colleague: TestCustomer;
let lead: TestCustomer;
let outsider: TestCustomer;
let flowId: string;
let article: { id: string; productNumber: string };

type Json = Record<string, unknown> & { errors?: { code: string; status: string }[] };

async function call(
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Json; headers: Headers }> {
  const res = await app.request(path, {
    method,
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      ...(token ? { 'sw-context-token': token } : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json, headers: res.headers };
}

const base = () => `/store-api/${config.provider}/order`;
const approve = (token: string, id: string, body: unknown = {}) => call('POST', `${base()}/approve/${id}`, token, body);
const actions = (token: string, list: unknown[]) =>
  call('POST', `${base()}/approvals/actions`, token, { actions: list });
const list = (token: string, body: unknown = {}) => call('POST', `${base()}/approvals`, token, body);
const code = (json: Json) => json.errors?.[0]?.code;

/** Fills the requester's cart and sends it as an approval request of the flow; returns the request's id. */
async function request(
  who: TestCustomer = requester,
  quantity = 10,
  data: Record<string, unknown> = { orderReference: 'PO-4711', remark: 'Site Gent' },
): Promise<string> {
  await fillCart(handle.db, who.id, [{ productId: article.id, quantity, remark: 'blue ones' }]);
  const res = await call('POST', TEST_REQUEST_APPROVAL_PATH, who.token, { flowId, data });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.approvalId as string;
}

async function approvalRow(id: string) {
  const [row] = await handle.db.select().from(orderApprovalTable).where(eq(orderApprovalTable.id, id));
  return row!;
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  mountRequestApprovalRoute(app, { db: handle.db, config });
  await seedCheckoutSettings(handle.db);
  companyA = (await insertCompany(handle.db, { name: 'Alpha Tools' })).id;
  companyB = (await insertCompany(handle.db, { name: 'Beta Bouw' })).id;
  await insertAddress(handle.db, companyA, { name: 'Head office', isMain: true });
  await insertAddress(handle.db, companyB, { isMain: true });
  const buyerRights = RIGHT_CODES.filter(
    (c) => c !== 'ROLE_APPROVE_ORDER_FLOWS' && c !== 'ROLE_MANAGE_COMPANY_ORDER_HISTORY',
  );
  requester = await insertCustomer(handle.db, companyA, {
    username: 'rita.requester',
    firstName: 'Rita',
    lastName: 'Requester',
    rights: buyerRights,
  });
  approver = await insertCustomer(handle.db, companyA, { username: 'anton.approver', firstName: 'Anton' });
  secondApprover = await insertCustomer(handle.db, companyA, { username: 'berta.approver' });
  colleague = await insertCustomer(handle.db, companyA, { username: 'carl.colleague', rights: RIGHT_CODES });
  lead = await insertCustomer(handle.db, companyA, { username: 'lena.lead', leadBuyer: true, rights: buyerRights });
  outsider = await insertCustomer(handle.db, companyB, { username: 'otto.outsider' });
  flowId = await insertFlow(handle.db, companyA, {
    approvers: [approver.id, secondApprover.id],
    users: [requester.id],
    approveFromCents: 10000,
  });
  // A corrupted assignment across companies must still not let the outsider decide.
  await addFlowApprover(handle.db, flowId, outsider.id);
  article = await insertArticle(handle.db, { price: '25.00', stock: 1000, name: 'Safety helmet' });
});
afterAll(() => handle.close());

beforeEach(async () => {
  await setRight(handle.db, approver.id, 'ROLE_APPROVE_ORDER_FLOWS', true);
  await handle.db.update(productPriceTable).set({ amount: '25.00' }).where(eq(productPriceTable.productId, article.id));
});

describe('requesting an approval', () => {
  test('the request keeps the snapshot with its hash and number, empties the cart and mails the approvers', async () => {
    const id = await request();
    const row = await approvalRow(id);
    expect(row.status).toBe('pending');
    expect(row.approvalNumber).toMatch(/^\d{6,}$/);
    expect(row.requesterId).toBe(requester.id);
    expect(row.flowId).toBe(flowId);
    expect(row.netCents).toBe(25000 + 995);
    expect(row.snapshotHash).toBe(snapshotHash(row.snapshot));
    expect(row.snapshotHash).toMatch(/^[0-9a-f]{64}$/);
    expect(
      await handle.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, requester.id)),
    ).toEqual([]);
    const mails = await handle.db
      .select()
      .from(mailOutboxTable)
      .where(eq(mailOutboxTable.template, 'approval-requested'));
    const recipients = mails
      .filter((m) => m.subject.includes(row.approvalNumber))
      .map((m) => m.recipient)
      .sort();
    // The outsider of another company is never mailed, whatever the assignment says.
    expect(recipients).toEqual(['anton.approver@example.com', 'berta.approver@example.com']);
  });

  test('the same Idempotency-Key answers the same request', async () => {
    await fillCart(handle.db, requester.id, [{ productId: article.id, quantity: 5 }]);
    const first = await call(
      'POST',
      TEST_REQUEST_APPROVAL_PATH,
      requester.token,
      { flowId },
      { 'idempotency-key': 'k-1' },
    );
    const second = await call(
      'POST',
      TEST_REQUEST_APPROVAL_PATH,
      requester.token,
      { flowId },
      { 'idempotency-key': 'k-1' },
    );
    expect(second.json).toMatchObject({ approvalId: first.json.approvalId, created: false });
  });

  test('canonical JSON sorts keys at every depth, so equal snapshots hash equally', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"x":2,"y":1}]},"b":1}',
    );
    expect(snapshotHash({ a: 1, b: 2 })).toBe(snapshotHash({ b: 2, a: 1 }));
  });
});

describe('who may decide (B3, B4)', () => {
  test('the requester may not approve their own request', async () => {
    const id = await request();
    await setRight(handle.db, requester.id, 'ROLE_APPROVE_ORDER_FLOWS', true);
    try {
      const res = await approve(requester.token, id);
      expect(res.status).toBe(403);
      expect(code(res.json)).toBe(`${P}__APPROVAL_SELF_DECISION`);
    } finally {
      await setRight(handle.db, requester.id, 'ROLE_APPROVE_ORDER_FLOWS', false);
    }
    expect((await approvalRow(id)).status).toBe('pending');
  });

  test('a requester who became an approver of the flow after requesting still may not decide it', async () => {
    const id = await request();
    await addFlowApprover(handle.db, flowId, requester.id);
    await setRight(handle.db, requester.id, 'ROLE_APPROVE_ORDER_FLOWS', true);
    try {
      const one = await approve(requester.token, id);
      expect(one.status).toBe(403);
      expect(code(one.json)).toBe(`${P}__APPROVAL_SELF_DECISION`);
      const bulk = await actions(requester.token, [{ id, action: 'decline' }]);
      expect(bulk.json.results).toEqual([
        expect.objectContaining({
          id,
          outcome: null,
          error: expect.objectContaining({ code: `${P}__APPROVAL_SELF_DECISION` }),
        }),
      ]);
    } finally {
      await setRight(handle.db, requester.id, 'ROLE_APPROVE_ORDER_FLOWS', false);
      await handle.db
        .delete(orderFlowApproverTable)
        .where(and(eq(orderFlowApproverTable.flowId, flowId), eq(orderFlowApproverTable.customerId, requester.id)));
    }
    expect((await approvalRow(id)).status).toBe('pending');
  });

  test('a colleague with the right who is no approver of the flow answers 403 NOT_APPROVER', async () => {
    const id = await request();
    const res = await approve(colleague.token, id);
    expect(res.status).toBe(403);
    expect(code(res.json)).toBe(`${P}__APPROVAL_NOT_APPROVER`);
  });

  test('an approver of another company answers 404, as an unknown id does', async () => {
    const id = await request();
    const foreign = await approve(outsider.token, id);
    expect(foreign.status).toBe(404);
    expect(code(foreign.json)).toBe(`${P}__APPROVAL_NOT_FOUND`);
    const unknown = await approve(outsider.token, '0'.repeat(32));
    expect(unknown.status).toBe(404);
    expect(code(unknown.json)).toBe(`${P}__APPROVAL_NOT_FOUND`);
    expect((await approvalRow(id)).status).toBe('pending');
  });

  test('an approver whose right was revoked a moment ago is refused on the next call', async () => {
    const id = await request();
    await setRight(handle.db, approver.id, 'ROLE_APPROVE_ORDER_FLOWS', false);
    const res = await approve(approver.token, id);
    expect(res.status).toBe(403);
    expect(code(res.json)).toBe(`${P}__MISSING_RIGHT`);
    expect((await approvalRow(id)).status).toBe('pending');
  });

  test('an approver removed from the flow after the request, or deactivated, may no longer decide it', async () => {
    const id = await request();
    const flowApprover = and(
      eq(orderFlowApproverTable.flowId, flowId),
      eq(orderFlowApproverTable.customerId, approver.id),
    );
    await handle.db.delete(orderFlowApproverTable).where(flowApprover);
    try {
      const res = await approve(approver.token, id);
      expect(res.status).toBe(403);
      expect(code(res.json)).toBe(`${P}__APPROVAL_NOT_APPROVER`);
    } finally {
      await addFlowApprover(handle.db, flowId, approver.id);
    }
    const leaving = await insertCustomer(handle.db, companyA, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
    await addFlowApprover(handle.db, flowId, leaving.id);
    await handle.db.update(customerTable).set({ active: false }).where(eq(customerTable.id, leaving.id));
    const res = await approve(leaving.token, id);
    expect(res.status).toBe(403);
    expect(code(res.json)).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    expect((await approvalRow(id)).status).toBe('pending');
  });

  test('without a login 403; malformed ids and bodies 400', async () => {
    const id = await request();
    expect(code((await approve('', id)).json)).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    expect((await approve(approver.token, 'nope')).status).toBe(400);
    expect((await approve(approver.token, id, { comment: 'x'.repeat(1001) })).status).toBe(400);
    expect((await actions(approver.token, [])).status).toBe(400);
    expect(
      (
        await actions(approver.token, [
          { id, action: 'approve' },
          { id, action: 'decline' },
        ])
      ).status,
    ).toBe(400);
    expect((await actions(approver.token, [{ id, action: 'maybe' }])).status).toBe(400);
  });
});

describe('deciding', () => {
  test('approving writes the order from the snapshot even after the price and the cart changed (B5)', async () => {
    const id = await request();
    const snapshot = (await approvalRow(id)).snapshot;
    await handle.db
      .update(productPriceTable)
      .set({ amount: '99.00' })
      .where(eq(productPriceTable.productId, article.id));
    await fillCart(handle.db, requester.id, [{ productId: article.id, quantity: 1 }]);
    const res = await approve(approver.token, id, { comment: 'OK for Gent' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ id, status: 'approved', orderNumber: expect.any(String) });
    const [order] = await handle.db
      .select()
      .from(orderTable)
      .where(eq(orderTable.id, res.json.orderId as string));
    expect(order).toMatchObject({
      customerId: requester.id,
      approvalId: id,
      flowId,
      netCents: 25995,
      orderReference: 'PO-4711',
      remark: 'Site Gent',
    });
    const lines = await handle.db.select().from(orderLineItemTable).where(eq(orderLineItemTable.orderId, order!.id));
    expect(lines.map((l) => [l.productNumber, l.quantity, l.unitPrice, l.totalCents, l.remark])).toEqual([
      [article.productNumber, 10, '25.00000', 25000, 'blue ones'],
    ]);
    // The cart changed after the request is left alone; the snapshot is unchanged.
    expect(
      await handle.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, requester.id)),
    ).toHaveLength(1);
    const row = await approvalRow(id);
    expect(row.snapshot).toEqual(snapshot);
    expect(row).toMatchObject({
      status: 'approved',
      decidedById: approver.id,
      decisionComment: 'OK for Gent',
      orderId: order!.id,
    });
    await fillCart(handle.db, requester.id, []);
  });

  test('a second decision answers 409 ALREADY_DECIDED and writes nothing (B6)', async () => {
    const id = await request();
    expect((await approve(approver.token, id)).status).toBe(200);
    const again = await approve(secondApprover.token, id);
    expect(again.status).toBe(409);
    expect(again.json.errors?.[0]).toMatchObject({
      code: `${P}__APPROVAL_ALREADY_DECIDED`,
      meta: { parameters: { status: 'approved' } },
    });
    const decline = await actions(secondApprover.token, [{ id, action: 'decline' }]);
    expect(decline.json.results).toEqual([
      expect.objectContaining({
        outcome: null,
        error: expect.objectContaining({ status: '409', code: `${P}__APPROVAL_ALREADY_DECIDED` }),
      }),
    ]);
    expect(await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, id))).toHaveLength(1);
  });

  test('bulk: each action is decided alone; declining writes no order; the requester gets mail', async () => {
    const a = await request();
    const b = await request();
    const res = await actions(approver.token, [
      { id: a, action: 'approve' },
      { id: b, action: 'decline', comment: 'Too early' },
      { id: '0'.repeat(32), action: 'approve' },
    ]);
    expect(res.status).toBe(200);
    const results = res.json.results as {
      id: string;
      outcome: { status: string } | null;
      error: { code: string } | null;
    }[];
    expect(results.map((r) => [r.outcome?.status ?? null, r.error?.code ?? null])).toEqual([
      ['approved', null],
      ['declined', null],
      [null, `${P}__APPROVAL_NOT_FOUND`],
    ]);
    expect(await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, b))).toHaveLength(0);
    const declined = await approvalRow(b);
    expect(declined).toMatchObject({ status: 'declined', decisionComment: 'Too early', orderId: null });
    const mails = await handle.db
      .select()
      .from(mailOutboxTable)
      .where(eq(mailOutboxTable.template, 'approval-decided'));
    const toRequester = mails.filter(
      (m) => m.recipient === 'rita.requester@example.com' && m.subject.includes(declined.approvalNumber),
    );
    expect(toRequester).toHaveLength(1);
    expect(toRequester[0]!.text).toContain('Too early');
  });

  test('every decision is audited with who, when, the snapshot hash and the outcome (B11)', async () => {
    const a = await request();
    const b = await request();
    await approve(approver.token, a);
    await actions(secondApprover.token, [{ id: b, action: 'decline' }]);
    const rows = await handle.db.select().from(auditLogTable);
    const forA = rows.filter((r) => r.details.approvalId === a);
    const forB = rows.filter((r) => r.details.approvalId === b);
    expect(forA).toEqual([
      expect.objectContaining({
        actorCustomerId: approver.id,
        action: 'order_approval.approved',
        targetCustomerId: requester.id,
        companyId: companyA,
        createdAt: expect.any(Date),
        details: expect.objectContaining({ snapshotHash: (await approvalRow(a)).snapshotHash, outcome: 'approved' }),
      }),
    ]);
    expect(forB).toEqual([
      expect.objectContaining({
        actorCustomerId: secondApprover.id,
        action: 'order_approval.declined',
        details: expect.objectContaining({ snapshotHash: (await approvalRow(b)).snapshotHash, outcome: 'declined' }),
      }),
    ]);
  });
});

describe('order reference approvers and failures of the order writer', () => {
  test("an approver of the request's order reference decides it; an order reference of another company is refused", async () => {
    const referenceId = randomId();
    await handle.db
      .insert(orderReferenceTable)
      .values({ id: referenceId, companyId: companyA, name: 'PO-REF', startDate: '2026-01-01' });
    const refApprover = await insertCustomer(handle.db, companyA, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
    await handle.db.insert(orderReferenceApproverTable).values({ referenceId, customerId: refApprover.id });
    await fillCart(handle.db, requester.id, [{ productId: article.id, quantity: 10 }]);
    const sent = await call('POST', TEST_REQUEST_APPROVAL_PATH, requester.token, {
      flowId,
      orderReferenceId: referenceId,
    });
    const id = sent.json.approvalId as string;
    expect((await approvalRow(id)).orderReferenceId).toBe(referenceId);
    const res = await approve(refApprover.token, id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const [order] = await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, id));
    expect(order!.orderReferenceId).toBe(referenceId);

    const foreignReference = randomId();
    await handle.db
      .insert(orderReferenceTable)
      .values({ id: foreignReference, companyId: companyB, name: 'PO-B', startDate: '2026-01-01' });
    await fillCart(handle.db, requester.id, [{ productId: article.id, quantity: 10 }]);
    const refused = await call('POST', TEST_REQUEST_APPROVAL_PATH, requester.token, {
      flowId,
      orderReferenceId: foreignReference,
    });
    expect(refused.status).toBe(400);
    expect(code(refused.json)).toBe(`${P}__APPROVAL_FOREIGN_BUDGET`);
    await fillCart(handle.db, requester.id, []);
  });

  test('an approval the order writer refuses (credit limit) leaves the request pending and writes nothing', async () => {
    const id = await request();
    await setCredit(handle.db, companyA, 100, 0);
    try {
      const res = await approve(approver.token, id);
      expect(res.status).toBe(400);
      expect(code(res.json)).toBe(`${P}__CREDIT_LIMIT_EXCEEDED`);
    } finally {
      await setCredit(handle.db, companyA, 100_000_000, 0);
    }
    expect((await approvalRow(id)).status).toBe('pending');
    expect(await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, id))).toHaveLength(0);
    expect((await handle.db.select().from(auditLogTable)).filter((r) => r.details.approvalId === id)).toHaveLength(0);
    expect((await approve(approver.token, id)).status).toBe(200);
  });
});

describe('budgets: reserved at request, consumed when approved, released once when declined', () => {
  /** A requester of a new flow with a budget of `budgetCents` per period, approved by `approver`. */
  async function budgetFlow(budgetCents: number) {
    const who = await insertCustomer(handle.db, companyA, { rights: ['ROLE_PLACE_ORDERS'] });
    const id = await insertFlow(handle.db, companyA, {
      name: 'Budgeted',
      budgetCents,
      approveFromCents: 10000,
      approvers: [approver.id],
      users: [who.id],
    });
    return { who, flow: id };
  }
  async function send(who: TestCustomer, flow: string, quantity: number) {
    await fillCart(handle.db, who.id, [{ productId: article.id, quantity }]);
    return call('POST', TEST_REQUEST_APPROVAL_PATH, who.token, { flowId: flow });
  }
  const ledger = async (approvalId: string) =>
    (await handle.db.select().from(budgetLedgerTable).where(eq(budgetLedgerTable.approvalId, approvalId)))
      .sort(
        (a, b) =>
          ['reserve', 'consume', 'release'].indexOf(a.entry) - ['reserve', 'consume', 'release'].indexOf(b.entry),
      )
      .map((r) => [r.kind, r.entry, r.amountCents, r.orderId]);
  const used = async (flow: string) =>
    (await handle.db.select().from(budgetUsageTable).where(eq(budgetUsageTable.budgetId, flow))).map(
      (u) => u.usedCents,
    );

  test('declining releases the reservation exactly once; the list shows the budget before and now', async () => {
    const { who, flow } = await budgetFlow(100000);
    const id = (await send(who, flow, 10)).json.approvalId as string;
    expect(await used(flow)).toEqual([25995]);
    expect(await ledger(id)).toEqual([['flow', 'reserve', 25995, null]]);
    const [element] = (await list(approver.token, { ids: [id] })).json.elements as Record<string, unknown>[];
    expect(element).toMatchObject({ openBudget: 1000, remainingBudget: 740.05 });
    expect((await actions(approver.token, [{ id, action: 'decline' }])).json.results).toEqual([
      expect.objectContaining({ outcome: expect.objectContaining({ status: 'declined' }) }),
    ]);
    expect((await approve(approver.token, id)).status).toBe(409);
    await actions(approver.token, [{ id, action: 'decline' }]);
    expect(await used(flow)).toEqual([0]);
    expect(await ledger(id)).toEqual([
      ['flow', 'reserve', 25995, null],
      ['flow', 'release', -25995, null],
    ]);
  });

  test('approving consumes the reservation in its period: usage unchanged, a consume row naming the order', async () => {
    const { who, flow } = await budgetFlow(100000);
    const id = (await send(who, flow, 10)).json.approvalId as string;
    const res = await approve(approver.token, id);
    expect(res.status).toBe(200);
    expect(await used(flow)).toEqual([25995]);
    expect(await ledger(id)).toEqual([
      ['flow', 'reserve', 25995, null],
      ['flow', 'consume', 0, res.json.orderId],
    ]);
  });

  test('a request the remaining budget no longer covers is refused and writes nothing', async () => {
    const { who, flow } = await budgetFlow(100000);
    expect((await send(who, flow, 10)).status).toBe(200);
    const refused = await send(who, flow, 40);
    expect(refused.status).toBe(400);
    expect(refused.json.errors?.[0]).toMatchObject({
      code: 'CHECKOUT__CART_INVALID',
      meta: { parameters: { messageKey: `${config.provider}-flow-unsufficient-budget-blocked` } },
    });
    expect(await used(flow)).toEqual([25995]);
    expect(
      await handle.db.select().from(orderApprovalTable).where(eq(orderApprovalTable.requesterId, who.id)),
    ).toHaveLength(1);
    expect(
      await handle.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, who.id)),
    ).toHaveLength(1);
  });
});

describe('listing', () => {
  test('each caller sees what they may: requester own, approver their flows, lead buyer the company, others none', async () => {
    const id = await request();
    const ids = async (who: TestCustomer) =>
      ((await list(who.token, { limit: 100 })).json.elements as { id: string }[]).map((e) => e.id);
    expect(await ids(requester)).toContain(id);
    expect(await ids(approver)).toContain(id);
    expect(await ids(lead)).toContain(id);
    expect(await ids(colleague)).toContain(id); // ROLE_MANAGE_COMPANY_ORDER_HISTORY
    expect(await ids(outsider)).not.toContain(id);
    const buyer = await insertCustomer(handle.db, companyA, { rights: ['ROLE_PLACE_ORDERS'] });
    expect(await ids(buyer)).toEqual([]);
  });

  test('an element carries the snapshot lines and order data; canDecide only for an eligible approver', async () => {
    const id = await request(requester, 4, { orderReference: 'PO-LIST', fileNumber: 'F-9', remark: 'Gate 3' });
    const mine = await list(approver.token, { ids: [id] });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.json).toMatchObject({ total: 1, page: 1, limit: 20 });
    const [element] = mine.json.elements as Record<string, unknown>[];
    expect(element).toMatchObject({
      id,
      status: 'pending',
      orderName: 'PO-LIST',
      orderReference: 'PO-LIST',
      fileNumber: 'F-9',
      remark: 'Gate 3',
      requester: { firstName: 'Rita', lastName: 'Requester', username: 'rita.requester' },
      flowName: 'Site purchases',
      amountNet: 109.95,
      canDecide: true,
      shippingOption: 'delivery',
      shippingMethod: 'Standaardlevering',
      lines: [
        {
          productId: article.id,
          productName: 'Safety helmet',
          sku: article.productNumber,
          quantity: 4,
          unitPrice: 25,
          totalPrice: 100,
          comment: 'blue ones',
        },
      ],
    });
    expect(((await list(requester.token, { ids: [id] })).json.elements as { canDecide: boolean }[])[0]!.canDecide).toBe(
      false,
    );
  });

  test('filters: status, term (approval number, requester, order reference); page size 20; bad filters 400', async () => {
    const id = await request(requester, 4, { orderReference: 'PO-TERM-77' });
    const { approvalNumber } = await approvalRow(id);
    const byTerm = async (term: string) =>
      ((await list(approver.token, { term, status: 'pending' })).json.elements as { id: string }[]).map((e) => e.id);
    expect(await byTerm('term-77')).toEqual([id]);
    expect(await byTerm(approvalNumber)).toEqual([id]);
    expect(await byTerm('rita.req')).toContain(id);
    expect((await list(approver.token, { status: 'declined', ids: [id] })).json.elements as unknown[]).toEqual([]);
    expect((await list(approver.token, { status: 'open' })).status).toBe(400);
    expect((await list(approver.token, { limit: 101 })).status).toBe(400);
    expect((await list('', {})).status).toBe(403);
  });
});

describe('without ROLE_VIEW_PRICES', () => {
  /** Any amount a mail could print: a euro figure in the four locales' formats. */
  const MONEY = /€|\d[.,]\d{2}\b/;

  test('mails, the list and the pending requests name no amount to whom lacks the right', async () => {
    await setRight(handle.db, secondApprover.id, 'ROLE_VIEW_PRICES', false);
    await setRight(handle.db, requester.id, 'ROLE_VIEW_PRICES', false);
    try {
      const id = await request();
      const { approvalNumber } = await approvalRow(id);
      const requested = await handle.db
        .select()
        .from(mailOutboxTable)
        .where(eq(mailOutboxTable.template, 'approval-requested'));
      const mailTo = (who: TestCustomer) =>
        requested.find((m) => m.subject.includes(approvalNumber) && m.recipient === `${who.username}@example.com`)!;
      // The approver holding the right decides on the amounts; the one without reads lines and quantities.
      expect(mailTo(approver).text).toMatch(/259[.,]95/);
      expect(mailTo(secondApprover).text).toContain(`10 × ${article.productNumber} Safety helmet`);
      expect(`${mailTo(secondApprover).text}${mailTo(secondApprover).html}`).not.toMatch(MONEY);

      type Element = { amountNet: number; amountTotal: number; lines: { unitPrice: number; totalPrice: number }[] };
      const element = async (who: TestCustomer) =>
        ((await list(who.token, { ids: [id] })).json.elements as Element[])[0]!;
      for (const who of [requester, secondApprover]) {
        const seen = await element(who);
        expect([seen.amountNet, seen.amountTotal, seen.lines.map((l) => [l.unitPrice, l.totalPrice])]).toEqual([
          0,
          0,
          [[0, 0]],
        ]);
      }
      expect((await element(approver)).amountNet).toBe(259.95);
      const pending = await call('GET', `/store-api/${config.provider}/order-flow/pending`, secondApprover.token);
      const mine = (pending.json.elements as { id: string; amountNet: number }[]).find((e) => e.id === id)!;
      expect(mine.amountNet).toBe(0);

      // Approved, the order's confirmation goes to the requester without any amount.
      const decided = await approve(approver.token, id);
      expect(decided.status).toBe(200);
      const [confirmation] = await handle.db
        .select()
        .from(mailOutboxTable)
        .where(
          and(
            eq(mailOutboxTable.template, 'order-confirmation'),
            eq(mailOutboxTable.recipient, `${requester.username}@example.com`),
          ),
        )
        .orderBy(desc(mailOutboxTable.createdAt))
        .limit(1);
      expect(confirmation!.subject).toContain(decided.json.orderNumber as string);
      expect(confirmation!.text).toContain(`10 × ${article.productNumber} Safety helmet`);
      expect(`${confirmation!.text}${confirmation!.html}`).not.toMatch(MONEY);
    } finally {
      await setRight(handle.db, secondApprover.id, 'ROLE_VIEW_PRICES', true);
      await setRight(handle.db, requester.id, 'ROLE_VIEW_PRICES', true);
    }
  });
});
