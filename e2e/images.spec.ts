import { expect, type Page } from '@playwright/test';
import { test } from './support.ts';

// Product images of the generated catalogue: thumbnails from the media store in a <picture>, the product page's main
// image preloaded, and the placeholder when an image cannot be loaded.

const LISTING = '/en/Power-tools/Drills/';

/** The first product page linked from the listing. */
async function firstProductPath(page: Page): Promise<string> {
  await page.goto(LISTING);
  const href = await page.getByRole('main').getByRole('article').first().getByRole('link').first().getAttribute('href');
  expect(href).toBeTruthy();
  return href!;
}

test('a listing shows real product images, the first row loaded at once and as AVIF', async ({ page }) => {
  await page.goto(LISTING);
  const images = page.getByRole('main').getByRole('article').locator('picture img');
  expect(await images.count()).toBeGreaterThan(4);
  const first = images.first();
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(images.nth(4)).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/media\/[0-9a-f]{64}\/\d+x\d+\.avif$/,
  );
});

test('the product page preloads its main image, loads it with high priority and caches it as immutable', async ({
  page,
}) => {
  const path = await firstProductPath(page);
  const mediaResponse = page.waitForResponse((r) => /\/media\/[0-9a-f]{64}\/\d+x\d+\.avif$/.test(r.url()));
  await page.goto(path);
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveAttribute('type', 'image/avif');
  await expect(preload).toHaveAttribute('fetchpriority', 'high');
  const main = page.getByRole('region', { name: 'Product images' }).locator('img').first();
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  expect(await preload.getAttribute('imagesrcset')).toBe(
    await main.evaluate((img) => img.parentElement!.querySelector('source[type="image/avif"]')!.getAttribute('srcset')),
  );
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const response = await mediaResponse;
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(response.headers()['content-type']).toBe('image/avif');
});

test('an image that fails to load is replaced by the placeholder, allowed by the page policy', async ({ page }) => {
  const path = await firstProductPath(page);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to execute/i.test(message.text())) violations.push(message.text());
  });
  await page.route(/\/media\//, (route) => route.abort());
  await page.goto(path);
  const main = page.getByRole('region', { name: 'Product images' }).locator('img').first();
  await expect
    .poll(() => main.evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\/images\/placeholder-product\.svg$/);
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(violations).toEqual([]);
});
