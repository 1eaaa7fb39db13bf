import { describe, expect, test } from 'vitest';
import type { CartLineModel, CartTaxModel } from '../cart-model.ts';
import { calculationOf, runProcessors } from '../../../testing/cart-test-support.ts';
import { vatProcessor } from './vat.ts';

interface Row {
  name: string;
  /** Tax rate and total cents of each line. */
  lines: [string, number][];
  discountCents: number;
  shippingCents: number;
  surchargeCents: number;
  expectedTaxes: CartTaxModel[];
  /** net, tax, total (cents). */
  expectedTotals: [number, number, number];
}

const rows: Row[] = [
  {
    name: 'one rate: net × rate, half-up',
    lines: [['21.00', 1005]],
    discountCents: 0,
    shippingCents: 0,
    surchargeCents: 0,
    expectedTaxes: [{ taxRate: '21.00', netCents: 1005, taxCents: 211 }],
    expectedTotals: [1005, 211, 1216],
  },
  {
    name: 'shipping spread over the rates by goods value, highest rate first',
    lines: [
      ['6.00', 1000],
      ['21.00', 3000],
    ],
    discountCents: 0,
    shippingCents: 400,
    surchargeCents: 0,
    expectedTaxes: [
      { taxRate: '21.00', netCents: 3300, taxCents: 693 },
      { taxRate: '6.00', netCents: 1100, taxCents: 66 },
    ],
    expectedTotals: [4400, 759, 5159],
  },
  {
    name: 'discount and surcharge spread too; the rounding remainder to the largest fraction',
    lines: [
      ['21.00', 1000],
      ['6.00', 2000],
    ],
    discountCents: 100,
    shippingCents: 0,
    surchargeCents: 0,
    expectedTaxes: [
      { taxRate: '21.00', netCents: 967, taxCents: 203 },
      { taxRate: '6.00', netCents: 1933, taxCents: 116 },
    ],
    expectedTotals: [2900, 319, 3219],
  },
  {
    name: 'an empty cart has no taxes',
    lines: [],
    discountCents: 0,
    shippingCents: 0,
    surchargeCents: 0,
    expectedTaxes: [],
    expectedTotals: [0, 0, 0],
  },
];

describe('VAT processor', () => {
  test.each(rows)('$name', async (row) => {
    const goods = row.lines.reduce((s, [, cents]) => s + cents, 0);
    const calculation = calculationOf({
      model: {
        lines: row.lines.map(([taxRate, totalCents]) => ({ taxRate, totalCents }) as CartLineModel),
        discountCents: row.discountCents,
        positionPriceCents: goods - row.discountCents,
        shippingCents: row.shippingCents,
        surchargeCents: row.surchargeCents,
      },
    });
    await runProcessors(calculation, vatProcessor);
    const { model } = calculation;
    expect(model.taxes).toEqual(row.expectedTaxes);
    expect([model.netCents, model.taxCents, model.totalCents]).toEqual(row.expectedTotals);
    expect(model.errors).toEqual([]);
  });
});
