import { describe, expect, test, vi } from 'vitest';
import type { StoreApiClient } from '../../lib/store-api/client.ts';
import type { StorefrontDomain } from '../../lib/domain.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { loadRoute } from './load-route.ts';

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
