import { describe, expect, test } from 'vitest';
import { createTranslator, decimalToMinorUnits, deliveryTimeLabel, formatDate, formatMoney } from './format.ts';
import { islandMessages } from './translator.ts';

describe('money in minor units', () => {
  test('cents of EUR in each locale', () => {
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'EUR', 'en-GB')).toBe('€1,234.56');
    expect(formatMoney(5, 'EUR', 'nl-NL')).toBe('€\u00a00,05');
  });

  test('a unit price below a cent keeps its decimals through a larger scale', () => {
    expect(decimalToMinorUnits('0.014')).toEqual({ minorUnits: 14, scale: 3 });
    expect(decimalToMinorUnits('12.50')).toEqual({ minorUnits: 1250, scale: 2 });
    expect(decimalToMinorUnits('7')).toEqual({ minorUnits: 700, scale: 2 });
    expect(decimalToMinorUnits('abc')).toBeNull();
    expect(formatMoney(14, 'EUR', 'en-GB', { scale: 3 })).toBe('€0.014');
  });

  test('non-integer amounts are refused', () => {
    expect(() => formatMoney(12.5, 'EUR', 'en-GB')).toThrow(RangeError);
  });
});

test('dates in the locale notation', () => {
  expect(formatDate('2026-03-05T10:00:00Z', 'de-DE', { dateStyle: 'short', timeZone: 'UTC' })).toBe('05.03.26');
});

test('an island translator over the subset it received formats numbers and plurals like the server', () => {
  const { locale, messages } = islandMessages('de-DE', ['listing.total', 'errors.']);
  expect(Object.keys(messages)).toContain('listing.total_one');
  expect(Object.keys(messages)).toContain('errors.UNKNOWN_ERROR');
  const t = createTranslator(locale, messages);
  expect(t('listing.total', { count: 2424 })).toBe('2.424 Produkte');
  expect(t('listing.total', { count: 1 })).toBe('1 Produkt');
  expect(t('header.login')).toBe('header.login');
});

test('a delivery time reads as one figure when its bounds are equal, else as a range, with the unit by name', () => {
  const { locale, messages } = islandMessages('en-GB', ['product.deliveryRange', 'unit.', 'price.']);
  const t = createTranslator(locale, messages);
  expect(deliveryTimeLabel(t, { min: 3, max: 3, unit: 'day' })).toBe('3 days');
  expect(deliveryTimeLabel(t, { min: 1, max: 1, unit: 'day' })).toBe('1 day');
  expect(deliveryTimeLabel(t, { min: 1, max: 4, unit: 'day' })).toBe('1–4 days');
  expect(deliveryTimeLabel(t, { min: 2, max: 3, unit: 'week' })).toBe('2–3 weeks');
});
