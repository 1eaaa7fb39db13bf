import { describe, expect, test } from 'vitest';
import type { CartLineOffer } from '../../../db/schema/index.ts';
import { calculationOf, lineRow, listPrice, productRow, runProcessors } from '../../../testing/cart-test-support.ts';
import { offerProcessor } from './offers.ts';
import { productLineProcessor } from './product-lines.ts';

const offer: CartLineOffer = {
  offerNumber: 'AN-1',
  lineNumber: 1,
  unitPrice: '7.50',
  quantity: 4,
  validUntil: '2026-06-15',
};

interface Row {
  name: string;
  now: string;
  quantity: number;
  /** Unit price and total cents of the line. */
  expectedPrice: [string, number];
  expectedOffer: { offerNumber: string; lineNumber: number; validUntil: string } | undefined;
  /** Error key → level. */
  expectedErrors: [string, number][];
}

const rows: Row[] = [
  {
    name: 'valid through its last day (Europe/Brussels) for the offered quantity: the offered price',
    now: '2026-06-15T21:59:59Z',
    quantity: 4,
    expectedPrice: ['7.50', 3000],
    expectedOffer: { offerNumber: 'AN-1', lineNumber: 1, validUntil: '2026-06-15' },
    expectedErrors: [],
  },
  {
    name: 'the day after its last day: the list price and offer-expired',
    now: '2026-06-15T22:00:00Z',
    quantity: 4,
    expectedPrice: ['10.00', 4000],
    expectedOffer: undefined,
    expectedErrors: [['wb-offer-expired-offer-AN-1-1', 20]],
  },
  {
    name: 'another quantity: the list price and offer-quantity-changed',
    now: '2026-06-10T10:00:00Z',
    quantity: 5,
    expectedPrice: ['10.00', 5000],
    expectedOffer: undefined,
    expectedErrors: [['wb-offer-quantity-changed-offer-AN-1-1', 20]],
  },
];

describe('offer processor (ahead of the product lines)', () => {
  test.each(rows)('$name', async (row) => {
    const calculation = calculationOf({
      now: new Date(row.now),
      inputs: {
        products: [productRow({ id: 'p1' })],
        prices: new Map([['p1', [listPrice('10.00')]]]),
        lineRows: [lineRow('p1', row.quantity, { id: 'offer-AN-1-1', offer })],
      },
    });
    await runProcessors(calculation, offerProcessor, productLineProcessor);
    const [line] = calculation.model.lines;
    expect([line!.unitPrice, line!.totalCents]).toEqual(row.expectedPrice);
    expect(line!.payload.offer).toEqual(row.expectedOffer);
    expect(calculation.model.errors.map((e) => [e.key, e.level])).toEqual(row.expectedErrors);
  });

  test('an offer line whose product is gone reports only product-not-found', async () => {
    const calculation = calculationOf({
      now: new Date('2026-07-01T10:00:00Z'),
      inputs: { lineRows: [lineRow('p1', 4, { id: 'offer-AN-1-1', offer })] },
    });
    await runProcessors(calculation, offerProcessor, productLineProcessor);
    expect(calculation.model.errors.map((e) => e.key)).toEqual(['product-not-found-offer-AN-1-1']);
  });
});
