/**
 * Spending in the checkout (docs/decisions/015-budgets-and-approvals.md): the budget processor of the cart
 * (./budget-processor.ts) and the approval gate of order placement (./approval-gate.ts), installed by
 * backend/commerce/extensions.ts.
 */
import type { CommerceExtension } from '../commerce-extension.ts';
import { approvalGate } from './approval-gate.ts';
import { budgetProcessor } from './budget-processor.ts';

/** Spending's processor and gate (module comment). */
export const spendingExtension: CommerceExtension = {
  name: 'spending',
  cartProcessors: [budgetProcessor],
  orderGates: [approvalGate],
};
