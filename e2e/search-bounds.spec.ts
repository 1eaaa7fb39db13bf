import { expect } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { test } from './support.ts';

// A search term beyond the Store API's bounds (300 characters, 20 words; contract/search.ts) from the search page's
// URL or pasted into the quick search: the storefront sends its first words and says so, instead of failing.

/** "Leiter" followed by `n` filler words that match no article. */
const pasted = (n: number) => ['Leiter', ...Array.from({ length: n }, (_, i) => `qx${i}`)].join(' ');

test('the search page shortens an over-long term, says so in the page language and shows its answer', async ({
  page,
}) => {
  const response = await page.goto(`/de/search?query=${encodeURIComponent(pasted(400))}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('status').filter({ hasText: 'Ihr Suchbegriff war zu lang' })).toContainText(
    'höchstens 20 Wörter und 300 Zeichen',
  );
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Leiter qx0 qx1');
});

test('the quick search answers a pasted text of many words with its first words', async ({ page }) => {
  const searches: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/store-api/search')) searches.push(res.status());
  });
  await page.goto('/de/');
  const field = page.getByRole('combobox', { name: 'Produkte suchen' });
  await waitForHydrate(page, field);
  await field.fill(pasted(40));
  // The dropdown's empty-result line appears only when the search answered.
  await expect(page.getByRole('status').filter({ hasText: 'Keine Produkte gefunden.' })).toBeVisible();
  expect(searches).toEqual([200]);
});
