import { describe, expect, test } from 'vitest';
import { budgetPeriodAt, localMidnight, periodIndex, withinDates, type BudgetPeriodRule } from './budget-period.ts';

const at = (iso: string) => new Date(iso);
const window = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
const renewable = (period: BudgetPeriodRule['period'], startDate: string, endDate: string | null = null) => ({
  period,
  renewable: true,
  startDate,
  endDate,
});

describe('local midnight in Europe/Brussels', () => {
  test('is 23:00 UTC the day before in winter and 22:00 UTC in summer', () => {
    expect(localMidnight('2026-01-01').toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(localMidnight('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(localMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(localMidnight('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(localMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(localMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
  });
});

describe('the period containing an instant (start inclusive, end exclusive)', () => {
  test('month end: 23:59:59.999 local of 31 January is in its day, 00:00:00.000 of 1 February in the next', () => {
    const rule = renewable('daily', '2026-01-01');
    expect(budgetPeriodAt(rule, at('2026-01-31T22:59:59.999Z'))).toEqual(
      window('2026-01-30T23:00:00.000Z', '2026-01-31T23:00:00.000Z'),
    );
    expect(budgetPeriodAt(rule, at('2026-01-31T23:00:00.000Z'))).toEqual(
      window('2026-01-31T23:00:00.000Z', '2026-02-01T23:00:00.000Z'),
    );
  });

  test('year end: a yearly budget from 1 January 2025 (365 days) renews at local midnight of 1 January 2026', () => {
    const rule = renewable('yearly', '2025-01-01');
    expect(budgetPeriodAt(rule, at('2025-12-31T22:59:59.999Z'))).toEqual(
      window('2024-12-31T23:00:00.000Z', '2025-12-31T23:00:00.000Z'),
    );
    expect(budgetPeriodAt(rule, at('2025-12-31T23:00:00.000Z'))).toEqual(
      window('2025-12-31T23:00:00.000Z', '2026-12-31T23:00:00.000Z'),
    );
  });

  test('monthly is 30 days from the start date: 1 March 2026 renews on 31 March, in summer time', () => {
    const rule = renewable('monthly', '2026-03-01');
    const first = window('2026-02-28T23:00:00.000Z', '2026-03-30T22:00:00.000Z');
    expect(budgetPeriodAt(rule, at('2026-02-28T23:00:00.000Z'))).toEqual(first);
    expect(budgetPeriodAt(rule, at('2026-03-30T21:59:59.999Z'))).toEqual(first);
    expect(budgetPeriodAt(rule, at('2026-03-30T22:00:00.000Z'))).toEqual(
      window('2026-03-30T22:00:00.000Z', '2026-04-29T22:00:00.000Z'),
    );
  });

  test('across the change to summer time (29 March 2026) a week still renews at local midnight', () => {
    const rule = renewable('weekly', '2026-03-23');
    expect(budgetPeriodAt(rule, at('2026-03-29T21:59:59.999Z'))).toEqual(
      window('2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z'),
    );
    expect(budgetPeriodAt(rule, at('2026-03-29T22:00:00.000Z'))).toEqual(
      window('2026-03-29T22:00:00.000Z', '2026-04-05T22:00:00.000Z'),
    );
  });

  test('across the change to winter time (25 October 2026) a week still renews at local midnight', () => {
    const rule = renewable('weekly', '2026-10-19');
    expect(budgetPeriodAt(rule, at('2026-10-25T22:59:59.999Z'))).toEqual(
      window('2026-10-18T22:00:00.000Z', '2026-10-25T23:00:00.000Z'),
    );
    expect(budgetPeriodAt(rule, at('2026-10-25T23:00:00.000Z'))).toEqual(
      window('2026-10-25T23:00:00.000Z', '2026-11-01T23:00:00.000Z'),
    );
  });

  test('the days of the clock changes last 23 and 25 hours', () => {
    const rule = renewable('daily', '2026-01-01');
    expect(budgetPeriodAt(rule, at('2026-03-29T12:00:00.000Z'))).toEqual(
      window('2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'),
    );
    expect(budgetPeriodAt(rule, at('2026-10-25T12:00:00.000Z'))).toEqual(
      window('2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'),
    );
  });

  test('custom: from the start date to the end of the end date; outside it no period', () => {
    const rule = { period: 'custom' as const, renewable: true, startDate: '2026-01-01', endDate: '2026-01-31' };
    const only = window('2025-12-31T23:00:00.000Z', '2026-01-31T23:00:00.000Z');
    expect(budgetPeriodAt(rule, at('2025-12-31T23:00:00.000Z'))).toEqual(only);
    expect(budgetPeriodAt(rule, at('2026-01-31T22:59:59.999Z'))).toEqual(only);
    expect(budgetPeriodAt(rule, at('2026-01-31T23:00:00.000Z'))).toBeNull();
    expect(budgetPeriodAt(rule, at('2025-12-31T22:59:59.999Z'))).toBeNull();
  });

  test('not renewable: one period from start to end date whatever the period length', () => {
    const rule = { period: 'weekly' as const, renewable: false, startDate: '2026-01-01', endDate: '2026-06-30' };
    const only = window('2025-12-31T23:00:00.000Z', '2026-06-30T22:00:00.000Z');
    expect(budgetPeriodAt(rule, at('2026-03-15T10:00:00.000Z'))).toEqual(only);
    expect(periodIndex(rule, only.start)).toBe(0);
  });

  test('the last renewable period ends with the end date', () => {
    const rule = renewable('monthly', '2026-01-01', '2026-02-10');
    expect(budgetPeriodAt(rule, at('2026-02-05T12:00:00.000Z'))).toEqual(
      window('2026-01-30T23:00:00.000Z', '2026-02-10T23:00:00.000Z'),
    );
  });

  test('the number of a period counts from the start date; the dates bound the budget', () => {
    const rule = renewable('weekly', '2026-03-23', '2026-04-30');
    expect(periodIndex(rule, budgetPeriodAt(rule, at('2026-03-29T21:59:59.999Z'))!.start)).toBe(0);
    expect(periodIndex(rule, budgetPeriodAt(rule, at('2026-04-01T10:00:00.000Z'))!.start)).toBe(1);
    expect(withinDates(rule, at('2026-03-22T23:00:00.000Z'))).toBe(true);
    expect(withinDates(rule, at('2026-03-22T22:59:59.999Z'))).toBe(false);
    expect(withinDates(rule, at('2026-04-30T21:59:59.999Z'))).toBe(true);
    expect(withinDates(rule, at('2026-04-30T22:00:00.000Z'))).toBe(false);
  });
});
