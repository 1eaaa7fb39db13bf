/**
 * Contract test of the standalone Store API (`npm run backend`) for browser-based headless frontends: every Store API
 * call Shopware's own storefronts make for catalogue pages, sent as they send it (through the standalone app of
 * backend/http/standalone.ts, from an allowed origin, with the sales channel's `sw-access-key` and, where the call
 * needs one, the `sw-context-token` the context answered), answers in the shape of Shopware's OpenAPI document
 * (tests/shopware-openapi.ts, with its deviations) and with the values Shopware would give for the fixture catalogue
 * (backend/testing/test-fixtures.ts).
 *
 * The calls, taken from the composables and pages of Shopware Frontends (`@shopware/composables`, the Vue demo
 * store) with `@shopware/api-client` operation names; GET twins (`…Get`) are what the composables send for cacheable
 * reads of a default guest, with the criteria in `_criteria` (base64url(gzip(JSON)), `encodeForQuery`):
 *
 * | operation (client) | call | Shopware's answer |
 * |---|---|---|
 * | readContext (useSessionContext) | GET /context | SalesChannelContext; `shippingLocation.country`, `shippingMethod`, `paymentMethod`, `salesChannel.navigationCategoryId` |
 * | updateContext (useSessionContext setCountry/setLanguage/setCurrency, useInternationalization) | PATCH /context | `{ contextToken }`; unknown id: 400 ENTITY_DOES_NOT_EXIST |
 * | readLanguages (useInternationalization) | POST·GET /language | EntitySearchResult of language with locale |
 * | readCurrency (useSessionContext) | POST /currency | array of currency |
 * | readCountry (useCountries, with states) | POST·GET /country | EntitySearchResult of country |
 * | readSalutation (useSalutations) | POST·GET /salutation | EntitySearchResult of salutation |
 * | readNavigation (useNavigation main/footer/service-navigation) | POST·GET /navigation/{activeId}/{rootId} | category tree `depth` levels deep, `buildTree` |
 * | readCategory (useCategorySearch, sw-include-seo-urls) | POST·GET /category/{navigationId} | Category with seoUrls |
 * | readCategoryList (useCategorySearch advancedSearch) | POST /category | EntitySearchResult of category |
 * | readBreadcrumb (category and product pages) | GET /breadcrumb/{id}?type=category\|product | array of breadcrumb, main navigation root left out |
 * | readSeoUrl (useNavigationSearch resolvePath) | POST·GET /seo-url | EntitySearchResult of seo_url by seoPathInfo or technical pathInfo |
 * | readProductListing (useListing categoryListing) | POST·GET /product-listing/{categoryId} | ProductListingResult |
 * | searchPage (useListing productSearchListing) | POST·GET /search | ProductListingResult |
 * | searchSuggest (useProductSearchSuggest) | POST /search-suggest | ProductListingResult |
 * | readProduct (useProductConfigurator variant switch) | POST·GET /product | EntitySearchResult of product, `includes` applied |
 * | readProductDetail (useProductSearch, sw-include-seo-urls) | POST·GET /product/{productId} | ProductDetailResponse `{ product, configurator }` |
 * | readProductCrossSellings (useProductAssociations) | POST /product/{productId}/cross-selling | array of cross_selling_element |
 * | readProductReviews (useProductReviews) | POST·GET /product/{productId}/reviews | EntitySearchResult of product_review (none written here) |
 * | searchProductVariantIds (Shopware's variant switch, behind the Twig storefront's) | POST /product/{productId}/find-variant | FoundCombination `{ variantId, options }`; none: 404 CONTENT__PRODUCT_VARIANT_NOT_FOUND |
 *
 * | readCategory with the CMS associations (useCategorySearch withCmsAssociations, the category page's `<CmsPage>`) | POST /category/{navigationId} | Category with `cmsPage`: Shopware's default listing layout, the product-listing slot's `data.listing` the listing for the body's parameters |
 * | readProductDetail with the CMS associations (useProductSearch withCmsAssociations, the product page's `<CmsPage>`) | POST /product/{productId} | product with `cmsPage`: Shopware's default product page layout, name, gallery, buy box, description and reviews and cross-selling resolved |
 * | readCms (a layout by id) | POST·GET /cms/{id} | CmsPage; unknown: 404 CONTENT__CMS_PAGE_NOT_FOUND |
 *
 * | readCart (useCart, on every page) | GET /checkout/cart | a guest's empty Cart; changes need a logged-in buyer (403) |
 * | readSitemap, getSitemapFile (sitemap.xml of a headless frontend) | GET /sitemap, GET /sitemap/{filePath} | array of Sitemap; the gzip (or plain) XML file |
 *
 * Not answered: `pwa/page` (a route of the retired Shopware PWA, not of the Store API).
 * The CORS preflight itself is tested in backend/http/standalone.test.ts.
 */
import type { Schemas } from '@shopware/api-client/api-types';
import { encodeForQuery } from '@shopware/api-client/helpers';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedCheckout } from '../backend/seed/seed-checkout.ts';
import { standaloneStoreApi } from '../backend/http/standalone.ts';
import { stableId } from '../backend/lib/ids.ts';
import { createTestStoreApi, FIXTURE, languageId, type TestStoreApi } from '../backend/testing/test-fixtures.ts';
import { responseValidator, validationErrors, type OpenApiMethod } from './shopware-openapi.ts';

const FRONTEND = 'https://frontends.example.com';
const en = languageId('en-GB');

let api: TestStoreApi;
let standalone: TestStoreApi['app'];

beforeAll(async () => {
  api = await createTestStoreApi();
  await seedCheckout(api.db); // shipping and payment methods, as the runtime seeds them (backend/runtime.ts)
  standalone = standaloneStoreApi(api.app, { CORS_ALLOWED_ORIGINS: FRONTEND });
});
afterAll(() => api.close());

interface Call {
  body?: unknown;
  headers?: Record<string, string>;
}

/** Sends a call as a browser frontend on FRONTEND does: origin, access key, English, JSON body. */
async function send(method: string, path: string, { body, headers = {} }: Call = {}): Promise<Response> {
  const res = await standalone.fetch(
    new Request(`http://api.example.com/store-api${path}`, {
      method,
      headers: {
        origin: FRONTEND,
        'sw-access-key': api.config.accessKey,
        'sw-language-id': en,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
  expect(res.headers.get('access-control-allow-origin')).toBe(FRONTEND);
  return res;
}

/**
 * Sends a call and checks its answer against the document's schema for `template`; returns the parsed body.
 *
 * @throws AssertionError when the status differs from `status` or the body does not fit the schema.
 */
async function answer<T = Record<string, unknown>>(
  method: OpenApiMethod,
  template: string,
  path: string,
  call: Call = {},
  status = 200,
): Promise<T> {
  const res = await send(method.toUpperCase(), path, call);
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(status);
  expect(validationErrors(responseValidator(template, method, status, true), body)).toEqual([]);
  return body as T;
}

/**
 * Sends a call whose `includes` cut the entities down (no longer the document's shapes, in Shopware as here) and
 * returns its parsed body.
 *
 * @throws AssertionError when the status is not 200.
 */
async function included<T>(method: string, path: string, call: Call = {}): Promise<T> {
  const res = await send(method, path, call);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The `_criteria` query parameter of a GET twin, as `@shopware/api-client` writes it. */
const criteriaQuery = (criteria: Record<string, unknown>) => `_criteria=${encodeForQuery(criteria)}`;

const seo = { 'sw-include-seo-urls': 'true' };
type Entity = Record<string, unknown> & { id: string; apiAlias: string };
type SearchResult<T = Entity> = { entity: string; total: number; elements: T[] };
type Category = Entity & { name: string; children: Category[]; seoUrls?: { seoPathInfo: string }[] };

describe('the context calls of every page', () => {
  test('readContext: the guest context, its token in the header a browser may read, and the channel’s country', async () => {
    const res = await send('GET', '/context');
    const body = (await res.json()) as Schemas['SalesChannelContext'];
    expect(validationErrors(responseValidator('/context', 'get', 200, true), body)).toEqual([]);
    expect(res.headers.get('access-control-expose-headers')).toBe('sw-context-token');
    expect(res.headers.get('sw-context-token')).toBe(body.token);
    expect(body.salesChannel).toMatchObject({ navigationCategoryId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(body.shippingLocation).toMatchObject({ country: { iso: 'BE', name: 'Belgium' } });
    // What @shopware/composables' cacheable reads compare to tell a default guest (useCacheableRead).
    const channel = body.salesChannel;
    expect(body.shippingMethod).toMatchObject({ id: channel?.shippingMethodId });
    expect(body.paymentMethod).toMatchObject({ id: channel?.paymentMethodId });
    expect(body.shippingLocation?.country?.id).toBe(channel?.countryId);
  });

  test('updateContext: a country switch is kept for the token, an unknown country is refused at its field', async () => {
    const { token } = await answer<{ token: string }>('get', '/context', '/context');
    const netherlands = stableId('country', 'NL');
    const switched = await answer<{ contextToken: string }>('patch', '/context', '/context', {
      body: { countryId: netherlands },
      headers: { 'sw-context-token': token },
    });
    expect(switched.contextToken).toBe(token);
    const after = await answer('get', '/context', '/context', { headers: { 'sw-context-token': token } });
    expect(after['shippingLocation']).toMatchObject({ country: { id: netherlands, iso: 'NL' } });

    const refused = await send('PATCH', '/context', {
      body: { countryId: stableId('country', 'US') },
      headers: { 'sw-context-token': token },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      errors: [{ code: 'VIOLATION::ENTITY_DOES_NOT_EXIST', source: { pointer: '/countryId' } }],
    });
  });

  test('readLanguages and readCurrency: the channel’s four languages with their locales, and EUR', async () => {
    const languages = await answer<SearchResult<Entity & { locale: { code: string } }>>(
      'post',
      '/language',
      '/language',
      {
        body: {},
      },
    );
    expect(languages.elements.map((l) => l.locale.code).sort()).toEqual(['de-DE', 'en-GB', 'fr-FR', 'nl-NL']);
    const cached = await answer<SearchResult>('get', '/language', `/language?${criteriaQuery({ ids: [en] })}`);
    expect(cached.elements.map((l) => l.id)).toEqual([en]);
    const currencies = await answer<{ isoCode: string }[]>('post', '/currency', '/currency', { body: {} });
    expect(currencies.map((c) => c.isoCode)).toEqual(['EUR']);
  });

  test('readCountry and readSalutation: the countries the shop sells to, named in the language, and the three salutations', async () => {
    const countries = await answer<SearchResult<Entity & { iso: string; name: string; states: unknown[] }>>(
      'post',
      '/country',
      '/country',
      { body: { associations: { states: {} } } },
    );
    expect(countries.elements.map((c) => c.iso)).toEqual(['BE', 'NL', 'DE', 'AT', 'FR']);
    expect(countries.elements[2]).toMatchObject({ name: 'Germany', states: [] });
    const german = await answer<SearchResult<Entity & { name: string }>>(
      'get',
      '/country',
      `/country?${criteriaQuery({ filter: [{ type: 'equals', field: 'iso', value: 'DE' }] })}`,
      { headers: { 'sw-language-id': languageId('de-DE') } },
    );
    expect(german.elements.map((c) => c.name)).toEqual(['Deutschland']);

    const salutations = await answer<SearchResult<Entity & { salutationKey: string }>>(
      'post',
      '/salutation',
      '/salutation',
      {
        body: {},
      },
    );
    expect(salutations.elements.map((s) => s.salutationKey).sort()).toEqual(['mr', 'mrs', 'not_specified']);
    await answer('get', '/salutation', '/salutation');
  });
});

describe('the cart every page reads', () => {
  test('readCart: a guest reads an empty cart; putting something in needs a login', async () => {
    const cart = await answer<{ lineItems: unknown[]; price: { totalPrice: number } }>(
      'get',
      '/checkout/cart',
      '/checkout/cart',
    );
    expect(cart.lineItems).toEqual([]);
    expect(cart.price.totalPrice).toBe(0);
    const add = await send('POST', '/checkout/cart/line-item', {
      body: {
        items: [
          {
            type: 'product',
            id: FIXTURE.products.combinationPliers,
            referencedId: FIXTURE.products.combinationPliers,
            quantity: 1,
          },
        ],
      },
    });
    expect(add.status).toBe(403);
  });
});

describe('category pages', () => {
  test('readNavigation: the main navigation as a tree, as deep as asked, with SEO URLs', async () => {
    const tree = await answer<Category[]>(
      'post',
      '/navigation/{activeId}/{rootId}',
      '/navigation/main-navigation/main-navigation',
      {
        body: { depth: 2 },
        headers: seo,
      },
    );
    const tools = tree.find((c) => c.id === FIXTURE.categories.tools)!;
    expect(tools.name).toBe('Tools');
    expect(tools.children.map((c) => c.name)).toEqual(['Pliers', 'Drills']);
    expect(tools.seoUrls?.[0]?.seoPathInfo).toBe('Tools/');

    const shallow = await answer<Category[]>(
      'get',
      '/navigation/{activeId}/{rootId}',
      `/navigation/main-navigation/main-navigation?depth=1&${criteriaQuery({})}`,
    );
    expect(shallow.find((c) => c.id === FIXTURE.categories.tools)!.children).toEqual([]);
    const flat = await answer<Category[]>(
      'get',
      '/navigation/{activeId}/{rootId}',
      '/navigation/main-navigation/main-navigation?depth=2&buildTree=false',
    );
    expect(flat.map((c) => c.name)).toEqual(expect.arrayContaining(['Tools', 'Pliers', 'Drills']));

    for (const type of ['footer-navigation', 'service-navigation']) {
      await answer('post', '/navigation/{activeId}/{rootId}', `/navigation/${type}/${type}`, { body: {} });
    }
  });

  test('readCategory and readCategoryList: the category with its SEO URL, includes applied to the GET twin', async () => {
    const pliers = await answer<Category>(
      'post',
      '/category/{navigationId}',
      `/category/${FIXTURE.categories.pliers}`,
      {
        body: { associations: { media: {}, cmsPage: {} } },
        headers: seo,
      },
    );
    expect(pliers).toMatchObject({ id: FIXTURE.categories.pliers, name: 'Pliers' });
    expect(pliers.seoUrls?.[0]?.seoPathInfo).toBe('Tools/Pliers/');

    const lean = await included(
      'GET',
      `/category/${FIXTURE.categories.pliers}?${criteriaQuery({ includes: { category: ['id', 'name'] } })}`,
    );
    expect(lean).toEqual({ id: FIXTURE.categories.pliers, name: 'Pliers', apiAlias: 'category' });

    const children = await answer<SearchResult<Category>>('post', '/category', '/category', {
      body: { filter: [{ type: 'equals', field: 'parentId', value: FIXTURE.categories.tools }] },
    });
    expect(children.elements.map((c) => c.name)).toEqual(['Pliers', 'Drills']);
  });

  test('readCategory with the CMS associations: the default listing layout, its listing slot holding the page the listing route answers', async () => {
    // What useCategorySearch(id, { withCmsAssociations: true, query }) sends for a category page of Shopware Frontends.
    const cmsAssociations = {
      media: {},
      cmsPage: {
        associations: {
          sections: { associations: { blocks: { associations: { slots: { associations: { block: {} } } } } } },
        },
      },
    };
    type Slot = { type: string; slot: string; data?: { listing?: Listing } };
    type Block = { type: string; sectionPosition: string; slots: Slot[] };
    type Listing = SearchResult<Entity & { productNumber: string }> & { page: number; sorting: string };
    const tools = await answer<
      Category & { cmsPageId: string; cmsPage: { type: string; sections: { type: string; blocks: Block[] }[] } }
    >('post', '/category/{navigationId}', `/category/${FIXTURE.categories.tools}`, {
      body: { associations: cmsAssociations, limit: 2, p: 2, order: 'name-asc' },
      headers: seo,
    });
    expect(tools.cmsPage.type).toBe('product_list');
    const [section] = tools.cmsPage.sections;
    expect(section?.type).toBe('sidebar');
    expect(section?.blocks.map((b) => [b.type, b.sectionPosition])).toEqual([
      ['category-navigation', 'sidebar'],
      ['sidebar-filter', 'sidebar'],
      ['product-listing', 'main'],
    ]);
    const slot = section!.blocks[2]!.slots[0]!;
    expect(slot).toMatchObject({ type: 'product-listing', slot: 'content' });
    const listing = await answer<Listing>(
      'post',
      '/product-listing/{categoryId}',
      `/product-listing/${FIXTURE.categories.tools}`,
      {
        body: { limit: 2, p: 2, order: 'name-asc' },
      },
    );
    expect(slot.data?.listing).toMatchObject({ total: 4, page: 2, sorting: 'name-asc' });
    expect(slot.data?.listing?.elements.map((p) => p.productNumber)).toEqual(
      listing.elements.map((p) => p.productNumber),
    );

    // Without the association the category comes without its layout (the storefront's own reads).
    const plain = await answer<Category & { cmsPageId: string }>(
      'post',
      '/category/{navigationId}',
      `/category/${FIXTURE.categories.tools}`,
    );
    expect(plain).not.toHaveProperty('cmsPage');
    expect(plain.cmsPageId).toBe(tools.cmsPageId);

    // readCms: the same layout by its id, read on its own (no category: no listing), and an unknown page.
    const layout = await answer<{ sections: { blocks: Block[] }[] }>('post', '/cms/{id}', `/cms/${tools.cmsPageId}`, {
      body: {},
    });
    expect(layout.sections[0]!.blocks[2]!.slots[0]).not.toHaveProperty('data');
    await answer('get', '/cms/{id}', `/cms/${tools.cmsPageId}`);
    const missing = await send('POST', `/cms/${'0'.repeat(32)}`, { body: {} });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
      'CONTENT__CMS_PAGE_NOT_FOUND',
    );
  });

  test('readBreadcrumb: the path of a category and of a product, below the main navigation root', async () => {
    type Crumb = { name: string; categoryId: string; path: string };
    const category = await answer<Crumb[]>(
      'get',
      '/breadcrumb/{id}',
      `/breadcrumb/${FIXTURE.categories.pliers}?type=category`,
    );
    expect(category.map((b) => b.name)).toEqual(['Tools', 'Pliers']);
    expect(category.at(-1)).toMatchObject({ categoryId: FIXTURE.categories.pliers, path: 'Tools/Pliers/' });
    const product = await answer<Crumb[]>(
      'get',
      '/breadcrumb/{id}',
      `/breadcrumb/${FIXTURE.products.combinationPliers}`,
    );
    expect(product.map((b) => b.name)).toEqual(['Tools', 'Pliers']);
  });

  test('readSeoUrl: a path resolves to its page, by SEO path and by technical path, also from the GET twin', async () => {
    type SeoUrl = Entity & { foreignKey: string; routeName: string; pathInfo: string };
    const byPath = await answer<SearchResult<SeoUrl>>('post', '/seo-url', '/seo-url', {
      body: { filter: [{ type: 'equals', field: 'seoPathInfo', value: 'Tools/Pliers/' }] },
    });
    expect(byPath.elements).toHaveLength(1);
    expect(byPath.elements[0]).toMatchObject({
      foreignKey: FIXTURE.categories.pliers,
      routeName: 'frontend.navigation.page',
      pathInfo: `/navigation/${FIXTURE.categories.pliers}`,
    });
    const technical = await answer<SearchResult<SeoUrl>>('post', '/seo-url', '/seo-url', {
      body: { filter: [{ type: 'equals', field: 'pathInfo', value: `/detail/${FIXTURE.products.combinationPliers}` }] },
    });
    expect(technical.elements[0]).toMatchObject({
      foreignKey: FIXTURE.products.combinationPliers,
      routeName: 'frontend.detail.page',
    });
    const cached = await answer<SearchResult<SeoUrl>>(
      'get',
      '/seo-url',
      `/seo-url?${criteriaQuery({ filter: [{ type: 'equals', field: 'seoPathInfo', value: 'Tools/Pliers/' }] })}`,
    );
    expect(cached.elements.map((u) => u.foreignKey)).toEqual([FIXTURE.categories.pliers]);
  });

  test('readSitemap and getSitemapFile: the files of the language’s domains, gzip XML with home, categories and products', async () => {
    const files = await answer<{ filename: string; created: string }[]>('get', '/sitemap', '/sitemap');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files)
      expect(file.filename).toMatch(
        /^sitemap\/salesChannel-[0-9a-f]{32}-[0-9a-f]{32}\/[0-9a-f]{32}-sitemap-1\.xml\.gz$/,
      );
    const res = await send('GET', `/${files[0]!.filename}`); // `/sitemap/` + the rest of the filename
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/gzip');
    const xml = gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/Tools\/Pliers\/$/), expect.stringMatching(/\/P-1000$/)]),
    );

    // The plain twin, by its last segment, and files that do not exist: another number, another channel, a
    // malformed name.
    const plain = await send('GET', `/sitemap/${files[0]!.filename.split('/').at(-1)!.replace(/\.gz$/, '')}`);
    expect(plain.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await plain.text()).toBe(xml);
    for (const path of [
      files[0]!.filename.replace('-sitemap-1.', '-sitemap-2.'),
      files[0]!.filename.replace(/salesChannel-[0-9a-f]{32}/, `salesChannel-${'0'.repeat(32)}`),
      'sitemap/salesChannel-x/passwd.xml',
    ]) {
      const missing = await send('GET', `/${path}`);
      expect(missing.status, path).toBe(404);
      expect(((await missing.json()) as { errors: { code: string }[] }).errors[0]?.code).toBe(
        'CONTENT__SITEMAP_UNKNOWN_FILE',
      );
    }
  });

  test('readProductListing: a page of the category, sorted and limited as asked, from POST and from the GET twin', async () => {
    type Listing = SearchResult<Entity & { productNumber: string }> & {
      limit: number;
      sorting: string;
      availableSortings: { key: string }[];
    };
    const listing = await answer<Listing>(
      'post',
      '/product-listing/{categoryId}',
      `/product-listing/${FIXTURE.categories.tools}`,
      { body: { limit: 2, p: 1, order: 'name-asc' }, headers: seo },
    );
    expect(listing).toMatchObject({ total: 4, limit: 2, sorting: 'name-asc' });
    expect(listing.elements).toHaveLength(2);
    expect(listing.availableSortings.map((s) => s.key)).toContain('name-asc');
    const cached = await answer<Listing>(
      'get',
      '/product-listing/{categoryId}',
      `/product-listing/${FIXTURE.categories.tools}?limit=2&p=2&order=name-asc&${criteriaQuery({})}`,
    );
    expect(cached.elements.map((p) => p.id)).not.toContain(listing.elements[0]!.id);
  });
});

describe('search', () => {
  test('searchPage and searchSuggest: products for the term, the article number first in the suggestions', async () => {
    type Result = SearchResult<Entity & { productNumber: string }>;
    const page = await answer<Result>('post', '/search', '/search', { body: { search: 'pliers' }, headers: seo });
    expect(page.elements.map((p) => p.productNumber)).toContain('P-1000');
    const cached = await answer<Result>('get', '/search', '/search?search=pliers');
    expect(cached.total).toBe(page.total);
    const suggest = await answer<Result>('post', '/search-suggest', '/search-suggest', { body: { search: 'D-2000' } });
    expect(suggest.elements[0]?.productNumber).toBe('D-2000');
  });
});

describe('product pages', () => {
  type Group = { id: string; options: { id: string; name: string }[] };
  let diameter: Group;
  const option = (mm: string) => diameter.options.find((o) => o.name === mm)!.id;

  beforeAll(async () => {
    const res = await send('POST', `/product/${FIXTURE.products.drillSet}`, { body: {} });
    diameter = ((await res.json()) as { configurator: Group[] }).configurator[0]!;
  });

  test('readProductDetail: the product with its SEO URL and media, a parent with its configurator', async () => {
    type Detail = {
      product: Entity & { productNumber: string; seoUrls: { seoPathInfo: string }[] };
      configurator: Group[];
    };
    const detail = await answer<Detail>(
      'post',
      '/product/{productId}',
      `/product/${FIXTURE.products.combinationPliers}`,
      {
        body: { associations: { media: {}, seoUrls: {}, crossSellings: {} } },
        headers: seo,
      },
    );
    expect(detail.product).toMatchObject({ id: FIXTURE.products.combinationPliers, productNumber: 'P-1000' });
    expect(detail.product.seoUrls[0]?.seoPathInfo).toMatch(/P-1000$/);
    const parent = await answer<Detail>('get', '/product/{productId}', `/product/${FIXTURE.products.drillSet}`);
    expect(parent.configurator[0]!.options.map((o) => o.name)).toEqual(['5 mm', '8 mm', '10 mm']);
  });

  test('readProductDetail with the CMS associations: the default product page layout, its elements resolved from the product', async () => {
    // What useProductSearch().search(id, { withCmsAssociations: true, associations: { seoUrls: {} } }) sends.
    const cmsPage = { associations: { sections: { associations: { blocks: { associations: { slots: {} } } } } } };
    type Slot = { type: string; slot: string; data?: Record<string, unknown> };
    type Detail = {
      product: Entity & {
        name: string;
        media: unknown[];
        cmsPageId: string;
        cmsPage: { type: string; sections: { blocks: { type: string; slots: Slot[] }[] }[] };
      };
    };
    const { product } = await answer<Detail>(
      'post',
      '/product/{productId}',
      `/product/${FIXTURE.products.combinationPliers}`,
      {
        body: { associations: { media: {}, cmsPage, seoUrls: {} } },
        headers: seo,
      },
    );
    expect(product.cmsPage.type).toBe('product_detail');
    const blocks = product.cmsPage.sections[0]!.blocks;
    expect(blocks.map((b) => b.type)).toEqual([
      'product-heading',
      'gallery-buybox',
      'product-description-reviews',
      'cross-selling',
    ]);
    const slot = (type: string) => blocks.flatMap((b) => b.slots).find((s) => s.type === type)!;
    expect(slot('product-name').data).toMatchObject({ content: product.name });
    expect((slot('image-gallery').data!.sliderItems as unknown[]).length).toBe(product.media.length);
    expect(slot('buy-box').data).toMatchObject({ productId: product.id, product: { productNumber: 'P-1000' } });
    expect(slot('product-description-reviews').data).toMatchObject({ reviews: { total: 0, elements: [] } });
    const crossSelling = await answer<unknown[]>(
      'post',
      '/product/{productId}/cross-selling',
      `/product/${FIXTURE.products.combinationPliers}/cross-selling`,
    );
    expect(slot('cross-selling').data!.crossSellings).toEqual(crossSelling);

    // The layout's id comes with every detail; the layout itself only when asked for, and readCms serves it unresolved.
    const plain = await answer<Detail>(
      'post',
      '/product/{productId}',
      `/product/${FIXTURE.products.combinationPliers}`,
    );
    expect(plain.product.cmsPageId).toBe(product.cmsPageId);
    expect(plain.product).not.toHaveProperty('cmsPage');
    const layout = await answer<{ sections: { blocks: { slots: Slot[] }[] }[] }>(
      'get',
      '/cms/{id}',
      `/cms/${product.cmsPageId}`,
    );
    expect(layout.sections[0]!.blocks.flatMap((b) => b.slots).every((s) => !('data' in s))).toBe(true);
  });

  test('readProduct: the variant of the chosen options, in the fields the configurator includes', async () => {
    const criteria = {
      filter: [
        { type: 'equals', field: 'parentId', value: FIXTURE.products.drillSet },
        { type: 'equals', field: 'optionIds', value: option('8 mm') },
      ],
      limit: 1,
      includes: { product: ['id', 'translated', 'productNumber', 'seoUrls'], seo_url: ['seoPathInfo'] },
      associations: { seoUrls: {} },
    };
    const { includes: _includes, ...full } = criteria;
    const whole = await answer<SearchResult>('post', '/product', '/product', { body: full });
    expect(whole.elements.map((p) => p.id)).toEqual([FIXTURE.products.drill8]);
    const found = await included<SearchResult>('POST', '/product', { body: criteria });
    expect(found.elements).toHaveLength(1);
    expect(Object.keys(found.elements[0]!).sort()).toEqual([
      'apiAlias',
      'id',
      'productNumber',
      'seoUrls',
      'translated',
    ]);
    expect(found.elements[0]).toMatchObject({ id: FIXTURE.products.drill8, productNumber: 'D-2000-08' });
    const cached = await answer<SearchResult>('get', '/product', `/product?${criteriaQuery(full)}`);
    expect(cached.elements.map((p) => p.id)).toEqual([FIXTURE.products.drill8]);
  });

  test('searchProductVariantIds: the variant of an option combination, the nearest one when it does not exist', async () => {
    type Found = { variantId: string; options: Record<string, string> };
    const exact = await answer<Found>(
      'post',
      '/product/{productId}/find-variant',
      `/product/${FIXTURE.products.drillSet}/find-variant`,
      {
        body: { options: { [diameter.id]: option('10 mm') }, switchedGroup: diameter.id },
      },
    );
    expect(exact).toEqual({
      variantId: FIXTURE.products.drill10,
      options: { [diameter.id]: option('10 mm') },
      apiAlias: 'found_combination',
    });
    const unknownGroup = stableId('test', 'finish');
    const nearest = await answer<Found>(
      'post',
      '/product/{productId}/find-variant',
      `/product/${FIXTURE.products.drillSet}/find-variant`,
      {
        body: {
          options: { [unknownGroup]: stableId('test', 'matt'), [diameter.id]: option('5 mm') },
          switchedGroup: diameter.id,
        },
      },
    );
    expect(nearest).toMatchObject({ variantId: FIXTURE.products.drill5, options: { [diameter.id]: option('5 mm') } });

    const none = await send('POST', `/product/${FIXTURE.products.drillSet}/find-variant`, {
      body: { options: [stableId('test', 'matt')] },
    });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ errors: [{ code: 'CONTENT__PRODUCT_VARIANT_NOT_FOUND' }] });
    const invalid = await send('POST', `/product/${FIXTURE.products.drillSet}/find-variant`, {
      body: { options: 'x' },
    });
    expect(invalid.status).toBe(400);
  });

  test('readProductCrossSellings: the accessories and similar articles of the product', async () => {
    type Element = { crossSelling: { name: string }; products: { productNumber: string }[] };
    const elements = await answer<Element[]>(
      'post',
      '/product/{productId}/cross-selling',
      `/product/${FIXTURE.products.combinationPliers}/cross-selling`,
      { body: {} },
    );
    expect(elements.map((e) => e.products.map((p) => p.productNumber))).toEqual([['P-1001'], ['P-1002']]);
  });

  test('readProductReviews: an empty review list in Shopware’s search result shape, also from the GET twin', async () => {
    const reviews = await answer<SearchResult & { limit: number }>(
      'post',
      '/product/{productId}/reviews',
      `/product/${FIXTURE.products.combinationPliers}/reviews`,
      { body: { limit: 5 } },
    );
    expect(reviews).toMatchObject({ entity: 'product_review', total: 0, elements: [], limit: 5 });
    await answer('get', '/product/{productId}/reviews', `/product/${FIXTURE.products.combinationPliers}/reviews`);
  });
});

test('a GET twin with a _criteria that is not base64url(gzip(JSON)) is refused in the error envelope', async () => {
  const res = await send('GET', '/seo-url?_criteria=not-gzip');
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({
    errors: [{ code: 'VIOLATION::INVALID_VALUE', source: { pointer: '/_criteria' } }],
  });
});
