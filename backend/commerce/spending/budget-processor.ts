/**
 * The budgets of a cart (docs/decisions/015, "Checkout"): the customer's order flow and the order reference the cart
 * is booked to, what is left of their budgets in the current period, the blocking cart errors when the cart's net
 * total does not fit, and whether the order needs an approval: its net total reaches the flow's per-order threshold
 * (inclusive), or the customer's orders under the flow in the current period would, with this one, sum above the
 * flow's threshold per period (so splitting an order does not avoid an approval; the timespan permission of SAP
 * Commerce's B2B approvals works the same way).
 *
 * A flow applies while it is active and today lies within its start and end date (Europe/Brussels); its budget, if
 * it has one, is the customer's own per period. The checks here show the state before the order; the submit books
 * the amounts with the conditional update of ./budget.service.ts, which refuses what a concurrent order took since.
 */
import { and, eq } from 'drizzle-orm';
import type { CartOrderFlowBudget, CartOrderReferenceBudget } from '../../../contract/provider/order-flow.ts';
import { centsToEuros } from '../../../contract/provider/order-flow.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { orderReferenceTable } from '../../db/schema/index.ts';
import { withinDates } from '../../lib/budget-period.ts';
import type { CartErrorEntry } from '../cart/calculate-cart.ts';
import { statusOf, type BudgetDefinition, type BudgetStatus } from '../../store-api/spending/budget.service.ts';
import { flowBudget, flowOfCustomer, flowOrdersInPeriod, flowPeriodAt, type FlowRow } from '../../store-api/spending/order-flow.service.ts';

export type OrderReferenceRow = typeof orderReferenceTable.$inferSelect;

/** The budgets of a cart: what applies, what the cart shows, and its blocking errors. */
export interface CartBudgets {
  /** The customer's flow in force, or null. */
  flow: FlowRow | null;
  /** The company's order reference the cart is booked to, or null. */
  orderReference: OrderReferenceRow | null;
  /** The net total reaches the flow's threshold: the submit sends an approval request. */
  needsApproval: boolean;
  extensions: { orderFlowBudget?: CartOrderFlowBudget; orderReferenceBudget?: CartOrderReferenceBudget };
  /** `{provider}-flow-unsufficient-budget-blocked`, `{provider}-order-reference-unsufficient-budget-blocked`. */
  errors: CartErrorEntry[];
}

/** The order reference's budget definition (for ./budget.service.ts). */
export function referenceBudget(row: OrderReferenceRow): BudgetDefinition {
  return {
    companyId: row.companyId,
    budgetCents: row.budgetCents,
    period: row.period,
    renewable: row.renewable,
    transfer: row.transferable,
    startDate: row.startDate,
    endDate: row.endDate,
    active: row.active,
  };
}

/** The period of a status as the cart shows it. */
function periodOf(status: BudgetStatus | null) {
  return status ? { start: status.period.start.toISOString(), end: status.period.end.toISOString() } : null;
}

/** The level-20 error of a budget the cart's net total does not fit. */
function blocked(provider: string, which: 'flow' | 'order-reference', remainingCents: number): CartErrorEntry {
  const messageKey = `${provider}-${which}-unsufficient-budget-blocked`;
  const what = which === 'flow' ? 'order flow' : 'order reference';
  return {
    key: messageKey,
    messageKey,
    level: 20,
    message: `The remaining budget of the ${what} (${centsToEuros(remainingCents)} EUR) does not cover the order.`,
  };
}

/**
 * The budgets of the customer's cart with net total `netCents` at `now`.
 *
 * @param orderReferenceId `cart.order_reference_id`; a reference of another company or one deleted is ignored.
 * @param hasGoods false for an empty cart, which never gets budget errors.
 */
export async function cartBudgets(
  db: Db,
  input: {
    customer: AuthenticatedCustomer;
    orderReferenceId: string | null;
    netCents: number;
    hasGoods: boolean;
    now: Date;
    provider: string;
    /** The customer's flow (`flowOfCustomer`) when the caller has read it already; read here when absent. */
    flow?: FlowRow | null;
  },
): Promise<CartBudgets> {
  const { customer, netCents, hasGoods, now, provider } = input;
  const result: CartBudgets = { flow: null, orderReference: null, needsApproval: false, extensions: {}, errors: [] };

  const flow = input.flow !== undefined ? input.flow : await flowOfCustomer(db, customer.id);
  if (flow && flow.active && withinDates(flow, now)) {
    const status = await statusOf(
      db,
      { kind: 'flow', budgetId: flow.id, customerId: customer.id },
      flowBudget(flow),
      now,
    );
    result.flow = flow;
    const period = status?.period ?? flowPeriodAt(flow, now);
    const orderedCents =
      flow.approveFromPeriodCents !== null && period
        ? await flowOrdersInPeriod(db, { flowId: flow.id, customerId: customer.id, period })
        : null;
    const perOrder = flow.approveFromCents !== null && netCents >= flow.approveFromCents;
    const perPeriod =
      flow.approveFromPeriodCents !== null &&
      orderedCents !== null &&
      orderedCents + netCents > flow.approveFromPeriodCents;
    result.needsApproval = hasGoods && (perOrder || perPeriod);
    result.extensions.orderFlowBudget = {
      flowId: flow.id,
      name: flow.name,
      budget: flow.budgetCents === null ? null : centsToEuros(flow.budgetCents),
      remaining: status ? centsToEuros(status.remainingCents) : null,
      period: period ? { start: period.start.toISOString(), end: period.end.toISOString() } : null,
      approveFrom: flow.approveFromCents === null ? null : centsToEuros(flow.approveFromCents),
      approveFromPeriod: flow.approveFromPeriodCents === null ? null : centsToEuros(flow.approveFromPeriodCents),
      orderedInPeriod: orderedCents === null ? null : centsToEuros(orderedCents),
      needsApproval: result.needsApproval,
      apiAlias: 'cart_order_flow_budget',
    };
    if (hasGoods && status && netCents > status.remainingCents) {
      result.errors.push(blocked(provider, 'flow', status.remainingCents));
    }
  }

  if (input.orderReferenceId) {
    const [reference] = await db
      .select()
      .from(orderReferenceTable)
      .where(
        and(eq(orderReferenceTable.id, input.orderReferenceId), eq(orderReferenceTable.companyId, customer.companyId)),
      );
    if (reference) {
      const status = await statusOf(
        db,
        { kind: 'order_reference', budgetId: reference.id },
        referenceBudget(reference),
        now,
      );
      result.orderReference = reference;
      result.extensions.orderReferenceBudget = {
        orderReferenceId: reference.id,
        name: reference.name,
        budget: reference.budgetCents === null ? null : centsToEuros(reference.budgetCents),
        remaining: status ? centsToEuros(status.remainingCents) : null,
        period: periodOf(status),
        apiAlias: 'cart_order_reference_budget',
      };
      if (hasGoods && status && netCents > status.remainingCents) {
        result.errors.push(blocked(provider, 'order-reference', status.remainingCents));
      }
    }
  }
  return result;
}
