import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AstroCookies } from 'astro';

/** Minimal cookie jar with Astro's get/set shape, recording what the proxy sets. */
function cookieJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const set: { name: string; value: string; options: unknown }[] = [];
  const deleted: { name: string; options: unknown }[] = [];
  const jar = {
    get: (name: string) => (values.has(name) ? { value: values.get(name)! } : undefined),
    set: (name: string, value: string, options: unknown) => {
      set.push({ name, value, options });
      values.set(name, value);
    },
    delete: (name: string, options: unknown) => {
      deleted.push({ name, options });
      values.delete(name);
    },
  };
  return { cookies: jar as unknown as AstroCookies, set, deleted, values };
}

const seen: Request[] = [];
let answerToken = 'b'.repeat(32);

beforeEach(() => {
  vi.resetModules();
  seen.length = 0;
  process.env.STORE_API_URL = 'http://backend.test:8000';
  process.env.STORE_API_ACCESS_KEY = 'SWSCTESTKEY000001';
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request);
    return new Response(JSON.stringify({ ok: true }), {
      status: 200,
      headers: { 'content-type': 'application/json', 'sw-context-token': answerToken },
    });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete process.env.STORE_API_URL;
  delete process.env.STORE_API_ACCESS_KEY;
});

async function call(cookies: AstroCookies, init: RequestInit = {}, url = 'https://shop.test/store-api/search?x=1') {
  const { proxyStoreApi } = await import('./proxy.ts');
  return proxyStoreApi({
    path: 'search',
    request: new Request(url, {
      method: 'POST',
      body: '{"search":"zange"}',
      headers: { 'content-type': 'application/json', cookie: 'other=1' },
      ...init,
    }),
    url: new URL(url),
    cookies,
    languageId: 'l'.repeat(32),
    publicUrl: 'https://shop.test',
  });
}

describe('proxyStoreApi', () => {
  test('adds access key, language and the cookie token; forwards path, query and body', async () => {
    const { cookies } = cookieJar({ 'sw-context-token': 'a'.repeat(32) });
    await call(cookies);
    const req = seen[0]!;
    expect(req.url).toBe('http://backend.test:8000/store-api/search?x=1');
    expect(req.headers.get('sw-access-key')).toBe('SWSCTESTKEY000001');
    expect(req.headers.get('sw-language-id')).toBe('l'.repeat(32));
    expect(req.headers.get('sw-context-token')).toBe('a'.repeat(32));
    expect(req.headers.get('cookie')).toBeNull();
    expect(await req.text()).toBe('{"search":"zange"}');
  });

  test('never exposes the context token to the browser and rotates the HttpOnly cookie', async () => {
    const { cookies, set } = cookieJar({ 'sw-context-token': 'a'.repeat(32) });
    const res = await call(cookies);
    expect(res.headers.get('sw-context-token')).toBeNull();
    expect(set).toEqual([
      {
        name: 'sw-context-token',
        value: 'b'.repeat(32),
        options: { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 31536000, secure: true },
      },
    ]);
  });

  test('takes the token out of response bodies that carry it (context, login)', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { token: 'c'.repeat(32), contextToken: 'c'.repeat(32), salesChannel: { id: 's' } },
        { headers: { 'sw-context-token': 'c'.repeat(32) } },
      ),
    );
    const { proxyStoreApi } = await import('./proxy.ts');
    const { cookies } = cookieJar();
    const url = 'https://shop.test/store-api/context';
    const res = await proxyStoreApi({
      path: 'context',
      request: new Request(url),
      url: new URL(url),
      cookies,
      languageId: 'l'.repeat(32),
      publicUrl: 'https://shop.test',
    });
    const body = await res.text();
    expect(body).not.toContain('c'.repeat(32));
    expect(JSON.parse(body)).toEqual({ salesChannel: { id: 's' } });
  });

  test('sends the browser address for rate limits and strips tokens from login-as-customer answers', async () => {
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return Response.json({ contextToken: 'd'.repeat(32) }, { headers: { 'sw-context-token': 'd'.repeat(32) } });
    });
    const { proxyStoreApi } = await import('./proxy.ts');
    const { cookies, set } = cookieJar({ 'sw-context-token': 'a'.repeat(32) });
    const url = 'https://shop.test/store-api/werkbank/account/login-as-customer';
    const res = await proxyStoreApi({
      path: 'werkbank/account/login-as-customer',
      request: new Request(url, { method: 'POST', body: '{}', headers: { 'x-real-ip': '6.6.6.6' } }),
      url: new URL(url),
      cookies,
      languageId: 'l'.repeat(32),
      publicUrl: 'https://shop.test',
      clientAddress: '203.0.113.7',
    });
    expect(seen.at(-1)!.headers.get('x-real-ip')).toBe('203.0.113.7');
    expect(await res.json()).toEqual({});
    expect(set.map((c) => c.value)).toEqual(['d'.repeat(32), '1']);
  });

  test('an unchanged token does not set the cookie again', async () => {
    answerToken = 'a'.repeat(32);
    const { cookies, set } = cookieJar({ 'sw-context-token': 'a'.repeat(32) });
    await call(cookies);
    expect(set).toEqual([]);
    answerToken = 'b'.repeat(32);
  });

  test('a malformed cookie is not forwarded', async () => {
    const { cookies } = cookieJar({ 'sw-context-token': 'x; drop' });
    await call(cookies);
    expect(seen[0]!.headers.get('sw-context-token')).toBeNull();
  });

  test('oversized bodies are refused with an error envelope', async () => {
    const { cookies } = cookieJar();
    const res = await call(cookies, { body: 'x'.repeat(1024 * 1024 + 1) });
    expect(res.status).toBe(413);
    expect((await res.json()).errors[0].code).toBe('STOREFRONT__PAYLOAD_TOO_LARGE');
    expect(seen).toHaveLength(0);
  });

  test('a chunked body above the limit is refused with 413 without reading it all', async () => {
    // 64 MiB offered in 64 KiB chunks, without Content-Length (chunked transfer encoding).
    const chunk = new Uint8Array(64 * 1024).fill(120);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 64 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const { cookies } = cookieJar();
    const res = await call(cookies, { body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).errors[0]).toMatchObject({ status: '413', code: 'STOREFRONT__PAYLOAD_TOO_LARGE' });
    expect(pulled).toBeLessThan(2 * 1024 * 1024);
    expect(seen).toHaveLength(0);
  });

  test('a declared Content-Length above the limit is refused before the body is read', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled === 5 * 1024) return controller.close();
        pulled += 1;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const { cookies } = cookieJar();
    const res = await call(cookies, {
      body: stream,
      duplex: 'half',
      headers: { 'content-type': 'application/json', 'content-length': String(5 * 1024 * 1024) },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  test('a body stream that fails while being read answers 400 in the error envelope, not a thrown error', async () => {
    // The Node adapter fails the stream at its own limit, or the browser goes away mid-upload.
    let pulls = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (++pulls > 2) return controller.error(new Error('Body size limit exceeded'));
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const { cookies } = cookieJar();
    const res = await call(cookies, { body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ status: '400', code: 'STOREFRONT__BODY_UNREADABLE' });
    expect(seen).toHaveLength(0);
  });

  test('a body within the limit arrives whole', async () => {
    const { cookies } = cookieJar();
    const body = JSON.stringify({ search: 'x'.repeat(900 * 1024) });
    await call(cookies, { body });
    expect(await seen[0]!.text()).toBe(body);
  });
});

describe('path traversal', () => {
  const traversals = [
    ['../admin', '/store-api/../admin'],
    ['..%2fadmin', '/store-api/..%2fadmin'],
    ['%2e%2e/admin', '/store-api/%2e%2e/admin'],
    ['%2E%2E%2Fadmin', '/store-api/%2E%2E%2Fadmin'],
    ['%252e%252e%252fadmin', '/store-api/%252e%252e%252fadmin'],
    ['%25252e%25252e/admin', '/store-api/%25252e%25252e/admin'],
    ['..\\admin', '/store-api/..%5cadmin'],
    ['product/..%5c..%5cadmin', '/store-api/product/..%5c..%5cadmin'],
    ['product/%2e/x', '/store-api/product/%2e/x'],
    ['search', '/store-api/..%2f..%2fadmin'],
  ];

  test.each(traversals)('%s is refused with 400 before anything is forwarded', async (path, pathname) => {
    const { proxyStoreApi } = await import('./proxy.ts');
    const { cookies } = cookieJar();
    const url = new URL('https://shop.test/');
    url.pathname = pathname;
    const res = await proxyStoreApi({
      path,
      request: new Request(url, { method: 'POST', body: '{}' }),
      url,
      cookies,
      languageId: 'l'.repeat(32),
      publicUrl: 'https://shop.test',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ status: '400', code: 'STOREFRONT__INVALID_PATH' });
    expect(seen).toHaveLength(0);
  });

  test('ordinary Store API paths are forwarded', async () => {
    const { isSafeProxyPath } = await import('./proxy.ts');
    for (const path of ['search', 'product/0190a1b2c3d4e5f6a7b8c9d0e1f2a3b4', 'werkbank/account/login-as-customer']) {
      expect(isSafeProxyPath(path)).toBe(true);
    }
  });
});

describe('cookie attributes', () => {
  test('Secure follows the configured public URL, also when TLS ends before the storefront', async () => {
    const { proxyStoreApi } = await import('./proxy.ts');
    for (const [publicUrl, secure] of [
      ['https://www.example.be/fr', true],
      ['http://localhost:4321', false],
    ] as const) {
      const { cookies, set } = cookieJar();
      const url = 'http://127.0.0.1:4321/store-api/account/login';
      await proxyStoreApi({
        path: 'account/login',
        request: new Request(url, { method: 'POST', body: '{}' }),
        url: new URL(url),
        cookies,
        languageId: 'l'.repeat(32),
        publicUrl,
      });
      expect(set.map((c) => [c.name, (c.options as { secure: boolean }).secure])).toEqual([
        ['sw-context-token', secure],
        ['wb-logged-in', secure],
      ]);
    }
  });
});

describe('wb-logged-in marker', () => {
  const customerToken = 'c'.repeat(32);

  /** Calls `path` with the given cookies while the Store API answers `status`, `body` and `token`. */
  async function answer(
    path: string,
    initial: Record<string, string>,
    upstream: { status?: number; body?: unknown; token?: string },
  ) {
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return Response.json(upstream.body ?? {}, {
        status: upstream.status ?? 200,
        headers: upstream.token ? { 'sw-context-token': upstream.token } : {},
      });
    });
    const { proxyStoreApi } = await import('./proxy.ts');
    const jar = cookieJar(initial);
    const url = `https://shop.test/store-api/${path}`;
    const res = await proxyStoreApi({
      path,
      request: new Request(url, { method: 'POST', body: '{}' }),
      url: new URL(url),
      cookies: jar.cookies,
      languageId: 'l'.repeat(32),
      publicUrl: 'https://shop.test',
    });
    return { res, ...jar };
  }

  const notLoggedIn = {
    errors: [
      {
        status: '403',
        code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN',
        title: 'Forbidden',
        detail: 'Customer is not logged in.',
      },
    ],
  };

  test.each(['account/login', 'werkbank/account/login-as-customer', 'account/change-password'])(
    'a 2xx answer of %s sets wb-logged-in=1, readable by scripts',
    async (path) => {
      const { set } = await answer(path, { 'sw-context-token': 'a'.repeat(32) }, { token: customerToken });
      expect(set.find((c) => c.name === 'wb-logged-in')).toEqual({
        name: 'wb-logged-in',
        value: '1',
        options: { httpOnly: false, sameSite: 'lax', path: '/', maxAge: 31536000, secure: true },
      });
    },
  );

  test('a failed login sets nothing', async () => {
    const { set } = await answer(
      'account/login',
      { 'sw-context-token': 'a'.repeat(32) },
      {
        status: 401,
        body: {
          errors: [
            {
              status: '401',
              code: 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS',
              title: 'Unauthorized',
              detail: 'Invalid username and/or password.',
            },
          ],
        },
      },
    );
    expect(set).toEqual([]);
  });

  test('logout removes it', async () => {
    const { deleted, values } = await answer(
      'account/logout',
      { 'sw-context-token': customerToken, 'wb-logged-in': '1' },
      { token: 'n'.repeat(32) },
    );
    expect(deleted).toEqual([
      { name: 'wb-logged-in', options: { httpOnly: false, sameSite: 'lax', path: '/', secure: true } },
    ]);
    expect(values.get('sw-context-token')).toBe('n'.repeat(32));
  });

  test('a 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN removes it and passes the envelope through', async () => {
    const { res, deleted } = await answer(
      'account/customer',
      { 'sw-context-token': customerToken, 'wb-logged-in': '1' },
      { status: 403, body: notLoggedIn },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual(notLoggedIn);
    expect(deleted.map((d) => d.name)).toEqual(['wb-logged-in']);
  });

  test('a new anonymous context (the old one expired) removes it', async () => {
    const { deleted } = await answer(
      'checkout/cart',
      { 'sw-context-token': customerToken, 'wb-logged-in': '1' },
      { token: 'n'.repeat(32) },
    );
    expect(deleted.map((d) => d.name)).toEqual(['wb-logged-in']);
  });

  test('without a context cookie the marker goes', async () => {
    const { deleted } = await answer('checkout/cart', { 'wb-logged-in': '1' }, { token: 'n'.repeat(32) });
    expect(deleted.map((d) => d.name)).toEqual(['wb-logged-in']);
  });

  test('other answers of a logged-in context leave it alone', async () => {
    const { set, deleted } = await answer(
      'account/customer',
      { 'sw-context-token': customerToken, 'wb-logged-in': '1' },
      { token: customerToken, body: { id: 'x' } },
    );
    expect(set).toEqual([]);
    expect(deleted).toEqual([]);
  });

  test('a 403 with another code (missing right) leaves it alone', async () => {
    const { deleted } = await answer(
      'werkbank/company/users',
      { 'sw-context-token': customerToken, 'wb-logged-in': '1' },
      {
        status: 403,
        body: {
          errors: [{ status: '403', code: 'WERKBANK__MISSING_RIGHT', title: 'Forbidden', detail: 'Missing right.' }],
        },
      },
    );
    expect(deleted).toEqual([]);
  });
});

describe('punch-out sessions', () => {
  const sessionToken = 'p'.repeat(32);
  const otp = 'o'.repeat(43);
  const start = { contextToken: sessionToken, landing: { kind: 'home' }, apiAlias: 'punchout_session_start' };

  afterEach(() => {
    delete process.env.FRAME_ANCESTORS;
    delete process.env.STORE_API_OCI_ENTRY;
  });

  async function answer(path: string, initial: Record<string, string>, upstream: { body?: unknown; token?: string }) {
    vi.stubGlobal('fetch', async (request: Request) => {
      seen.push(request);
      return Response.json(upstream.body ?? {}, {
        headers: upstream.token ? { 'sw-context-token': upstream.token } : {},
      });
    });
    const { proxyStoreApi } = await import('./proxy.ts');
    const jar = cookieJar(initial);
    const url = `http://localhost:4321/store-api/${path}`;
    const res = await proxyStoreApi({
      path,
      request: new Request(url, { method: 'POST', body: '{}' }),
      url: new URL(url),
      cookies: jar.cookies,
      languageId: 'l'.repeat(32),
      publicUrl: 'http://localhost:4321',
    });
    return { res, ...jar };
  }

  test.each([`oci/otp/${otp}`, `cxml/auth/${'a'.repeat(32)}/${otp}`, `cxml/inspect/${'a'.repeat(32)}/${otp}`])(
    'a start (%s) logs the browser in: context cookie, logged-in and punch-out markers; no token in the body',
    async (path) => {
      const { res, set, values } = await answer(path, {}, { body: start, token: sessionToken });
      expect(values.get('sw-context-token')).toBe(sessionToken);
      expect(set.map((c) => [c.name, c.value])).toEqual([
        ['sw-context-token', sessionToken],
        ['wb-logged-in', '1'],
        ['wb-punchout', '1'],
      ]);
      expect(set.every((c) => (c.options as { sameSite: string }).sameSite === 'lax')).toBe(true);
      expect(await res.json()).toEqual({ landing: { kind: 'home' }, apiAlias: 'punchout_session_start' });
    },
  );

  test('with origins that may frame the shop, the session cookies are SameSite=None; Secure', async () => {
    process.env.FRAME_ANCESTORS = 'https://srm.example.com';
    const { set } = await answer(`oci/otp/${otp}`, {}, { body: start, token: sessionToken });
    expect(set.map((c) => [c.name, c.options])).toEqual([
      ['sw-context-token', { httpOnly: true, sameSite: 'none', path: '/', maxAge: 31536000, secure: true }],
      ['wb-logged-in', { httpOnly: false, sameSite: 'none', path: '/', maxAge: 31536000, secure: true }],
      ['wb-punchout', { httpOnly: false, sameSite: 'none', path: '/', maxAge: 31536000, secure: true }],
    ]);
  });

  test('the entry segments follow STORE_API_OCI_ENTRY', async () => {
    process.env.STORE_API_OCI_ENTRY = 'sap-oci';
    expect((await answer(`oci/otp/${otp}`, {}, { body: start, token: sessionToken })).set).toEqual([
      expect.objectContaining({ name: 'sw-context-token' }),
    ]);
    expect((await answer(`sap-oci/otp/${otp}`, {}, { body: start, token: sessionToken })).set).toHaveLength(3);
  });

  test.each(['werkbank/punchout/transfer', 'werkbank/punchout/cancel', 'oci/logout', 'cxml/logout'])(
    'the end of a session (%s) removes the context cookie and both markers, framed ones as they were set',
    async (path) => {
      process.env.FRAME_ANCESTORS = 'https://srm.example.com';
      const { deleted, set } = await answer(
        path,
        { 'sw-context-token': sessionToken, 'wb-logged-in': '1', 'wb-punchout': '1' },
        { body: {} },
      );
      expect(set).toEqual([]);
      expect(deleted).toEqual([
        { name: 'sw-context-token', options: { httpOnly: true, sameSite: 'none', path: '/', secure: true } },
        { name: 'wb-logged-in', options: { httpOnly: false, sameSite: 'none', path: '/', secure: true } },
        { name: 'wb-punchout', options: { httpOnly: false, sameSite: 'none', path: '/', secure: true } },
      ]);
    },
  );

  test('an ordinary login in the same browser ends the punch-out marker', async () => {
    const { deleted, set } = await answer(
      'account/login',
      { 'sw-context-token': sessionToken, 'wb-logged-in': '1', 'wb-punchout': '1' },
      { token: 'n'.repeat(32) },
    );
    expect(set.map((c) => c.name)).toEqual(['sw-context-token', 'wb-logged-in']);
    expect(deleted.map((c) => c.name)).toEqual(['wb-punchout']);
  });

  test('a session that expired (not logged in) drops the punch-out marker with the logged-in one', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { errors: [{ status: '403', code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', title: 'Forbidden', detail: '' }] },
        { status: 403 },
      ),
    );
    const { proxyStoreApi } = await import('./proxy.ts');
    const jar = cookieJar({ 'sw-context-token': sessionToken, 'wb-logged-in': '1', 'wb-punchout': '1' });
    const url = 'http://localhost:4321/store-api/werkbank/punchout/session';
    await proxyStoreApi({
      path: 'werkbank/punchout/session',
      request: new Request(url),
      url: new URL(url),
      cookies: jar.cookies,
      languageId: 'l'.repeat(32),
      publicUrl: 'http://localhost:4321',
    });
    expect(jar.deleted.map((c) => c.name)).toEqual(['wb-logged-in', 'wb-punchout']);
  });

  test('a page the Store API renders keeps its own Content-Security-Policy', async () => {
    vi.stubGlobal('fetch', async () => {
      return new Response('<!doctype html><form action="https://srm.example.com/hook"></form>', {
        headers: {
          'content-type': 'text/html; charset=ISO-8859-1',
          'content-security-policy': "form-action https://srm.example.com; script-src 'sha256-x'",
        },
      });
    });
    const { proxyStoreApi } = await import('./proxy.ts');
    const jar = cookieJar({ 'sw-context-token': sessionToken, 'wb-logged-in': '1', 'wb-punchout': '1' });
    const url = 'http://localhost:4321/store-api/werkbank/punchout/transfer';
    const res = await proxyStoreApi({
      path: 'werkbank/punchout/transfer',
      request: new Request(url, { method: 'POST' }),
      url: new URL(url),
      cookies: jar.cookies,
      languageId: 'l'.repeat(32),
      publicUrl: 'http://localhost:4321',
    });
    expect(res.headers.get('content-security-policy')).toBe(
      "form-action https://srm.example.com; script-src 'sha256-x'",
    );
    expect(res.headers.get('content-type')).toBe('text/html; charset=ISO-8859-1');
  });
});

describe('sessionEffect', () => {
  test('names logins, logouts, punch-out starts and ends by path; other paths have none', async () => {
    const { sessionEffect } = await import('./proxy.ts');
    const config = { storeApiProvider: 'acme', storeApiOciEntry: 'oci', storeApiCxmlEntry: 'cxml' };
    expect(sessionEffect('account/login', config)).toBe('login');
    expect(sessionEffect('account/logout', config)).toBe('logout');
    expect(sessionEffect('oci/otp/abc', config)).toBe('punchout-start');
    expect(sessionEffect('cxml/auth/a/b', config)).toBe('punchout-start');
    expect(sessionEffect('cxml/inspect/a/b', config)).toBe('punchout-start');
    expect(sessionEffect('acme/punchout/transfer', config)).toBe('punchout-end');
    expect(sessionEffect('werkbank/punchout/transfer', config)).toBeNull();
    expect(sessionEffect('oci/call-up', config)).toBeNull();
    expect(sessionEffect('cxml/setup', config)).toBeNull();
    expect(sessionEffect('oci/otp/abc/x', config)).toBeNull();
    expect(sessionEffect('search', config)).toBeNull();
  });
});

describe('browser address', () => {
  async function forwardedAddress(headers: Record<string, string>, trustedHeader?: string) {
    if (trustedHeader) process.env.TRUSTED_CLIENT_IP_HEADER = trustedHeader;
    try {
      const { proxyStoreApi } = await import('./proxy.ts');
      const { cookies } = cookieJar();
      const url = 'https://shop.test/store-api/account/login';
      await proxyStoreApi({
        path: 'account/login',
        request: new Request(url, { method: 'POST', body: '{}', headers }),
        url: new URL(url),
        cookies,
        languageId: 'l'.repeat(32),
        publicUrl: 'https://shop.test',
        clientAddress: '10.0.0.5',
      });
      return seen.at(-1)!.headers.get('x-real-ip');
    } finally {
      delete process.env.TRUSTED_CLIENT_IP_HEADER;
    }
  }

  test('behind a reverse proxy, the configured header names the browser, not the proxy', async () => {
    expect(await forwardedAddress({ 'x-real-ip': '203.0.113.7' }, 'x-real-ip')).toBe('203.0.113.7');
    expect(await forwardedAddress({ 'x-forwarded-for': '6.6.6.6, 203.0.113.8' }, 'x-forwarded-for')).toBe(
      '203.0.113.8',
    );
  });

  test('without the setting, or with a value that is no address, the socket address counts', async () => {
    expect(await forwardedAddress({ 'x-real-ip': '203.0.113.7' })).toBe('10.0.0.5');
    expect(await forwardedAddress({ 'x-real-ip': 'unknown' }, 'x-real-ip')).toBe('10.0.0.5');
  });
});
