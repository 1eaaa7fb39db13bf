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
 * the amounts with the conditional update of backend/store-api/spending/budget.service.ts, which refuses what a
 * concurrent order took since (./approval-gate.ts).
 *
 * `budgetProcessor` is spending's cart processor (backend/commerce/cart/processor.ts), registered after the core
 * processors (backend/commerce/extensions.ts): it runs on the cart's net total, adds the blocking errors, the
 * extensions `orderFlowBudget` and `orderReferenceBudget`, and asks again on every calculation whether the buyer may
 * still book to the order reference put on the cart (backend/store-api/spending/reference-use.ts); if not, the
 * level-20 error `{provider}-order-reference-not-usable` blocks the order. Its gate reads the budgets with `budgetsOf`.
 */
import { and, eq } from 'drizzle-orm';
import type { CartOrderFlowBudget, CartOrderReferenceBudget } from '../../../contract/provider/order-flow.ts';
import { centsToEuros } from '../../../contract/provider/order-flow.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { orderReferenceTable } from '../../db/schema/index.ts';
import { withinDates } from '../../lib/budget-period.ts';
import { cartData, cartDataKey, setCartData, type CartErrorEntry, type CartModel } from '../cart/cart-model.ts';
import type { CartProcessor } from '../cart/processor.ts';
import { cartInvalid } from '../orders/order-placement.ts';
import type { StoreApiError } from '../../http/errors.ts';
import { usableReference } from './reference-use.ts';
import { statusOf, type BudgetDefinition, type BudgetStatus } from './budget.service.ts';
import { flowBudget, flowOfCustomer, flowOrdersInPeriod, flowPeriodAt, type FlowRow } from './order-flow.service.ts';

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

/**
 * The level-20 error of a cart booked to an order reference the buyer can no longer use (inactive, outside its
 * dates, or the buyer no longer one of its users): `{provider}-order-reference-not-usable`, keyed by its messageKey
 * (one reference per cart), with the reference's id and name. The buyer chooses another reference or none.
 */
export function referenceNotUsable(
  provider: string,
  reference: Pick<OrderReferenceRow, 'id' | 'name'>,
): CartErrorEntry {
  const messageKey = `${provider}-order-reference-not-usable`;
  return {
    key: messageKey,
    messageKey,
    level: 20,
    message: `The order reference ${reference.name} can no longer be used for your orders: choose another one or none.`,
    id: reference.id,
    name: reference.name,
  };
}

/** 400 `CHECKOUT__CART_INVALID`: the blocking cart error of a budget a concurrent order took since the cart was checked. */
export function budgetTaken(provider: string, which: 'flow' | 'order-reference'): StoreApiError {
  const messageKey = `${provider}-${which}-unsufficient-budget-blocked`;
  return cartInvalid([
    { key: messageKey, messageKey, level: 20, message: 'The remaining budget does not cover the order.' },
  ]);
}

/** Where the budget processor keeps a cart's budgets on the model. */
const CART_BUDGETS = cartDataKey<CartBudgets>('spending.budgets');

/** The budgets the budget processor found for `model`; none when it did not run. */
export function budgetsOf(model: Pick<CartModel, 'data'>): CartBudgets {
  return (
    cartData(model, CART_BUDGETS) ?? {
      flow: null,
      orderReference: null,
      needsApproval: false,
      extensions: {},
      errors: [],
    }
  );
}

/** The budget processor (module comment). */
export const budgetProcessor: CartProcessor = {
  name: 'budgets',
  async process(calculation) {
    const { db, customer, model, now, provider, inputs } = calculation;
    // Budgets, flows and references apply to direct orders only: a punch-out cart is approved by the procurement
    // system (docs/decisions/025-punch-out.md).
    if (calculation.context.punchOut) return;
    // Budgets of the order flow and of the order reference the cart is booked to (docs/decisions/015).
    const budgets = await cartBudgets(db, {
      customer,
      orderReferenceId: inputs.cartRow?.orderReferenceId ?? null,
      netCents: model.netCents,
      hasGoods: model.lines.length > 0,
      now,
      provider,
      flow: inputs.flow,
    });
    for (const e of budgets.errors) calculation.addError(e);
    // The reference may have been deactivated, closed or the buyer taken off it since it was put on the cart: ask
    // again whether the buyer may book to it; an order is never booked to a reference the buyer can no longer use.
    if (budgets.orderReference && !(await usableReference(db, customer, budgets.orderReference.id, now))) {
      calculation.addError(referenceNotUsable(provider, budgets.orderReference));
    }
    Object.assign(model.answerExtensions, budgets.extensions);
    setCartData(model, CART_BUDGETS, budgets);
  },
};
