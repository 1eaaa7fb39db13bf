// Registration and login-as-customer end to end, on the Belgian root domain (Dutch). Registrations wait
// for activation: the test follows a new company to its confirmation, finds the "registration received" mail in the
// development outbox and sees that the account cannot log in yet, activates it through the development route (the
// same step as `npm run account:activate -- <username>`, which PGlite cannot run beside the shop) and logs in.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { test } from './support.ts';

const PASSWORD = 'Werkbank!2026';

/** A Belgian VAT number (0 + 7 digits + 97 minus those eight digits modulo 97), different on every run. */
function belgianVat(): string {
  const base = 1_000_000 + Math.floor(Math.random() * 8_999_999);
  const check = 97 - (base % 97);
  return `BE0${base}${String(check).padStart(2, '0')}`;
}

async function apiPost(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  return request.post(`/store-api/${path}`, { data, headers: { origin: baseURL, referer: `${baseURL}/` } });
}

async function next(page: Page, name = 'Volgende') {
  await page.getByRole('button', { name }).click();
}

test('register a new company through all steps to its confirmation, activate it and log in', async ({
  page,
  request,
  baseURL,
}) => {
  const stamp = Date.now().toString(36);
  const username = `reg.${stamp}`;
  const email = `reg.${stamp}@example.be`;

  const response = await page.goto('/register/company');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  const vat = page.getByLabel('Btw-nummer');
  await waitForHydrate(page, vat);
  await expect(page.getByRole('link', { name: /Nieuwe klant worden/ })).toHaveAttribute('aria-current', 'page');

  // Company check: required, then the VAT format (Dutch validation messages).
  await next(page);
  await expect(page.getByText('Dit is een verplicht veld')).toBeVisible();
  await vat.fill('BE123');
  await next(page);
  await expect(page.getByText('Vul een geldig btw-nummer in')).toBeVisible();
  await vat.fill(belgianVat());
  await next(page);

  // Company data, with the branch chosen by name.
  await expect(page.getByRole('heading', { name: 'Bedrijfsgegevens' })).toBeVisible();
  await page.getByLabel('Bedrijfsnaam').fill(`Registratietest ${stamp} BV`);
  await page.getByLabel('Straat').fill('Industrieweg');
  await page.getByLabel('Huisnummer').fill('7');
  await page.getByLabel('Postcode').fill('9000');
  await page.getByLabel('Plaats').fill('Gent');
  await page.getByRole('combobox', { name: 'Uw vestiging' }).selectOption({ label: 'Melle (Gent)' });
  await next(page);

  // Personal data: mismatches are caught before anything is sent.
  await expect(page.getByRole('heading', { name: 'Persoonlijke gegevens' })).toBeVisible();
  await page.getByRole('radio', { name: 'Mevrouw' }).check();
  await page.getByLabel('Voornaam').fill('Ine');
  await page.getByLabel('Achternaam').fill('Test');
  await page.getByLabel('E-mailadres', { exact: true }).fill(email);
  await page.getByLabel('Herhaal e-mailadres').fill(`x${email}`);
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
  await next(page, 'Registreren');
  await expect(page.getByText('De e-mailadressen komen niet overeen')).toBeVisible();
  await expect(page.getByText('Ga akkoord met de privacyverklaring')).toBeVisible();
  await page.getByLabel('Herhaal e-mailadres').fill(email);
  await page.getByRole('checkbox', { name: /privacyverklaring/ }).check();
  await next(page, 'Registreren');

  await expect(page.getByRole('heading', { name: 'Bedankt voor uw registratie' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'klantaccount geactiveerd' })).toBeVisible();
  await page.screenshot({ path: 'test-results/registration-confirmation.png', fullPage: true });

  // The "registration received" mail is in the development outbox.
  await expect
    .poll(async () => {
      const outbox = (await (await request.get('/store-api/werkbank/dev/outbox')).json()) as {
        elements: { recipient: string }[];
      };
      return outbox.elements.some((m) => m.recipient === email);
    })
    .toBe(true);

  // Not active yet: logging in is refused until the account is activated.
  const login = await apiPost(page.request, baseURL!, 'account/login', { username, password: PASSWORD });
  expect(login.status()).toBeGreaterThanOrEqual(400);
  const body = (await login.json()) as { errors: { code: string }[] };
  expect(body.errors[0]?.code).toMatch(/INACTIVE/);

  // The supplier activates the registration; now the lead buyer logs in and reaches the account area.
  const activation = await apiPost(page.request, baseURL!, 'werkbank/dev/activate', { key: username });
  expect(activation.status()).toBe(200);
  const activeLogin = await apiPost(page.request, baseURL!, 'account/login', { username, password: PASSWORD });
  expect(activeLogin.status()).toBe(200);
  await page.goto('/account/dashboard');
  // The dashboard's contact information shows the new lead buyer (a guest would have been sent to /auth).
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
});

test('an existing customer adds a user: unknown client number, taken username, then the waiting user', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  await page.goto('/register/customer');
  const number = page.getByLabel('Klantnummer');
  await waitForHydrate(page, number);
  await expect(page.getByRole('heading', { name: 'Bedrijfsgegevens' })).toHaveCount(0);

  // The company check asks the server: COMPANY_DOESNT_EXIST, translated, on the client number.
  await number.fill('999999');
  await next(page);
  await expect(page.getByText('Er bestaat geen bedrijf met dit klantnummer.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bedrijfscontrole' })).toBeVisible();
  await number.fill('100001');
  await next(page);

  await expect(page.getByRole('heading', { name: 'Persoonlijke gegevens' })).toBeVisible();
  await page.getByRole('radio', { name: 'De heer' }).check();
  await page.getByLabel('Voornaam').fill('Wout');
  await page.getByLabel('Achternaam').fill('Peeters');
  await page.getByLabel('E-mailadres', { exact: true }).fill(`wout.${stamp}@example.be`);
  await page.getByLabel('Herhaal e-mailadres').fill(`wout.${stamp}@example.be`);
  await page.getByLabel('Gebruikersnaam').fill('jan.janssens');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Herhaal wachtwoord').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /privacyverklaring/ }).check();
  await next(page, 'Registreren');
  // DUPLICATE_USERNAME on its field.
  await expect(page.getByText('Deze gebruikersnaam is al in gebruik.')).toBeVisible();
  await page.getByLabel('Gebruikersnaam').fill(`wout.${stamp}`);
  await next(page, 'Registreren');
  await expect(page.getByRole('heading', { name: 'Bedankt voor uw registratie' })).toBeVisible();
});

test('an account manager logs in as a managed customer; others are not allowed', async ({ page, baseURL, browser }) => {
  // The customer's id, read through a session of its own.
  const other = await browser.newContext({ baseURL });
  expect(
    (await apiPost(other.request, baseURL!, 'account/login', { username: 'jan.janssens', password: PASSWORD })).ok(),
  ).toBe(true);
  const jan = (await (await other.request.get('/store-api/account/customer')).json()) as { id: string };

  // A buyer sees the refusal, not the form.
  await other.newPage().then(async (janPage) => {
    await janPage.goto('/loginascustomer');
    await expect(janPage.getByRole('alert')).toHaveText('Alleen accountmanagers kunnen deze functie gebruiken.');
    await expect(janPage.getByRole('textbox')).toHaveCount(0);
  });
  await other.close();

  expect(
    (await apiPost(page.request, baseURL!, 'account/login', { username: 'sophie.berger', password: PASSWORD })).ok(),
  ).toBe(true);
  await page.goto('/loginascustomer');
  // The account manager names the customer by username, as on the phone.
  const field = page.getByLabel('Gebruikersnaam of klant-ID');
  await waitForHydrate(page, field);
  await field.fill('jan.janssens');
  await page.getByRole('button', { name: 'Inloggen als deze klant' }).click();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  const me = (await (await page.request.get('/store-api/account/customer')).json()) as { id: string };
  expect(me.id).toBe(jan.id);
});
