/**
 * Spending's order gate (backend/commerce/orders/order-gates.ts; docs/decisions/015-budgets-and-approvals.md,
 * "Checkout"), run inside the submit's transaction after the cart was calculated with its row locked:
 *
 * 1. the order reference the cart is booked to is held (FOR SHARE, with the buyer's membership of it) until the order
 *    commits, and asked again whether the buyer may book to it (400 `CHECKOUT__CART_INVALID` with
 *    `{provider}-order-reference-not-usable`);
 * 2. a cart whose net total reaches the order flow's threshold (./budget-processor.ts `needsApproval`) is sent as an
 *    approval request instead of being ordered (./approval.service.ts `requestApproval`); an earlier submit with the
 *    same idempotency key answers its request;
 * 3. a direct order is booked to the flow and the order reference, and consumes the order's net total from both
 *    budgets (one conditional update each, backend/store-api/spending/budget.service.ts); a budget a concurrent order
 *    took since is 400 `CHECKOUT__CART_INVALID` with `{provider}-flow-unsufficient-budget-blocked` or
 *    `{provider}-order-reference-unsufficient-budget-blocked`, and the order is rolled back.
 */
import { sql } from 'drizzle-orm';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { consume } from './budget.service.ts';
import { usableReference } from './reference-use.ts';
import type { CartModel } from '../cart/cart-model.ts';
import type { OrderGate } from '../orders/order-gates.ts';
import { cartInvalid } from '../orders/order-placement.ts';
import { approvalByKey, requestApproval } from './approval.service.ts';
import { budgetsOf, budgetTaken, referenceNotUsable } from './budget-processor.ts';

/**
 * Consumes the order's net total from the customer's flow budget and the order reference's budget (one conditional
 * update each), in the order's transaction.
 *
 * @throws StoreApiError 400 `CHECKOUT__CART_INVALID` with `{provider}-flow-unsufficient-budget-blocked` or
 *   `{provider}-order-reference-unsufficient-budget-blocked` when a budget no longer has room.
 */
async function consumeBudgets(
  provider: string,
  tx: Db,
  input: { customer: AuthenticatedCustomer; model: CartModel; orderId: string; at: Date },
): Promise<void> {
  const { customer, model, orderId, at } = input;
  const change = { companyId: customer.companyId, at, amountCents: model.netCents, orderId };
  const { flow, orderReference } = budgetsOf(model);
  if (flow && !(await consume(tx, { ...change, kind: 'flow', budgetId: flow.id, customerId: customer.id }))) {
    throw budgetTaken(provider, 'flow');
  }
  if (orderReference && !(await consume(tx, { ...change, kind: 'order_reference', budgetId: orderReference.id }))) {
    throw budgetTaken(provider, 'order-reference');
  }
}

/**
 * Holds the order reference the cart is booked to, and the buyer's membership of it, until the order commits
 * (FOR SHARE: deactivating it or taking the buyer off waits for this order, and this order waits for one of those
 * that came first), then asks again whether the buyer may book to it; the calculation asked before the lock.
 *
 * @throws StoreApiError 400 `CHECKOUT__CART_INVALID` with `{provider}-order-reference-not-usable`.
 */
async function assertReferenceUsable(
  provider: string,
  tx: Db,
  customer: AuthenticatedCustomer,
  model: CartModel,
): Promise<void> {
  const reference = budgetsOf(model).orderReference;
  if (!reference) return;
  await tx.execute(
    sql`SELECT (SELECT 1 FROM order_reference WHERE id = ${reference.id} FOR SHARE) AS reference,
               (SELECT 1 FROM order_reference_user
                 WHERE reference_id = ${reference.id} AND customer_id = ${customer.id} FOR SHARE) AS member`,
  );
  if (!(await usableReference(tx, customer, reference.id)))
    throw cartInvalid([referenceNotUsable(provider, reference)]);
}

/** The approval gate (module comment). */
export const approvalGate: OrderGate = {
  name: 'approvals',
  async earlier(db, customerId, key) {
    const approval = await approvalByKey(db, customerId, key);
    return approval ? { kind: 'approval', approvalId: approval.id, ...approval, created: false, mailIds: [] } : null;
  },
  async beforeOrder(tx, submit) {
    const { config, customer, model } = submit;
    await assertReferenceUsable(config.provider, tx, customer, model);
    const { flow, orderReference, needsApproval } = budgetsOf(model);
    if (!needsApproval) return null;
    const requested = await requestApproval({ config, jobs: submit.jobs }, tx, {
      customer,
      context: submit.context,
      cart: submit.cart,
      model,
      data: submit.data,
      flow,
      orderReference,
      costCenterId: submit.costCenterId,
      idempotencyKey: submit.idempotencyKey,
      now: submit.now,
    });
    return { kind: 'approval', ...requested };
  },
  bookings(submit) {
    const { flow, orderReference } = budgetsOf(submit.model);
    return { flowId: flow?.id ?? null, orderReferenceId: orderReference?.id ?? null };
  },
  async afterOrder(tx, submit, order) {
    const { config, customer, model, now } = submit;
    await consumeBudgets(config.provider, tx, { customer, model, orderId: order.orderId, at: now });
  },
};
