import { describe, expect, test } from 'vitest';
import {
  CATALOGUE_CACHE_POLICY,
  cacheControlHeader,
  cacheKey,
  createPageCache,
  etagOf,
  isCacheable,
  matchesIfNoneMatch,
} from './html-cache.ts';

const html = () => new Headers({ 'content-type': 'text/html; charset=utf-8' });
const base = {
  method: 'GET',
  policy: CATALOGUE_CACHE_POLICY,
  status: 200,
  responseHeaders: html(),
  authorization: false,
};

describe('isCacheable', () => {
  test('an anonymous catalogue page is cacheable', () => {
    expect(isCacheable(base)).toBe(true);
  });

  test('a response that sets a cookie is not cached', () => {
    const headers = html();
    headers.append('set-cookie', 'sw-context-token=abc; HttpOnly');
    expect(isCacheable({ ...base, responseHeaders: headers })).toBe(false);
  });

  test('a page that did not opt in (session-dependent) is not cached', () => {
    expect(isCacheable({ ...base, policy: null })).toBe(false);
  });

  test.each([['POST'], ['PUT'], ['DELETE']])('%s responses are not cached', (method) => {
    expect(isCacheable({ ...base, method })).toBe(false);
  });

  test.each([[404], [500], [301]])('status %i is not cached', (status) => {
    expect(isCacheable({ ...base, status })).toBe(false);
  });

  test('private or no-store responses, Vary: Cookie and requests with Authorization are not cached', () => {
    expect(
      isCacheable({
        ...base,
        responseHeaders: new Headers({ 'content-type': 'text/html', 'cache-control': 'private' }),
      }),
    ).toBe(false);
    expect(
      isCacheable({
        ...base,
        responseHeaders: new Headers({ 'content-type': 'text/html', 'cache-control': 'no-store' }),
      }),
    ).toBe(false);
    expect(
      isCacheable({ ...base, responseHeaders: new Headers({ 'content-type': 'text/html', vary: 'Cookie' }) }),
    ).toBe(false);
    expect(isCacheable({ ...base, authorization: true })).toBe(false);
  });

  test('non-HTML responses are not cached', () => {
    expect(isCacheable({ ...base, responseHeaders: new Headers({ 'content-type': 'application/json' }) })).toBe(false);
  });
});

describe('headers and validators', () => {
  test('Cache-Control is public with s-maxage and stale-while-revalidate', () => {
    expect(cacheControlHeader({ sMaxAge: 300, staleWhileRevalidate: 3600 })).toBe(
      'public, max-age=0, s-maxage=300, stale-while-revalidate=3600',
    );
  });

  test('ETag changes with the body and If-None-Match matches it, also weak and in lists', () => {
    const a = etagOf('<p>a</p>');
    expect(a).not.toBe(etagOf('<p>b</p>'));
    expect(matchesIfNoneMatch(a, a)).toBe(true);
    expect(matchesIfNoneMatch(`"x", W/${a}`, a)).toBe(true);
    expect(matchesIfNoneMatch('*', a)).toBe(true);
    expect(matchesIfNoneMatch('"other"', a)).toBe(false);
    expect(matchesIfNoneMatch(null, a)).toBe(false);
  });

  test('cache keys separate domains and ignore query order', () => {
    const k1 = cacheKey('http://localhost:4321/en', new URL('http://localhost:4321/en/Tools/?b=2&a=1'));
    const k2 = cacheKey('http://localhost:4321/en', new URL('http://localhost:4321/en/Tools/?a=1&b=2'));
    expect(k1).toBe(k2);
    expect(cacheKey('http://localhost:4321', new URL('http://localhost:4321/Tools/'))).not.toBe(
      cacheKey('http://at.localhost:4321', new URL('http://at.localhost:4321/Tools/')),
    );
  });
});

describe('createPageCache', () => {
  const page = (body: string) => ({ body, etag: etagOf(body), headers: [] as [string, string][] });

  test('evicts the least recently used entry', () => {
    const cache = createPageCache({ maxEntries: 2 });
    cache.set('a', page('A'), CATALOGUE_CACHE_POLICY);
    cache.set('b', page('B'), CATALOGUE_CACHE_POLICY);
    cache.get('a');
    cache.set('c', page('C'), CATALOGUE_CACHE_POLICY);
    expect(cache.get('a')?.body).toBe('A');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.body).toBe('C');
  });

  test('entries expire after s-maxage', () => {
    let t = 0;
    const cache = createPageCache({ now: () => t });
    cache.set('a', page('A'), { sMaxAge: 10, staleWhileRevalidate: 0 });
    t = 9_999;
    expect(cache.get('a')).toBeDefined();
    t = 10_000;
    expect(cache.get('a')).toBeUndefined();
  });

  test('respects the byte budget', () => {
    const cache = createPageCache({ maxBytes: 5 });
    cache.set('a', page('abc'), CATALOGUE_CACHE_POLICY);
    cache.set('b', page('def'), CATALOGUE_CACHE_POLICY);
    expect(cache.size).toBe(1);
    expect(cache.get('b')?.body).toBe('def');
  });
});
