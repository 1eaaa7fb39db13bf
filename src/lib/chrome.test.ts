import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { StoreApiClient } from './store-api/client.ts';
import type { StorefrontDomain } from './domain.ts';
import { clearChromeCache, loadChrome } from './chrome.ts';
import { UNVERSIONED_TTL_MS } from './version-memo.ts';
import { learnCacheVersions } from './cache-version.ts';

const domain: StorefrontDomain = {
  id: 'de-DE:0',
  url: 'http://localhost:4321/de',
  origin: 'http://localhost:4321',
  host: 'localhost:4321',
  pathPrefix: '/de',
  languageId: 'd'.repeat(32),
  currencyId: 'c'.repeat(32),
  snippetSetId: 's'.repeat(32),
  languageLabel: 'Deutsch',
  locale: 'de-DE',
};

/**
 * A client answering the navigation route as the Store API does (a list of categories), naming the main navigation's
 * one category after the call count, so a reload shows in the chrome; `fail` makes the service navigation fail and
 * `answered` is what the client reports in `answeredCacheVersions`.
 */
function navigationClient(options: { fail?: boolean; answered?: number } = {}) {
  let calls = 0;
  const invoke = vi.fn((_operation: string, request: { pathParams: { rootId: string } }) => {
    calls += 1;
    const root = request.pathParams.rootId;
    if (options.fail && root === 'service-navigation') return Promise.reject(new Error('Store API down'));
    const name = root === 'main-navigation' ? `Werkzeug ${calls}` : root;
    return Promise.resolve([{ id: 'a'.repeat(32), name, translated: { name }, seoUrls: [], children: [] }]);
  });
  const client = {
    invoke,
    get: vi.fn(),
    post: vi.fn(),
    lastContextToken: undefined,
    answeredCacheVersions: options.answered === undefined ? {} : { catalog: options.answered },
  } as unknown as StoreApiClient;
  return { client, invoke };
}

beforeEach(() => clearChromeCache());
afterEach(() => vi.useRealTimers());

describe('the chrome kept per domain', () => {
  // The versions of this process only rise, so the tests run in order: unknown versions first.
  test('without cache versions, a chrome is kept for UNVERSIONED_TTL_MS and then loaded again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = navigationClient();
    const chrome = await loadChrome(first.client, domain);
    expect(chrome.main[0]?.name).toBe('Werkzeug 1');
    expect(first.invoke).toHaveBeenCalledTimes(4);

    const second = navigationClient();
    vi.advanceTimersByTime(UNVERSIONED_TTL_MS);
    expect(await loadChrome(second.client, domain)).toBe(chrome);
    expect(second.invoke).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    await loadChrome(second.client, domain);
    expect(second.invoke).toHaveBeenCalledTimes(4);
  });

  test('pages at the same versions share one load; a newer catalogue version loads the navigation again', async () => {
    learnCacheVersions({ catalog: 5, channel: 2 });
    const first = navigationClient({ answered: 5 });
    const [a, b] = await Promise.all([loadChrome(first.client, domain), loadChrome(first.client, domain)]);
    expect(a).toBe(b);
    expect(first.invoke).toHaveBeenCalledTimes(4);

    const other = navigationClient({ answered: 5 });
    expect(await loadChrome(other.client, domain)).toBe(a);
    expect(other.invoke).not.toHaveBeenCalled();
    // Another domain has a chrome of its own.
    await loadChrome(other.client, { ...domain, id: 'en-GB:1', url: 'http://localhost:4321/en', pathPrefix: '/en' });
    expect(other.invoke).toHaveBeenCalledTimes(4);

    learnCacheVersions({ catalog: 6 });
    const after = navigationClient({ answered: 6 });
    const fresh = await loadChrome(after.client, domain);
    expect(fresh).not.toBe(a);
    expect(after.invoke).toHaveBeenCalledTimes(4);
  });

  test('a chrome with a failed navigation serves its page but is not kept', async () => {
    const failing = navigationClient({ fail: true, answered: 6 });
    const partial = await loadChrome(failing.client, domain);
    expect(partial.service).toEqual([]);
    expect(partial.main[0]?.name).toBe('Werkzeug 1');

    const healthy = navigationClient({ answered: 6 });
    const chrome = await loadChrome(healthy.client, domain);
    expect(healthy.invoke).toHaveBeenCalledTimes(4);
    expect(chrome.service).toHaveLength(1);
  });

  test('a chrome answered by a Store API process behind the known catalogue version is not kept', async () => {
    learnCacheVersions({ catalog: 7 });
    const lagging = navigationClient({ answered: 6 });
    await loadChrome(lagging.client, domain);
    const current = navigationClient({ answered: 7 });
    await loadChrome(current.client, domain);
    expect(current.invoke).toHaveBeenCalledTimes(4);
  });
});
