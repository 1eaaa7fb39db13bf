import { describe, expect, test, vi } from 'vitest';
import type { StoreApiClient } from '../../lib/store-api/client.ts';
import type { StorefrontDomain } from '../../lib/domain.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { learnCacheVersions } from '../../lib/cache-version.ts';
import { clearCategoryFacets, loadRoute } from './load-route.ts';

const domain: StorefrontDomain = {
  id: 'en-GB:1',
  url: 'http://localhost:4321/en',
  origin: 'http://localhost:4321',
  host: 'localhost:4321',
  pathPrefix: '/en',
  languageId: 'l'.repeat(32),
  currencyId: 'c'.repeat(32),
  snippetSetId: 's'.repeat(32),
  languageLabel: 'English',
  locale: 'en-GB',
};

/**
 * A client whose navigation reads are empty and whose search fails as the Store API answers it: `error` is thrown by
 * `searchPage` (for a statement timeout the embedded backend's 503 `FRAMEWORK__QUERY_TIMEOUT` envelope, ADR 022).
 */
function clientFailingSearch(error: Error): StoreApiClient {
  const invoke = vi.fn((operation: string) =>
    operation.startsWith('searchPage') ? Promise.reject(error) : Promise.resolve([]),
  );
  return {
    invoke,
    get: vi.fn(),
    post: vi.fn(),
    lastContextToken: undefined,
    answeredCacheVersions: {},
  } as unknown as StoreApiClient;
}

const timeout = new StoreApiClientError(
  503,
  [
    {
      status: '503',
      code: 'FRAMEWORK__QUERY_TIMEOUT',
      title: 'Service Unavailable',
      detail: 'The request took too long and was stopped. Try again with a shorter search term or fewer filters.',
    },
  ],
  '/store-api/search',
);

describe('the search page when the Store API stops the search', () => {
  test('a statement timeout becomes the busy search page, not the error page', async () => {
    const locals = { domain, domains: [domain], path: '/search', storeApi: clientFailingSearch(timeout) };
    const data = await loadRoute(locals, new URL('http://localhost:4321/en/search?query=drill'));
    expect(data).toMatchObject({ kind: 'search', query: 'drill', busy: true, listing: null });
  });

  test('any other failure still reaches the error page', async () => {
    const failure = new StoreApiClientError(
      500,
      [{ status: '500', code: 'FRAMEWORK__UNKNOWN', title: 'Internal Server Error', detail: 'An error occurred.' }],
      '/store-api/search',
    );
    const locals = { domain, domains: [domain], path: '/search', storeApi: clientFailingSearch(failure) };
    await expect(loadRoute(locals, new URL('http://localhost:4321/en/search?query=drill'))).rejects.toBe(failure);
  });
});

describe('the facets of a category listing', () => {
  const categoryId = 'c'.repeat(32);
  const aggregations = {
    properties: {
      entities: [{ id: 'g'.repeat(32), name: 'Material', options: [{ id: 'o'.repeat(32), name: 'Alu', count: 3 }] }],
    },
  };

  /**
   * A client that knows one category at `/Leitern/`: the seo-url route resolves it, and the listing route answers with
   * `aggregations` unless the body asks for `no-aggregations` (as Shopware's listing does). `answered` is the
   * catalogue version its answers report.
   */
  function categoryClient(answered: number) {
    const listingBodies: Record<string, unknown>[] = [];
    const invoke = vi.fn((operation: string, request?: { body?: Record<string, unknown> }) => {
      if (operation.startsWith('readSeoUrl')) {
        const seo = { foreignKey: categoryId, routeName: 'frontend.navigation.page', seoPathInfo: 'Leitern/' };
        return Promise.resolve({ elements: [{ ...seo, isCanonical: true, languageId: domain.languageId }] });
      }
      if (operation.startsWith('readCategory'))
        return Promise.resolve({ id: categoryId, name: 'Leitern', seoUrls: [] });
      if (operation.startsWith('readProductListing')) {
        const body = request?.body ?? {};
        listingBodies.push(body);
        return Promise.resolve({
          apiAlias: 'product_listing',
          elements: [],
          total: 3,
          ...(body['no-aggregations'] ? {} : { aggregations }),
        });
      }
      if (operation.startsWith('readBreadcrumb')) return Promise.resolve({ breadcrumbs: [] });
      return Promise.resolve([]);
    });
    const client = {
      invoke,
      get: vi.fn(),
      post: vi.fn(),
      lastContextToken: undefined,
      answeredCacheVersions: { catalog: answered },
    } as unknown as StoreApiClient;
    return { client, listingBodies };
  }

  const load = async (answered: number, query = '') => {
    const { client, listingBodies } = categoryClient(answered);
    const locals = { domain, domains: [domain], path: '/Leitern/', storeApi: client };
    const data = await loadRoute(locals, new URL(`http://localhost:4321/en/Leitern/${query}`));
    if (data.kind !== 'category') throw new Error(`expected a category page, got ${data.kind}`);
    return { listing: data.listing, asked: listingBodies.map((b) => Boolean(b['no-aggregations'])) };
  };

  test('every page and sorting of a category shows the facets its first page loaded, without asking for them', async () => {
    clearCategoryFacets();
    learnCacheVersions({ catalog: 11 });
    const first = await load(11);
    expect(first.asked).toEqual([false]);
    const second = await load(11, '?p=2&order=name-desc');
    expect(second.asked).toEqual([true]);
    expect(second.listing?.aggregations).toEqual(aggregations);
    // Other filters: the facets are asked for again.
    const filtered = await load(11, `?properties=${'f'.repeat(32)}`);
    expect(filtered.asked).toEqual([false]);
  });

  test('a newer catalogue version, or an answer from a Store API behind it, loads the facets again', async () => {
    clearCategoryFacets();
    learnCacheVersions({ catalog: 12 });
    expect((await load(11)).asked).toEqual([false]); // answered by a lagging process: not kept
    expect((await load(12)).asked).toEqual([false]);
    expect((await load(12, '?p=3')).asked).toEqual([true]);
    learnCacheVersions({ catalog: 13 });
    expect((await load(13, '?p=3')).asked).toEqual([false]);
  });
});
