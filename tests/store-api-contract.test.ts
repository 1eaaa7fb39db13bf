/**
 * Contract test: every standard Store API endpoint the embedded backend implements answers in the shape of
 * Shopware's own OpenAPI document (`@shopware/api-client/api-types/storeApiSchema.json`). Each response is validated
 * with ajv against the document's response schema for that path, method and status, `#/components/...` references
 * resolved inside the document.
 *
 * The deviations from the document are those of tests/shopware-openapi.ts, where the validators are built.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLoggedInContext,
  createTestStoreApi,
  EAN_COMBINATION_PLIERS,
  FIXTURE,
  languageId,
  type TestStoreApi,
} from '../backend/testing/test-fixtures.ts';
import { responseValidator, validationErrors } from './shopware-openapi.ts';

let api: TestStoreApi;
let buyerToken: string;
const en = { 'sw-language-id': languageId('en-GB') };

beforeAll(async () => {
  api = await createTestStoreApi();
  buyerToken = await createLoggedInContext(api.db);
});
afterAll(() => api.close());

interface Case {
  name: string;
  method: 'get' | 'post';
  /** Path template of the OpenAPI document. */
  template: string;
  /** Concrete path below /store-api. */
  path: () => string;
  body?: unknown;
  status?: number;
}

const cases: Case[] = [
  { name: 'context', method: 'get', template: '/context', path: () => '/context' },
  { name: 'language', method: 'post', template: '/language', path: () => '/language', body: {} },
  { name: 'currency', method: 'post', template: '/currency', path: () => '/currency', body: {} },
  {
    name: 'main navigation',
    method: 'post',
    template: '/navigation/{activeId}/{rootId}',
    path: () => `/navigation/${FIXTURE.categories.pliers}/main-navigation`,
    body: { depth: 3 },
  },
  {
    name: 'service navigation (empty)',
    method: 'post',
    template: '/navigation/{activeId}/{rootId}',
    path: () => '/navigation/service-navigation/service-navigation',
    body: {},
  },
  {
    name: 'category home',
    method: 'post',
    template: '/category/{navigationId}',
    path: () => '/category/home',
    body: {},
  },
  {
    name: 'category',
    method: 'post',
    template: '/category/{navigationId}',
    path: () => `/category/${FIXTURE.categories.pliers}`,
    body: {},
  },
  {
    name: 'breadcrumb of a category',
    method: 'get',
    template: '/breadcrumb/{id}',
    path: () => `/breadcrumb/${FIXTURE.categories.pliers}?type=category`,
  },
  {
    name: 'breadcrumb of a product',
    method: 'get',
    template: '/breadcrumb/{id}',
    path: () => `/breadcrumb/${FIXTURE.products.drill8}`,
  },
  {
    name: 'product listing',
    method: 'post',
    template: '/product-listing/{categoryId}',
    path: () => `/product-listing/${FIXTURE.categories.tools}`,
    body: {},
  },
  {
    name: 'product listing, filtered',
    method: 'post',
    template: '/product-listing/{categoryId}',
    path: () => `/product-listing/${FIXTURE.categories.tools}`,
    body: { manufacturer: FIXTURE.manufacturers.knipex, 'in-stock': true, limit: 2, p: 1, order: 'name-desc' },
  },
  {
    name: 'product detail',
    method: 'post',
    template: '/product/{productId}',
    path: () => `/product/${FIXTURE.products.combinationPliers}`,
    body: {},
  },
  {
    name: 'product detail of a parent with variants',
    method: 'post',
    template: '/product/{productId}',
    path: () => `/product/${FIXTURE.products.drillSet}`,
    body: {},
  },
  {
    name: 'product detail of a variant',
    method: 'post',
    template: '/product/{productId}',
    path: () => `/product/${FIXTURE.products.drill10}`,
    body: {},
  },
  {
    name: 'cross-selling',
    method: 'post',
    template: '/product/{productId}/cross-selling',
    path: () => `/product/${FIXTURE.products.combinationPliers}/cross-selling`,
    body: {},
  },
  { name: 'search by words', method: 'post', template: '/search', path: () => '/search', body: { search: 'pliers' } },
  {
    name: 'search by EAN',
    method: 'post',
    template: '/search',
    path: () => '/search',
    body: { search: EAN_COMBINATION_PLIERS },
  },
  {
    name: 'search suggest',
    method: 'post',
    template: '/search-suggest',
    path: () => '/search-suggest',
    body: { search: 'D-2000' },
  },
  {
    name: 'seo-url resolution',
    method: 'post',
    template: '/seo-url',
    path: () => '/seo-url',
    body: { filter: [{ type: 'equals', field: 'seoPathInfo', value: 'Tools/Pliers/' }] },
  },
  {
    name: 'seo-url of a product',
    method: 'post',
    template: '/seo-url',
    path: () => '/seo-url',
    body: { filter: [{ type: 'equals', field: 'seoPathInfo', value: 'Any-name/P-1000' }] },
  },
  {
    name: 'unknown product',
    method: 'post',
    template: '/product/{productId}',
    path: () => '/product/0123456789abcdef0123456789abcdef',
    body: {},
    status: 404,
  },
  {
    name: 'unknown category listing',
    method: 'post',
    template: '/product-listing/{categoryId}',
    path: () => '/product-listing/0123456789abcdef0123456789abcdef',
    body: {},
    status: 404,
  },
  {
    name: 'invalid criteria',
    method: 'post',
    template: '/product-listing/{categoryId}',
    path: () => `/product-listing/${FIXTURE.categories.tools}`,
    body: { limit: 1000 },
    status: 400,
  },
];

describe.each([
  ['anonymous', true],
  ['logged-in', false],
])('Store API contract (%s)', (_label, anonymous) => {
  test.each(cases.map((c) => [c.name, c] as const))('%s answers as the OpenAPI document says', async (_name, c) => {
    const headers: Record<string, string> = { ...en, ...(anonymous ? {} : { 'sw-context-token': buyerToken }) };
    const res = await api.call(c.method === 'get' ? 'GET' : 'POST', c.path(), c.body, headers);
    const status = c.status ?? 200;
    expect(res.status).toBe(status);
    const body: unknown = await res.json();
    expect(validationErrors(responseValidator(c.template, c.method, status, anonymous), body)).toEqual([]);
  });
});

test('the logged-in product detail carries prices and stock, as the unpatched schema requires', async () => {
  const res = await api.call(
    'POST',
    `/product/${FIXTURE.products.combinationPliers}`,
    {},
    { 'sw-context-token': buyerToken },
  );
  const body = (await res.json()) as { product: Record<string, unknown> };
  expect(body.product).toHaveProperty('calculatedPrice');
  expect(body.product).toHaveProperty('stock');
});
