// How the production server delivers bytes to Chromium (docs/decisions/018): a catalogue page arrives compressed in a
// coding Chromium asked for, and the hashed files under /_astro/ (the page's stylesheet, its islands' scripts) are
// immutable and precompressed.
import { expect } from '@playwright/test';
import { test } from './support.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

test('a catalogue page arrives compressed and its /_astro/ files are immutable', async ({ page }) => {
  const stylesheet = page.waitForResponse((r) => /^\/_astro\/[^/]+\.css$/.test(new URL(r.url()).pathname));
  const response = await page.goto('/en');
  expect(response?.status()).toBe(200);

  const accepted = ((await response!.request().allHeaders())['accept-encoding'] ?? '').split(/\s*,\s*/);
  const headers = await response!.allHeaders();
  expect(['br', 'gzip']).toContain(headers['content-encoding']);
  expect(accepted).toContain(headers['content-encoding']);
  expect(headers['vary']).toMatch(/accept-encoding/i);
  // Chromium decoded the whole page.
  await expect(page.locator('footer')).toBeVisible();

  const css = await stylesheet;
  expect((await css.allHeaders())['cache-control']).toBe(IMMUTABLE);
  expect(['br', 'gzip']).toContain((await css.allHeaders())['content-encoding']);

  // An island's script, as Chromium fetches it when the island hydrates.
  const scriptUrl = await page.locator('astro-island[component-url]').first().getAttribute('component-url');
  expect(scriptUrl).toMatch(/^\/_astro\/[^/]+\.js$/);
  const script = await page.evaluate(async (url) => {
    const r = await fetch(url!);
    const text = await r.text();
    return {
      status: r.status,
      cacheControl: r.headers.get('cache-control'),
      encoding: r.headers.get('content-encoding'),
      length: text.length,
    };
  }, scriptUrl);
  expect(script.status).toBe(200);
  expect(script.cacheControl).toBe(IMMUTABLE);
  expect(['br', 'gzip']).toContain(script.encoding);
  expect(script.length).toBeGreaterThan(0);
});
