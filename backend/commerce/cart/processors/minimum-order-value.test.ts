import { describe, expect, test } from 'vitest';
import type { CartLineModel } from '../cart-model.ts';
import { calculationOf, runProcessors } from '../../../testing/cart-test-support.ts';
import { minimumOrderValueProcessor } from './minimum-order-value.ts';

const minimum = {
  salesChannelId: 'sc',
  minimumValueCents: 5000,
  additionalCostCents: 750,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: null,
};

interface Row {
  name: string;
  hasGoods: boolean;
  positionPriceCents: number;
  withMinimum: boolean;
  expectedSurchargeCents: number;
  expectedErrors: { key: string; level: number; minimumValue?: number; additionalCost?: number }[];
}

const rows: Row[] = [
  {
    name: 'below the minimum: the surcharge and a warning in euros',
    hasGoods: true,
    positionPriceCents: 4999,
    withMinimum: true,
    expectedSurchargeCents: 750,
    expectedErrors: [{ key: 'wb-cart-underMinimumValue', level: 10, minimumValue: 50, additionalCost: 7.5 }],
  },
  {
    name: 'at the minimum: nothing',
    hasGoods: true,
    positionPriceCents: 5000,
    withMinimum: true,
    expectedSurchargeCents: 0,
    expectedErrors: [],
  },
  {
    name: 'an empty cart: nothing',
    hasGoods: false,
    positionPriceCents: 0,
    withMinimum: true,
    expectedSurchargeCents: 0,
    expectedErrors: [],
  },
  {
    name: 'a sales channel without a minimum: nothing',
    hasGoods: true,
    positionPriceCents: 100,
    withMinimum: false,
    expectedSurchargeCents: 0,
    expectedErrors: [],
  },
];

describe('minimum order value processor', () => {
  test.each(rows)('$name', async (row) => {
    const calculation = calculationOf({
      inputs: { minimum: row.withMinimum ? minimum : undefined },
      model: {
        lines: row.hasGoods ? [{ totalCents: row.positionPriceCents } as CartLineModel] : [],
        positionPriceCents: row.positionPriceCents,
      },
    });
    await runProcessors(calculation, minimumOrderValueProcessor);
    expect(calculation.model.surchargeCents).toBe(row.expectedSurchargeCents);
    expect(
      calculation.model.errors.map(({ key, level, minimumValue, additionalCost }) => ({
        key,
        level,
        ...(minimumValue !== undefined ? { minimumValue } : {}),
        ...(additionalCost !== undefined ? { additionalCost } : {}),
      })),
    ).toEqual(row.expectedErrors);
  });
});
