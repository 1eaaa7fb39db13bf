import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStoreApi } from '../app.ts';
import { createCustomerContext } from '../auth/session.ts';
import { loadBackendConfig } from '../config.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import {
  budgetLedgerTable,
  budgetUsageTable,
  costCenterTable,
  externalContactTable,
  orderFlowApproverTable,
  orderFlowTable,
  orderFlowUserTable,
  orderReferenceTable,
} from '../db/schema/index.ts';
import { SALES_CHANNEL_ID, seedSalesChannel } from '../db/seed-channel.ts';
import { demoCompanyId, demoCustomerId, seedDemoCustomers } from './seed-customers.ts';
import { demoFlowId, demoOrderReferenceId, demoPeriod, seedSpending } from './seed-spending.ts';

const config = loadBackendConfig({});
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  await seedDemoCustomers(handle.db);
});
afterAll(() => handle.close());

/** Every table the seed writes, as sorted JSON, to compare two runs. */
async function snapshot() {
  const db = handle.db;
  const tables = [
    orderFlowTable,
    orderFlowUserTable,
    orderFlowApproverTable,
    orderReferenceTable,
    costCenterTable,
    externalContactTable,
    budgetUsageTable,
    budgetLedgerTable,
  ] as const;
  const rows = await Promise.all(tables.map((t) => db.select().from(t)));
  return rows.map((r) => r.map((x) => JSON.stringify(x)).sort());
}

test('the demo usage is written for the monthly period containing now, from local midnight in Brussels', () => {
  // 2 March to 1 April: starts in winter time, ends in summer time.
  expect(demoPeriod(new Date('2026-03-31T21:59:59Z'))).toEqual({
    start: new Date('2026-03-01T23:00:00Z'),
    end: new Date('2026-03-31T22:00:00Z'),
  });
});

test('seeds the demo spending control once: a second run changes nothing; the ledger equals the usage', async () => {
  await seedSpending(handle.db);
  const first = await snapshot();
  await seedSpending(handle.db);
  expect(await snapshot()).toEqual(first);

  const db = handle.db;
  const flows = await db.select().from(orderFlowTable);
  expect(flows.map((f) => [f.companyId, f.name, f.budgetCents, f.approveFromCents, f.period]).sort()).toEqual(
    [
      [demoCompanyId('peeters'), 'Bouwplaats', 200_000, 50_000, 'monthly'],
      [demoCompanyId('huber'), 'Werkstatt', 150_000, 100_000, 'monthly'],
    ].sort(),
  );
  const bouwplaats = demoFlowId('peeters:bouwplaats');
  expect(
    (await db.select().from(orderFlowUserTable).where(eq(orderFlowUserTable.flowId, bouwplaats)))
      .map((u) => u.customerId)
      .sort(),
  ).toEqual([demoCustomerId('jan.janssens'), demoCustomerId('tom.wuyts')].sort());
  expect(await db.select().from(orderFlowApproverTable).where(eq(orderFlowApproverTable.flowId, bouwplaats))).toEqual([
    { flowId: bouwplaats, customerId: demoCustomerId('lotte.claes') },
  ]);
  expect((await db.select().from(orderReferenceTable)).map((r) => [r.name, r.budgetCents]).sort()).toEqual([
    ['PO-2026-001', 500_000],
    ['Project Schelde', null],
  ]);
  const contacts = await db.select().from(externalContactTable);
  expect(contacts.filter((c) => c.connected)).toHaveLength(2);
  expect(contacts.filter((c) => !c.connected)).toHaveLength(1);
  expect(await db.select().from(costCenterTable)).toHaveLength(3);

  const usage = await db.select().from(budgetUsageTable);
  expect(usage.length).toBe(4);
  const now = new Date();
  for (const u of usage) {
    expect(u.periodStart.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(u.periodEnd.getTime()).toBeGreaterThan(now.getTime());
    expect(u.usedCents).toBeGreaterThan(0);
    expect(u.usedCents).toBeLessThan(u.limitCents);
    const [ledger] = await db
      .select({ sum: sql<string>`coalesce(sum(${budgetLedgerTable.amountCents}), 0)` })
      .from(budgetLedgerTable)
      .where(
        and(
          eq(budgetLedgerTable.kind, u.kind),
          eq(budgetLedgerTable.budgetId, u.budgetId),
          eq(budgetLedgerTable.customerId, u.customerId),
          eq(budgetLedgerTable.periodStart, u.periodStart),
        ),
      );
    expect(Number(ledger?.sum)).toBe(u.usedCents);
  }
});

test('a period that real orders already used keeps its usage and ledger', async () => {
  const db = handle.db;
  const id = demoOrderReferenceId('peeters:po-2026-001');
  const where = and(eq(budgetUsageTable.kind, 'order_reference'), eq(budgetUsageTable.budgetId, id));
  await db.update(budgetUsageTable).set({ usedCents: 499_000 }).where(where);
  await seedSpending(handle.db);
  const [row] = await db.select().from(budgetUsageTable).where(where);
  expect(row?.usedCents).toBe(499_000);
});

test('the order reference endpoints answer the seeded remaining budget to a Peeters buyer', async () => {
  await seedSpending(handle.db);
  const db = handle.db;
  const where = and(
    eq(budgetUsageTable.kind, 'order_reference'),
    eq(budgetUsageTable.budgetId, demoOrderReferenceId('peeters:po-2026-001')),
  );
  await db.update(budgetUsageTable).set({ usedCents: 173_750 }).where(where);
  const app = createStoreApi({ db, config }).app;
  const token = await createCustomerContext(db, {
    salesChannelId: SALES_CHANNEL_ID,
    customerId: demoCustomerId('jan.janssens'),
  });
  const res = await app.request(`/store-api/${config.provider}/order-reference/search/20`, {
    headers: { 'sw-access-key': config.accessKey, 'sw-context-token': token },
  });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { elements: unknown[] }).elements).toEqual([
    expect.objectContaining({ name: 'PO-2026-001', budget: 5000, remainingBudget: 3262.5 }),
  ]);
});
