/**
 * Delivery times as Shopware's `DeliveryTime` entity describes them: `min` and `max` in a `unit` of day, week, month
 * or year. Converted into days the way Shopware's DeliveryTime does: a week is 7 days, a month 30, a year 365.
 */

/** The units of a delivery time, shortest first. */
export const DELIVERY_TIME_UNITS = ['day', 'week', 'month', 'year'] as const;
export type DeliveryTimeUnit = (typeof DELIVERY_TIME_UNITS)[number];

/** Days per delivery-time unit. */
export const DAYS_PER_DELIVERY_TIME_UNIT: Readonly<Record<DeliveryTimeUnit, number>> = {
  day: 1,
  week: 7,
  month: 30,
  year: 365,
};

/** Days of `amount` units; an unknown unit counts as days. */
export function deliveryTimeInDays(amount: number, unit: string): number {
  return amount * (DAYS_PER_DELIVERY_TIME_UNIT[unit as DeliveryTimeUnit] ?? 1);
}
