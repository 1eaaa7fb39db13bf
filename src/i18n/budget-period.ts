/**
 * How a budget's periods read (docs/decisions/015, "Periods"): the specification's periods are fixed lengths counted
 * from the start date in Europe/Brussels (daily 1, weekly 7, monthly 30, yearly 365 days; custom: start to end date),
 * not calendar months, so every place a budget is set or read says so ("every 30 days from 1 Jan 2026") and names the
 * current period beside the remaining budget.
 */
import type { MessageKey } from './locales.ts';
import { formatDate } from './format.ts';

/** The catalogue keys these texts use, for the message lists of the islands that show them. */
export const BUDGET_PERIOD_MESSAGES = ['budget.'] as const;

/** The time zone budget periods are computed in (backend/lib/budget-period.ts). */
const BUDGET_TIME_ZONE = 'Europe/Brussels';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** A day (ISO date) or an instant, as the medium date of the locale in Europe/Brussels. */
function day(value: string | Date, locale: string): string {
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  return formatDate(at, locale, { dateStyle: 'medium', timeZone: BUDGET_TIME_ZONE });
}

/**
 * The rule of a budget's periods in words: "every 30 days from 1 Jan 2026", "once, from 1 Jan 2026 to 30 Jun 2026"
 * for a budget that is not renewable, "from 1 Jan 2026 to 30 Jun 2026" for a custom period (end date '' or null:
 * open).
 */
export function budgetPeriodRule(
  t: Translate,
  locale: string,
  rule: { period: string; renewable?: boolean; startDate: string; endDate?: string | null },
): string {
  if (!rule.startDate) return '';
  const start = day(rule.startDate, locale);
  const end = rule.endDate ? day(rule.endDate, locale) : '…';
  if (rule.period === 'custom') return t('budget.rule.custom', { start, end });
  if (rule.renewable === false) return t('budget.rule.once', { start, end });
  const key = `budget.rule.${rule.period}` as MessageKey;
  return t(key, { start });
}

/**
 * The current period as its first and last day, "current period 1 Jan 2026 – 30 Jan 2026" (`labelled` false: without
 * the words, for a column that names them): `end` is exclusive (local midnight after the last day), so the last day
 * shown is the one before it.
 */
export function budgetPeriodWindow(
  t: Translate,
  locale: string,
  window: { start: string; end: string },
  labelled = true,
): string {
  const last = new Date(new Date(window.end).getTime() - 1);
  const days = { start: day(window.start, locale), end: day(last, locale) };
  return t(labelled ? 'budget.currentPeriod' : 'budget.days', days);
}
