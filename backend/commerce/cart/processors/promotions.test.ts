import { describe, expect, test } from 'vitest';
import type { promotionTable } from '../../../db/schema/index.ts';
import type { CartLineModel } from '../cart-model.ts';
import { calculationOf, runProcessors } from '../../../testing/cart-test-support.ts';
import { promotionProcessor } from './promotions.ts';

type PromotionRow = typeof promotionTable.$inferSelect;

function promotion(code: string, overrides: Partial<PromotionRow> = {}): PromotionRow {
  return {
    id: `id-${code}`,
    code,
    translated: {},
    discountType: 'percentage',
    value: '10.00',
    active: true,
    validFrom: null,
    validUntil: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: null,
    ...overrides,
  };
}

function line(totalCents: number): CartLineModel {
  return { totalCents } as CartLineModel;
}

interface Row {
  name: string;
  goods: number[];
  codes: string[];
  promotions: PromotionRow[];
  /** goods, discount, position price (cents). */
  expectedTotals: [number, number, number];
  /** Applied codes with their discount (cents). */
  expectedApplied: [string, number][];
  expectedErrors: [string, number][];
}

const rows: Row[] = [
  {
    name: 'no codes: position price = goods value',
    goods: [1000, 2000],
    codes: [],
    promotions: [],
    expectedTotals: [3000, 0, 3000],
    expectedApplied: [],
    expectedErrors: [],
  },
  {
    name: '10 % of the goods value, rounded half-up',
    goods: [1005],
    codes: ['TEN'],
    promotions: [promotion('TEN')],
    expectedTotals: [1005, 101, 904],
    expectedApplied: [['TEN', 101]],
    expectedErrors: [],
  },
  {
    name: 'percentages never take more than the goods value',
    goods: [1000],
    codes: ['A', 'B'],
    promotions: [promotion('A', { value: '80.00' }), promotion('B', { value: '50.00' })],
    expectedTotals: [1000, 1000, 0],
    expectedApplied: [
      ['A', 800],
      ['B', 200],
    ],
    expectedErrors: [],
  },
  {
    name: 'free shipping discounts nothing off the goods',
    goods: [1000],
    codes: ['SHIP'],
    promotions: [promotion('SHIP', { discountType: 'free_shipping', value: '0' })],
    expectedTotals: [1000, 0, 1000],
    expectedApplied: [['SHIP', 0]],
    expectedErrors: [],
  },
  {
    name: 'an unknown, an inactive and an expired code: warnings, no discount',
    goods: [1000],
    codes: ['NONE', 'OFF', 'OLD'],
    promotions: [
      promotion('OFF', { active: false }),
      promotion('OLD', { validUntil: new Date('2026-06-01T00:00:00Z') }),
    ],
    expectedTotals: [1000, 0, 1000],
    expectedApplied: [],
    expectedErrors: [
      ['promotion-not-found-NONE', 10],
      ['promotion-not-found-OFF', 10],
      ['promotion-not-found-OLD', 10],
    ],
  },
];

describe('promotion processor', () => {
  test.each(rows)('$name', async (row) => {
    const calculation = calculationOf({
      inputs: {
        cartRow: {
          customerId: 'c1',
          revision: 1,
          promotionCodes: row.codes,
          orderReferenceId: null,
          costCenterId: null,
          createdAt: new Date('2026-01-01T00:00:00Z'),
          updatedAt: null,
        },
        promotionRows: row.promotions,
      },
      model: { lines: row.goods.map(line) },
    });
    await runProcessors(calculation, promotionProcessor);
    const { model } = calculation;
    expect([model.goodsCents, model.discountCents, model.positionPriceCents]).toEqual(row.expectedTotals);
    expect(model.promotions.map((p) => [p.code, p.discountCents])).toEqual(row.expectedApplied);
    expect(model.promotionCodes).toEqual(row.codes);
    expect(model.errors.map((e) => [e.key, e.level])).toEqual(row.expectedErrors);
  });
});
