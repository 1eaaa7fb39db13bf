import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { encodeBody } from './content-coding.ts';
import {
  CATALOGUE_CACHE_POLICY,
  cacheControlHeader,
  cacheKey,
  cachedAnswer,
  codingEtag,
  createPageCache,
  etagOf,
  hasCodingFor,
  isCacheable,
  mayUseCache,
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

  test('cache keys separate domains, builds and catalogue versions, and ignore query order', () => {
    const scope = { buildId: 'b1', catalogVersion: 7 };
    const k1 = cacheKey('http://localhost:4321/en', new URL('http://localhost:4321/en/Tools/?b=2&a=1'), scope);
    const k2 = cacheKey('http://localhost:4321/en', new URL('http://localhost:4321/en/Tools/?a=1&b=2'), scope);
    expect(k1).toBe(k2);
    const tools = (origin: string, s = scope) => cacheKey(origin, new URL(`${origin}/Tools/`), s);
    expect(tools('http://localhost:4321')).not.toBe(tools('http://at.localhost:4321'));
    expect(tools('http://localhost:4321')).not.toBe(tools('http://localhost:4321', { ...scope, catalogVersion: 8 }));
    expect(tools('http://localhost:4321')).not.toBe(tools('http://localhost:4321', { ...scope, buildId: 'b2' }));
  });
});

describe('createPageCache', () => {
  const page = (body: string) => {
    const bytes = Buffer.from(body);
    return {
      bodies: { identity: bytes, br: bytes, gzip: bytes },
      etag: etagOf(body),
      headers: [] as [string, string][],
    };
  };
  const text = (entry: { bodies: { identity: Buffer } } | undefined) => entry?.bodies.identity.toString();

  test('single flight: N concurrent misses of one key render once and all get that page', async () => {
    const cache = createPageCache();
    let renders = 0;
    let finish!: () => void;
    const rendered = new Promise<void>((resolve) => (finish = resolve));
    const render = async () => {
      renders++;
      await rendered;
      const p = page('Tools');
      cache.set('k', p, CATALOGUE_CACHE_POLICY);
      return { result: 'own answer', page: p };
    };
    const flights = Array.from({ length: 8 }, () => cache.singleFlight('k', render));
    const other = cache.singleFlight('other', render);
    finish();
    const answers = await Promise.all(flights);
    expect(renders).toBe(2);
    expect(answers.filter((a) => a.rendered)).toEqual([{ rendered: true, result: 'own answer' }]);
    for (const a of answers.filter((a) => !a.rendered))
      expect(text(a.page as { bodies: { identity: Buffer } })).toBe('Tools');
    expect(await other).toEqual({ rendered: true, result: 'own answer' });
    // The flight is over: the next miss renders again.
    await cache.singleFlight('k', render);
    expect(renders).toBe(3);
  });

  test('single flight: waiters of a render that stored nothing or failed render on their own', async () => {
    const cache = createPageCache();
    const leader = cache.singleFlight('k', async () => ({ result: 'private page', page: undefined }));
    const waiter = cache.singleFlight('k', async () => ({ result: 'never run', page: undefined }));
    expect(await leader).toEqual({ rendered: true, result: 'private page' });
    expect(await waiter).toEqual({ rendered: false, page: undefined });
    const failing = cache.singleFlight('k', async () => {
      throw new Error('render failed');
    });
    const after = cache.singleFlight('k', async () => ({ result: 'never run', page: undefined }));
    await expect(failing).rejects.toThrow('render failed');
    expect(await after).toEqual({ rendered: false, page: undefined });
  });

  test('evicts the least recently used entry', () => {
    const cache = createPageCache({ maxEntries: 2 });
    cache.set('a', page('A'), CATALOGUE_CACHE_POLICY);
    cache.set('b', page('B'), CATALOGUE_CACHE_POLICY);
    cache.get('a');
    cache.set('c', page('C'), CATALOGUE_CACHE_POLICY);
    expect(text(cache.get('a'))).toBe('A');
    expect(cache.get('b')).toBeUndefined();
    expect(text(cache.get('c'))).toBe('C');
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

  test('respects the byte budget, counting every coding of a page', () => {
    const cache = createPageCache({ maxBytes: 15 });
    cache.set('a', page('abc'), CATALOGUE_CACHE_POLICY);
    cache.set('b', page('def'), CATALOGUE_CACHE_POLICY);
    expect(cache.size).toBe(1);
    expect(text(cache.get('b'))).toBe('def');
  });
});

describe('codings of a cached page', () => {
  const html = `<!doctype html><title>Schrauben</title>${'<li>Holzschraube 4 x 40</li>'.repeat(300)}`;

  test('a page keeps the codings asked for: each is encoded once, counted, and answered', async () => {
    const cache = createPageCache({ maxBytes: 64 * 1024 });
    const page = { bodies: { identity: Buffer.from(html) }, etag: etagOf(html), headers: [] as [string, string][] };
    await cache.encoded('k', page, 'br');
    cache.set('k', page, CATALOGUE_CACHE_POLICY);
    expect(page.bodies).not.toHaveProperty('gzip');
    expect(hasCodingFor(page, 'gzip')).toBe(false);
    expect(() => cachedAnswer(page, { method: 'GET', ifNoneMatch: null, acceptEncoding: 'gzip' }, 'HIT')).toThrow();

    const entry = cache.get('k')!;
    await Promise.all([cache.encoded('k', entry, 'gzip'), cache.encoded('k', entry, 'gzip')]);
    const gz = cachedAnswer(entry, { method: 'GET', ifNoneMatch: null, acceptEncoding: 'gzip' }, 'HIT');
    expect(gunzipSync(gz.body!).toString()).toBe(html);
    expect(hasCodingFor(cache.get('k')!, 'gzip')).toBe(true);
    expect(hasCodingFor(page, 'identity')).toBe(true);
  });

  test('a coding added later counts against maxBytes', async () => {
    const big = Buffer.from(html);
    const cache = createPageCache({ maxBytes: big.length * 2 + 10 });
    const page = (body: Buffer<ArrayBuffer>) => ({
      bodies: { identity: body },
      etag: '"x"',
      headers: [] as [string, string][],
    });
    cache.set('a', page(big), CATALOGUE_CACHE_POLICY);
    cache.set('b', page(big), CATALOGUE_CACHE_POLICY);
    expect(cache.size).toBe(2);
    // b's gzip body pushes the cache past maxBytes: a, the least recently used, goes.
    await cache.encoded('b', cache.get('b')!, 'gzip');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
  });
});

describe('cachedAnswer', () => {
  const html = `<!doctype html><title>Leitern</title>${'<li>Stufenleiter 8 Stufen</li>'.repeat(200)}`;
  const stored = async () => ({
    bodies: await encodeBody(html),
    etag: etagOf(html),
    headers: [
      ['content-type', 'text/html'],
      ['vary', 'Accept-Encoding'],
    ] as [string, string][],
  });
  const get = { method: 'GET', ifNoneMatch: null };

  test('sends brotli when accepted, gzip when only that is, and the plain page otherwise', async () => {
    const page = await stored();
    const br = cachedAnswer(page, { ...get, acceptEncoding: 'gzip, deflate, br, zstd' }, 'HIT');
    expect(br.headers).toContainEqual(['content-encoding', 'br']);
    expect(brotliDecompressSync(br.body!).toString()).toBe(html);
    expect(br.body!.length).toBeLessThan(html.length / 10);

    const gz = cachedAnswer(page, { ...get, acceptEncoding: 'gzip;q=1, br;q=0' }, 'HIT');
    expect(gz.headers).toContainEqual(['content-encoding', 'gzip']);
    expect(gunzipSync(gz.body!).toString()).toBe(html);

    const plain = cachedAnswer(page, { ...get, acceptEncoding: null }, 'HIT');
    expect(plain.headers.some(([name]) => name === 'content-encoding')).toBe(false);
    expect(plain.body!.toString()).toBe(html);
    expect(plain.headers).toContainEqual(['content-length', String(Buffer.byteLength(html))]);
    expect(plain.headers).toContainEqual(['vary', 'Accept-Encoding']);
  });

  test('each coding has its own strong ETag, and 304 answers only the representation the client holds', async () => {
    const page = await stored();
    const etags = (['br', 'gzip', 'identity'] as const).map((coding) => codingEtag(page.etag, coding));
    expect(new Set(etags).size).toBe(3);
    expect(etags.every((etag) => /^"[^"]+"$/.test(etag))).toBe(true);

    const acceptEncoding = 'br, gzip';
    const first = cachedAnswer(page, { ...get, acceptEncoding }, 'MISS');
    const etag = first.headers.find(([name]) => name === 'etag')![1];
    expect(etag).toBe(codingEtag(page.etag, 'br'));
    expect(first.headers).toContainEqual(['x-cache', 'MISS']);

    const revalidated = cachedAnswer(page, { method: 'GET', acceptEncoding, ifNoneMatch: etag }, 'HIT');
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
    expect(revalidated.headers).toContainEqual(['etag', etag]);

    // The unencoded page's ETag does not validate the brotli representation.
    const other = cachedAnswer(page, { method: 'GET', acceptEncoding, ifNoneMatch: page.etag }, 'HIT');
    expect(other.status).toBe(200);
  });

  test('HEAD gets the headers of the representation without its body', async () => {
    const page = await stored();
    const head = cachedAnswer(page, { method: 'HEAD', acceptEncoding: 'br', ifNoneMatch: null }, 'HIT');
    expect(head.status).toBe(200);
    expect(head.body).toBeNull();
    expect(head.headers).toContainEqual(['content-length', String(page.bodies.br.length)]);
  });
});

describe('mayUseCache', () => {
  test('only anonymous GET and HEAD of pages use the cache', () => {
    expect(mayUseCache('GET', '/en/Werkzeug/', false)).toBe(true);
    expect(mayUseCache('HEAD', '/en', false)).toBe(true);
    expect(mayUseCache('POST', '/en', false)).toBe(false);
    expect(mayUseCache('GET', '/en', true)).toBe(false);
    expect(mayUseCache('GET', '/store-api/context', false)).toBe(false);
  });
});
