/**
 * The budget ledger (docs/decisions/015-budgets-and-approvals.md, "Data"): every reservation, consumption and release
 * of a flow budget (one per user of the flow) or an order reference budget is a row of `budget_ledger`, and the
 * period's `budget_usage` row holds their sum in `used_cents` beside the period's `limit_cents`.
 *
 * A reservation is one conditional update of the usage row in the caller's transaction,
 * `used_cents + amount <= limit_cents`: PostgreSQL re-checks the condition on the newest row version after waiting
 * for a concurrent writer, so concurrent orders never overdraw a budget. Amounts are integer cents (net order totals).
 *
 * A budget limits nothing (every check passes, nothing is written) when it has no amount, is inactive, or the instant
 * lies outside its start and end date. With a transferable budget, the remainder of the periods before is added to
 * a period's limit when its usage row is first written (a period without usage carried its whole limit over).
 */
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  budgetLedgerTable,
  budgetUsageTable,
  orderFlowTable,
  orderReferenceTable,
  type BudgetKind,
} from '../../db/schema/index.ts';
import { budgetPeriodAt, periodIndex, type BudgetPeriodRule, type PeriodWindow } from '../../lib/budget-period.ts';
import { randomId } from '../../lib/ids.ts';

/** Which budget: a flow's budget of one user (`customerId`), or an order reference's (`customerId` ''). */
export interface BudgetKey {
  kind: BudgetKind;
  /** The flow or order reference id. */
  budgetId: string;
  /** The user of the flow; ignored for an order reference. */
  customerId?: string;
}

/** One change of a budget at an instant. */
export interface BudgetChange extends BudgetKey {
  /** The company of the budget: a budget of another company is refused (Error). */
  companyId: string;
  /** When the order or request was placed: selects the period. */
  at: Date;
  /** Net amount, integer cents, at least 0. */
  amountCents: number;
  approvalId?: string | null;
  orderId?: string | null;
}

/** A budget's definition as its flow or order reference stores it. */
export interface BudgetDefinition extends BudgetPeriodRule {
  companyId: string;
  /** Per period, cents; null: no budget. */
  budgetCents: number | null;
  /** The remainder of a period is added to the next. */
  transfer: boolean;
  active: boolean;
}

/** A budget's state in the period containing an instant, cents. */
export interface BudgetStatus {
  period: PeriodWindow;
  limitCents: number;
  usedCents: number;
  /** `limitCents - usedCents`, never below 0. */
  remainingCents: number;
}

/** Reads the definition of a flow's or order reference's budget; null when it does not exist. */
export async function loadBudget(db: Db, kind: BudgetKind, budgetId: string): Promise<BudgetDefinition | null> {
  if (kind === 'flow') {
    const [flow] = await db.select().from(orderFlowTable).where(eq(orderFlowTable.id, budgetId));
    if (!flow) return null;
    return {
      companyId: flow.companyId,
      budgetCents: flow.budgetCents,
      period: flow.period,
      renewable: flow.renewable,
      transfer: flow.transferRemainder,
      startDate: flow.startDate,
      endDate: flow.endDate,
      active: flow.active,
    };
  }
  const [ref] = await db.select().from(orderReferenceTable).where(eq(orderReferenceTable.id, budgetId));
  if (!ref) return null;
  return {
    companyId: ref.companyId,
    budgetCents: ref.budgetCents,
    period: ref.period,
    renewable: ref.renewable,
    transfer: ref.transferable,
    startDate: ref.startDate,
    endDate: ref.endDate,
    active: ref.active,
  };
}

/** The customer id a usage row is kept under: the flow's user, '' for an order reference. */
function ownerOf(key: BudgetKey): string {
  return key.kind === 'flow' ? (key.customerId ?? '') : '';
}

/** The period of a budget in force at `at`, or null when the budget limits nothing then. */
export function limitingPeriod(def: BudgetDefinition, at: Date): PeriodWindow | null {
  if (def.budgetCents === null || !def.active) return null;
  return budgetPeriodAt(def, at);
}

/** The usage-row condition of one budget and period. */
function usageRow(key: BudgetKey, periodStart: Date) {
  return and(
    eq(budgetUsageTable.kind, key.kind),
    eq(budgetUsageTable.budgetId, key.budgetId),
    eq(budgetUsageTable.customerId, ownerOf(key)),
    eq(budgetUsageTable.periodStart, periodStart),
  );
}

/**
 * The limit of a period, cents: the budget, plus for a transferable budget what the periods before left over (the
 * latest usage row before the period gives its remainder; each period after it without usage adds its whole budget).
 */
async function periodLimit(db: Db, key: BudgetKey, def: BudgetDefinition, period: PeriodWindow): Promise<number> {
  const budget = def.budgetCents ?? 0;
  if (!def.transfer || def.period === 'custom' || !def.renewable) return budget;
  const index = periodIndex(def, period.start);
  const [before] = await db
    .select()
    .from(budgetUsageTable)
    .where(
      and(
        eq(budgetUsageTable.kind, key.kind),
        eq(budgetUsageTable.budgetId, key.budgetId),
        eq(budgetUsageTable.customerId, ownerOf(key)),
        lt(budgetUsageTable.periodStart, period.start),
      ),
    )
    .orderBy(sql`${budgetUsageTable.periodStart} desc`)
    .limit(1);
  if (!before) return (index + 1) * budget;
  const left = Math.max(0, before.limitCents - before.usedCents);
  return left + (index - periodIndex(def, before.periodStart)) * budget;
}

/** Checks a change's amount and company; throws for a programming error (never a client's input). */
function assertChange(change: BudgetChange, def: BudgetDefinition | null): asserts def is BudgetDefinition {
  if (!Number.isSafeInteger(change.amountCents) || change.amountCents < 0) {
    throw new Error(`budget amount must be whole cents >= 0, got ${change.amountCents}`);
  }
  if (!def || def.companyId !== change.companyId) {
    throw new Error(`no ${change.kind} budget ${change.budgetId} in company ${change.companyId}`);
  }
}

/**
 * Adds `amountCents` to the usage of the period containing `change.at` if it fits, and appends a ledger row `entry`.
 *
 * @returns false when it does not fit (nothing written); true when added, or when the budget limits nothing then.
 */
async function charge(tx: Db, change: BudgetChange, entry: 'reserve' | 'consume'): Promise<boolean> {
  const def = await loadBudget(tx, change.kind, change.budgetId);
  assertChange(change, def);
  const period = limitingPeriod(def, change.at);
  if (!period) return true;
  const limitCents = await periodLimit(tx, change, def, period);
  await tx
    .insert(budgetUsageTable)
    .values({
      kind: change.kind,
      budgetId: change.budgetId,
      customerId: ownerOf(change),
      periodStart: period.start,
      periodEnd: period.end,
      limitCents,
    })
    .onConflictDoNothing();
  const updated = await tx
    .update(budgetUsageTable)
    .set({ usedCents: sql`${budgetUsageTable.usedCents} + ${change.amountCents}`, updatedAt: new Date() })
    .where(
      and(
        usageRow(change, period.start),
        sql`${budgetUsageTable.usedCents} + ${change.amountCents} <= ${budgetUsageTable.limitCents}`,
      ),
    )
    .returning({ used: budgetUsageTable.usedCents });
  if (!updated.length) return false;
  await tx.insert(budgetLedgerTable).values({
    id: randomId(),
    companyId: change.companyId,
    kind: change.kind,
    budgetId: change.budgetId,
    customerId: ownerOf(change),
    periodStart: period.start,
    entry,
    amountCents: change.amountCents,
    approvalId: change.approvalId ?? null,
    orderId: change.orderId ?? null,
  });
  return true;
}

/**
 * Reserves `amountCents` of a budget for an approval request, in the caller's transaction: upserts the usage row of
 * the period containing `at` (with its limit) and adds the amount only if `used + amount <= limit`; appends a
 * `reserve` ledger row with the approval id.
 *
 * @returns false when the amount does not fit the remaining budget (nothing written: the caller refuses); true when
 *   reserved, or when the budget limits nothing at `at` (no amount, inactive, outside its dates).
 * @throws Error when the budget does not exist in `companyId` or the amount is not whole cents >= 0.
 */
export function reserve(tx: Db, change: BudgetChange): Promise<boolean> {
  return charge(tx, change, 'reserve');
}

/** What `consume` turns into an order: the reservations of an approval request. */
export interface ReservationToConsume {
  approvalId: string;
  orderId: string;
}

/** The ledger rows of an approval's reservations that are neither consumed nor released, one per budget. */
async function openReservations(tx: Db, approvalId: string) {
  const rows = await tx
    .select()
    .from(budgetLedgerTable)
    .where(and(eq(budgetLedgerTable.approvalId, approvalId), isNotNull(budgetLedgerTable.approvalId)));
  const closed = new Set(
    rows.filter((r) => r.entry !== 'reserve').map((r) => `${r.kind}:${r.budgetId}:${r.customerId}:${+r.periodStart}`),
  );
  return rows.filter(
    (r) => r.entry === 'reserve' && !closed.has(`${r.kind}:${r.budgetId}:${r.customerId}:${+r.periodStart}`),
  );
}

/** Locks the usage row of a ledger row's budget and period (serialises consume and release of one reservation). */
async function lockUsage(tx: Db, row: { kind: BudgetKind; budgetId: string; customerId: string; periodStart: Date }) {
  await tx
    .select({ used: budgetUsageTable.usedCents })
    .from(budgetUsageTable)
    .where(usageRow(row, row.periodStart))
    .for('update');
}

/**
 * Books an order against budgets, in the caller's transaction:
 * - `{ approvalId, orderId }`: the approval's open reservations become the order: a `consume` ledger row with amount 0
 *   and the order id per budget, in the period the request was reserved in (usage unchanged); true.
 * - a `BudgetChange` with `orderId` (a direct order): reserve and consume in one, a `consume` row with the amount.
 *
 * @returns false when a direct order does not fit the remaining budget (nothing written), else true.
 * @throws Error as `reserve`.
 */
export async function consume(tx: Db, input: ReservationToConsume | BudgetChange): Promise<boolean> {
  if ('kind' in input) return charge(tx, input, 'consume');
  for (const reservation of await openReservations(tx, input.approvalId)) {
    await lockUsage(tx, reservation);
    const [stillOpen] = (await openReservations(tx, input.approvalId)).filter((r) => r.id === reservation.id);
    if (!stillOpen) continue;
    await tx.insert(budgetLedgerTable).values({
      id: randomId(),
      companyId: reservation.companyId,
      kind: reservation.kind,
      budgetId: reservation.budgetId,
      customerId: reservation.customerId,
      periodStart: reservation.periodStart,
      entry: 'consume',
      amountCents: 0,
      approvalId: input.approvalId,
      orderId: input.orderId,
    });
  }
  return true;
}

/**
 * Gives back the open reservations of an approval request (declined or withdrawn), exactly once: per budget a
 * `release` ledger row with the negative amount, and the usage of the reserved period lowered by it. A reservation
 * already released or consumed is left alone, so a second release is a no-op.
 *
 * @returns the cents released (0 when nothing was open).
 */
export async function release(tx: Db, input: { approvalId: string }): Promise<number> {
  let released = 0;
  for (const reservation of await openReservations(tx, input.approvalId)) {
    await lockUsage(tx, reservation);
    const [stillOpen] = (await openReservations(tx, input.approvalId)).filter((r) => r.id === reservation.id);
    if (!stillOpen) continue;
    await tx
      .update(budgetUsageTable)
      .set({ usedCents: sql`${budgetUsageTable.usedCents} - ${reservation.amountCents}`, updatedAt: new Date() })
      .where(usageRow(reservation, reservation.periodStart));
    await tx.insert(budgetLedgerTable).values({
      id: randomId(),
      companyId: reservation.companyId,
      kind: reservation.kind,
      budgetId: reservation.budgetId,
      customerId: reservation.customerId,
      periodStart: reservation.periodStart,
      entry: 'release',
      amountCents: -reservation.amountCents,
      approvalId: input.approvalId,
    });
    released += reservation.amountCents;
  }
  return released;
}

/**
 * A budget's state in the period containing `at` (for the cart and the lists): the usage row's figures, or, before
 * anything was booked in the period, the limit it would start with and nothing used.
 *
 * @returns null when the budget does not exist or limits nothing at `at`.
 */
export async function remaining(db: Db, key: BudgetKey & { at: Date }): Promise<BudgetStatus | null> {
  const def = await loadBudget(db, key.kind, key.budgetId);
  if (!def) return null;
  return statusOf(db, key, def, key.at);
}

/** `remaining` for an already loaded definition. */
export async function statusOf(db: Db, key: BudgetKey, def: BudgetDefinition, at: Date): Promise<BudgetStatus | null> {
  const period = limitingPeriod(def, at);
  if (!period) return null;
  const [row] = await db
    .select({ limit: budgetUsageTable.limitCents, used: budgetUsageTable.usedCents })
    .from(budgetUsageTable)
    .where(usageRow(key, period.start));
  const limitCents = row ? row.limit : await periodLimit(db, key, def, period);
  const usedCents = row?.used ?? 0;
  return { period, limitCents, usedCents, remainingCents: Math.max(0, limitCents - usedCents) };
}
