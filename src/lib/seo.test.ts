import { describe, expect, test } from 'vitest';
import { canonicalUrl, robotsValue } from './seo.ts';

describe('canonicalUrl', () => {
  test.each([
    ['http://localhost:4321', '/', 'http://localhost:4321/'],
    ['http://localhost:4321', '/en//Tools///Pliers/', 'http://localhost:4321/en/Tools/Pliers/'],
    ['http://localhost:4321/', '//Gereedschap/', 'http://localhost:4321/Gereedschap/'],
    ['https://at.shop.test', 'Werkzeug/Zange/123', 'https://at.shop.test/Werkzeug/Zange/123'],
  ])('%s + %s → %s', (origin, path, expected) => {
    expect(canonicalUrl(origin, path)).toBe(expected);
  });
});

describe('robotsValue', () => {
  test('defaults to index, follow', () => {
    expect(robotsValue(undefined, undefined)).toBe('index, follow');
    expect(robotsValue('', ' ')).toBe('index, follow');
  });
  test('the page value wins over the channel value', () => {
    expect(robotsValue('noindex, follow', 'index, follow')).toBe('noindex, follow');
    expect(robotsValue(null, 'noindex, nofollow')).toBe('noindex, nofollow');
  });
});
