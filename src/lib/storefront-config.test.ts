import { expect, test } from 'vitest';
import { storefrontConfig } from './storefront-config.ts';

test('the provider segment comes from STORE_API_PROVIDER, else the contract default', () => {
  expect(storefrontConfig({ STORE_API_PROVIDER: 'acme' }).storeApiProvider).toBe('acme');
  expect(storefrontConfig({}).storeApiProvider).toBe('werkbank');
});

test('a provider that is not a path segment is refused like the backend refuses it', () => {
  expect(() => storefrontConfig({ STORE_API_PROVIDER: '../x' })).toThrow();
});
