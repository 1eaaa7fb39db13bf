import { describe, expect, test } from 'vitest';
import { isSameOriginRequest } from './origin-check.ts';

const req = (method: string, headers: Record<string, string> = {}) =>
  new Request('http://localhost:4321/store-api/search', { method, headers });

describe('isSameOriginRequest', () => {
  test('safe methods always pass', () => {
    expect(isSameOriginRequest(req('GET', { 'sec-fetch-site': 'cross-site' }), '/store-api/search')).toBe(true);
  });

  test.each([
    ['same-origin', true],
    ['none', true],
    ['same-site', false],
    ['cross-site', false],
  ])('POST with Sec-Fetch-Site %s → %s', (site, allowed) => {
    expect(
      isSameOriginRequest(
        req('POST', { 'sec-fetch-site': site, 'content-type': 'application/json' }),
        '/store-api/search',
      ),
    ).toBe(allowed);
  });

  test('a JSON POST from another origin is refused by its Origin header', () => {
    expect(
      isSameOriginRequest(
        req('POST', { origin: 'https://evil.example', 'content-type': 'application/json' }),
        '/store-api/checkout/cart/line-item',
      ),
    ).toBe(false);
    expect(isSameOriginRequest(req('DELETE', { origin: 'http://localhost:4321' }), '/store-api/checkout/cart')).toBe(
      true,
    );
  });

  test('exactly the punch-out entry points and the simulator return pages are exempt', () => {
    const crossSite = (path: string) =>
      isSameOriginRequest(
        req('POST', { 'sec-fetch-site': 'cross-site', 'content-type': 'application/x-www-form-urlencoded' }),
        path,
      );
    for (const path of [
      '/punchout/oci',
      '/punchout/oci/',
      '/punchout/cxml/setup',
      '/punchout/cxml/order',
      '/punchout-test/oci-return',
      '/punchout-test/cxml-return',
    ]) {
      expect(crossSite(path), path).toBe(true);
    }
    for (const path of [
      '/punchout/transfer',
      '/punchout/cancel',
      '/punchout/oci/x',
      '/punchout',
      '/punchout-test',
      '/punchout-test/cxml',
      '/oci',
      '/cxml/auth',
      '/ocimport',
      '/store-api/oci/call-up',
    ]) {
      expect(crossSite(path), path).toBe(false);
    }
  });
});
