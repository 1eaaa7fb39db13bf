import type { AstroCookies } from 'astro';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { StoreApiClient } from './client.ts';

const seen: Request[] = [];
let upstream: () => Response;

beforeEach(() => {
  vi.resetModules();
  seen.length = 0;
  process.env.STORE_API_URL = 'http://backend.test:8000';
  process.env.STORE_API_ACCESS_KEY = 'SWSCTESTKEY000001';
  vi.stubGlobal('fetch', async (request: Request) => {
    seen.push(request);
    return upstream();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete process.env.STORE_API_URL;
  delete process.env.STORE_API_ACCESS_KEY;
});

const otp = 'o'.repeat(43);
const config = {
  storeApiProvider: 'acme',
  storeApiOciEntry: 'sap-oci',
  storeApiCxmlEntry: 'ariba',
  punchOutTestPage: false,
  frameAncestors: [],
};

test('paths: provider entries below the provider, punch-out entries below their segment, with the query', async () => {
  const { providerApiPath } = await import('./server-provider.ts');
  expect(providerApiPath('readPunchOutSession', {}, config)).toBe('acme/punchout/session');
  expect(providerApiPath('ociExchangeOtp', { params: { otp } }, config)).toBe(`sap-oci/otp/${otp}`);
  expect(providerApiPath('cxmlSetupRequest', { query: { storefrontUrl: 'https://a.b/en' } }, config)).toBe(
    'ariba/setup?storefrontUrl=https%3A%2F%2Fa.b%2Fen',
  );
  expect(providerApiPath('ociCallUp')).toBe('oci/call-up');
});

test('invokeProvider reads with a server client and parses the answer by the contract', async () => {
  const { invokeProvider } = await import('./server-provider.ts');
  const session = {
    protocol: 'cxml',
    systemName: 'Ariba',
    operation: 'inspect',
    readOnly: true,
    testMode: true,
    expiresIn: 1800,
    apiAlias: 'punchout_session',
  };
  const get = vi.fn(async () => session);
  const client = { get, post: vi.fn() } as unknown as StoreApiClient;
  expect(await invokeProvider(client, 'readPunchOutSession')).toEqual(session);
  expect(get).toHaveBeenCalledWith('werkbank/punchout/session');
  get.mockResolvedValueOnce({ ...session, protocol: 'edi' });
  await expect(invokeProvider(client, 'readPunchOutSession')).rejects.toThrow();
});

describe('calls for the browser', () => {
  function context() {
    const values = new Map<string, string>();
    const cookies = {
      get: (name: string) => (values.has(name) ? { value: values.get(name)! } : undefined),
      set: (name: string, value: string) => void values.set(name, value),
      delete: (name: string) => void values.delete(name),
    } as unknown as AstroCookies;
    return {
      values,
      ctx: {
        request: new Request('http://localhost:4321/oci?otp=x', { headers: { cookie: 'a=b', 'user-agent': 'UA' } }),
        url: new URL('http://localhost:4321/oci?otp=x'),
        cookies,
        locals: { domain: { languageId: 'l'.repeat(32), url: 'http://localhost:4321' } } as App.Locals,
        clientAddress: '192.0.2.9',
      },
    };
  }

  test('a one-time code is exchanged through the proxy: the context cookie is set, the token stays out of the answer', async () => {
    upstream = () =>
      Response.json(
        { contextToken: 'p'.repeat(32), landing: { kind: 'cart' }, apiAlias: 'punchout_session_start' },
        { headers: { 'sw-context-token': 'p'.repeat(32) } },
      );
    const { invokeProviderForBrowser } = await import('./server-provider.ts');
    const { ctx, values } = context();
    const outcome = await invokeProviderForBrowser(ctx, 'ociExchangeOtp', { params: { otp } });
    expect(outcome).toEqual({
      ok: true,
      status: 200,
      data: { landing: { kind: 'cart' }, apiAlias: 'punchout_session_start' },
    });
    expect(values.get('sw-context-token')).toBe('p'.repeat(32));
    expect(values.get('wb-punchout')).toBe('1');
    const [request] = seen;
    expect(new URL(request!.url).pathname).toBe(`/store-api/oci/otp/${otp}`);
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('x-real-ip')).toBe('192.0.2.9');
    expect(request!.headers.get('cookie')).toBeNull();
  });

  test('an error answer gives its status and codes', async () => {
    upstream = () =>
      Response.json({ errors: [{ status: '404', code: 'OCI__OTP_NOT_FOUND', title: 'Not Found' }] }, { status: 404 });
    const { invokeProviderForBrowser } = await import('./server-provider.ts');
    expect(await invokeProviderForBrowser(context().ctx, 'ociExchangeOtp', { params: { otp } })).toEqual({
      ok: false,
      status: 404,
      errors: [{ status: '404', code: 'OCI__OTP_NOT_FOUND', title: 'Not Found' }],
    });
  });

  test('a call-up sends its JSON body and asks for JSON; a function page is asked for as HTML', async () => {
    upstream = () => new Response('<html></html>', { headers: { 'content-type': 'text/html; charset=ISO-8859-1' } });
    const { callProviderForBrowser } = await import('./server-provider.ts');
    const body = {
      query: [],
      form: [['FUNCTION', 'VALIDATE']] as [string, string][],
      storefrontUrl: 'http://localhost:4321',
    };
    const res = await callProviderForBrowser(context().ctx, 'ociFunctionPage', { body });
    expect(res.headers.get('content-type')).toBe('text/html; charset=ISO-8859-1');
    const [request] = seen;
    expect(new URL(request!.url).pathname).toBe('/store-api/oci/function');
    expect(request!.headers.get('accept')).toBe('text/html');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(await request!.text())).toEqual(body);
  });
});
