/**
 * Contract test: every standard Store API endpoint the embedded backend implements answers in the shape of
 * Shopware's own OpenAPI document (`@shopware/api-client/api-types/storeApiSchema.json`). Each response is validated
 * with ajv against the document's response schema for that path, method and status, `#/components/...` references
 * resolved inside the document.
 *
 * Deviations from the document, each applied as a schema patch below and nowhere else:
 * 1. `aggregations` of search results is an object keyed by aggregation name, as Shopware actually serialises it
 *    (the document types it as an array, which only matches the empty case `[]`).
 * 2. Anonymous contexts get products without `calculatedPrice`, `calculatedPrices` and `stock` (ADR 005:
 *    prices and stock figures only for logged-in buyers holding ROLE_VIEW_PRICES), so for anonymous responses these are not required.
 *    Logged-in responses are validated against the Product schema with all its required fields.
 * 3. `Product.calculatedPrices.items` combines `additionalProperties: false` with an `allOf`, which no non-empty
 *    object can satisfy under JSON Schema (a real Shopware answer fails it too); the `additionalProperties` is dropped.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  createLoggedInContext,
  createTestStoreApi,
  EAN_COMBINATION_PLIERS,
  FIXTURE,
  languageId,
  type TestStoreApi,
} from '../backend/store-api/test-fixtures.ts';

type Schema = Record<string, unknown>;
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, Schema> }>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Schema> };
}

// The package's `exports` do not expose the JSON file, so it is read from node_modules directly.
const SCHEMA_FILE = fileURLToPath(
  new URL('../node_modules/@shopware/api-client/api-types/storeApiSchema.json', import.meta.url),
);
const document = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as OpenApiDocument;

/** A copy of the document with the deviations of the module comment applied. */
function patchedDocument(anonymous: boolean): OpenApiDocument {
  const doc = structuredClone(document);
  const entitySearchResult = doc.components.schemas.EntitySearchResult as { properties: Record<string, Schema> };
  entitySearchResult.properties.aggregations = {
    anyOf: [entitySearchResult.properties.aggregations!, { type: 'object', additionalProperties: { type: 'object' } }],
  };
  const calculatedPrices = (doc.components.schemas.Product as { properties: Record<string, { items: Schema }> })
    .properties.calculatedPrices!;
  delete calculatedPrices.items.additionalProperties;
  if (anonymous) {
    const product = doc.components.schemas.Product as { required: string[] };
    product.required = product.required.filter((r) => !['calculatedPrice', 'calculatedPrices', 'stock'].includes(r));
  }
  return doc;
}

function createAjv(doc: OpenApiDocument, id: string): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ $id: id, components: doc.components }, id);
  return ajv;
}

const anonymousAjv = createAjv(patchedDocument(true), 'anonymous');
const loggedInAjv = createAjv(patchedDocument(false), 'logged-in');
const validators = new Map<string, ValidateFunction>();

/** The response schema of the document for a path template, method and status, as a validator. */
function responseValidator(path: string, method: 'get' | 'post', status: number, anonymous: boolean): ValidateFunction {
  const key = `${anonymous}:${method}:${path}:${status}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const operation = document.paths[path]?.[method];
  if (!operation) throw new Error(`The OpenAPI document has no ${method.toUpperCase()} ${path}`);
  let response = operation.responses[String(status)] as Schema | undefined;
  if (!response)
    throw new Error(`The OpenAPI document defines no ${status} response for ${method.toUpperCase()} ${path}`);
  const ref = response.$ref as string | undefined;
  if (ref) response = document.components.responses[ref.split('/').pop()!]!;
  const schema = (response.content as Record<string, { schema: Schema }>)['application/json']!.schema;
  const id = anonymous ? 'anonymous' : 'logged-in';
  const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${id}#/components/`)) as Schema;
  const validator = (anonymous ? anonymousAjv : loggedInAjv).compile(rebased);
  validators.set(key, validator);
  return validator;
}

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
    const validate = responseValidator(c.template, c.method, status, anonymous);
    const valid = validate(body);
    expect(
      valid
        ? []
        : validate.errors!.slice(0, 5).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`),
    ).toEqual([]);
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
