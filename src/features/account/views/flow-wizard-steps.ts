/**
 * The steps and values of the order flow wizard (FlowWizard.tsx): the steps in order, each step's checks before the
 * next (name required, at most ORDER_FLOW_NAME_MAX_LENGTH characters; the budget rules of budget-form.ts, an end date
 * for a budget that is not renewable, thresholds as amounts in EUR) and the request body sent at the end
 * (contract/provider/order-flow.ts OrderFlowRequest).
 */
import {
  ORDER_FLOW_NAME_MAX_LENGTH,
  type OrderFlowPeriod,
  type OrderFlowRequest,
} from '../../../../contract/provider/order-flow.ts';
import type { Translate } from '../../../i18n/format.ts';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { budgetFieldErrors, parseBudget } from '../budget-form.ts';

/** The wizard's values. */
export interface FlowValues {
  name: string;
  budget: string;
  period: OrderFlowPeriod;
  startDate: string;
  endDate: string;
  budgetTransfer: boolean;
  budgetRenewable: boolean;
  approveFrom: string;
  approveFromPeriod: string;
  approvers: string[];
  users: string[];
}

/** The wizard's steps in order; `success` ends it. */
export const STEPS = ['name', 'budget', 'approvers', 'users', 'success'] as const;
export type Step = (typeof STEPS)[number];

/** The request body for the wizard's values (checked before); budget and approver fields only with their rights. */
export function toOrderFlowRequest(
  values: FlowValues,
  { budgets, approvers }: { budgets: boolean; approvers: boolean },
): OrderFlowRequest {
  return {
    name: values.name.trim(),
    startDate: values.startDate,
    endDate: values.endDate || null,
    users: values.users,
    ...(budgets
      ? {
          budget: values.budget.trim() === '' ? null : parseBudget(values.budget),
          budgetPeriod: values.period,
          budgetTransfer: values.budgetTransfer,
          budgetRenewable: values.budgetRenewable,
          approveFrom: values.approveFrom.trim() === '' ? null : parseBudget(values.approveFrom),
          approveFromPeriod: values.approveFromPeriod.trim() === '' ? null : parseBudget(values.approveFromPeriod),
        }
      : {}),
    ...(approvers ? { approvers: values.approvers } : {}),
  };
}

/**
 * The translated errors of one step's fields (`name`, `budget`, `startDate`, `endDate`, `approveFrom`,
 * `approveFromPeriod`); empty when the step may be left. The approvers, users and success steps have no checks.
 */
export function flowStepErrors(current: Step, values: FlowValues, t: Translate): FieldErrors {
  if (current === 'name') {
    const name = values.name.trim();
    if (!name) return { name: t('validation.required') };
    if (name.length > ORDER_FLOW_NAME_MAX_LENGTH)
      return { name: t('validation.maxLength', { max: ORDER_FLOW_NAME_MAX_LENGTH }) };
    return {};
  }
  if (current === 'budget') {
    const found: FieldErrors = budgetFieldErrors(values, t, {
      budgetRequired: false,
      budgetKey: 'flows.validation.amount',
      endDateKey: 'flows.validation.endDate',
    });
    if (!found.endDate && !values.budgetRenewable && !values.endDate) found.endDate = t('validation.required');
    if (values.approveFrom.trim() !== '' && Number.isNaN(parseBudget(values.approveFrom)))
      found.approveFrom = t('flows.validation.amount');
    if (values.approveFromPeriod.trim() !== '' && Number.isNaN(parseBudget(values.approveFromPeriod)))
      found.approveFromPeriod = t('flows.validation.amount');
    return found;
  }
  return {};
}
