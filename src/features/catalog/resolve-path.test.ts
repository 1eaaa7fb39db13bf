import { describe, expect, test } from 'vitest';
import { resolvePath } from './resolve-path.ts';
import type { StoreApiClient } from '../../lib/store-api/client.ts';
import { entity } from '../../lib/store-api/testing/fixture.ts';
import type { SeoUrl } from '../../lib/store-api/types.ts';

const CAT = 'c'.repeat(32);
const PROD = 'd'.repeat(32);

const rows = entity<SeoUrl[]>([
  { foreignKey: CAT, routeName: 'frontend.navigation.page', seoPathInfo: 'Tools/Pliers/', isCanonical: true },
  { foreignKey: CAT, routeName: 'frontend.navigation.page', seoPathInfo: 'Tools/Old-Pliers/', isCanonical: false },
  // Product paths are resolved by number: the backend answers with the canonical path for any name slug.
  { foreignKey: PROD, routeName: 'frontend.detail.page', seoPathInfo: 'Combination-pliers/WB-100', isCanonical: true },
]);

/** A Store API stand-in answering seo-url criteria from `rows`. */
function fakeClient(): StoreApiClient {
  return {
    lastContextToken: undefined,
    answeredCacheVersions: {},
    get: async () => {
      throw new Error('unexpected GET');
    },
    post: async () => {
      throw new Error('unexpected POST');
    },
    invoke: async (operation, ...[request]) => {
      if (operation !== 'readSeoUrl post /seo-url') throw new Error(`unexpected ${operation}`);
      const filters = (request as unknown as { body: { filter: { field: string; value: unknown }[] } }).body.filter;
      const elements = rows.filter((r) =>
        filters.every((f) => {
          if (f.field === 'seoPathInfo' && String(f.value).endsWith('/WB-100')) return r.foreignKey === PROD;
          return (r as unknown as Record<string, unknown>)[f.field] === f.value;
        }),
      );
      return { elements } as never;
    },
  };
}

describe('resolvePath', () => {
  test('a canonical category path resolves to the category', async () => {
    expect(await resolvePath(fakeClient(), '/Tools/Pliers/')).toEqual({ kind: 'category', id: CAT });
  });

  test('a category path without trailing slash redirects to the stored path', async () => {
    expect(await resolvePath(fakeClient(), '/Tools/Pliers')).toEqual({
      kind: 'redirect',
      seoPathInfo: 'Tools/Pliers/',
    });
  });

  test('an old (non-canonical) path redirects to the canonical one', async () => {
    expect(await resolvePath(fakeClient(), '/Tools/Old-Pliers/')).toEqual({
      kind: 'redirect',
      seoPathInfo: 'Tools/Pliers/',
    });
  });

  test('technical paths redirect to the SEO path', async () => {
    expect(await resolvePath(fakeClient(), `/navigation/${CAT}`)).toEqual({
      kind: 'redirect',
      seoPathInfo: 'Tools/Pliers/',
    });
  });

  test('a product path with an outdated name slug redirects to the canonical product path', async () => {
    expect(await resolvePath(fakeClient(), '/Old-name/WB-100')).toEqual({
      kind: 'redirect',
      seoPathInfo: 'Combination-pliers/WB-100',
    });
    expect(await resolvePath(fakeClient(), '/Combination-pliers/WB-100')).toEqual({ kind: 'product', id: PROD });
  });

  test('unknown paths are not found', async () => {
    expect(await resolvePath(fakeClient(), '/Nothing/here/')).toEqual({ kind: 'not-found' });
    expect(await resolvePath(fakeClient(), '/%E0%A4%A')).toEqual({ kind: 'not-found' });
  });
});
