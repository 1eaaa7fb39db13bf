import { describe, expect, test } from 'vitest';
import { calculateProductPrices, grossTotal, toScaled, type PriceRow } from './price.ts';

const row = (over: Partial<PriceRow>): PriceRow => ({
  priceType: 'net_list',
  lowerBound: 1,
  amount: '10.00000',
  priceQuantity: '1',
  currency: 'EUR',
  ...over,
});

describe('calculateProductPrices', () => {
  test('gives the net unit price and the VAT on it for one piece', () => {
    const prices = calculateProductPrices([row({ amount: '12.34500' })], '21.00');
    expect(prices?.calculatedPrice).toMatchObject({ unitPrice: 12.345, quantity: 1, totalPrice: 12.35 });
    expect(prices?.calculatedPrice.calculatedTaxes).toEqual([
      { tax: 2.59, taxRate: 21, price: 12.35, apiAlias: 'cart_tax_calculated' },
    ]);
    expect(grossTotal(prices!.calculatedPrice)).toBe(14.94);
  });

  test('divides by the price quantity without losing fractions of a cent', () => {
    const prices = calculateProductPrices([row({ amount: '1.40000', priceQuantity: '100' })], '19');
    expect(prices?.calculatedPrice.unitPrice).toBe(0.014);
  });

  test('prefers the customer price and shows the higher list price as strike-through', () => {
    const prices = calculateProductPrices(
      [row({ amount: '10.00' }), row({ priceType: 'net_customer', amount: '8.00' })],
      '19',
    );
    expect(prices?.calculatedPrice.unitPrice).toBe(8);
    expect(prices?.calculatedPrice.listPrice).toMatchObject({ price: 10, discount: -2, percentage: 20 });
  });

  test('lists one entry per tier, each up to the last quantity of the tier', () => {
    const prices = calculateProductPrices(
      [row({ amount: '10.00' }), row({ amount: '9.00', lowerBound: 10 }), row({ amount: '8.00', lowerBound: 50 })],
      '19',
    );
    expect(prices?.calculatedPrices.map((p) => [p.quantity, p.unitPrice, p.totalPrice])).toEqual([
      [9, 10, 90],
      [49, 9, 441],
      [50, 8, 400],
    ]);
  });

  test('converts a gross list price to net with the tax rate', () => {
    const prices = calculateProductPrices([row({ priceType: 'gros_list', amount: '11.90' })], '19.00');
    expect(prices?.calculatedPrice.unitPrice).toBe(10);
  });

  test('ignores expired prices and other currencies, and answers null without a price', () => {
    const past = new Date('2020-01-01');
    expect(calculateProductPrices([row({ validTo: past }), row({ currency: 'CHF' })], '19')).toBeNull();
  });
});

describe('toScaled', () => {
  test.each([
    ['0.01400', 5, 1400n],
    ['12.345', 2, 1235n],
    ['7', 2, 700n],
    ['-1.005', 2, -101n],
  ])('%s at scale %i is %s', (input, scale, expected) => {
    expect(toScaled(input, scale)).toBe(expected);
  });
});
