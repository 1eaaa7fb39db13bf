/**
 * Who may lift a spending limit (docs/decisions/015-budgets-and-approvals.md, "Separation of duties"): the rule
 * order flows and order references share.
 *
 * - A change that lifts or loosens a limit from a user needs ROLE_MANAGE_BUDGETS, whatever other right the endpoint
 *   needs: taking a user out of a flow (removing them, moving them into another flow, deleting the flow), or
 *   loosening the terms that limit the users of a flow or order reference (`loosens`).
 * - Nobody lifts or loosens a limit that applies to themselves, whatever rights they hold: 403
 *   `{PROVIDER}__OWN_LIMIT_CHANGE`.
 * - Nobody becomes approver of a flow they are a user of, or of an order reference they book to: 403
 *   `{PROVIDER}__OWN_APPROVER` (a request is decided by somebody other than the one whose limit it is, the
 *   four-eyes principle that `decideApproval` applies to each decision as well).
 *
 * The source of the rule is the separation of duties of an approval workflow (SAP Commerce's B2B permissions: a
 * buyer's own permissions are set by an administrator, never by the buyer).
 */
import { requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BudgetPeriod } from '../../db/schema/index.ts';
import { StoreApiError } from '../../http/errors.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

/** The terms of a flow or order reference that limit what its users order. */
export interface LimitTerms {
  /** Budget per period, cents; null: none. */
  budgetCents: number | null;
  /** Per-order approval threshold, cents (flows); null: none. */
  approveFromCents?: number | null;
  /** Approval threshold per period, cents (flows); null: none. */
  approveFromPeriodCents?: number | null;
  period: BudgetPeriod;
  renewable: boolean;
  transfer: boolean;
  startDate: string;
  endDate: string | null;
  active: boolean;
}

/** True when a limit `after` (cents; null: none) is looser than `before`: removed or raised. */
function raised(before: number | null | undefined, after: number | null | undefined): boolean {
  if (before === null || before === undefined) return false;
  return after === null || after === undefined || after > before;
}

/**
 * True when `after` limits the users of a flow (`kind` 'flow') or order reference less than `before`:
 * - a budget or threshold removed or raised;
 * - the periods changed (period, renewable or start date: the budget starts a fresh period with nothing used);
 * - the remainder transferred where it was not;
 * - flows only (a flow outside its dates or inactive limits nothing, while an order reference then cannot be booked
 *   to at all): deactivated, or an end date set or moved earlier.
 */
export function loosens(kind: 'flow' | 'order_reference', before: LimitTerms, after: LimitTerms): boolean {
  if (raised(before.budgetCents, after.budgetCents)) return true;
  if (raised(before.approveFromCents, after.approveFromCents)) return true;
  if (raised(before.approveFromPeriodCents, after.approveFromPeriodCents)) return true;
  if (before.period !== after.period || before.renewable !== after.renewable) return true;
  if (before.startDate !== after.startDate) return true;
  if (!before.transfer && after.transfer) return true;
  if (kind === 'flow') {
    if (before.active && !after.active) return true;
    if (after.endDate !== null && (before.endDate === null || after.endDate < before.endDate)) return true;
  }
  return false;
}

/**
 * Checks a change that lifts the limits of `liftedUsers` (customer ids; empty: nothing lifted): ROLE_MANAGE_BUDGETS
 * is needed, and the caller may not be one of them.
 *
 * @throws StoreApiError 403 `{PROVIDER}__MISSING_RIGHT` (ROLE_MANAGE_BUDGETS), `{PROVIDER}__OWN_LIMIT_CHANGE`.
 */
export function checkLift(me: AuthenticatedCustomer, provider: string, liftedUsers: Iterable<string>): void {
  const lifted = new Set(liftedUsers);
  if (!lifted.size) return;
  requireRight(me, 'ROLE_MANAGE_BUDGETS', provider);
  if (lifted.has(me.id)) {
    throw new StoreApiError(
      403,
      providerErrorCode(provider, 'OWN_LIMIT_CHANGE'),
      'Nobody lifts or loosens a spending limit that applies to themselves.',
    );
  }
}

/**
 * Checks that the caller does not become an approver of what they order under: `approverBefore`/`approverAfter`
 * whether the caller approves it, `userBefore`/`userAfter` whether the caller is its user (a flow) or may book to it
 * (an order reference). Only a change that makes the caller both is refused; one that was so before stays possible
 * to edit.
 *
 * @throws StoreApiError 403 `{PROVIDER}__OWN_APPROVER`.
 */
export function checkOwnApprover(
  provider: string,
  state: { approverBefore: boolean; approverAfter: boolean; userBefore: boolean; userAfter: boolean },
): void {
  const bothBefore = state.approverBefore && state.userBefore;
  if (state.approverAfter && state.userAfter && !bothBefore) {
    throw new StoreApiError(
      403,
      providerErrorCode(provider, 'OWN_APPROVER'),
      'Nobody approves the orders of a flow or order reference they order under.',
    );
  }
}
