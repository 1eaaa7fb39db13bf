import { afterEach, expect, test, vi } from 'vitest';
import { provider } from './provider.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  const data = document.documentElement.dataset;
  delete data.storeApiProvider;
  delete data.storeApiOciEntry;
  delete data.storeApiCxmlEntry;
});

test('an entry below a punch-out segment goes to /store-api/{oci-entry} or /store-api/{cxml-entry}', () => {
  expect(provider.href('ociLogout')).toBe('/store-api/oci/logout');
  expect(provider.href('cxmlLogout')).toBe('/store-api/cxml/logout');
  expect(provider.href('readPunchOutSession')).toBe('/store-api/werkbank/punchout/session');
});

test('the segments follow what the page states', () => {
  const data = document.documentElement.dataset;
  data.storeApiProvider = 'acme';
  data.storeApiOciEntry = 'sap-oci';
  data.storeApiCxmlEntry = 'ariba';
  expect(provider.href('ociExchangeOtp', { params: { otp: 'a'.repeat(43) } })).toBe(
    `/store-api/sap-oci/otp/${'a'.repeat(43)}`,
  );
  expect(provider.href('cxmlLogout')).toBe('/store-api/ariba/logout');
  expect(provider.href('punchOutTransfer')).toBe('/store-api/acme/punchout/transfer');
});

test('a statement that is not a path segment falls back to the contract default', () => {
  document.documentElement.dataset.storeApiOciEntry = '../x';
  expect(provider.href('ociLogout')).toBe('/store-api/oci/logout');
});

test('invoke reads a punch-out session from the provider segment and parses it by the contract', async () => {
  const session = {
    protocol: 'oci',
    systemName: 'SAP SRM',
    operation: 'create',
    readOnly: false,
    testMode: false,
    expiresIn: 3600,
    apiAlias: 'punchout_session',
  };
  const fetch = vi.fn(async (_url: URL, _init: RequestInit) => Response.json(session));
  vi.stubGlobal('fetch', fetch);
  expect(await provider.invoke('readPunchOutSession')).toEqual(session);
  const [url, init] = fetch.mock.calls[0]!;
  expect(url.pathname).toBe('/store-api/werkbank/punchout/session');
  expect(init.method).toBe('GET');
});
