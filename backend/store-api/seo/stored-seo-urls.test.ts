/**
 * The stored SEO URLs answer the same from the in-memory index as from SQL (the path of a shop with more than
 * SEO_INDEX_MAX_ROWS rows), for every stored path, its other-slash form and unknown paths, in every language.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCatalogCache, type CatalogCache } from '../../commerce/catalog/catalog-cache.ts';
import { seoUrlTable } from '../../db/schema/index.ts';
import { createTestStoreApi, languageId, type TestStoreApi } from '../../testing/test-fixtures.ts';
import type { CatalogDeps } from '../deps.ts';
import { storedCanonicalSeoUrls, storedSeoUrlByPath } from './stored-seo-urls.ts';
import { LOCALE_CODES } from '../../../contract/locales.ts';

let api: TestStoreApi;
let indexed: CatalogDeps;
let inSql: CatalogDeps;

beforeAll(async () => {
  api = await createTestStoreApi();
  indexed = { db: api.db, config: api.config, cache: createCatalogCache(api.db) };
  // A cache whose index is "too large": every read goes to SQL.
  const sqlOnly: CatalogCache = { ...createCatalogCache(api.db), memo: async () => null as never };
  inSql = { db: api.db, config: api.config, cache: sqlOnly };
});
afterAll(() => api.close());

describe('stored SEO URLs', () => {
  test('the index answers as SQL does, by path and by canonical foreign key', async () => {
    const stored = await api.db.select().from(seoUrlTable);
    expect(stored.length).toBeGreaterThan(10);
    const salesChannelId = stored[0]!.salesChannelId;
    const paths = [...new Set(stored.map((r) => r.seoPathInfo))];
    const keys = [...new Set(stored.map((r) => r.foreignKey))];
    let resolved = 0;
    for (const locale of LOCALE_CODES) {
      const view = { salesChannelId, languageId: languageId(locale) };
      for (const path of [...paths, 'Nothing/here/']) {
        const candidates = [path, path.endsWith('/') ? path.slice(0, -1) : `${path}/`];
        const fromIndex = await storedSeoUrlByPath(indexed, view, candidates);
        const fromSql = await storedSeoUrlByPath(inSql, view, candidates);
        // Among equally ranked rows SQL picks any: compare what the rank decides, and the row's path.
        expect(fromIndex && { ...fromIndex, id: undefined }).toEqual(fromSql && { ...fromSql, id: undefined });
        if (fromIndex) resolved += 1;
      }
      expect(await storedCanonicalSeoUrls(indexed, view, keys)).toEqual(
        await storedCanonicalSeoUrls(inSql, view, keys),
      );
    }
    expect(resolved).toBeGreaterThan(paths.length);
  });
});
