import { expect, test } from 'vitest';
import { landingPath } from './landing.ts';

const en = { pathPrefix: '/en' };
const root = { pathPrefix: '' };
const id = '0190a1b2c3d4e5f60718293a4b5c6d7e';

test('each landing goes to its page on the site, prefix kept', () => {
  expect(landingPath({ kind: 'home' }, en)).toBe('/en/');
  expect(landingPath({ kind: 'home' }, root)).toBe('/');
  expect(landingPath({ kind: 'cart' }, en)).toBe('/en/checkout');
  expect(landingPath({ kind: 'search', term: 'Zange & Co' }, en)).toBe('/en/search?query=Zange%20%26%20Co');
});

test('a product lands on its SEO path when known, else on the technical path the catalogue redirects', () => {
  expect(landingPath({ kind: 'product', productId: id }, en, '/en/Tools/pliers-180')).toBe('/en/Tools/pliers-180');
  expect(landingPath({ kind: 'product', productId: id }, en)).toBe(`/en/detail/${id}`);
});
