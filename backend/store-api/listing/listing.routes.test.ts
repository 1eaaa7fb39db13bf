import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clearCatalogCaches } from '../../commerce/catalog/catalog-cache.ts';
import {
  createLoggedInContext,
  createTestStoreApi,
  EAN_COMBINATION_PLIERS,
  FIXTURE,
  languageId,
  type TestStoreApi,
} from '../../testing/test-fixtures.ts';

let api: TestStoreApi;
let buyer: Record<string, string>;
const de = { 'sw-language-id': languageId('de-DE') };
const en = { 'sw-language-id': languageId('en-GB') };

beforeAll(async () => {
  api = await createTestStoreApi();
  buyer = { ...en, 'sw-context-token': await createLoggedInContext(api.db) };
});
afterAll(() => api.close());

interface Listing {
  total: number;
  page: number;
  limit: number;
  sorting: string;
  elements: Record<string, unknown>[];
  aggregations: Record<
    string,
    {
      entities?: { id: string; name: string; count: number; options?: { id: string; name: string; count: number }[] }[];
      count?: number;
      min?: number;
      max?: number;
    }
  >;
  availableSortings: { key: string }[];
  currentFilters: Record<string, unknown>;
}

async function listing(
  categoryId: string,
  body: Record<string, unknown> = {},
  headers: Record<string, string> = en,
): Promise<Listing> {
  const res = await api.call('POST', `/product-listing/${categoryId}`, body, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as Listing;
}
const numbers = (l: Listing) => l.elements.map((p) => p.productNumber);

describe('POST /product-listing/{categoryId}', () => {
  test('lists the active main products of the category and its subcategories, sorted by name', async () => {
    const l = await listing(FIXTURE.categories.tools);
    expect(l).toMatchObject({ total: 4, page: 1, limit: 24, sorting: 'name-asc' });
    expect(numbers(l)).toEqual(['P-1000', 'P-1001', 'P-1002', 'D-2000']);
  });

  test('pages with p and limit, and sorts by name descending', async () => {
    const l = await listing(FIXTURE.categories.tools, { p: 2, limit: 3, order: 'name-desc' });
    expect(l).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(numbers(l)).toEqual(['P-1000']);
  });

  test('never sends prices, stock figures or price facets to an anonymous caller', async () => {
    const l = await listing(FIXTURE.categories.pliers);
    const first = l.elements[0]!;
    for (const key of ['calculatedPrice', 'calculatedPrices', 'calculatedCheapestPrice', 'stock', 'availableStock'])
      expect(first).not.toHaveProperty(key);
    expect(first).toMatchObject({ available: true, hasStock: true, deliveryTime: { min: 1, max: 2, unit: 'day' } });
    expect(l.aggregations).not.toHaveProperty('price');
    expect(l.availableSortings.map((s) => s.key)).toEqual(['name-asc', 'name-desc']);
    // The list price 24.90 as a JSON number or decimal string (a timestamp's "…:24.927Z" is not a price).
    expect(JSON.stringify(l)).not.toMatch(/[:,[]"?24\.90?\b(?!\d*Z)/);
  });

  test('refuses price sorting for an anonymous caller and ignores price filters', async () => {
    const res = await api.call('POST', `/product-listing/${FIXTURE.categories.pliers}`, { order: 'price-asc' });
    expect(res.status).toBe(400);
    const filtered = await listing(FIXTURE.categories.pliers, { 'max-price': 20 });
    expect(filtered.total).toBe(3);
  });

  test('gives a logged-in buyer net prices, stock figures, price sorting, filter and facet', async () => {
    const l = await listing(FIXTURE.categories.pliers, { order: 'price-desc' }, buyer);
    expect(numbers(l)).toEqual(['P-1002', 'P-1000', 'P-1001']);
    expect(l.elements[1]).toMatchObject({
      stock: 120,
      availableStock: 120,
      calculatedPrice: { unitPrice: 24.9, totalPrice: 24.9 },
    });
    expect(l.aggregations.price).toMatchObject({ min: 19.9, max: 29 });
    const cheap = await listing(FIXTURE.categories.pliers, { 'max-price': 25 }, buyer);
    expect(numbers(cheap)).toEqual(['P-1000', 'P-1001']);
  });

  test('filters by manufacturer and marks the current filters', async () => {
    const l = await listing(FIXTURE.categories.tools, { manufacturer: FIXTURE.manufacturers.bosch });
    expect(numbers(l)).toEqual(['D-2000']);
    expect(l.currentFilters.manufacturer).toEqual([FIXTURE.manufacturers.bosch]);
  });

  test('offers property facets with counts, and filters OR within a group and AND across groups', async () => {
    const l = await listing(FIXTURE.categories.pliers);
    const length = l.aggregations.properties!.entities!.find((g) => g.name === 'Length')!;
    expect(length.options!.map((o) => [o.name, o.count])).toEqual([
      ['160 mm', 1],
      ['180 mm', 1],
      ['200 mm', 1],
    ]);
    const material = l.aggregations.properties!.entities!.find((g) => g.name === 'Material')!;
    const [l160, l180, l200] = length.options!;
    const either = await listing(FIXTURE.categories.pliers, { properties: `${l160!.id}|${l200!.id}` });
    expect(numbers(either)).toEqual(['P-1001', 'P-1002']);
    const both = await listing(FIXTURE.categories.pliers, {
      properties: [l180!.id, l200!.id, material.options![0]!.id],
    });
    expect(numbers(both)).toEqual(['P-1000']);
  });

  test('filters to articles in stock and counts them in the in-stock facet', async () => {
    const l = await listing(FIXTURE.categories.pliers, { 'in-stock': true });
    expect(numbers(l)).toEqual(['P-1000', 'P-1002']);
    expect(l.aggregations['in-stock']).toMatchObject({ count: 2 });
    expect(l.currentFilters['in-stock']).toBe(true);
  });

  test('counts manufacturers over the whole category, not the filtered page', async () => {
    const l = await listing(FIXTURE.categories.tools, { manufacturer: FIXTURE.manufacturers.bosch });
    expect(l.aggregations.manufacturer!.entities!.map((m) => [m.name, m.count])).toEqual([
      ['Bosch', 1],
      ['Knipex', 3],
    ]);
  });

  test('keeps facets cached until the catalogue caches are cleared', async () => {
    await api.db.execute(sql`UPDATE product SET available_stock = 0 WHERE product_number = 'P-1002'`);
    expect((await listing(FIXTURE.categories.pliers)).aggregations['in-stock']!.count).toBe(2);
    clearCatalogCaches();
    expect((await listing(FIXTURE.categories.pliers)).aggregations['in-stock']!.count).toBe(1);
    await api.db.execute(sql`UPDATE product SET available_stock = 5 WHERE product_number = 'P-1002'`);
    clearCatalogCaches();
  });

  test('follows catalogue changes: a deactivated or recategorised article leaves the listing', async () => {
    await api.db.execute(sql`UPDATE product SET active = false WHERE product_number = 'P-1002'`);
    await api.db.execute(sql`UPDATE product SET category_tree = '{}' WHERE product_number = 'P-1001'`);
    clearCatalogCaches();
    const l = await listing(FIXTURE.categories.pliers);
    expect(numbers(l)).toEqual(['P-1000']);
    expect(l.total).toBe(1);
    await api.db.execute(sql`UPDATE product SET active = true WHERE product_number = 'P-1002'`);
    await api.db.execute(
      sql`UPDATE product SET category_tree = (SELECT category_tree FROM product WHERE product_number = 'P-1000') WHERE product_number = 'P-1001'`,
    );
    clearCatalogCaches();
    expect(numbers(await listing(FIXTURE.categories.pliers))).toEqual(['P-1000', 'P-1001', 'P-1002']);
  });

  test.each([
    [{ limit: 501 }, '/limit'],
    [{ limit: 0 }, '/limit'],
    [{ p: 0 }, '/p'],
    [{ page: 'two' }, '/page'],
    [{ filter: [{ type: 'bogus', field: 'id', value: 'x' }] }, '/filter/0/type'],
  ])('answers 400 with a violation for %j', async (body, pointer) => {
    const res = await api.call('POST', `/product-listing/${FIXTURE.categories.tools}`, body);
    expect(res.status).toBe(400);
    const errors = ((await res.json()) as { errors: { code: string; source: { pointer: string } }[] }).errors;
    expect(errors[0]!.source.pointer).toBe(pointer);
  });

  test('answers 400 for a filter on a stock figure from an anonymous caller', async () => {
    const res = await api.call('POST', `/product-listing/${FIXTURE.categories.tools}`, {
      filter: [{ type: 'range', field: 'stock', parameters: { gte: 1 } }],
    });
    expect(res.status).toBe(400);
  });

  test('answers 404 for an unknown category', async () => {
    expect((await api.call('POST', '/product-listing/0123456789abcdef0123456789abcdef', {})).status).toBe(404);
  });

  test('applies includes by apiAlias', async () => {
    const l = await listing(FIXTURE.categories.pliers, { includes: { product: ['id', 'productNumber'] } });
    expect(Object.keys(l.elements[0]!).sort()).toEqual(['apiAlias', 'id', 'productNumber']);
  });
});

async function search(
  term: string,
  headers: Record<string, string> = de,
  path = '/search',
  extra: Record<string, unknown> = {},
): Promise<Listing> {
  const res = await api.call('POST', path, { search: term, ...extra }, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as Listing;
}

describe('POST /search and /search-suggest', () => {
  test('finds an article by its EAN first', async () => {
    expect(numbers(await search(EAN_COMBINATION_PLIERS))[0]).toBe('P-1000');
  });

  test('finds a variant by its own article number, ranked first, before numbers that merely start alike', async () => {
    const l = await search('d-2000-08', de, '/search-suggest');
    expect(numbers(l)[0]).toBe('D-2000-08');
    expect(l.elements[0]).toMatchObject({ parentId: FIXTURE.products.drillSet });
  });

  test('finds articles by manufacturer number, with or without its spaces', async () => {
    expect(numbers(await search('03 02 180'))[0]).toBe('P-1000');
    expect(numbers(await search('WU-0057-820'))[0]).toBe('S-3000');
  });

  test('finds articles by the start of their number', async () => {
    expect(numbers(await search('P-10', de, '/search-suggest'))).toEqual(['P-1000', 'P-1001', 'P-1002']);
  });

  test('finds a brand’s products by the brand name', async () => {
    expect(numbers(await search('Knipex')).sort()).toEqual(['P-1000', 'P-1001', 'P-1002']);
    expect(numbers(await search('würth'))).toEqual(['S-3000']);
  });

  test('finds words in the context language, including word stems and prefixes while typing', async () => {
    expect(numbers(await search('Schrauben', de))).toEqual(['S-3000']);
    expect(numbers(await search('bolt', en))).toEqual(['S-3000']);
    expect(numbers(await search('kombiz', de, '/search-suggest'))).toEqual(['P-1000']);
  });

  test('finds a German name on the Dutch site and tolerates typos', async () => {
    expect(numbers(await search('Kombizange', {}))).toContain('P-1000');
    expect(numbers(await search('Seitenschnieder', de))).toContain('P-1001');
  });

  test('never lists inactive articles', async () => {
    expect(numbers(await search('X-9000'))).toEqual([]);
    expect(numbers(await search('Alte Kombizange'))).not.toContain('X-9000');
  });

  test('the search page offers facets and the score sorting; the quick search neither', async () => {
    const page = await search('Knipex');
    expect(page.sorting).toBe('score');
    expect(page.aggregations.manufacturer!.entities!.map((m) => m.name)).toEqual(['Knipex']);
    expect(page.currentFilters.search).toBe('Knipex');
    const quick = await search('Knipex', de, '/search-suggest');
    expect(quick.aggregations).toEqual([]);
    expect(quick.availableSortings).toEqual([]);
    expect(quick.limit).toBe(10);
  });

  test('the quick-search form (no aggregations, no total) lists the same first hits as the search page', async () => {
    const page = await search('Knipex', de, '/search', { limit: 2 });
    const quick = await search('Knipex', de, '/search', {
      limit: 2,
      'no-aggregations': true,
      'total-count-mode': 'none',
    });
    expect(numbers(quick)).toEqual(numbers(page));
    expect(quick.aggregations).toEqual([]);
  });

  test('search facets describe the matching products, not the whole catalogue', async () => {
    const page = await search('Zange', de);
    expect(numbers(page).sort()).toEqual(['P-1000', 'P-1002']);
    expect(page.aggregations.manufacturer!.entities!.map((m) => [m.name, m.count])).toEqual([['Knipex', 2]]);
    const options = Object.fromEntries(
      page.aggregations.properties!.entities!.map((g) => [g.name, g.options!.map((o) => [o.name, o.count])]),
    );
    // The catalogue also has Bosch and Würth, lengths of 160 and 20 mm and galvanised steel: none of them match.
    expect(options).toEqual({
      Länge: [
        ['180 mm', 1],
        ['200 mm', 1],
      ],
      Material: [['Chrom-Vanadium', 1]],
    });
    expect(page.aggregations['in-stock']!.count).toBeLessThanOrEqual(2);
    // A chosen filter narrows the products, not the facets (Shopware's post-filter behaviour).
    const filtered = await search('Zange', de, '/search', {
      manufacturer: FIXTURE.manufacturers.knipex,
      'in-stock': true,
    });
    expect(filtered.aggregations.manufacturer).toEqual(page.aggregations.manufacturer);
  });

  test('sends the associations the includes keep, with their content, and leaves out the ones they drop', async () => {
    const associations = { properties: { associations: { group: {} } }, categories: {}, options: {} };
    const kept = await search('P-1000', de, '/search', {
      associations,
      includes: { product: ['productNumber', 'properties', 'categories'] },
    });
    const [product] = kept.elements as {
      productNumber: string;
      properties: { name: string }[];
      categories: unknown[];
    }[];
    expect(product!.productNumber).toBe('P-1000');
    expect(product!.properties.map((p) => p.name)).toContain('180 mm');
    expect(product!.categories.length).toBeGreaterThan(0);
    const dropped = await search('P-1000', de, '/search', {
      associations,
      includes: { product: ['productNumber', 'options'] },
    });
    expect(Object.keys(dropped.elements[0]!).sort()).toEqual(['apiAlias', 'options', 'productNumber']);
  });

  test('filters search results like a listing', async () => {
    expect(numbers(await search('Knipex', de, '/search', { 'in-stock': true })).sort()).toEqual(['P-1000', 'P-1002']);
  });

  test('answers 400 without a search term', async () => {
    expect((await api.call('POST', '/search', {})).status).toBe(400);
    expect((await api.call('POST', '/search-suggest', { search: '  ' })).status).toBe(400);
  });
});

describe('criteria size limits', () => {
  let deep: Record<string, unknown> = { type: 'equals', field: 'active', value: true };
  for (let i = 0; i < 12; i++) deep = { type: i % 2 ? 'not' : 'multi', queries: [deep] };
  const tooMany = Array.from({ length: 101 }, () => ({ type: 'equals', field: 'active', value: true }));
  const manyValues = [{ type: 'equalsAny', field: 'id', value: Array.from({ length: 501 }, (_, i) => `v${i}`) }];

  test.each([
    [
      'a 13-level filter',
      '/product-listing/' + FIXTURE.categories.tools,
      { filter: [deep] },
      'CRITERIA_FILTER_TOO_DEEP',
    ],
    ['a 13-level post-filter', '/search', { search: 'zange', 'post-filter': [deep] }, 'CRITERIA_FILTER_TOO_DEEP'],
    ['101 filters', '/search-suggest', { search: 'zange', filter: tooMany }, 'CRITERIA_TOO_MANY_FILTERS'],
    ['501 equalsAny values', '/product', { filter: manyValues }, 'CRITERIA_TOO_MANY_VALUES'],
    ['limit 501', '/product', { limit: 501 }, 'INVALID_VALUE'],
  ])('%s: POST %s answers 400 in the error envelope', async (_label, path, body, code) => {
    const res = await api.call('POST', path, body, buyer);
    expect(res.status).toBe(400);
    const { errors } = (await res.json()) as { errors: { status: string; code: string; source: unknown }[] };
    expect(errors[0]).toMatchObject({
      status: '400',
      code: `VIOLATION::${code}`,
      source: { pointer: expect.any(String) },
    });
  });
});
