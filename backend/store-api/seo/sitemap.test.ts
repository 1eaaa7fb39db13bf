/**
 * Sitemap files read by keyset: split into files of a few URLs, the files hold every URL of the domain exactly once,
 * in order, none above the file limit, and there is no file after the last.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type DbHandle } from '../../db/client.ts';
import { loadBackendConfig } from '../../config.ts';
import { languageId, SALES_CHANNEL_ID, seedSalesChannel } from '../../db/seed-channel.ts';
import { createCatalogWriter } from '../../catalog/writer.ts';
import { generateCatalog } from '../../catalog/generate/generate-catalog.ts';
import { createCatalogCache } from '../../commerce/catalog/catalog-cache.ts';
import { sitemapFile, type SitemapDomain } from './sitemap.ts';

let handle: DbHandle;
const domain: SitemapDomain = {
  id: 'domain',
  url: 'http://localhost:4321/de',
  languageId: languageId('de-DE'),
  locale: 'de-DE',
};

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, loadBackendConfig({}));
  const writer = createCatalogWriter(handle.db);
  for await (const change of generateCatalog({ articles: 60, seed: 3 })) await writer.write(change);
  await writer.finalize();
}, 120_000);
afterAll(() => handle.close());

/** The `<loc>` URLs of a sitemap file. */
const locs = (xml: string | null): string[] => [...(xml ?? '').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap files', () => {
  test('split into files of 7 URLs hold the same URLs as one file, each once and in order', async () => {
    const cache = createCatalogCache(handle.db);
    const whole = locs(await sitemapFile(handle.db, cache, SALES_CHANNEL_ID, domain, 1, 100_000));
    expect(whole.length).toBeGreaterThan(60);
    expect(new Set(whole).size).toBe(whole.length);
    const split: string[] = [];
    const files = Math.ceil(whole.length / 7);
    for (let n = 1; n <= files; n++) {
      const urls = locs(await sitemapFile(handle.db, cache, SALES_CHANNEL_ID, domain, n, 7));
      expect(urls.length).toBe(n < files ? 7 : whole.length - 7 * (files - 1));
      split.push(...urls);
    }
    expect(split).toEqual(whole);
    expect(await sitemapFile(handle.db, cache, SALES_CHANNEL_ID, domain, files + 1, 7)).toBeNull();
    expect(await sitemapFile(handle.db, cache, SALES_CHANNEL_ID, domain, files + 5, 7)).toBeNull();
  });

  test('a file limit below the number of pages puts the products after them, across the files', async () => {
    const cache = createCatalogCache(handle.db);
    const whole = locs(await sitemapFile(handle.db, cache, SALES_CHANNEL_ID, domain, 1, 100_000));
    const split: string[] = [];
    for (let n = 1; ; n++) {
      const xml = await sitemapFile(handle.db, cache, SALES_CHANNEL_ID, domain, n, 2);
      if (xml === null) break;
      split.push(...locs(xml));
    }
    expect(split).toEqual(whole);
  });
});
