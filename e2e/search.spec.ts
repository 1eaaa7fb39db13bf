import { expect } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { test } from './support.ts';

// Finding articles of the imported real catalogue by every kind of query a buyer types.
const cases = [
  { kind: 'supplier article number', query: '36612', expect: /Vollkunststoff-Schiebe-Seilzugleiter mit Standtraverse/ },
  { kind: 'EAN', query: '4031405196902', expect: /Holm-Abdeckkappe 73x26/ },
  { kind: 'brand', query: 'KS Tools', expect: /RDKS/ },
  { kind: 'German description word', query: 'Mehrzweckdübel', expect: /Mehrzweckdübel/ },
];

for (const c of cases) {
  test(`search by ${c.kind} finds the product`, async ({ page }) => {
    await page.goto('/de/');
    const box = page.getByRole('combobox');
    await waitForHydrate(page, box);
    await box.fill(c.query);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/de\/search\?query=/);
    const first = page.getByRole('main').getByRole('article').first();
    await expect(first.getByRole('heading')).toHaveText(c.expect);
  });
}

test('an exact article number ranks first among partial matches', async ({ page }) => {
  await page.goto('/de/search?query=19690');
  await expect(page.getByRole('main').getByRole('article').first()).toContainText('19690');
});

test('a query without hits shows the no-result page', async ({ page }) => {
  await page.goto('/de/search?query=qqxxzzyy');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('qqxxzzyy');
  await expect(page.getByRole('main').getByRole('article')).toHaveCount(0);
});

test('quick search shows at most five products and opens one by keyboard', async ({ page }) => {
  await page.goto('/de/');
  const box = page.getByRole('combobox');
  await waitForHydrate(page, box);
  await box.click();
  await box.pressSequentially('Seilzugleiter');
  const list = page.getByRole('listbox');
  await expect(list.getByRole('option').first()).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(5);
  await expect(page.getByRole('link', { name: /Alle|mehr/i })).toHaveAttribute(
    'href',
    /\/de\/search\?query=Seilzugleiter/,
  );
  const name = (await list.getByRole('option').first().innerText()).split('\n')[0]?.trim() ?? '';
  await box.press('ArrowDown');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
});
