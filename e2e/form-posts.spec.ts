// Forms that carry a password or personal data post their fields in the body, never in a URL: submitted before the
// island hydrates, or in a browser without JavaScript, they go to the storefront's form endpoints
// (src/pages/auth/form/[action].ts), which log in, send the recovery mail or set the password, or refuse the larger
// forms with the translated "needs JavaScript" message, each with a redirect (Post/Redirect/Get). Every request the
// browser makes is recorded, and no URL may hold a typed value.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { apiPost, DEMO_PASSWORD, invitationHash, test } from './support.ts';

/** Records every URL the context requests (redirect hops included). */
function recordUrls(context: BrowserContext): string[] {
  const urls: string[] = [];
  context.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Fails when any recorded URL holds one of `values`, raw or percent-encoded. */
function expectNoneIn(urls: readonly string[], values: readonly string[]) {
  for (const value of values) {
    for (const form of new Set([value, encodeURIComponent(value)])) {
      expect(
        urls.filter((url) => url.includes(form)),
        `"${value}" in a URL`,
      ).toEqual([]);
    }
  }
}

/** The logged-in customer's username as the Store API reports it for this context, or null. */
async function loggedInAs(page: Page): Promise<string | null> {
  const response = await page.request.get('/store-api/account/customer', { headers: { referer: page.url() } });
  if (!response.ok()) return null;
  return (
    ((await response.json()) as { extensions?: { customerExtension?: { username?: string } } }).extensions
      ?.customerExtension?.username ?? null
  );
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login page logs in through a POST: rotated session cookie, dashboard, no credential in a URL', async ({
    page,
    context,
    baseURL,
  }) => {
    const urls = recordUrls(context);
    // A token the visitor brought (or was given) must not become the logged-in session.
    await context.addCookies([{ name: 'sw-context-token', value: 'a'.repeat(32), url: baseURL! }]);
    await page.goto('/en/auth');
    await page.getByLabel('Username').fill('tom.wuyts');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/account\/dashboard$/);
    const cookies = await context.cookies();
    const token = cookies.find((c) => c.name === 'sw-context-token');
    expect(token).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(token?.value).not.toBe('a'.repeat(32));
    expect(cookies.find((c) => c.name === 'wb-logged-in')?.value).toBe('1');
    expect(await loggedInAs(page)).toBe('tom.wuyts');
    expectNoneIn(urls, ['tom.wuyts', DEMO_PASSWORD]);
    expect(urls.some((url) => url.endsWith('/en/auth/form/login'))).toBe(true);
  });

  test('a wrong password comes back translated on the login page (English and German), no credential in a URL', async ({
    page,
    context,
  }) => {
    const urls = recordUrls(context);
    await page.goto('/en/auth');
    await page.getByLabel('Username').fill('markus.huber');
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/auth\?error=CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS$/);
    await expect(page.getByRole('alert')).toContainText('The username or password is incorrect.');

    await page.goto('/de/auth');
    await page.getByLabel('Benutzername').fill('markus.huber');
    await page.getByLabel('Passwort', { exact: true }).fill('Not-The-Password-2');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).toHaveURL(/\/de\/auth\?error=/);
    await expect(page.getByRole('alert')).toContainText('Benutzername oder Passwort ist falsch.');
    expect(await loggedInAs(page)).toBeNull();
    expectNoneIn(urls, ['markus.huber', 'Not-The-Password-1', 'Not-The-Password-2']);
  });

  test('invitation → set the password, log in, ask for a recovery mail: all as POSTs', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // A new user of Peeters, so no other spec's user changes its password.
    const stamp = Date.now().toString(36);
    const username = `nojs.${stamp}`;
    const email = `nojs.${stamp}@example.be`;
    await apiPost(request, baseURL!, 'account/login', { username: 'anna.peeters', password: DEMO_PASSWORD });
    await apiPost(request, baseURL!, 'werkbank/companies/customers/create', {
      firstName: 'Noor',
      lastName: 'Script',
      email,
      username,
    });
    const hash = await invitationHash(request, baseURL!, email);
    const newPassword = `Zonder-Script-${stamp}`;

    const urls = recordUrls(context);
    await page.goto(`/en/auth/password-set?hash=${hash}`);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(`${newPassword}-typo`);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/en\/auth\/password-set\?hash=[0-9a-f]+&error=/);
    await expect(page.getByRole('alert')).toContainText('The two entries do not match.');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page).toHaveURL(/\/en\/auth\?notice=password-set$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();

    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/account\/dashboard$/);
    expect(await loggedInAs(page)).toBe(username);

    await page.goto('/en/auth/password-forgot');
    await page.getByLabel('Username').fill(username);
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page).toHaveURL(/\/en\/auth\/password-recovery$/);
    expectNoneIn(urls, [username, newPassword, `${newPassword}-typo`, email]);
  });

  test('the registration forms refuse with the translated message and put nothing into a URL', async ({
    page,
    context,
  }) => {
    const urls = recordUrls(context);
    for (const path of ['/en/register/company', '/en/register/customer']) {
      await page.goto(path);
      const form = page.locator('main form');
      const fields = form.locator('input[type="text"], input[type="email"], input[type="tel"], input:not([type])');
      const count = await fields.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) await fields.nth(i).fill(`Personal${i}Value`);
      await form.locator('button[type="submit"]').first().click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?error=STOREFRONT__SCRIPT_REQUIRED$`));
      await expect(page.getByRole('alert')).toContainText('This form needs JavaScript.');
      expectNoneIn(
        urls,
        Array.from({ length: count }, (_, i) => `Personal${i}Value`),
      );
    }
  });
});

test('with JavaScript, a login submitted right after navigation (before or after hydration) logs in', async ({
  page,
  context,
}) => {
  const urls = recordUrls(context);
  await page.goto('/en/auth', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('lotte.claes');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/en\/account\/dashboard$/);
  expect(await loggedInAs(page)).toBe('lotte.claes');
  expectNoneIn(urls, ['lotte.claes', DEMO_PASSWORD]);
});

test('a login typed before its island hydrated and sent after it logs in with what was typed', async ({
  page,
  context,
}) => {
  const urls = recordUrls(context);
  // Hold the login island's script until the buyer has typed, as on a slow line.
  let releaseScript: () => void = () => undefined;
  const typed = new Promise<void>((resolve) => (releaseScript = resolve));
  await page.route(/\/_astro\/LoginForm\.[^/]+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/en/auth', { waitUntil: 'commit' });
  await page.getByLabel('Username').fill('lotte.claes');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  releaseScript();
  await waitForHydrate(page, page.getByLabel('Username'));
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/en\/account\/dashboard$/);
  expect(await loggedInAs(page)).toBe('lotte.claes');
  expectNoneIn(urls, ['lotte.claes', DEMO_PASSWORD]);
});

test('the form endpoints take posts from the shop’s own pages only', async ({ playwright, baseURL }) => {
  const form = { username: 'markus.huber', password: 'Not-The-Password-3' };
  const request = await playwright.request.newContext({ baseURL: baseURL! });
  const crossSite = await request.post('/en/auth/form/login', {
    form,
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  const sameOrigin = await request.post('/en/auth/form/login', {
    form,
    headers: { origin: baseURL!, 'sec-fetch-site': 'same-origin' },
    maxRedirects: 0,
  });
  expect(sameOrigin.status()).toBe(303);
  expect(sameOrigin.headers().location).toBe('/en/auth?error=CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS');
  // The account area's forms render in the browser only; their endpoint refuses and sends the visitor back.
  const refused = await request.post('/en/auth/form/script-required', {
    form: { firstName: 'Noor', email: 'noor@example.be' },
    headers: { origin: baseURL!, 'sec-fetch-site': 'same-origin', referer: `${baseURL}/en/account/profile` },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(303);
  expect(refused.headers().location).toBe('/en/account/profile?error=STOREFRONT__SCRIPT_REQUIRED');
  await request.dispose();
});
