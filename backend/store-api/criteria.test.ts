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
