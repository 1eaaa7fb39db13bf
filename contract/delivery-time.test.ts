import { expect, test } from 'vitest';
import { deliveryTimeInDays } from './delivery-time.ts';

test('delivery times convert into days as Shopware does: a week 7, a month 30, a year 365 days', () => {
  expect(deliveryTimeInDays(3, 'day')).toBe(3);
  expect(deliveryTimeInDays(2, 'week')).toBe(14);
  expect(deliveryTimeInDays(1, 'month')).toBe(30);
  expect(deliveryTimeInDays(1, 'year')).toBe(365);
  expect(deliveryTimeInDays(4, 'hour')).toBe(4);
});
