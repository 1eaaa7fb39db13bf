/**
 * Separation of duties and the end of approval requests, through the real endpoints (docs/decisions/015):
 * - nobody lifts a flow's or order reference's limit without ROLE_MANAGE_BUDGETS, and nobody lifts their own;
 * - order references need ROLE_MANAGE_BUDGETS for budget fields and ROLE_MANAGE_APPROVERS for approvers;
 * - approving the request of a requester who may no longer order cancels it and releases its reservations;
 * - deleting a flow cancels its pending requests; a requester withdraws their own; requests expire after 30 days;
 * - the threshold per period: splitting an order does not avoid an approval.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { RIGHT_CODES, type RightCode } from '../../auth/rights.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import {
  budgetUsageTable,
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
import { insertFlow, setRight } from '../../testing/approval-test-support.ts';
import { insertTestReference, ledgerAndUsage } from '../../testing/budget-test-support.ts';
import { providerErrorPrefix } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
const PREFIX = providerErrorPrefix(config.provider);
const FLOWS = `/store-api/${config.provider}/order-flow`;
const REFS = `/store-api/${config.provider}/order-reference`;
const ORDER = `/store-api/${config.provider}/order`;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

type Json = Record<string, unknown> & { errors?: { code: string; status: string }[] };

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await app.request(path, {
    method,
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json };
}
const codes = (json: Json) => (json.errors ?? []).map((e) => e.code);
const ALL_BUT = (...drop: RightCode[]) => RIGHT_CODES.filter((c) => !drop.includes(c));

/** A company with a main address, its lead buyer (every right) and one approver. */
async function company() {
  const id = (await insertCompany(handle.db)).id;
  await insertAddress(handle.db, id, { isMain: true });
  const lead = await insertCustomer(handle.db, id, { leadBuyer: true });
  const boss = await insertCustomer(handle.db, id, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
  return { id, lead, boss };
}

/** Submits the customer's cart: an order, an approval request, or an error. */
async function submit(customer: TestCustomer, productId: string, quantity: number) {
  await fillCart(handle.db, customer.id, [{ productId, quantity }]);
  return call('POST', '/store-api/checkout/order', customer.token, {});
}

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await handle.db.select().from(orderApprovalTable).where(eq(orderApprovalTable.id, id));
  return row?.status;
}

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  await seedCheckoutSettings(handle.db);
  app = createStoreApi({ db: handle.db, config }).app;
});
afterAll(() => handle.close());

describe('a flow manager does not exempt himself from his budget', () => {
  test('every way out of a 100 EUR budget is refused without ROLE_MANAGE_BUDGETS, and on oneself with it', async () => {
    const co = await company();
    const max = await insertCustomer(handle.db, co.id, { rights: ALL_BUT('ROLE_MANAGE_BUDGETS') });
    const flowId = await insertFlow(handle.db, co.id, {
      budgetCents: 10_000,
      approveFromCents: 5_000,
      approvers: [co.boss.id],
      users: [max.id],
    });
    const flow = { name: 'Site purchases', startDate: '2026-01-01', budget: 100, approveFrom: 50 };
    const keep = { ...flow, users: [max.id], approvers: [co.boss.id] };
    const attempts = [
      () => call('PUT', `${FLOWS}/${flowId}`, max.token, { ...keep, users: [] }),
      () => call('PUT', `${FLOWS}/${flowId}`, max.token, { ...keep, active: false }),
      () => call('PUT', `${FLOWS}/${flowId}`, max.token, { ...keep, endDate: '2026-01-02' }),
      () => call('PUT', `${FLOWS}/${flowId}`, max.token, { ...keep, startDate: '2026-01-02' }),
      () => call('POST', FLOWS, max.token, { name: 'Free', startDate: '2026-01-01', users: [max.id] }),
      () => call('DELETE', `${FLOWS}/${flowId}`, max.token),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status, JSON.stringify(res.json)).toBe(403);
      expect(codes(res.json)).toEqual([`${PREFIX}__MISSING_RIGHT`]);
    }
    const other = await call('POST', FLOWS, max.token, { name: 'Empty', startDate: '2026-01-01' });
    expect(other.status).toBe(200);
    const assign = await call('POST', `${FLOWS}/assign`, max.token, { flowId: other.json.id, users: [max.id] });
    expect(codes(assign.json)).toEqual([`${PREFIX}__MISSING_RIGHT`]);

    // Holding ROLE_MANAGE_BUDGETS does not help on one's own limit.
    await setRight(handle.db, max.id, 'ROLE_MANAGE_BUDGETS', true);
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(403);
      expect(codes(res.json)).toEqual([`${PREFIX}__OWN_LIMIT_CHANGE`]);
    }
    const raise = await call('PUT', `${FLOWS}/${flowId}`, max.token, { ...keep, budget: 1000, approveFrom: null });
    expect(codes(raise.json)).toEqual([`${PREFIX}__OWN_LIMIT_CHANGE`]);
    const selfApprover = await call('PUT', `${FLOWS}/${flowId}`, max.token, {
      ...keep,
      approvers: [co.boss.id, max.id],
    });
    expect(codes(selfApprover.json)).toEqual([`${PREFIX}__OWN_APPROVER`]);
    // Tightening one's own flow and changing its name stay possible.
    const tighter = await call('PUT', `${FLOWS}/${flowId}`, max.token, { ...keep, name: 'Site', budget: 90 });
    expect(tighter.status, JSON.stringify(tighter.json)).toBe(200);

    // The flow still holds him: 375 EUR against the budget is refused, no order is written.
    const article = await insertArticle(handle.db, { price: '375.00', stock: 50 });
    const order = await submit(max, article.id, 1);
    expect(order.status).toBe(400);
    expect(await handle.db.select().from(orderTable).where(eq(orderTable.customerId, max.id))).toHaveLength(0);

    // Somebody else with ROLE_MANAGE_BUDGETS may take him out.
    const byLead = await call('PUT', `${FLOWS}/${flowId}`, co.lead.token, { ...keep, users: [] });
    expect(byLead.status, JSON.stringify(byLead.json)).toBe(200);
    expect(await handle.db.select().from(orderFlowUserTable).where(eq(orderFlowUserTable.customerId, max.id))).toEqual(
      [],
    );
  });
});

describe('order references have the rights of flows', () => {
  test('budget fields need ROLE_MANAGE_BUDGETS, approvers ROLE_MANAGE_APPROVERS; nobody loosens their own', async () => {
    const co = await company();
    const clerk = await insertCustomer(handle.db, co.id, {
      rights: ALL_BUT('ROLE_MANAGE_BUDGETS', 'ROLE_MANAGE_APPROVERS'),
    });
    const refId = await insertTestReference(handle.db, co.id, { budgetCents: 10_000 });
    const body = { name: 'PO-1', startDate: '2026-01-01', budget: 100 };
    const got = await call('GET', `${REFS}/${refId}`, clerk.token);
    const name = got.json.name as string;

    const raise = await call('PUT', `${REFS}/${refId}`, clerk.token, { ...body, name, budget: 999_999 });
    expect(raise.status).toBe(403);
    expect(raise.json.errors?.[0]).toMatchObject({ code: `${PREFIX}__MISSING_RIGHT`, meta: expect.anything() });
    const approver = await call('PUT', `${REFS}/${refId}`, clerk.token, { ...body, name, approvers: [clerk.id] });
    expect(codes(approver.json)).toEqual([`${PREFIX}__MISSING_RIGHT`]);
    const withBudget = await call('POST', REFS, clerk.token, { ...body, name: 'PO-NEW' });
    expect(codes(withBudget.json)).toEqual([`${PREFIX}__MISSING_RIGHT`]);
    const plain = await call('PUT', `${REFS}/${refId}`, clerk.token, { ...body, name: 'PO-RENAMED' });
    expect(plain.status, JSON.stringify(plain.json)).toBe(200);

    // With both rights: still not on a reference one books to (no users: everybody books to it).
    await setRight(handle.db, clerk.id, 'ROLE_MANAGE_BUDGETS', true);
    await setRight(handle.db, clerk.id, 'ROLE_MANAGE_APPROVERS', true);
    const ownRaise = await call('PUT', `${REFS}/${refId}`, clerk.token, { ...body, name, budget: 999_999 });
    expect(codes(ownRaise.json)).toEqual([`${PREFIX}__OWN_LIMIT_CHANGE`]);
    const ownApprover = await call('PUT', `${REFS}/${refId}`, clerk.token, { ...body, name, approvers: [clerk.id] });
    expect(codes(ownApprover.json)).toEqual([`${PREFIX}__OWN_APPROVER`]);
    // Raising it for others, then opening it to oneself, is refused too.
    const forOthers = await call('PUT', `${REFS}/${refId}`, clerk.token, {
      ...body,
      name,
      budget: 999_999,
      users: [co.lead.id],
    });
    expect(codes(forOthers.json)).toEqual([`${PREFIX}__OWN_LIMIT_CHANGE`]);
    const restricted = await call('PUT', `${REFS}/${refId}`, co.lead.token, { ...body, name, users: [co.boss.id] });
    expect(restricted.status, JSON.stringify(restricted.json)).toBe(200);
    const raisedForOthers = await call('PUT', `${REFS}/${refId}`, clerk.token, {
      ...body,
      name,
      budget: 500,
      users: [co.boss.id],
    });
    expect(raisedForOthers.status, JSON.stringify(raisedForOthers.json)).toBe(200);
    const openToSelf = await call('PUT', `${REFS}/${refId}`, clerk.token, {
      ...body,
      name,
      budget: 500,
      users: [co.boss.id, clerk.id],
    });
    expect(codes(openToSelf.json)).toEqual([`${PREFIX}__OWN_LIMIT_CHANGE`]);
  });
});

describe('how a pending request ends', () => {
  async function requestSetup() {
    const co = await company();
    const buyer = await insertCustomer(handle.db, co.id, {
      rights: ['ROLE_PLACE_ORDERS', 'ROLE_ADD_ORDER_REFERENCES'],
    });
    const flowId = await insertFlow(handle.db, co.id, {
      budgetCents: 100_000,
      approveFromCents: 5_000,
      approvers: [co.boss.id],
      users: [buyer.id],
    });
    const refId = await insertTestReference(handle.db, co.id, { budgetCents: 100_000 });
    const article = await insertArticle(handle.db, { price: '80.00', stock: 500 });
    const request = async () => {
      const chosen = await call('PUT', `${REFS}/cart/${refId}`, buyer.token);
      expect(chosen.status, JSON.stringify(chosen.json)).toBe(200);
      const res = await submit(buyer, article.id, 1);
      expect(res.json, JSON.stringify(res.json)).toMatchObject({ apiAlias: 'order_approval_request' });
      return res.json.id as string;
    };
    const reserved = async () => ({
      flow: (await ledgerAndUsage(handle.db, 'flow', flowId, buyer.id)).used,
      reference: (await ledgerAndUsage(handle.db, 'order_reference', refId)).used,
    });
    return { co, buyer, flowId, refId, request, reserved };
  }

  test('approving for a requester who lost ROLE_PLACE_ORDERS, was deactivated or deleted cancels and releases', async () => {
    const s = await requestSetup();
    const first = await s.request();
    expect((await s.reserved()).flow).toBeGreaterThan(0);
    await setRight(handle.db, s.buyer.id, 'ROLE_PLACE_ORDERS', false);
    const refused = await call('POST', `${ORDER}/approve/${first}`, s.co.boss.token, {});
    expect(refused.status).toBe(409);
    expect(codes(refused.json)).toEqual([`${PREFIX}__APPROVAL_REQUESTER_CANNOT_ORDER`]);
    expect(await statusOf(first)).toBe('cancelled');
    expect(await s.reserved()).toEqual({ flow: 0, reference: 0 });
    expect(await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, first))).toHaveLength(0);

    await setRight(handle.db, s.buyer.id, 'ROLE_PLACE_ORDERS', true);
    const second = await s.request();
    await handle.db.update(customerTable).set({ active: false }).where(eq(customerTable.id, s.buyer.id));
    const inactive = await call('POST', `${ORDER}/approvals/actions`, s.co.boss.token, {
      actions: [{ id: second, action: 'approve' }],
    });
    expect(inactive.json.results).toEqual([
      expect.objectContaining({ outcome: null, error: expect.objectContaining({ status: '409' }) }),
    ]);
    expect(await statusOf(second)).toBe('cancelled');
    expect(await s.reserved()).toEqual({ flow: 0, reference: 0 });

    // Deleted: the request is cancelled with the user and cannot be approved by id afterwards.
    await handle.db.update(customerTable).set({ active: true }).where(eq(customerTable.id, s.buyer.id));
    const third = await s.request();
    const deleted = await call('DELETE', `/store-api/${config.provider}/companies/customers`, s.co.lead.token, {
      customerIds: [s.buyer.id],
    });
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(204);
    expect(await statusOf(third)).toBe('cancelled');
    expect(await s.reserved()).toEqual({ flow: 0, reference: 0 });
    const late = await call('POST', `${ORDER}/approve/${third}`, s.co.boss.token, {});
    expect(late.status).toBe(409);
    expect(await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, third))).toHaveLength(0);
  });

  test('approving a request whose order reference the requester can no longer book to cancels and releases', async () => {
    const s = await requestSetup();
    const deactivated = await s.request();
    await handle.db.update(orderReferenceTable).set({ active: false }).where(eq(orderReferenceTable.id, s.refId));
    const refused = await call('POST', `${ORDER}/approve/${deactivated}`, s.co.boss.token, {});
    expect(refused.status).toBe(409);
    expect(codes(refused.json)).toEqual([`${PREFIX}__APPROVAL_REFERENCE_NOT_USABLE`]);
    expect(await statusOf(deactivated)).toBe('cancelled');
    expect(await s.reserved()).toEqual({ flow: 0, reference: 0 });
    expect(await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, deactivated))).toHaveLength(0);

    // The reference is open again but now lists other users only: the requester was taken off it.
    await handle.db.update(orderReferenceTable).set({ active: true }).where(eq(orderReferenceTable.id, s.refId));
    const takenOff = await s.request();
    await handle.db.insert(orderReferenceUserTable).values({ referenceId: s.refId, customerId: s.co.boss.id });
    const again = await call('POST', `${ORDER}/approve/${takenOff}`, s.co.boss.token, {});
    expect(codes(again.json)).toEqual([`${PREFIX}__APPROVAL_REFERENCE_NOT_USABLE`]);
    expect(await statusOf(takenOff)).toBe('cancelled');
    expect(await s.reserved()).toEqual({ flow: 0, reference: 0 });
  });

  test('deleting a flow cancels its pending requests and releases the flow and reference reservations', async () => {
    const s = await requestSetup();
    const id = await s.request();
    expect((await s.reserved()).reference).toBeGreaterThan(0);
    const res = await call('DELETE', `${FLOWS}/${s.flowId}`, s.co.lead.token);
    expect(res.status).toBe(204);
    expect(await statusOf(id)).toBe('cancelled');
    expect(await s.reserved()).toEqual({ flow: 0, reference: 0 });
  });

  test('the requester withdraws their own pending request; nobody else can', async () => {
    const s = await requestSetup();
    const id = await s.request();
    const listed = await call('POST', `${ORDER}/approvals`, s.buyer.token, { ids: [id] });
    expect(listed.json.elements).toEqual([
      expect.objectContaining({ id, status: 'pending', canWithdraw: true, expiresAt: expect.any(String) }),
    ]);
    expect((await call('POST', `${ORDER}/withdraw/${id}`, s.co.boss.token)).status).toBe(404);
    const withdrawn = await call('POST', `${ORDER}/withdraw/${id}`, s.buyer.token);
    expect(withdrawn.status, JSON.stringify(withdrawn.json)).toBe(200);
    expect(withdrawn.json).toMatchObject({ id, status: 'withdrawn', orderId: null });
    expect(await s.reserved()).toEqual({ flow: 0, reference: 0 });
    const again = await call('POST', `${ORDER}/withdraw/${id}`, s.buyer.token);
    expect(again.status).toBe(409);
    expect(codes(again.json)).toEqual([`${PREFIX}__APPROVAL_ALREADY_DECIDED`]);
    expect((await call('POST', `${ORDER}/approve/${id}`, s.co.boss.token, {})).status).toBe(409);
  });

  test('a request pending for more than 30 days expires when listed or decided, releasing its budget', async () => {
    const s = await requestSetup();
    const listedLater = await s.request();
    const decidedLater = await s.request();
    const old = new Date(Date.now() - 31 * 86_400_000);
    for (const id of [listedLater, decidedLater]) {
      await handle.db.update(orderApprovalTable).set({ createdAt: old }).where(eq(orderApprovalTable.id, id));
    }
    const decided = await call('POST', `${ORDER}/approve/${decidedLater}`, s.co.boss.token, {});
    expect(decided.status).toBe(409);
    expect(codes(decided.json)).toEqual([`${PREFIX}__APPROVAL_EXPIRED`]);
    expect(await statusOf(decidedLater)).toBe('expired');
    const list = await call('POST', `${ORDER}/approvals`, s.buyer.token, { ids: [listedLater] });
    expect(list.json.elements).toEqual([expect.objectContaining({ status: 'expired', canWithdraw: false })]);
    expect(await s.reserved()).toEqual({ flow: 0, reference: 0 });
    const usage = await handle.db
      .select()
      .from(budgetUsageTable)
      .where(and(eq(budgetUsageTable.budgetId, s.flowId), eq(budgetUsageTable.customerId, s.buyer.id)));
    expect(usage.every((u) => u.usedCents === 0)).toBe(true);
  });
});

describe('the approval threshold per period', () => {
  test('splitting an order does not avoid the approval once the period sums above the threshold', async () => {
    const co = await company();
    const article = await insertArticle(handle.db, { price: '40.00', stock: 500 });
    const outcomes = async (approveFromPeriod: number | null) => {
      const buyer = await insertCustomer(handle.db, co.id, { rights: ['ROLE_PLACE_ORDERS'] });
      const created = await call('POST', FLOWS, co.lead.token, {
        name: `Split ${approveFromPeriod}`,
        startDate: '2026-01-01',
        approveFrom: 100,
        approveFromPeriod,
        approvers: [co.boss.id],
        users: [buyer.id],
      });
      expect(created.status, JSON.stringify(created.json)).toBe(200);
      expect(created.json.approveFromPeriod).toBe(approveFromPeriod);
      const kinds: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await submit(buyer, article.id, 1);
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        kinds.push(res.json.apiAlias === 'order_approval_request' ? 'approval' : 'order');
      }
      return kinds;
    };
    // Each order is about 50 EUR net: below the per-order threshold of 100 EUR.
    expect(await outcomes(null)).toEqual(['order', 'order', 'order']);
    expect(await outcomes(100)).toEqual(['order', 'order', 'approval']);
  });
});
