import { describe, expect, test } from 'vitest';
import { toScaled } from '../../../lib/price.ts';
import type { ProductRow } from '../../catalog/product.repository.ts';
import type { LineAdjustment } from '../processor.ts';
import { calculationOf, lineRow, listPrice, productRow, runProcessors } from '../../../testing/cart-test-support.ts';
import { productLineProcessor } from './product-lines.ts';

interface Row {
  name: string;
  products: ProductRow[];
  parents?: ProductRow[];
  /** Price per product id (EUR); a product without one has no price. */
  prices?: Record<string, string>;
  lines: { productId: string; quantity: number; id?: string }[];
  adjustments?: Record<string, LineAdjustment>;
  /** Line id, unit price, total cents, backorder. */
  expectedLines: [string, string, number, number][];
  expectedMissing?: string[];
  /** Error key → level. */
  expectedErrors: [string, number][];
}

const p1 = productRow({ id: 'p1' });

const rows: Row[] = [
  {
    name: 'a line at the list price: unit price × quantity',
    products: [p1],
    prices: { p1: '10.00' },
    lines: [{ productId: 'p1', quantity: 3 }],
    expectedLines: [['p1', '10.00', 3000, 0]],
    expectedErrors: [],
  },
  {
    name: 'an unknown product is left out as product-not-found',
    products: [],
    lines: [{ productId: 'gone', quantity: 1 }],
    expectedLines: [],
    expectedMissing: ['gone'],
    expectedErrors: [['product-not-found-gone', 20]],
  },
  {
    name: 'an inactive product is left out',
    products: [productRow({ id: 'p1', active: false })],
    prices: { p1: '10.00' },
    lines: [{ productId: 'p1', quantity: 1 }],
    expectedLines: [],
    expectedMissing: ['p1'],
    expectedErrors: [['product-not-found-p1', 20]],
  },
  {
    name: 'a variant of an inactive parent is left out',
    products: [productRow({ id: 'v1', parentId: 'pa' })],
    parents: [productRow({ id: 'pa', active: false, childCount: 1 })],
    prices: { v1: '10.00' },
    lines: [{ productId: 'v1', quantity: 1 }],
    expectedLines: [],
    expectedMissing: ['v1'],
    expectedErrors: [['product-not-found-v1', 20]],
  },
  {
    name: 'a product without a price is left out',
    products: [p1],
    lines: [{ productId: 'p1', quantity: 1 }],
    expectedLines: [],
    expectedMissing: ['p1'],
    expectedErrors: [['product-not-found-p1', 20]],
  },
  {
    name: 'a price set ahead (an offer) replaces the tier price',
    products: [p1],
    prices: { p1: '10.00' },
    lines: [{ productId: 'p1', quantity: 2 }],
    adjustments: { p1: { unitPrice: toScaled('7.50') } },
    expectedLines: [['p1', '7.50', 1500, 0]],
    expectedErrors: [],
  },
  {
    name: 'below the minimum purchase',
    products: [productRow({ id: 'p1', minPurchase: 5 })],
    prices: { p1: '1.00' },
    lines: [{ productId: 'p1', quantity: 3 }],
    expectedLines: [['p1', '1.00', 300, 0]],
    expectedErrors: [['min-order-quantity-p1', 20]],
  },
  {
    name: 'off the purchase step (counted from the minimum)',
    products: [productRow({ id: 'p1', minPurchase: 2, purchaseSteps: 3 })],
    prices: { p1: '1.00' },
    lines: [{ productId: 'p1', quantity: 4 }],
    expectedLines: [['p1', '1.00', 400, 0]],
    expectedErrors: [['purchase-steps-quantity-p1', 20]],
  },
  {
    name: 'more than in stock: a backorder warning',
    products: [productRow({ id: 'p1', availableStock: 2 })],
    prices: { p1: '1.00' },
    lines: [{ productId: 'p1', quantity: 5 }],
    expectedLines: [['p1', '1.00', 500, 3]],
    expectedErrors: [['product-stock-reached-p1', 10]],
  },
  {
    name: 'a closeout beyond its stock: an error, no backorder',
    products: [productRow({ id: 'p1', availableStock: 2, isCloseout: true })],
    prices: { p1: '1.00' },
    lines: [{ productId: 'p1', quantity: 5 }],
    expectedLines: [['p1', '1.00', 500, 0]],
    expectedErrors: [['product-stock-reached-p1', 20]],
  },
  {
    name: 'the maximum holds over all lines of an article, reported on each',
    products: [productRow({ id: 'p1', maxPurchase: 5 })],
    prices: { p1: '1.00' },
    lines: [
      { productId: 'p1', quantity: 3, id: 'a' },
      { productId: 'p1', quantity: 3, id: 'b' },
    ],
    expectedLines: [
      ['a', '1.00', 300, 0],
      ['b', '1.00', 300, 0],
    ],
    expectedErrors: [
      ['product-max-purchase-a', 20],
      ['product-max-purchase-b', 20],
    ],
  },
  {
    name: 'stock is given to the lines of an article in their order',
    products: [productRow({ id: 'p1', availableStock: 4 })],
    prices: { p1: '1.00' },
    lines: [
      { productId: 'p1', quantity: 3, id: 'a' },
      { productId: 'p1', quantity: 3, id: 'b' },
    ],
    expectedLines: [
      ['a', '1.00', 300, 0],
      ['b', '1.00', 300, 2],
    ],
    expectedErrors: [
      ['product-stock-reached-a', 10],
      ['product-stock-reached-b', 10],
    ],
  },
];

describe('product line processor', () => {
  test.each(rows)('$name', async (row) => {
    const calculation = calculationOf({
      inputs: {
        products: row.products,
        parentRows: row.parents ?? [],
        prices: new Map(Object.entries(row.prices ?? {}).map(([id, amount]) => [id, [listPrice(amount)]])),
        lineRows: row.lines.map((l) => lineRow(l.productId, l.quantity, l.id ? { id: l.id } : {})),
      },
    });
    for (const [id, adjustment] of Object.entries(row.adjustments ?? {})) {
      calculation.lineAdjustments.set(id, adjustment);
    }
    await runProcessors(calculation, productLineProcessor);
    const { model } = calculation;
    expect(model.lines.map((l) => [l.id, l.unitPrice, l.totalCents, l.backorderQuantity])).toEqual(row.expectedLines);
    expect(model.missingLineIds).toEqual(row.expectedMissing ?? []);
    expect(model.errors.map((e) => [e.key, e.level])).toEqual(row.expectedErrors);
  });
});
