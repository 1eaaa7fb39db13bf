// The provider path segment of the B2B endpoints (`/store-api/{provider}/…`) is configuration: this spec runs in the
// "acme" project against a second shop started with STORE_API_PROVIDER=acme (playwright.config.ts). Logging in, the
// account area, prices, the registration's company check and the quick search must work there, and the browser
// must call the provider's endpoints only below /store-api/acme/: never below the default segment.
import { expect, type BrowserContext } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { test } from './support.ts';

const PASSWORD = 'Werkbank!2026';

/** Paths of every request the browser context sends, in order. */
function recordPaths(context: BrowserContext): string[] {
  const paths: string[] = [];
  context.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

const providerCalls = (paths: string[], provider: string) =>
  paths.filter((path) => path.startsWith(`/store-api/${provider}/`));

test('the page states the configured provider segment', async ({ page }) => {
  await page.goto('/en/');
  await expect(page.locator('html')).toHaveAttribute('data-store-api-provider', 'acme');
});

test('login, dashboard, users list and prices call the provider below /store-api/acme/', async ({ page, context }) => {
  const paths = recordPaths(context);
  await page.goto('/en/');
  const login = page.getByRole('banner').getByRole('link', { name: 'Log in' });
  await waitForHydrate(page, login);
  await login.click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  // anna.peeters is the lead buyer of the demo company: all rights, prices included.
  await dialog.getByLabel('Username').fill('anna.peeters');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/account\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Anna' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Account area' }).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/en\/account\/customer/);
  await expect(page.getByRole('link', { name: 'Jan Janssens' })).toBeVisible();

  await page.goto('/en/search?query=zange');
  await expect(
    page
      .getByRole('main')
      .getByText(/€\s?\d[\d.,]* net/)
      .first(),
  ).toBeVisible();

  expect(providerCalls(paths, 'acme')).toEqual(
    expect.arrayContaining(['/store-api/acme/companies/customers', '/store-api/acme/article/information']),
  );
  expect(providerCalls(paths, 'werkbank')).toEqual([]);
});

test('the registration company check and the quick search work on the acme provider', async ({ page, context }) => {
  const paths = recordPaths(context);
  await page.goto('/register/customer');
  const number = page.getByLabel('Klantnummer');
  await waitForHydrate(page, number);
  // The company check asks the server; its answer (COMPANY_DOESNT_EXIST with the provider's prefix) is translated.
  await number.fill('999999');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Er bestaat geen bedrijf met dit klantnummer.')).toBeVisible();
  await number.fill('100001');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Persoonlijke gegevens' })).toBeVisible();
  expect(providerCalls(paths, 'acme')).toContain('/store-api/acme/register/company/exists');

  await page.goto('/de/');
  const box = page.getByRole('combobox');
  await waitForHydrate(page, box);
  await box.click();
  await box.pressSequentially('Seilzugleiter');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();

  expect(providerCalls(paths, 'werkbank')).toEqual([]);
});
