import { describe, expect, test } from 'vitest';
import {
  QUANTITY_INVALID,
  decreaseQuantity,
  formatQuantity,
  increaseQuantity,
  normaliseQuantity,
  parseQuantity,
  validateQuantity,
  type QuantityRules,
} from './quantity.ts';

const ONE: QuantityRules = { min: 1, max: null, step: 1 };
const PACK_8: QuantityRules = { min: 8, max: null, step: 8 };
const THOUSANDS: QuantityRules = { min: 1000, max: null, step: 1000 };
const TEN_BY_FIVE_MAX_95: QuantityRules = { min: 10, max: 95, step: 5 };
const HALF_METRES: QuantityRules = { min: 0.5, max: null, step: 0.5 };
const TENTHS: QuantityRules = { min: 0.1, max: 1, step: 0.1 };
const MAX_OFF_GRID: QuantityRules = { min: 8, max: 30, step: 8 };

describe('validateQuantity', () => {
  test.each([
    ['min 1/step 1', ONE, 1],
    ['min 1/step 1', ONE, 37],
    ['min 8/step 8', PACK_8, 8],
    ['min 8/step 8', PACK_8, 64],
    ['min 1000/step 1000', THOUSANDS, 3000],
    ['min 10/step 5/max 95', TEN_BY_FIVE_MAX_95, 10],
    ['min 10/step 5/max 95', TEN_BY_FIVE_MAX_95, 95],
    ['min 0.5/step 0.5', HALF_METRES, 2.5],
    ['min 0.1/step 0.1 (no float drift at 0.3)', TENTHS, 0.3],
    ['min 0.1/step 0.1 (no float drift at 0.7)', TENTHS, 0.7],
  ])('%s accepts %s', (_case, rules, value) => {
    expect(validateQuantity(value, rules)).toBeNull();
  });

  test.each([
    ['below min', ONE, 0],
    ['below min', PACK_8, 4],
    ['between steps', PACK_8, 12],
    ['between steps', THOUSANDS, 1500],
    ['between steps', TEN_BY_FIVE_MAX_95, 12],
    ['above max', TEN_BY_FIVE_MAX_95, 100],
    ['between half steps', HALF_METRES, 0.75],
    ['a fraction when the step is whole', ONE, 1.5],
    ['above the highest valid value below an off-grid max', MAX_OFF_GRID, 30],
    ['not a number', ONE, null],
    ['not a number', ONE, Number.NaN],
  ])('rejects a value %s (%o, %s) with counter.invalid', (_case, rules, value) => {
    expect(validateQuantity(value, rules)).toBe(QUANTITY_INVALID);
  });
});

describe('normaliseQuantity', () => {
  test.each([
    ['min 1/step 1: valid stays', ONE, 5, 5],
    ['min 1/step 1: below min becomes min', ONE, 0, 1],
    ['min 1/step 1: negative becomes min', ONE, -3, 1],
    ['min 1/step 1: fraction snaps to nearest', ONE, 2.4, 2],
    ['min 1/step 1: half snaps up', ONE, 2.5, 3],
    ['min 8/step 8: typed below min', PACK_8, 3, 8],
    ['min 8/step 8: between steps, nearer the lower', PACK_8, 11, 8],
    ['min 8/step 8: between steps, halfway rounds up', PACK_8, 12, 16],
    ['min 8/step 8: between steps, nearer the upper', PACK_8, 15, 16],
    ['min 1000/step 1000: typed below min', THOUSANDS, 1, 1000],
    ['min 1000/step 1000: between steps', THOUSANDS, 2400, 2000],
    ['min 1000/step 1000: between steps upper half', THOUSANDS, 2600, 3000],
    ['min 10/step 5/max 95: between steps', TEN_BY_FIVE_MAX_95, 23, 25],
    ['min 10/step 5/max 95: above max becomes max', TEN_BY_FIVE_MAX_95, 500, 95],
    ['min 10/step 5/max 95: near max snaps to max, not past it', TEN_BY_FIVE_MAX_95, 94, 95],
    ['min 10/step 5/max 95: below min', TEN_BY_FIVE_MAX_95, 7, 10],
    ['min 0.5/step 0.5: between half steps', HALF_METRES, 1.3, 1.5],
    ['min 0.5/step 0.5: below min', HALF_METRES, 0.2, 0.5],
    ['min 0.1/step 0.1: sums that drift in floats', TENTHS, 0.1 + 0.2, 0.3],
    ['min 0.1/step 0.1: above max', TENTHS, 1.04, 1],
    ['off-grid max 30 on min 8/step 8 snaps down to 24', MAX_OFF_GRID, 1000, 24],
    ['off-grid max: value between 24 and max', MAX_OFF_GRID, 29, 24],
    ['max below min allows only min', { min: 10, max: 5, step: 5 }, 50, 10],
    ['empty input becomes min', PACK_8, null, 8],
  ])('%s (%s → %s)', (_case, rules, value, expected) => {
    const normalised = normaliseQuantity(value, rules);
    expect(normalised).toBe(expected);
    expect(validateQuantity(normalised, rules)).toBeNull();
  });

  test('falls back to min 1 and step 1 when the rules are missing or nonsense', () => {
    const rules = { min: 0, max: null, step: 0 };
    expect(normaliseQuantity(0, rules)).toBe(1);
    expect(normaliseQuantity(3.4, rules)).toBe(3);
  });
});

describe('increaseQuantity and decreaseQuantity', () => {
  test.each([
    ['min 1/step 1', ONE, 1, 2],
    ['min 8/step 8', PACK_8, 8, 16],
    ['min 8/step 8 from between steps goes to the next pack', PACK_8, 10, 16],
    ['min 1000/step 1000', THOUSANDS, 1000, 2000],
    ['min 10/step 5/max 95 at max stays', TEN_BY_FIVE_MAX_95, 95, 95],
    ['min 10/step 5/max 95 above max comes back to max', TEN_BY_FIVE_MAX_95, 120, 95],
    ['min 0.5/step 0.5', HALF_METRES, 1, 1.5],
    ['min 0.1/step 0.1 has no float drift', TENTHS, 0.2, 0.3],
    ['below min goes to min', PACK_8, 2, 8],
    ['empty input goes to min', PACK_8, null, 8],
  ])('plus on %s: %s → %s', (_case, rules, value, expected) => {
    expect(increaseQuantity(value, rules)).toBe(expected);
  });

  test.each([
    ['min 1/step 1 at min stays', ONE, 1, 1],
    ['min 8/step 8', PACK_8, 24, 16],
    ['min 8/step 8 from between steps goes to the previous pack', PACK_8, 20, 16],
    ['min 1000/step 1000', THOUSANDS, 3000, 2000],
    ['min 10/step 5/max 95 above max comes back to max', TEN_BY_FIVE_MAX_95, 120, 95],
    ['min 10/step 5/max 95', TEN_BY_FIVE_MAX_95, 95, 90],
    ['min 0.5/step 0.5', HALF_METRES, 1.5, 1],
    ['min 0.1/step 0.1 has no float drift', TENTHS, 0.3, 0.2],
    ['below min stays at min', PACK_8, 2, 8],
  ])('minus on %s: %s → %s', (_case, rules, value, expected) => {
    expect(decreaseQuantity(value, rules)).toBe(expected);
  });
});

describe('parseQuantity and formatQuantity', () => {
  test.each([
    ['12', 12],
    [' 8 ', 8],
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['0,25', 0.25],
    ['.5', 0.5],
    ['1.005', 1.01],
    ['-2', -2],
    ['', null],
    ['abc', null],
    ['1e3', null],
    ['1.2.3', null],
    ['1,000.5', null],
  ])('parses %o as %o', (text, expected) => {
    expect(parseQuantity(text)).toBe(expected);
  });

  test.each([
    [8, '8'],
    [1.5, '1.5'],
    [1.05, '1.05'],
    [0.1 + 0.2, '0.3'],
    [1000, '1000'],
  ])('formats %s as %o', (value, expected) => {
    expect(formatQuantity(value)).toBe(expected);
  });
});
