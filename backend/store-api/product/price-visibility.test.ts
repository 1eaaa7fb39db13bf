/**
 * Prices and stock figures go only to a logged-in customer holding ROLE_VIEW_PRICES: every catalogue endpoint
 * answers a customer without that right exactly as it answers an anonymous caller.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RIGHT_CODES } from '../../auth/rights.ts';
import {
  createLoggedInContext,
  createTestStoreApi,
  FIXTURE,
  languageId,
  type TestStoreApi,
} from '../../testing/test-fixtures.ts';

let api: TestStoreApi;
const de = { 'sw-language-id': languageId('de-DE') };
const callers: Record<'anonymous' | 'withoutRight' | 'withRight', Record<string, string>> = {
  anonymous: de,
  withoutRight: de,
  withRight: de,
};

beforeAll(async () => {
  api = await createTestStoreApi();
  const withoutRight = await createLoggedInContext(api.db, undefined, {
    rights: RIGHT_CODES.filter((code) => code !== 'ROLE_VIEW_PRICES'),
  });
  callers.withoutRight = { ...de, 'sw-context-token': withoutRight };
  callers.withRight = { ...de, 'sw-context-token': await createLoggedInContext(api.db) };
});
afterAll(() => api.close());

const PRICE_OR_STOCK = /"(calculatedPrice|calculatedPrices|calculatedCheapestPrice|stock|availableStock)"/;

/** The Store API calls whose answers may carry prices or stock figures. */
const endpoints: [string, 'GET' | 'POST', () => string, unknown][] = [
  ['product detail', 'POST', () => `/product/${FIXTURE.products.drillSet}`, {}],
  ['product search (criteria)', 'POST', () => '/product', { limit: 50 }],
  ['product listing', 'POST', () => `/product-listing/${FIXTURE.categories.tools}`, {}],
  ['search', 'POST', () => '/search', { search: 'zange' }],
  ['search-suggest', 'POST', () => '/search-suggest', { search: 'zange' }],
  ['cross-selling', 'POST', () => `/product/${FIXTURE.products.combinationPliers}/cross-selling`, {}],
  ['variants', 'POST', () => `/${api.config.provider}/variants`, { ids: [FIXTURE.products.drillSet] }],
];

async function answer(method: 'GET' | 'POST', path: string, body: unknown, headers: Record<string, string>) {
  const res = await api.call(method, path, body, headers);
  return { status: res.status, text: await res.text() };
}

describe('ROLE_VIEW_PRICES', () => {
  test.each(endpoints)(
    '%s: a customer without the right sees what an anonymous caller sees',
    async (_n, m, path, b) => {
      const anonymous = await answer(m, path(), b, callers.anonymous);
      const withoutRight = await answer(m, path(), b, callers.withoutRight);
      expect(anonymous.status).toBe(200);
      expect(withoutRight.status).toBe(200);
      expect(withoutRight.text).not.toMatch(PRICE_OR_STOCK);
      expect(JSON.parse(withoutRight.text)).toEqual(JSON.parse(anonymous.text));
    },
  );

  test('a customer with the right gets prices and stock on the product endpoints', async () => {
    for (const [, method, path, body] of endpoints.slice(0, 6)) {
      const { text } = await answer(method, path(), body, callers.withRight);
      expect(text, path()).toMatch(/"calculatedPrice"/);
      expect(text, path()).toMatch(/"stock"/);
    }
  });

  test('price sorting, price filters and the price facet are refused or left out without the right', async () => {
    const listing = `/product-listing/${FIXTURE.categories.tools}`;
    const sortByPrice = await answer('POST', listing, { order: 'price-asc' }, callers.withoutRight);
    const anonymousSort = await answer('POST', listing, { order: 'price-asc' }, callers.anonymous);
    expect(JSON.parse(sortByPrice.text)).toEqual(JSON.parse(anonymousSort.text));
    const filter = { filter: [{ type: 'range', field: 'stock', parameters: { gte: 1 } }] };
    expect((await answer('POST', '/product', filter, callers.withoutRight)).status).toBe(400);
    expect((await answer('POST', '/product', filter, callers.withRight)).status).toBe(200);
    const facets = JSON.parse((await answer('POST', listing, {}, callers.withRight)).text) as {
      aggregations: Record<string, unknown>;
    };
    expect(facets.aggregations.price).toBeDefined();
  });

  test('article/information: no price and no stock figure without the right', async () => {
    const path = `/${api.config.provider}/article/information`;
    const body = { articles: [{ sku: 'P-1000', quantity: 1 }] };
    const without = JSON.parse((await answer('POST', path, body, callers.withoutRight)).text) as {
      articles: Record<string, unknown>[];
    };
    expect(without.articles[0]).toMatchObject({ article: 'P-1000', price: null, quantity: null });
    const withRight = JSON.parse((await answer('POST', path, body, callers.withRight)).text) as {
      articles: Record<string, unknown>[];
    };
    expect(withRight.articles[0]).toMatchObject({ article: 'P-1000', price: '24.90', quantity: 120 });
  });
});
