// What a search engine's crawler reads (src/lib/sitemap.ts): robots.txt names each site's sitemap index, the index
// names the site's gzip sitemap files, and a file lists the home page, listing pages and product pages of that site,
// which open.
import { gunzipSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { test } from './support.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

test('robots.txt, the sitemap index of the /en site and its sitemap file lead to real pages', async ({
  request,
  baseURL,
}) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const robotsText = await robots.text();
  expect(robotsText).toContain('Disallow: /en/checkout');
  expect(robotsText).toContain(`Sitemap: ${baseURL}/en/sitemap.xml`);

  const index = await request.get('/en/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('application/xml');
  const files = locs(await index.text());
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) expect(file.startsWith(`${baseURL}/en/sitemap/`)).toBe(true);

  const file = await request.get(new URL(files[0]!).pathname);
  expect(file.status()).toBe(200);
  const urls = locs(gunzipSync(await file.body()).toString('utf8'));
  expect(urls[0]).toBe(`${baseURL}/en/`);
  for (const url of urls) expect(url.startsWith(`${baseURL}/en/`)).toBe(true);
  // A listing page and a product page (the last entries are products) open as pages of the site.
  const listing = urls.find((u) => u.endsWith('/') && u !== `${baseURL}/en/`);
  for (const url of [listing!, urls.at(-1)!]) {
    const page = await request.get(new URL(url).pathname, { maxRedirects: 0 });
    expect(page.status(), url).toBe(200);
  }

  // Another site's file is not served on this one.
  const other = files[0]!.replace(/\/en\/sitemap\//, '/sitemap/');
  expect((await request.get(new URL(other).pathname)).status()).toBe(404);
});
