import { expect, type Page } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { test } from './support.ts';

// Buyers log in on the Belgian root domain (Dutch). Demo logins: backend/seed/seed-customers.ts, password
// below; every test uses its own user, so no test depends on what another did to the database the tests of a worker
// share.
const PASSWORD = 'Werkbank!2026';

/** Opens the header's login dialog (after the header island has hydrated) and returns it. */
async function openLoginDialog(page: Page) {
  const login = page.getByRole('banner').getByRole('link', { name: 'Inloggen' });
  await waitForHydrate(page, login);
  await login.click();
  const dialog = page.getByRole('dialog', { name: 'Inloggen' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function logInFromHeader(page: Page, username: string, password: string) {
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('Gebruikersnaam').fill(username);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Inloggen' }).click();
}

test('log in from the header dialog, land on the dashboard, log out', async ({ page, context }) => {
  await page.goto('/');
  const dialog = await openLoginDialog(page);
  // Required fields first, with the Dutch message of the form validation.
  await dialog.getByRole('button', { name: 'Inloggen' }).click();
  await expect(dialog.getByText('Dit is een verplicht veld')).toHaveCount(2);
  // Wrong password: the form's error state, the dialog stays.
  await dialog.getByLabel('Gebruikersnaam').fill('anna.peeters');
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill('not the password');
  await dialog.getByRole('button', { name: 'Inloggen' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Gebruikersnaam of wachtwoord is onjuist.');

  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Wachtwoord tonen' }).click();
  await expect(dialog.getByLabel('Wachtwoord', { exact: true })).toHaveAttribute('type', 'text');
  await dialog.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await expect(page.getByRole('status').filter({ hasText: 'U bent nu ingelogd.' })).toBeVisible();

  // The token lives only in an HttpOnly cookie.
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'sw-context-token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('sw-context-token');

  const account = page.getByRole('banner').getByRole('button', { name: 'Mijn account' });
  await waitForHydrate(page, account);
  await account.click();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Inloggen' })).toBeVisible();
  const after = await page.request.get('/store-api/account/customer');
  expect(after.status()).toBe(403);
});

// eva.gruber is used by no other spec: this test changes her password, and the tests of a worker share one database.
test('forgot password through the outbox to a new password, then log in with it', async ({ page, request }) => {
  await page.goto('/');
  const login = await openLoginDialog(page);
  await login.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Wachtwoord vergeten' });
  await forgot.getByLabel('Gebruikersnaam').fill('eva.gruber');
  await forgot.getByRole('button', { name: 'Link versturen' }).click();
  await expect(forgot).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'hebben we u een e-mail' })).toBeVisible();

  let link = '';
  await expect
    .poll(async () => {
      const outbox = (await (await request.get('/store-api/werkbank/dev/outbox')).json()) as {
        elements: { recipient: string; text: string }[];
      };
      const mail = outbox.elements.find((m) => m.recipient.startsWith('eva.gruber@'));
      link = mail?.text.match(/https?:\/\/\S+\/auth\/password-set\?hash=[0-9a-f]+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await page.goto(new URL(link).pathname + new URL(link).search);
  const newPassword = 'Nieuw-Wachtwoord-2026';
  const field = page.getByLabel('Nieuw wachtwoord', { exact: true });
  await waitForHydrate(page, field);
  await field.fill(newPassword);
  await page.getByLabel('Nieuw wachtwoord bevestigen').fill('something else entirely');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('De wachtwoorden komen niet overeen')).toBeVisible();
  await page.getByLabel('Nieuw wachtwoord bevestigen').fill(newPassword);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('status').filter({ hasText: 'Uw wachtwoord is gewijzigd.' })).toBeVisible();

  // The old password no longer works; the new one does.
  await logInFromHeader(page, 'eva.gruber', PASSWORD);
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('Gebruikersnaam of wachtwoord is onjuist.');
  await page.getByRole('dialog').getByLabel('Wachtwoord', { exact: true }).fill(newPassword);
  await page.getByRole('dialog').getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
});

test('a customer under forced recovery is sent to the password-set page with a hash', async ({ page }) => {
  await page.goto('/');
  await logInFromHeader(page, 'bart.reset', PASSWORD);
  await expect(page).toHaveURL(/\/auth\/password-set\?hash=[0-9a-f]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Nieuw wachtwoord instellen' })).toBeVisible();
});

test('the /auth pages are private and set the language cookie', async ({ page }) => {
  const response = await page.goto('/en/auth');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => document.cookie)).toMatch(/sw-language-id=[0-9a-f]{32}/);
});

test('a price and a stock figure appear on a product after login and not before', async ({ page, loginAs }) => {
  const price = /€\s?\d[\d.]*,\d{2,4} netto/;
  await page.goto('/search?query=zange');
  const slots = page.locator('[data-price-slot]');
  await expect(slots.first()).toHaveText('Prijzen na inloggen');
  await waitForHydrate(page, page.getByRole('banner').getByRole('link', { name: 'Inloggen' }));
  await expect(page.getByText(/€/)).toHaveCount(0);
  await expect(page.getByText(/^Voorraad: /)).toHaveCount(0);

  // tom.wuyts holds ROLE_VIEW_PRICES.
  await loginAs('tom.wuyts');
  await page.goto('/search?query=zange');
  const priced = page
    .getByRole('main')
    .getByRole('article')
    .filter({ has: page.getByText(price) })
    .first();
  await expect(priced).toBeVisible();
  await priced.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Dutch notation on the product page: comma decimals, two places at least, and the stock figure.
  const slot = page.locator('[data-price-slot]').first();
  await expect(slot.getByText(price)).toBeVisible();
  await expect(slot.getByText(/^(Voorraad: [\d.,]+|Momenteel niet op voorraad)$/)).toBeVisible();
});

test('an inactive customer gets the inactive message in the form, not a login', async ({ page }) => {
  await page.goto('/');
  await logInFromHeader(page, 'els.inactief', PASSWORD);
  await expect(page.getByRole('dialog').getByRole('alert')).toContainText('Uw klantaccount is niet actief.');
  expect((await page.request.get('/store-api/account/customer')).status()).toBe(403);
});

test('the /auth page logs in, ignores a redirect to another site and sends a logged-in buyer on', async ({ page }) => {
  await page.goto('/auth?redirect=https://evil.example/');
  const form = page.getByRole('main');
  const username = form.getByLabel('Gebruikersnaam');
  await waitForHydrate(page, username);
  await username.fill('pieter.oci');
  await form.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/account\/dashboard$/);

  // Already logged in, the login page sends the buyer straight on to a same-site target.
  await page.goto('/auth?redirect=/account/profile');
  await expect(page).toHaveURL(/\/account\/profile$/);
});

test.describe('mobile header', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the account icon opens the login dialog, and after login links to the dashboard', async ({ page }) => {
    await page.goto('/');
    await logInFromHeader(page, 'lotte.claes', PASSWORD);
    await expect(page).toHaveURL(/\/account\/dashboard$/);
    await page.goto('/');
    const icon = page.getByRole('banner').getByRole('link', { name: 'Dashboard' });
    await waitForHydrate(page, icon);
    await icon.click();
    await expect(page).toHaveURL(/\/account\/dashboard$/);
  });
});
