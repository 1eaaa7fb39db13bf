/**
 * Who may book to an order reference (docs/decisions/015-budgets-and-approvals.md, "Order references"): the one rule
 * that the reference search, the cart, the order's transaction and an approval's decision apply. A reference is
 * usable by a customer on a day when it is of the customer's company, active, that day (Europe/Brussels) within its
 * start and end date, and the customer is one of its users or it has none.
 */
import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { shopToday } from '../../../contract/order.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { orderReferenceTable, orderReferenceUserTable } from '../../db/schema/index.ts';

type ReferenceRow = typeof orderReferenceTable.$inferSelect;

/** The condition "the caller may book to it today": active, today within its dates, the caller a user or none set. */
export function usableBy(me: Pick<AuthenticatedCustomer, 'id' | 'companyId'>, today: string): SQL {
  return and(
    eq(orderReferenceTable.companyId, me.companyId),
    eq(orderReferenceTable.active, true),
    lte(orderReferenceTable.startDate, today),
    or(isNull(orderReferenceTable.endDate), sql`${orderReferenceTable.endDate} >= ${today}`),
    or(
      sql`NOT EXISTS (SELECT 1 FROM ${orderReferenceUserTable} WHERE ${orderReferenceUserTable.referenceId} = ${orderReferenceTable.id})`,
      sql`EXISTS (SELECT 1 FROM ${orderReferenceUserTable} WHERE ${orderReferenceUserTable.referenceId} = ${orderReferenceTable.id} AND ${orderReferenceUserTable.customerId} = ${me.id})`,
    ),
  )!;
}

/**
 * The reference `id` if the caller may book to it at `now`: of the caller's company, active, that day
 * (Europe/Brussels) within its start and end date, and the caller one of its users (or it has none). The checkout
 * asks this again when the order is placed, as a reference chosen earlier may have been changed since.
 */
export async function usableReference(
  db: Db,
  me: Pick<AuthenticatedCustomer, 'id' | 'companyId'>,
  id: string,
  now: Date = new Date(),
): Promise<ReferenceRow | null> {
  const [row] = await db
    .select()
    .from(orderReferenceTable)
    .where(and(eq(orderReferenceTable.id, id), usableBy(me, shopToday(now))))
    .limit(1);
  return row ?? null;
}
