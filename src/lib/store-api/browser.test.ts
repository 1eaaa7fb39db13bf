import { afterEach, expect, test, vi } from 'vitest';
import { invoke, providerPath, storeApi } from './browser.ts';
import { StoreApiClientError } from './errors.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.storeApiProvider;
});

test('provider paths use the segment the page states, else the contract default, with encoded segments', () => {
  expect(providerPath('companies', 'a/b', 'address')).toBe('werkbank/companies/a%2Fb/address');
  document.documentElement.dataset.storeApiProvider = 'acme';
  expect(providerPath('article', 'information')).toBe('acme/article/information');
});

test('a JSON POST goes to the same-origin proxy and answers the parsed body', async () => {
  const fetch = vi.fn(async (_url: URL, _init: RequestInit) => Response.json({ ok: true }));
  vi.stubGlobal('fetch', fetch);
  expect(await storeApi('account/login', { body: { username: 'a' } })).toEqual({ ok: true });
  const [url, init] = fetch.mock.calls[0]!;
  expect(url.pathname).toBe('/store-api/account/login');
  expect(init.method).toBe('POST');
  expect(init.body).toBe('{"username":"a"}');
  expect(init.credentials).toBe('same-origin');
});

test('invoke calls the operation its key names: method, filled path, query string and JSON body', async () => {
  const fetch = vi.fn(async (_url: URL, _init: RequestInit) => Response.json({ success: true }));
  vi.stubGlobal('fetch', fetch);
  await invoke('readCustomer post /account/customer');
  await invoke('readContext get /context');
  await invoke('readProductListing post /product-listing/{categoryId}', {
    pathParams: { categoryId: 'a/b' },
    query: { p: 2 },
    body: { limit: 24 },
  });
  const [customerUrl, customer] = fetch.mock.calls[0]!;
  const [contextUrl, context] = fetch.mock.calls[1]!;
  const [listingUrl, listing] = fetch.mock.calls[2]!;
  expect([customerUrl.pathname, customer.method, customer.body]).toEqual(['/store-api/account/customer', 'POST', '{}']);
  expect([contextUrl.pathname, context.method, context.body]).toEqual(['/store-api/context', 'GET', undefined]);
  expect([listingUrl.pathname + listingUrl.search, listing.method, listing.body]).toEqual([
    '/store-api/product-listing/a%2Fb?p=2',
    'POST',
    '{"limit":24}',
  ]);
});

test("the server's error envelope becomes one StoreApiClientError with every item", async () => {
  // The backend's violation answer (backend/http/errors.ts `violations`).
  const envelope = {
    errors: [
      {
        status: '400',
        code: 'VIOLATION::IS_BLANK_ERROR',
        title: 'Constraint violation error',
        detail: 'This value should not be blank.',
        source: { pointer: '/firstName' },
        meta: { parameters: {} },
      },
      {
        status: '400',
        code: 'VIOLATION::INVALID_EMAIL',
        title: 'Constraint violation error',
        detail: 'This value is not a valid email address.',
        source: { pointer: '/email' },
        meta: { parameters: {} },
      },
    ],
  };
  vi.stubGlobal('fetch', async () => Response.json(envelope, { status: 400 }));
  const error = await storeApi('account/change-profile', { body: {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(StoreApiClientError);
  expect((error as StoreApiClientError).status).toBe(400);
  expect((error as StoreApiClientError).errors.map((e) => e.source?.pointer)).toEqual(['/firstName', '/email']);
});

test('a call that takes longer than its timeout is aborted', async () => {
  vi.stubGlobal(
    'fetch',
    (_url: URL, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
  );
  await expect(storeApi('search', { body: {}, timeoutMs: 10 })).rejects.toMatchObject({ name: 'TimeoutError' });
});

test("the caller's signal aborts the call", async () => {
  vi.stubGlobal(
    'fetch',
    (_url: URL, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason))),
  );
  const controller = new AbortController();
  const call = storeApi('search', { body: {}, signal: controller.signal });
  controller.abort();
  await expect(call).rejects.toMatchObject({ name: 'AbortError' });
});
