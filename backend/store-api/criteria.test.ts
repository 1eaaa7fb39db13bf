import { describe, expect, test } from 'vitest';
import { parseCriteria } from './criteria.ts';
import { StoreApiError } from '../http/errors.ts';
import { applyIncludes } from './includes.ts';

describe('parseCriteria', () => {
  test('reads Shopware listing parameters: pipe-separated ids, p as page, flags by presence', () => {
    const c = parseCriteria({
      p: 3,
      limit: '12',
      manufacturer: 'a|b',
      properties: ['x'],
      'in-stock': null,
      'no-aggregations': '1',
      order: 'name-desc',
    });
    expect(c).toMatchObject({
      page: 3,
      limit: 12,
      manufacturer: ['a', 'b'],
      properties: ['x'],
      inStock: true,
      noAggregations: true,
      order: 'name-desc',
    });
  });

  test('takes query parameters when the body does not set them', () => {
    expect(parseCriteria({ limit: 5 }, { p: '2', limit: '50' })).toMatchObject({ page: 2, limit: 5 });
  });

  test('upper-cases sort orders and defaults them to ASC', () => {
    expect(parseCriteria({ sort: [{ field: 'name', order: 'desc' }, { field: 'productNumber' }] }).sort).toEqual([
      { field: 'name', order: 'DESC' },
      { field: 'productNumber', order: 'ASC' },
    ]);
  });

  test('accepts nested multi and not filters', () => {
    const c = parseCriteria({
      filter: [
        {
          type: 'multi',
          operator: 'OR',
          queries: [
            { type: 'equals', field: 'id', value: 'a' },
            { type: 'not', queries: [{ type: 'prefix', field: 'name', value: 'B' }] },
          ],
        },
      ],
    });
    expect(c.filter[0]).toMatchObject({
      type: 'multi',
      operator: 'or',
      queries: [{ type: 'equals' }, { type: 'not', operator: 'and' }],
    });
  });

  test.each([
    [{ limit: 501 }, '/limit'],
    [{ page: 0 }, '/page'],
    [{ ids: 'abc' }, '/ids'],
    [{ filter: [{ type: 'range', field: 'stock', parameters: { gte: 'many' } }] }, '/filter/0/parameters/gte'],
    [{ sort: [{ field: 'name', order: 'sideways' }] }, '/sort/0/order'],
  ])('rejects %j with a violation at %s', (body, pointer) => {
    try {
      parseCriteria(body);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(StoreApiError);
      const envelope = (e as StoreApiError).toEnvelope();
      expect(envelope.errors[0]).toMatchObject({ status: '400', source: { pointer } });
    }
  });

  const nested = (depth: number): Record<string, unknown> =>
    depth <= 1
      ? { type: 'equals', field: 'active', value: true }
      : { type: depth % 2 ? 'multi' : 'not', queries: [nested(depth - 1)] };
  const violationOf = (body: unknown): { code: string; status: string; source?: { pointer: string } } => {
    try {
      parseCriteria(body);
    } catch (e) {
      expect(e).toBeInstanceOf(StoreApiError);
      return (e as StoreApiError).toEnvelope().errors[0]!;
    }
    throw new Error('expected a violation');
  };

  test('accepts filter trees up to 8 levels, 100 nodes and 500 values', () => {
    const values = Array.from({ length: 500 }, (_, i) => `v${i}`);
    const wide = Array.from({ length: 98 }, () => ({ type: 'equals', field: 'active', value: true }));
    expect(parseCriteria({ filter: [nested(8)] }).filter).toHaveLength(1);
    expect(
      parseCriteria({ filter: wide, 'post-filter': [{ type: 'equalsAny', field: 'id', value: values }] }).postFilter,
    ).toHaveLength(1);
  });

  test.each([
    ['a filter nested 9 levels deep', { filter: [nested(9)] }, 'CRITERIA_FILTER_TOO_DEEP'],
    ['a post-filter nested 9 levels deep', { 'post-filter': [nested(9)] }, 'CRITERIA_FILTER_TOO_DEEP'],
    ['101 filters', { filter: Array.from({ length: 101 }, () => nested(1)) }, 'CRITERIA_TOO_MANY_FILTERS'],
    [
      '60 filters plus 41 post-filters',
      {
        filter: Array.from({ length: 60 }, () => nested(1)),
        'post-filter': Array.from({ length: 41 }, () => nested(1)),
      },
      'CRITERIA_TOO_MANY_FILTERS',
    ],
    [
      'a multi filter with 200 queries',
      { filter: [{ type: 'multi', queries: Array.from({ length: 200 }, () => nested(1)) }] },
      'CRITERIA_TOO_MANY_FILTERS',
    ],
    [
      'equalsAny with 501 values',
      { filter: [{ type: 'equalsAny', field: 'id', value: Array.from({ length: 501 }, (_, i) => `v${i}`) }] },
      'CRITERIA_TOO_MANY_VALUES',
    ],
    [
      'a pipe-separated equalsAny with 501 values',
      { filter: [{ type: 'equalsAny', field: 'id', value: Array.from({ length: 501 }, (_, i) => `v${i}`).join('|') }] },
      'CRITERIA_TOO_MANY_VALUES',
    ],
    ['501 ids', { ids: Array.from({ length: 501 }, (_, i) => `id${i}`) }, 'CRITERIA_TOO_MANY_VALUES'],
    ['limit 501', { limit: 501 }, 'INVALID_VALUE'],
  ])('refuses %s with 400 and a named code', (_name, body, code) => {
    expect(violationOf(body)).toMatchObject({ status: '400', code: `VIOLATION::${code}` });
  });

  test('a filter nested 100,000 levels deep is refused without exhausting the stack', () => {
    let deep: Record<string, unknown> = { type: 'equals', field: 'active', value: true };
    for (let i = 0; i < 100_000; i++) deep = { type: 'multi', queries: [deep] };
    expect(violationOf({ filter: [deep] })).toMatchObject({
      code: 'VIOLATION::CRITERIA_FILTER_TOO_DEEP',
      source: { pointer: '/filter/0/queries/0/queries/0/queries/0/queries/0/queries/0/queries/0/queries/0/queries/0' },
    });
  });

  test('rejects a body that is not an object', () => {
    expect(() => parseCriteria([1, 2])).toThrow(StoreApiError);
  });
});

describe('applyIncludes', () => {
  test('keeps only the listed fields of objects with that apiAlias, at any depth', () => {
    const value = {
      elements: [{ id: '1', name: 'A', cover: { url: 'u', apiAlias: 'product_media' }, apiAlias: 'product' }],
      apiAlias: 'product_listing',
    };
    expect(applyIncludes(value, { product: ['id', 'cover'], product_media: ['url'] })).toEqual({
      elements: [{ id: '1', cover: { url: 'u', apiAlias: 'product_media' }, apiAlias: 'product' }],
      apiAlias: 'product_listing',
    });
  });
});
