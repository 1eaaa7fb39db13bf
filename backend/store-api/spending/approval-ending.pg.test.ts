/**
 * The ends of an approval request racing each other on PostgreSQL (PGlite serialises every query, which hides
 * races): an approval, the requester's withdrawal and the expiry sweep at once, and an approval against the deletion
 * of the request's flow. Each request ends in exactly one state, at most one order exists, and its reservations on the
 * flow and the order reference are consumed or released exactly once (each usage row equals its ledger's sum). Needs
 * the PostgreSQL server of the project's machines (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points
 * elsewhere); a throwaway database is created and dropped.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import type { DbHandle } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { budgetLedgerTable, orderApprovalTable, orderFlowUserTable, orderTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../../testing/order-test-support.ts';
import { expireApprovals } from '../../commerce/spending/approval.service.ts';
import {
  insertFlow,
  mountRequestApprovalRoute,
  TEST_REQUEST_APPROVAL_PATH,
} from '../../testing/approval-test-support.ts';
import { insertTestReference, ledgerAndUsage } from '../../testing/budget-test-support.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let companyId: string;
let requester: TestCustomer;
let approver: TestCustomer;
let lead: TestCustomer;
let referenceId: string;
let article: { id: string };

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await app.request(path, {
    method,
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

async function request(flowId: string): Promise<string> {
  await fillCart(handle.db, requester.id, [{ productId: article.id, quantity: 2 }]);
  const res = await call('POST', TEST_REQUEST_APPROVAL_PATH, requester.token, {
    flowId,
    orderReferenceId: referenceId,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.approvalId as string;
}

/** The request's ledger entries by kind, and whether both usage rows equal their ledgers. */
async function settled(id: string, flowId: string) {
  const rows = await handle.db.select().from(budgetLedgerTable).where(eq(budgetLedgerTable.approvalId, id));
  const entries = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => r.entry)
      .sort();
  const flow = await ledgerAndUsage(handle.db, 'flow', flowId, requester.id);
  const reference = await ledgerAndUsage(handle.db, 'order_reference', referenceId);
  return {
    flow: entries('flow'),
    reference: entries('order_reference'),
    balanced: flow.ledger === flow.used && reference.ledger === reference.used,
  };
}

const approvePath = (id: string) => `/store-api/${config.provider}/order/approve/${id}`;
const withdrawPath = (id: string) => `/store-api/${config.provider}/order/withdraw/${id}`;

beforeAll(async () => {
  database = await createPgTestDatabase();
  handle = database.handle;
  await seedSalesChannel(handle.db, config);
  await seedCheckoutSettings(handle.db);
  app = createStoreApi({ db: handle.db, config }).app;
  mountRequestApprovalRoute(app, { db: handle.db, config });
  companyId = (await insertCompany(handle.db)).id;
  await insertAddress(handle.db, companyId, { isMain: true });
  requester = await insertCustomer(handle.db, companyId, { rights: ['ROLE_PLACE_ORDERS'] });
  approver = await insertCustomer(handle.db, companyId, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
  lead = await insertCustomer(handle.db, companyId, { leadBuyer: true });
  referenceId = await insertTestReference(handle.db, companyId, { budgetCents: 10_000_000 });
  article = await insertArticle(handle.db, { price: '60.00', stock: 1000 });
});
afterAll(async () => {
  await database?.drop();
});

describe('the ends of a request racing on PostgreSQL', () => {
  test('approve, withdraw and the expiry sweep at once, five times: one end, its ledger booked once', async () => {
    const flowId = await insertFlow(handle.db, companyId, {
      budgetCents: 10_000_000,
      approvers: [approver.id],
      users: [requester.id],
    });
    for (let round = 0; round < 5; round += 1) {
      const id = await request(flowId);
      const later = new Date(Date.now() + 31 * 86_400_000);
      const [yes, back, swept] = await Promise.all([
        call('POST', approvePath(id), approver.token, {}),
        call('POST', withdrawPath(id), requester.token),
        expireApprovals(handle.db, { companyId, now: later }),
      ]);
      const [row] = await handle.db.select().from(orderApprovalTable).where(eq(orderApprovalTable.id, id));
      const orders = await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, id));
      const winners = [yes.status === 200, back.status === 200, swept === 1].filter(Boolean);
      expect(winners, `${row!.status}: ${yes.status} ${back.status} ${swept}`).toHaveLength(1);
      expect(['approved', 'withdrawn', 'expired']).toContain(row!.status);
      expect(orders).toHaveLength(row!.status === 'approved' ? 1 : 0);
      const closing = row!.status === 'approved' ? 'consume' : 'release';
      expect(await settled(id, flowId)).toEqual({
        flow: [closing, 'reserve'].sort(),
        reference: [closing, 'reserve'].sort(),
        balanced: true,
      });
    }
  });

  test('approve against deleting the flow, three times: an order or a cancelled request, never both', async () => {
    for (let round = 0; round < 3; round += 1) {
      await handle.db.delete(orderFlowUserTable).where(eq(orderFlowUserTable.customerId, requester.id));
      const flowId = await insertFlow(handle.db, companyId, {
        budgetCents: 10_000_000,
        approvers: [approver.id],
        users: [requester.id],
      });
      const id = await request(flowId);
      const [yes, deleted] = await Promise.all([
        call('POST', approvePath(id), approver.token, {}),
        call('DELETE', `/store-api/${config.provider}/order-flow/${flowId}`, lead.token),
      ]);
      expect(deleted.status).toBe(204);
      const [row] = await handle.db.select().from(orderApprovalTable).where(eq(orderApprovalTable.id, id));
      const orders = await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, id));
      if (row!.status === 'approved') {
        expect(yes.status).toBe(200);
        expect(orders).toHaveLength(1);
      } else {
        expect(row!.status).toBe('cancelled');
        expect(yes.status).not.toBe(200);
        expect(orders).toHaveLength(0);
      }
      const closing = row!.status === 'approved' ? 'consume' : 'release';
      expect(await settled(id, flowId)).toEqual({
        flow: [closing, 'reserve'].sort(),
        reference: [closing, 'reserve'].sort(),
        balanced: true,
      });
    }
  });
});
