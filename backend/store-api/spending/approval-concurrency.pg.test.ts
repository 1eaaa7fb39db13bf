/**
 * Exactly-once decisions of approval requests under real concurrency, on PostgreSQL (PGlite serialises every query,
 * which hides races): ten approvals of one request at once give one order and nine ALREADY_DECIDED answers; an
 * approval and a decline at once end in one terminal state whose order, audit, mails and budget ledger agree with it
 * (consumed once or released once; the usage row equals the ledger's sum). Needs the PostgreSQL server of the
 * project's machines (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway
 * database is created and dropped.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import type { DbHandle } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import {
  auditLogTable,
  budgetLedgerTable,
  budgetUsageTable,
  mailOutboxTable,
  orderApprovalTable,
  orderTable,
} from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../../testing/order-test-support.ts';
import {
  insertFlow,
  mountRequestApprovalRoute,
  TEST_REQUEST_APPROVAL_PATH,
} from '../../testing/approval-test-support.ts';
import { providerErrorPrefix } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
const P = providerErrorPrefix(config.provider);
let database: PgTestDatabase | undefined;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let requester: TestCustomer;
let approvers: TestCustomer[];
let flowId: string;
let article: { id: string };

async function post(path: string, token: string, body: unknown) {
  const res = await app.request(path, {
    method: 'POST',
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { errors?: { code: string }[] } };
}

async function request(): Promise<string> {
  await fillCart(handle.db, requester.id, [{ productId: article.id, quantity: 3 }]);
  const res = await post(TEST_REQUEST_APPROVAL_PATH, requester.token, { flowId });
  expect(res.status).toBe(200);
  return res.json.approvalId as string;
}

/** The approval's ledger entries in booking order, and whether the flow's usage equals the sum of its ledger. */
async function ledgerOf(id: string) {
  const rows = await handle.db.select().from(budgetLedgerTable).where(eq(budgetLedgerTable.approvalId, id));
  const order = ['reserve', 'consume', 'release'];
  return rows.sort((a, b) => order.indexOf(a.entry) - order.indexOf(b.entry)).map((r) => [r.entry, r.amountCents]);
}
async function usageMatchesLedger(): Promise<boolean> {
  const [usage] = await handle.db.select().from(budgetUsageTable).where(eq(budgetUsageTable.budgetId, flowId));
  const all = await handle.db.select().from(budgetLedgerTable).where(eq(budgetLedgerTable.budgetId, flowId));
  return usage!.usedCents === all.reduce((sum, r) => sum + r.amountCents, 0);
}

const approvePath = (id: string) => `/store-api/${config.provider}/order/approve/${id}`;
const actionsPath = `/store-api/${config.provider}/order/approvals/actions`;

beforeAll(async () => {
  database = await createPgTestDatabase();
  handle = database.handle;
  await seedSalesChannel(handle.db, config);
  await seedCheckoutSettings(handle.db);
  app = createStoreApi({ db: handle.db, config }).app;
  mountRequestApprovalRoute(app, { db: handle.db, config });
  const companyId = (await insertCompany(handle.db)).id;
  await insertAddress(handle.db, companyId, { isMain: true });
  requester = await insertCustomer(handle.db, companyId, { rights: ['ROLE_PLACE_ORDERS'] });
  approvers = await Promise.all(
    Array.from({ length: 10 }, () => insertCustomer(handle.db, companyId, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] })),
  );
  flowId = await insertFlow(handle.db, companyId, {
    budgetCents: 10_000_000,
    approvers: approvers.map((a) => a.id),
    users: [requester.id],
  });
  article = await insertArticle(handle.db, { price: '60.00', stock: 1000 });
});
afterAll(async () => {
  await database?.drop();
});

describe('concurrent decisions on PostgreSQL', () => {
  test('ten approvals of one request at once: one order, nine ALREADY_DECIDED, one audit row', async () => {
    const id = await request();
    const answers = await Promise.all(approvers.map((a) => post(approvePath(id), a.token, {})));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.errors?.[0]?.code)).toEqual(
      Array.from({ length: 9 }, () => `${P}__APPROVAL_ALREADY_DECIDED`),
    );
    const orders = await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, id));
    expect(orders).toHaveLength(1);
    const [row] = await handle.db.select().from(orderApprovalTable).where(eq(orderApprovalTable.id, id));
    const winner = answers.find((a) => a.status === 200)!;
    expect(row).toMatchObject({ status: 'approved', orderId: orders[0]!.id });
    expect(winner.json).toMatchObject({ orderId: orders[0]!.id, orderNumber: orders[0]!.orderNumber });
    const audits = (await handle.db.select().from(auditLogTable)).filter((r) => r.details.approvalId === id);
    expect(audits).toHaveLength(1);
    expect(await ledgerOf(id)).toEqual([
      ['reserve', row!.netCents],
      ['consume', 0],
    ]);
    expect(await usageMatchesLedger()).toBe(true);
  });

  test('approve and decline at once, five times over: each request ends in one state its order, audit and ledger agree with', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await request();
      const [yes, no] = await Promise.all([
        post(approvePath(id), approvers[0]!.token, {}),
        post(actionsPath, approvers[1]!.token, { actions: [{ id, action: 'decline' }] }),
      ]);
      const [row] = await handle.db.select().from(orderApprovalTable).where(eq(orderApprovalTable.id, id));
      const orders = await handle.db.select().from(orderTable).where(eq(orderTable.approvalId, id));
      const audits = (await handle.db.select().from(auditLogTable)).filter((r) => r.details.approvalId === id);
      const results = no.json.results as { outcome: unknown; error: { code: string } | null }[];
      if (row!.status === 'approved') {
        expect(yes.status).toBe(200);
        expect(results[0]!.error?.code).toBe(`${P}__APPROVAL_ALREADY_DECIDED`);
        expect(orders).toHaveLength(1);
        expect(row!.orderId).toBe(orders[0]!.id);
      } else {
        expect(row!.status).toBe('declined');
        expect(yes.status).toBe(409);
        expect(results[0]!.error).toBeNull();
        expect(orders).toHaveLength(0);
        expect(row!.orderId).toBeNull();
      }
      expect(audits.map((a) => a.details.outcome)).toEqual([row!.status]);
      expect(await ledgerOf(id)).toEqual(
        row!.status === 'approved'
          ? [
              ['reserve', row!.netCents],
              ['consume', 0],
            ]
          : [
              ['reserve', row!.netCents],
              ['release', -row!.netCents],
            ],
      );
      expect(await usageMatchesLedger()).toBe(true);
      const decidedMails = (
        await handle.db.select().from(mailOutboxTable).where(eq(mailOutboxTable.template, 'approval-decided'))
      ).filter((m) => m.subject.includes(row!.approvalNumber));
      expect(decidedMails).toHaveLength(1);
    }
  });
});
