/**
 * Test helpers of the budget ledger: a flow or order reference with a budget, and the sum of a budget's ledger rows.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  budgetLedgerTable,
  budgetUsageTable,
  orderFlowTable,
  orderReferenceTable,
  type BudgetKind,
  type BudgetPeriod,
} from '../db/schema/index.ts';
import { randomId } from '../lib/ids.ts';

/** Fields of a test flow (defaults: 100.00 EUR monthly from 2026-01-01, renewable, no transfer, no threshold). */
export interface TestFlowInput {
  budgetCents?: number | null;
  period?: BudgetPeriod;
  renewable?: boolean;
  transferRemainder?: boolean;
  approveFromCents?: number | null;
  startDate?: string;
  endDate?: string | null;
  active?: boolean;
}

/** Inserts an order flow of `companyId`; returns its id. */
export async function insertTestFlow(db: Db, companyId: string, input: TestFlowInput = {}): Promise<string> {
  const id = randomId();
  await db.insert(orderFlowTable).values({
    id,
    companyId,
    name: `Flow ${id.slice(0, 6)}`,
    budgetCents: input.budgetCents === undefined ? 10_000 : input.budgetCents,
    period: input.period ?? 'monthly',
    renewable: input.renewable ?? true,
    transferRemainder: input.transferRemainder ?? false,
    approveFromCents: input.approveFromCents ?? null,
    startDate: input.startDate ?? '2026-01-01',
    endDate: input.endDate ?? null,
    active: input.active ?? true,
  });
  return id;
}

/** Inserts an order reference of `companyId` with a budget (default 500.00 EUR monthly); returns its id. */
export async function insertTestReference(
  db: Db,
  companyId: string,
  input: { budgetCents?: number | null; period?: BudgetPeriod; startDate?: string } = {},
): Promise<string> {
  const id = randomId();
  await db.insert(orderReferenceTable).values({
    id,
    companyId,
    name: `PO-${id.slice(0, 8)}`,
    budgetCents: input.budgetCents === undefined ? 50_000 : input.budgetCents,
    period: input.period ?? 'monthly',
    startDate: input.startDate ?? '2026-01-01',
  });
  return id;
}

/** The sum of a budget's ledger rows and its usage rows' `used_cents`, cents, over all periods. */
export async function ledgerAndUsage(
  db: Db,
  kind: BudgetKind,
  budgetId: string,
  customerId = '',
): Promise<{ ledger: number; used: number; rows: number }> {
  const [ledger] = await db
    .select({ sum: sql<string>`coalesce(sum(${budgetLedgerTable.amountCents}), 0)`, rows: sql<string>`count(*)` })
    .from(budgetLedgerTable)
    .where(
      and(
        eq(budgetLedgerTable.kind, kind),
        eq(budgetLedgerTable.budgetId, budgetId),
        eq(budgetLedgerTable.customerId, customerId),
      ),
    );
  const [usage] = await db
    .select({ sum: sql<string>`coalesce(sum(${budgetUsageTable.usedCents}), 0)` })
    .from(budgetUsageTable)
    .where(
      and(
        eq(budgetUsageTable.kind, kind),
        eq(budgetUsageTable.budgetId, budgetId),
        eq(budgetUsageTable.customerId, customerId),
      ),
    );
  return { ledger: Number(ledger!.sum), used: Number(usage!.sum), rows: Number(ledger!.rows) };
}
