import { expect, test } from 'vitest';
import { pricePerUnit } from './cart-lines.ts';

test('a price is sent per the smallest price unit that makes it whole cents, never rounded', () => {
  expect(pricePerUnit('12.50')).toEqual({ cents: 1250n, priceUnit: 1 });
  expect(pricePerUnit('0.014')).toEqual({ cents: 14n, priceUnit: 10 });
  expect(pricePerUnit('0.0345')).toEqual({ cents: 345n, priceUnit: 100 });
  expect(pricePerUnit('0.66194')).toEqual({ cents: 66194n, priceUnit: 1000 });
  expect(pricePerUnit('7')).toEqual({ cents: 700n, priceUnit: 1 });
});

test('a price that is not a non-negative decimal of at most 5 places is refused', () => {
  for (const bad of ['-1.00', '1,50', '0.000001', 'abc', '']) expect(() => pricePerUnit(bad)).toThrow(RangeError);
});
