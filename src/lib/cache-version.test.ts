/**
 * The storefront following the Store API's cache versions over HTTP (`STORE_API_URL`), with a stand-in Store API:
 * the page cache misses once a newer catalogue version is polled, and the sales-channel settings are read again
 * when the channel version rises (a maintenance switch), not before. In-process, the versions come from the embedded
 * backend's subscription at once.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

/** What the stand-in Store API holds. */
let versions: { catalog: number; channel: number };
let maintenance: boolean;
let contextReads: number;

const answer = (body: unknown) =>
  Response.json(body, {
    headers: { 'x-werkbank-cache-version': `catalog=${versions.catalog}, channel=${versions.channel}` },
  });

beforeEach(() => {
  vi.resetModules();
  versions = { catalog: 4, channel: 2 };
  maintenance = false;
  contextReads = 0;
  process.env.STORE_API_URL = 'http://backend.test:8000';
  process.env.STORE_API_ACCESS_KEY = 'SWSCTESTKEY000001';
  process.env.WERKBANK_CACHE_POLL_MS = '100';
  vi.stubGlobal('fetch', async (request: Request) => {
    const path = new URL(request.url).pathname;
    if (path === '/store-api/werkbank/cache-version')
      return answer({ ...versions, apiAlias: 'werkbank_cache_version' });
    if (path === '/store-api/context') {
      contextReads++;
      return answer({
        salesChannel: {
          maintenance,
          domains: [{ id: 'd1', url: 'http://shop.test', languageId: 'l1', currencyId: 'c', snippetSetId: 's' }],
        },
      });
    }
    if (path === '/store-api/language') return answer({ elements: [{ id: 'l1', locale: { code: 'nl-NL' } }] });
    return new Response('{}', { status: 404 });
  });
});

afterEach(async () => {
  (await import('./cache-version.ts')).stopCacheVersionTracking();
  vi.unstubAllGlobals();
  delete process.env.STORE_API_URL;
  delete process.env.STORE_API_ACCESS_KEY;
  delete process.env.WERKBANK_CACHE_POLL_MS;
});

/** Waits until `check` holds, at most 5 s. */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not reached within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('cache versions over HTTP', () => {
  test('a page stored under the known catalogue version misses once a newer version is polled', async () => {
    const { knownCacheVersions, pageCacheScope, startCacheVersionTracking } = await import('./cache-version.ts');
    const { cacheKey, pageCache, CATALOGUE_CACHE_POLICY } = await import('./html-cache.ts');
    await startCacheVersionTracking();
    expect(knownCacheVersions()).toEqual({ catalog: 4, channel: 2 });
    const url = new URL('http://shop.test/Tools/');
    const body = Buffer.from('<html>Tools</html>');
    pageCache.set(
      cacheKey('http://shop.test', url, pageCacheScope()),
      { bodies: { identity: body, br: body, gzip: body }, etag: '"e"', headers: [] },
      CATALOGUE_CACHE_POLICY,
    );
    expect(pageCache.get(cacheKey('http://shop.test', url, pageCacheScope()))).toBeDefined();

    versions = { ...versions, catalog: 5 };
    await until(() => knownCacheVersions().catalog === 5);
    expect(pageCache.get(cacheKey('http://shop.test', url, pageCacheScope()))).toBeUndefined();
  });

  test('the sales-channel settings are read again when the channel version rises, within the poll interval', async () => {
    const { knownCacheVersions, startCacheVersionTracking } = await import('./cache-version.ts');
    const { getSalesChannelSettings } = await import('./sales-channel.ts');
    await startCacheVersionTracking();
    expect((await getSalesChannelSettings()).maintenance).toBe(false);
    expect(contextReads).toBe(1);

    // Switched on in the database, but no version bump seen yet: the settings stay as read.
    maintenance = true;
    expect((await getSalesChannelSettings()).maintenance).toBe(false);
    expect(contextReads).toBe(1);

    versions = { ...versions, channel: 3 };
    await until(() => knownCacheVersions().channel === 3);
    expect((await getSalesChannelSettings()).maintenance).toBe(true);
    expect((await getSalesChannelSettings()).maintenance).toBe(true);
    expect(contextReads).toBe(2);
  });
});

describe('cache versions in-process', () => {
  test('each rise the embedded backend reports is known at once, and a lower report changes nothing', async () => {
    let report!: (versions: { catalog: number; channel: number }) => void;
    let unsubscribed = false;
    vi.doMock('./store-api/transport.ts', () => ({
      getTransport: () => ({
        subscribeCacheVersions: async (listener: typeof report) => {
          report = listener;
          listener({ catalog: 7, channel: 1 });
          return () => (unsubscribed = true);
        },
      }),
    }));
    const { knownCacheVersions, pageCacheScope, startCacheVersionTracking, stopCacheVersionTracking } =
      await import('./cache-version.ts');
    await startCacheVersionTracking();
    expect(pageCacheScope()).toEqual({ buildId: 'dev', catalogVersion: 7 });
    report({ catalog: 8, channel: 1 });
    expect(pageCacheScope().catalogVersion).toBe(8);
    report({ catalog: 6, channel: 1 });
    expect(knownCacheVersions()).toEqual({ catalog: 8, channel: 1 });
    stopCacheVersionTracking();
    expect(unsubscribed).toBe(true);
    vi.doUnmock('./store-api/transport.ts');
  });
});
