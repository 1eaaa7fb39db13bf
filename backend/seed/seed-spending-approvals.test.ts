import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createStoreApi } from '../app.ts';
import { createTestStoreApi, type TestStoreApi } from '../testing/test-fixtures.ts';
import {
  budgetLedgerTable,
  budgetUsageTable,
  cartLineItemTable,
  orderApprovalTable,
  orderTable,
} from '../db/schema/index.ts';
import { seedCheckout } from './seed-checkout.ts';
import { demoCustomerId, seedDemoCustomers } from './seed-customers.ts';
import {
  DEMO_APPROVAL_KEY,
  demoFlowId,
  demoOrderReferenceId,
  seedDemoApprovals,
  seedSpending,
} from './seed-spending.ts';

let api: TestStoreApi;
beforeAll(async () => {
  api = await createTestStoreApi();
  await seedDemoCustomers(api.db);
  await seedCheckout(api.db);
  await seedSpending(api.db);
});
afterAll(() => api.close());

test('one pending approval request of jan.janssens, sent once through the checkout, with its budgets reserved', async () => {
  const store = createStoreApi({ db: api.db, config: api.config });
  expect(await seedDemoApprovals(api.db, store, api.config)).toBe('seeded');
  expect(await seedDemoApprovals(api.db, store, api.config)).toBe('present');
  const jan = demoCustomerId('jan.janssens');
  const approvals = await api.db.select().from(orderApprovalTable);
  expect(approvals).toEqual([
    expect.objectContaining({
      requesterId: jan,
      status: 'pending',
      flowId: demoFlowId('peeters:bouwplaats'),
      orderReferenceId: demoOrderReferenceId('peeters:po-2026-001'),
      idempotencyKey: DEMO_APPROVAL_KEY,
    }),
  ]);
  expect(approvals[0]!.netCents).toBeGreaterThanOrEqual(50_000);
  expect(await api.db.select().from(orderTable)).toEqual([]);
  expect(await api.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, jan))).toEqual([]);
  // Every usage row still equals its ledger; the request reserved on both budgets.
  for (const u of await api.db.select().from(budgetUsageTable)) {
    const [ledger] = await api.db
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
  const reserved = await api.db
    .select()
    .from(budgetLedgerTable)
    .where(eq(budgetLedgerTable.approvalId, approvals[0]!.id));
  expect(reserved.map((r) => [r.kind, r.entry, r.amountCents]).sort()).toEqual(
    [
      ['flow', 'reserve', approvals[0]!.netCents],
      ['order_reference', 'reserve', approvals[0]!.netCents],
    ].sort(),
  );
});
