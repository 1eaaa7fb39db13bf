import { expect, test } from 'vitest';
import { storefrontConfig } from './storefront-config.ts';

test('the provider segment comes from STORE_API_PROVIDER, else the contract default', () => {
  expect(storefrontConfig({ STORE_API_PROVIDER: 'acme' }).storeApiProvider).toBe('acme');
  expect(storefrontConfig({}).storeApiProvider).toBe('werkbank');
});

test('a provider that is not a path segment is refused like the backend refuses it', () => {
  expect(() => storefrontConfig({ STORE_API_PROVIDER: '../x' })).toThrow();
});

test('the punch-out entry segments come from STORE_API_OCI_ENTRY and STORE_API_CXML_ENTRY, else oci and cxml', () => {
  expect(storefrontConfig({})).toMatchObject({ storeApiOciEntry: 'oci', storeApiCxmlEntry: 'cxml' });
  expect(storefrontConfig({ STORE_API_OCI_ENTRY: 'sap-oci', STORE_API_CXML_ENTRY: 'ariba' })).toMatchObject({
    storeApiOciEntry: 'sap-oci',
    storeApiCxmlEntry: 'ariba',
  });
  expect(() => storefrontConfig({ STORE_API_OCI_ENTRY: 'OCI/x' })).toThrow();
  expect(() => storefrontConfig({ STORE_API_CXML_ENTRY: '9cxml' })).toThrow();
});

test('the procurement simulator is on only with PUNCHOUT_TEST_PAGE=1', () => {
  expect(storefrontConfig({}).punchOutTestPage).toBe(false);
  expect(storefrontConfig({ PUNCHOUT_TEST_PAGE: 'true' }).punchOutTestPage).toBe(false);
  expect(storefrontConfig({ PUNCHOUT_TEST_PAGE: '1' }).punchOutTestPage).toBe(true);
});

test('the origins that may frame punch-out sessions come from FRAME_ANCESTORS', () => {
  expect(storefrontConfig({}).frameAncestors).toEqual([]);
  expect(
    storefrontConfig({ FRAME_ANCESTORS: 'https://srm.example.com/sap, https://ariba.example' }).frameAncestors,
  ).toEqual(['https://srm.example.com', 'https://ariba.example']);
});
