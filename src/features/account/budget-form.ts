/**
 * The budget part of the order flow and order reference forms: the budget in EUR as typed, the period with its
 * start and end date, and the rules the server applies to them (contract/provider/order-reference.ts and
 * order-flow.ts): a budget of 0 to 100,000,000 EUR with at most 2 decimals; a custom period needs an end date; the
 * end date is never before the start date.
 */
import type { MessageKey } from '../../i18n/locales.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';

/** Largest budget in EUR (the server's bound). */
export const BUDGET_MAX = 100_000_000;

/** The budget fields as the form holds them (dates as ISO `yyyy-mm-dd`, '' when unset). */
export interface BudgetFormValues {
  /** EUR as typed, comma or point as decimal separator; '' for none. */
  budget: string;
  period: string;
  startDate: string;
  endDate: string;
}

/** Parses a typed amount in EUR ("1.250,50" is not accepted; "1250,50" and "1250.50" are); NaN when invalid. */
export function parseBudget(text: string): number {
  const normalised = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return Number.NaN;
  return Number(normalised);
}

/**
 * The translated errors of the budget fields: `budget` when not a valid amount (or empty though `budgetRequired`),
 * `startDate` when missing, `endDate` when missing for a custom period or before the start date (`endDateKey`, the
 * caller's text "The end date must not be before the start date.").
 */
export function budgetFieldErrors(
  values: BudgetFormValues,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
  { budgetRequired, budgetKey, endDateKey }: { budgetRequired: boolean; budgetKey: MessageKey; endDateKey: MessageKey },
): FieldErrors<keyof BudgetFormValues> {
  const errors: FieldErrors<keyof BudgetFormValues> = {};
  if (values.budget.trim() === '') {
    if (budgetRequired) errors.budget = t('validation.required');
  } else {
    const amount = parseBudget(values.budget);
    if (Number.isNaN(amount) || amount > BUDGET_MAX) errors.budget = t(budgetKey);
  }
  if (!values.startDate) errors.startDate = t('validation.required');
  if (values.period === 'custom' && !values.endDate) errors.endDate = t('validation.required');
  else if (values.endDate && values.startDate && values.endDate < values.startDate) errors.endDate = t(endDateKey);
  return errors;
}
