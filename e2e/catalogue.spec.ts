import { expect } from '@playwright/test';
import { test } from './support.ts';

// Browsing the imported real catalogue (Günzburger ladders) and the generated part, as a buyer would.

test('home → category → filter → product', async ({ page }) => {
  await page.goto('/de/');
  await page
    .getByRole('navigation', { name: 'Produktkategorien' })
    .getByRole('link', { name: 'Steigtechnik', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Steigtechnik' })).toBeVisible();

  // Narrow the listing to one sub-category, then apply a property filter and check the count follows the facet.
  await page.getByRole('navigation', { name: 'Kategorien' }).getByRole('link', { name: 'Leitern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Leitern' })).toBeVisible();
  const label = page.locator('label:has(input[name="properties"])').first();
  const countText = (await label.innerText()).match(/\(([\d.]+)\)/)?.[1] ?? '';
  const expected = Number(countText.replaceAll('.', ''));
  expect(expected).toBeGreaterThan(0);
  // With script the checkbox applies the filter at once (the apply button is only there without script).
  await label.locator('input').click();
  await expect(page).toHaveURL(/properties=/);
  await expect(page.getByText(new RegExp(`^${countText.replaceAll('.', '\\.')} Produkte?$`))).toBeVisible();
  await expect(page.locator('input[name="properties"]:checked')).toHaveCount(1);
  // The chosen filter is a removable chip above the results.
  const chip = page.getByRole('link', { name: /^Filter entfernen: / });
  await expect(chip).toHaveCount(1);

  const firstCard = page.getByRole('main').getByRole('article').first();
  const name = (await firstCard.getByRole('heading').innerText()).trim();
  await firstCard.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('Artikelnr.')).toBeVisible();
  // Anonymous visitors see availability, never a price or a stock figure.
  await expect(page.getByText(/€/)).toHaveCount(0);
});

test('a filter group lists its first options, "show all" brings the rest, and one of those filters', async ({
  page,
}) => {
  await page.goto('/de/Steigtechnik/');
  // The first open group that has more options than the page lists.
  const group = page.locator('details[data-facet][open]:has(fieldset a[data-facet-load])').first();
  const options = group.locator('input[type="checkbox"]');
  const listed = await options.count();
  expect(listed).toBeGreaterThan(0);
  const showAll = group.getByRole('link', { name: /^Alle [\d.]+ anzeigen$/ });
  const total = Number(((await showAll.innerText()).match(/[\d.]+/)?.[0] ?? '0').replaceAll('.', ''));
  expect(total).toBeGreaterThan(listed);
  const expanded = page.locator(`[data-facet-id="${await group.getAttribute('data-facet-id')}"]`);
  // Keyboard: focus the link and press Enter; the group then lists every option and focus moves to the first new one.
  await showAll.focus();
  await page.keyboard.press('Enter');
  await expect(expanded.locator('input[type="checkbox"]')).toHaveCount(total);
  await expect(expanded.locator('input[type="checkbox"]').nth(listed)).toBeFocused();
  expect(page.url()).not.toContain('expand=');
  // An option that was not in the page before filters the listing.
  const hidden = expanded.locator('label').nth(listed);
  const countText = (await hidden.innerText()).match(/\(([\d.]+)\)/)?.[1] ?? '';
  await hidden.locator('input').click();
  await expect(page).toHaveURL(/properties=|manufacturer=/);
  await expect(page.getByText(new RegExp(`^${countText.replaceAll('.', '\\.')} Produkte?$`))).toBeVisible();
  await expect(page.locator('aside input[type="checkbox"]:checked')).toHaveCount(1);
});

test('a product page shows counter rules, delivery time and tabs', async ({ page }) => {
  await page.goto('/de/search?query=36612');
  await page
    .getByRole('link', { name: /Vollkunststoff-Schiebe-Seilzugleiter/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Vollkunststoff-Schiebe-Seilzugleiter');
  await expect(page.getByText('4031405366121')).toBeVisible();
  await expect(page.getByText(/Lieferzeit: 5 (Tage|Werktage)/)).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'Menge' })).toHaveValue('1');
  await expect(page.getByRole('tab', { name: 'Beschreibung' })).toBeVisible();
});

test('switching language on a product stays on that product', async ({ page }) => {
  await page.goto('/de/Handwerkzeuge/Zangen/');
  const card = page.getByRole('main').getByRole('article').first();
  await card.getByRole('link').first().click();
  const number = (
    await page
      .getByText(/^WB-\d+/)
      .first()
      .innerText()
  ).trim();
  const germanName = await page.getByRole('heading', { level: 1 }).innerText();

  await page.getByLabel('Sprache: DE').first().click();
  await page.getByRole('link', { name: 'EN', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/en/.+/${number}$`));
  await expect(page.locator('html')).toHaveAttribute('lang', /en/);
  await expect(page.getByText(number).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(germanName);

  await page.getByLabel('Language: EN').first().click();
  await page.getByRole('link', { name: 'FR', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/fr/.+/${number}$`));
  await expect(page.getByText(number).first()).toBeVisible();
});

test('the Austrian site answers on its own host in German', async ({ page, baseURL }) => {
  const url = new URL(baseURL ?? 'http://localhost:4400');
  url.hostname = 'at.localhost';
  await page.goto(url.toString());
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  const nav = page.getByRole('navigation', { name: 'Produktkategorien' });
  await nav.getByRole('link', { name: 'Steigtechnik', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^http://at\\.localhost:${url.port}/Steigtechnik/$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Steigtechnik' })).toBeVisible();
});

test('an unknown path gets the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/de/gibt-es-nicht/');
  expect(response?.status()).toBe(404);
  await page.getByRole('link', { name: 'Zurück zur Startseite' }).click();
  await expect(page).toHaveURL(/\/de\/?$/);
});

test('anonymous catalogue HTML is cacheable and sets no cookie', async ({ request }) => {
  const first = await request.get('/de/Steigtechnik/');
  expect(first.status()).toBe(200);
  expect(first.headers()['cache-control']).toMatch(/s-maxage=\d+/);
  expect(first.headers()['cache-control']).toMatch(/stale-while-revalidate=\d+/);
  expect(first.headers()['set-cookie']).toBeUndefined();
  const etag = first.headers()['etag'];
  expect(etag).toBeTruthy();
  const again = await request.get('/de/Steigtechnik/', { headers: { 'if-none-match': etag ?? '' } });
  expect(again.status()).toBe(304);
});

test('a page number beyond the end of a filtered listing says so and leads to the last page', async ({ page }) => {
  await page.goto('/de/Steigtechnik/?in-stock=1&p=999');
  await expect(page.getByText(/^Diese Seite gibt es nicht: die Liste hat [\d.]+ Seiten\.$/)).toBeVisible();
  await page.getByRole('link', { name: 'Zur letzten Seite' }).click();
  await expect(page).toHaveURL(/in-stock=1/);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
});
