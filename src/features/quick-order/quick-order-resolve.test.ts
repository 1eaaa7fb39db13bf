import { expect, test } from 'vitest';
import { cartItems, lookupCriteria, resolveLines, type QuickOrderProduct } from './quick-order-resolve.ts';

const product = (productNumber: string, overrides: Partial<QuickOrderProduct> = {}): QuickOrderProduct => ({
  id: productNumber.toLowerCase().padEnd(32, '0'),
  parentId: null,
  productNumber,
  ean: null,
  name: productNumber,
  translated: { name: productNumber },
  minPurchase: 1,
  maxPurchase: null,
  purchaseSteps: 1,
  available: true,
  childCount: 0,
  ...overrides,
});

const cable = product('K-100', { minPurchase: 0.1, purchaseSteps: 0.1, maxPurchase: 50 });
const chain = product('C-200', { minPurchase: 1.5, purchaseSteps: 0.5, ean: '4000000000017' });
const boots = product('B-300', { childCount: 3 });
const closeout = product('R-400', { available: false });
const twinA = product('T-1', { ean: '4000000000024' });
const twinB = product('T-2', { ean: '4000000000024' });
const products = [cable, chain, boots, closeout, twinA, twinB];

const lines = (...rows: [string, string][]) =>
  rows.map(([article, quantity], index) => ({ row: index + 1, line: { article, quantity, remark: '' } }));

test('accepts decimal quantities on the step grid without float drift, by number in any case or by EAN', () => {
  const { accepted, rejected } = resolveLines(lines(['k-100', '0,3'], ['4000000000017', '2.5']), products);
  expect(rejected).toEqual([]);
  expect(accepted.map(({ row, product: p, quantity }) => [row, p.productNumber, quantity])).toEqual([
    [1, 'K-100', 0.3],
    [2, 'C-200', 2.5],
  ]);
  expect(cartItems(accepted)).toEqual([
    { id: cable.id, referencedId: cable.id, type: 'product', quantity: 0.3 },
    { id: chain.id, referencedId: chain.id, type: 'product', quantity: 2.5 },
  ]);
});

test('rejects quantities off the rules with the nearest valid quantity', () => {
  const { accepted, rejected } = resolveLines(
    lines(['C-200', '2.2'], ['C-200', '1'], ['K-100', '60'], ['K-100', 'zwei'], ['K-100', '']),
    [chain, cable],
  );
  expect(accepted.map(({ row }) => row)).toEqual([]);
  expect(
    rejected.map(({ row, problem }) => [row, problem.reason, 'suggested' in problem && problem.suggested]),
  ).toEqual([
    [1, 'offStep', 2],
    [2, 'duplicate', false],
    [3, 'aboveMax', 50],
    [4, 'duplicate', false],
    [5, 'duplicate', false],
  ]);
  const single = (article: string, quantity: string) => resolveLines(lines([article, quantity]), products).rejected[0];
  expect(single('C-200', '1')?.problem).toMatchObject({ reason: 'belowMin', suggested: 1.5 });
  expect(single('K-100', 'zwei')?.problem).toMatchObject({ reason: 'quantityInvalid', suggested: 0.1 });
  expect(single('K-100', '0')?.problem).toMatchObject({ reason: 'quantityInvalid', suggested: 0.1 });
});

test('names why an article cannot be ordered', () => {
  const { accepted, rejected } = resolveLines(
    lines(['X-1', '1'], ['B-300', '1'], ['R-400', '1'], ['4000000000024', '1'], ['', '4']),
    products,
  );
  expect(accepted).toEqual([]);
  expect(rejected.map(({ row, problem }) => [row, problem.reason])).toEqual([
    [1, 'notFound'],
    [2, 'variantRequired'],
    [3, 'notAvailable'],
    [4, 'ambiguous'],
    [5, 'articleMissing'],
  ]);
});

test('asks for numbers and EANs in one filter of Shopware equalsAny lists', () => {
  expect(lookupCriteria(['P-1000', '4006381333931'])?.filter).toEqual([
    {
      type: 'multi',
      operator: 'or',
      queries: [
        { type: 'equalsAny', field: 'productNumber', value: 'P-1000|4006381333931' },
        { type: 'equalsAny', field: 'ean', value: 'P-1000|4006381333931' },
      ],
    },
  ]);
});
