import { describe, expect, test } from 'vitest';
import { toScaled } from '../../lib/price.ts';
import { isOrderable } from './orderable.ts';

const price = toScaled('1.00');

describe('isOrderable', () => {
  test.each([
    { name: 'active, no parent, priced', active: true, childCount: 0, parent: undefined, unit: price, expected: true },
    { name: 'inactive', active: false, childCount: 0, parent: undefined, unit: price, expected: false },
    { name: 'a parent of variants', active: true, childCount: 3, parent: undefined, unit: price, expected: false },
    { name: 'a variant of an active parent', active: true, childCount: 0, parent: true, unit: price, expected: true },
    {
      name: 'a variant of an inactive parent',
      active: true,
      childCount: 0,
      parent: false,
      unit: price,
      expected: false,
    },
    {
      name: 'no price for the quantity',
      active: true,
      childCount: 0,
      parent: undefined,
      unit: undefined,
      expected: false,
    },
  ])('$name → $expected', ({ active, childCount, parent, unit, expected }) => {
    expect(isOrderable({ active, childCount }, parent === undefined ? undefined : { active: parent }, unit)).toBe(
      expected,
    );
  });
});
