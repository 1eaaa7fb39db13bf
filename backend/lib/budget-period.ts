/**
 * Budget periods (docs/decisions/015-budgets-and-approvals.md): computed in the shop's time zone Europe/Brussels,
 * each beginning at local midnight. A renewable budget runs in periods of 1 (daily), 7 (weekly), 30 (monthly) or 365
 * (yearly) days counted from its start date; a custom period runs from the start date to the end date; a budget that
 * is not renewable is one period from the start date to the end date. An instant `t` belongs to the period with
 * `start <= t < end`; periods are answered as UTC instants.
 */
import { TZDate } from '@date-fns/tz';
import { shopToday } from '../../contract/order.ts';
import type { BudgetPeriod } from '../db/schema/spending.ts';

/** The time zone budget periods are computed in. */
export const BUDGET_TIME_ZONE = 'Europe/Brussels';

/** Length in days of each fixed period. */
export const PERIOD_DAYS: Readonly<Record<Exclude<BudgetPeriod, 'custom'>, number>> = {
  daily: 1,
  weekly: 7,
  monthly: 30,
  yearly: 365,
};

/** The end of an open budget (no end date): the latest instant a Date holds. */
const OPEN_END = new Date(8.64e15);

/** How a budget's periods run: as stored on an order flow or order reference. */
export interface BudgetPeriodRule {
  period: BudgetPeriod;
  renewable: boolean;
  /** First day (ISO date, Europe/Brussels), anchor of the periods. */
  startDate: string;
  /** Last day (ISO date, inclusive); null: open-ended. */
  endDate: string | null;
}

/** One period as UTC instants: `start` inclusive, `end` exclusive. */
export interface PeriodWindow {
  start: Date;
  end: Date;
}

/** `isoDate` plus `days` calendar days (ISO dates, no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Calendar days from ISO date `from` to ISO date `to` (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The UTC instant of local midnight in Europe/Brussels at the beginning of an ISO date. */
export function localMidnight(isoDate: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, 0, 0, BUDGET_TIME_ZONE).getTime());
}

/** The calendar day (ISO date) an instant falls on in Europe/Brussels. */
export function localDate(at: Date): string {
  return shopToday(at);
}

/**
 * True when the instant `at` lies within a budget's (or flow's) dates: from local midnight of the start date to local
 * midnight after the end date (inclusive end date; open-ended without one).
 */
export function withinDates(rule: Pick<BudgetPeriodRule, 'startDate' | 'endDate'>, at: Date): boolean {
  const last = rule.endDate ? localMidnight(addDays(rule.endDate, 1)) : OPEN_END;
  return at >= localMidnight(rule.startDate) && at < last;
}

/**
 * The period of a budget containing the instant `at`, or null when the budget is not in force then (before its
 * start date or after its end date).
 *
 * - custom, or not renewable: one period from local midnight of the start date to local midnight after the end date
 *   (open-ended without an end date);
 * - renewable daily, weekly, monthly or yearly: the k-th period of 1, 7, 30 or 365 days from the start date that
 *   contains `at`; the last one ends at the end of the end date if that comes first.
 */
export function budgetPeriodAt(rule: BudgetPeriodRule, at: Date): PeriodWindow | null {
  if (!withinDates(rule, at)) return null;
  const first = localMidnight(rule.startDate);
  const last = rule.endDate ? localMidnight(addDays(rule.endDate, 1)) : OPEN_END;
  if (rule.period === 'custom' || !rule.renewable) return { start: first, end: last };
  const days = PERIOD_DAYS[rule.period];
  const k = Math.floor(daysBetween(rule.startDate, localDate(at)) / days);
  const start = localMidnight(addDays(rule.startDate, k * days));
  const end = localMidnight(addDays(rule.startDate, (k + 1) * days));
  return { start, end: end < last ? end : last };
}

/**
 * The number of a renewable budget's period (0 for the first) that begins at `periodStart`, counted from the start
 * date; 0 for a budget with a single period.
 */
export function periodIndex(rule: BudgetPeriodRule, periodStart: Date): number {
  if (rule.period === 'custom' || !rule.renewable) return 0;
  return Math.floor(daysBetween(rule.startDate, localDate(periodStart)) / PERIOD_DAYS[rule.period]);
}
