import { describe, expect, test } from 'vitest';
import { PICKUP_SHIPPING_METHOD } from '../methods.mapper.ts';
import type { CartLineModel, CartPromotionModel } from '../cart-model.ts';
import { calculationOf, runProcessors, shippingMethod } from '../../../testing/cart-test-support.ts';
import { shippingProcessor } from './shipping.ts';

const standard = shippingMethod({ id: 'standard', priceCents: 595, freeFromCents: 15000 });
const express = shippingMethod({ id: 'express', priceCents: 1500, position: 1 });
const pickup = shippingMethod({ id: 'pickup', technicalName: PICKUP_SHIPPING_METHOD, position: 2 });

interface Row {
  name: string;
  hasGoods: boolean;
  positionPriceCents: number;
  methods: ReturnType<typeof shippingMethod>[];
  chosen?: string;
  freeShippingPromotion?: boolean;
  /** Method id (or null), shipping cents, option. */
  expected: [string | null, number, 'delivery' | 'pickup'];
  expectedErrors: [string, number][];
}

const rows: Row[] = [
  {
    name: 'no choice: the first active method at its cost',
    hasGoods: true,
    positionPriceCents: 5000,
    methods: [standard, express],
    expected: ['standard', 595, 'delivery'],
    expectedErrors: [],
  },
  {
    name: 'at the free-shipping limit: 0',
    hasGoods: true,
    positionPriceCents: 15000,
    methods: [standard],
    expected: ['standard', 0, 'delivery'],
    expectedErrors: [],
  },
  {
    name: 'the chosen method',
    hasGoods: true,
    positionPriceCents: 20000,
    methods: [standard, express],
    chosen: 'express',
    expected: ['express', 1500, 'delivery'],
    expectedErrors: [],
  },
  {
    name: 'pickup costs nothing',
    hasGoods: true,
    positionPriceCents: 100,
    methods: [standard, pickup],
    chosen: 'pickup',
    expected: ['pickup', 0, 'pickup'],
    expectedErrors: [],
  },
  {
    name: 'a free-shipping promotion',
    hasGoods: true,
    positionPriceCents: 100,
    methods: [standard],
    freeShippingPromotion: true,
    expected: ['standard', 0, 'delivery'],
    expectedErrors: [],
  },
  {
    name: 'an empty cart ships for nothing',
    hasGoods: false,
    positionPriceCents: 0,
    methods: [standard],
    expected: ['standard', 0, 'delivery'],
    expectedErrors: [],
  },
  {
    name: 'a chosen method that is not active: blocked, the first active one shown',
    hasGoods: true,
    positionPriceCents: 100,
    methods: [standard],
    chosen: 'gone',
    expected: ['standard', 595, 'delivery'],
    expectedErrors: [['shipping-method-blocked-gone', 20]],
  },
  {
    name: 'no active method for a cart with goods',
    hasGoods: true,
    positionPriceCents: 100,
    methods: [],
    expected: [null, 0, 'delivery'],
    expectedErrors: [['shipping-method-blocked', 20]],
  },
];

describe('shipping processor', () => {
  test.each(rows)('$name', async (row) => {
    const calculation = calculationOf({
      inputs: { shippingMethods: row.methods, payload: row.chosen ? { shippingMethodId: row.chosen } : {} },
      model: {
        lines: row.hasGoods ? [{ totalCents: row.positionPriceCents } as CartLineModel] : [],
        positionPriceCents: row.positionPriceCents,
        promotions: row.freeShippingPromotion
          ? [{ discountType: 'free_shipping', discountCents: 0 } as CartPromotionModel]
          : [],
      },
    });
    await runProcessors(calculation, shippingProcessor);
    const { model } = calculation;
    expect([model.shippingMethod?.id ?? null, model.shippingCents, model.shippingOption]).toEqual(row.expected);
    expect(model.errors.map((e) => [e.key, e.level])).toEqual(row.expectedErrors);
  });

  test("the request's method overrides the context's", async () => {
    const calculation = calculationOf({
      inputs: { shippingMethods: [standard, express], payload: { shippingMethodId: 'standard' } },
      options: { shippingMethodId: 'express' },
      model: { lines: [{ totalCents: 100 } as CartLineModel], positionPriceCents: 100 },
    });
    await runProcessors(calculation, shippingProcessor);
    expect(calculation.model.shippingMethod?.id).toBe('express');
  });
});
