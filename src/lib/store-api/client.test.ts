import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

const seen: Request[] = [];
let reply: () => Response;

beforeEach(() => {
  vi.resetModules();
  seen.length = 0;
  process.env.STORE_API_URL = 'http://backend.test:8000/';
  process.env.STORE_API_ACCESS_KEY = 'SWSCTESTKEY000001';
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request);
    return reply();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete process.env.STORE_API_URL;
  delete process.env.STORE_API_ACCESS_KEY;
});

describe('createStoreApiClient over HTTP (STORE_API_URL)', () => {
  test('posts criteria with access key, language and context token and returns the body', async () => {
    reply = () => Response.json({ elements: [], total: 0 }, { headers: { 'sw-context-token': 'c'.repeat(32) } });
    const { createStoreApiClient } = await import('./client.ts');
    const client = createStoreApiClient({ languageId: 'l'.repeat(32), contextToken: 't'.repeat(32) });
    expect(await client.post('product-listing/abc', { limit: 24 })).toEqual({ elements: [], total: 0 });
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('http://backend.test:8000/store-api/product-listing/abc');
    expect(req.headers.get('sw-access-key')).toBe('SWSCTESTKEY000001');
    expect(req.headers.get('sw-language-id')).toBe('l'.repeat(32));
    expect(req.headers.get('sw-context-token')).toBe('t'.repeat(32));
    expect(await req.json()).toEqual({ limit: 24 });
    expect(client.lastContextToken).toBe('c'.repeat(32));
  });

  test("throws StoreApiClientError carrying Shopware's error envelope", async () => {
    reply = () =>
      Response.json(
        {
          errors: [
            {
              status: '404',
              code: 'CONTENT__CATEGORY_NOT_FOUND',
              title: 'Not Found',
              detail: 'Category "x" not found.',
            },
          ],
        },
        { status: 404 },
      );
    const { createStoreApiClient } = await import('./client.ts');
    const { StoreApiClientError } = await import('./errors.ts');
    const error = await createStoreApiClient()
      .post('category/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreApiClientError);
    expect(error).toMatchObject({ status: 404, code: 'CONTENT__CATEGORY_NOT_FOUND' });
  });

  test('a non-JSON failure becomes UNKNOWN_ERROR', async () => {
    reply = () => new Response('Bad gateway', { status: 502 });
    const { createStoreApiClient } = await import('./client.ts');
    await expect(createStoreApiClient().get('context')).rejects.toMatchObject({ status: 502, code: 'UNKNOWN_ERROR' });
  });

  test('refuses to start without an access key for an external Store API', async () => {
    delete process.env.STORE_API_ACCESS_KEY;
    const { createStoreApiClient } = await import('./client.ts');
    await expect(createStoreApiClient().get('context')).rejects.toThrow(/STORE_API_ACCESS_KEY/);
  });
});

describe('createStoreApiClient().invoke', () => {
  test('fills the operation path, sends the body and returns the answer', async () => {
    reply = () => Response.json({ elements: [], total: 0, page: 1, limit: 24 });
    const { createStoreApiClient } = await import('./client.ts');
    const answer = await createStoreApiClient().invoke('readProductListing post /product-listing/{categoryId}', {
      pathParams: { categoryId: 'a/b' },
      body: { limit: 24 },
    });
    expect(answer).toMatchObject({ total: 0, page: 1 });
    const req = seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('http://backend.test:8000/store-api/product-listing/a%2Fb');
    expect(await req.json()).toEqual({ limit: 24 });
  });

  test('sends a GET operation without a body', async () => {
    reply = () => Response.json({ token: 't'.repeat(32) });
    const { createStoreApiClient } = await import('./client.ts');
    await createStoreApiClient().invoke('readContext get /context');
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.url).toBe('http://backend.test:8000/store-api/context');
  });

  test('rejects an operation whose path parameter is missing', async () => {
    const { operationRequest } = await import('./operation.ts');
    expect(() => operationRequest('readCategory post /category/{navigationId}')).toThrow(/navigationId/);
  });
});
