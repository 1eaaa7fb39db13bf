// What the end-to-end tests share: the `test` that points each worker at its own shop, logins and calls through the same-origin Store API proxy with `page.request`
// (which keeps the HttpOnly `sw-context-token` cookie in the browser context), the development outbox, and cart
// set-up. The demo users and their published password are those of docs/demo-logins.md.
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { workerShopOrigin } from './shops.ts';

/** The published password of every demo user. */
export const DEMO_PASSWORD = 'Werkbank!2026';

/** The headers the proxy's origin check wants for a state-changing call. */
const sameOrigin = (baseURL: string) => ({ origin: baseURL, referer: `${baseURL}/en/` });

/** POSTs `data` as JSON to `/store-api/{path}`; fails the test unless the answer is 2xx. */
export async function apiPost(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const response = await request.post(`/store-api/${path}`, { data, headers: sameOrigin(baseURL) });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return response;
}

/**
 * GETs `/store-api/{path}` and answers its JSON; fails the test unless the answer is 2xx. A kept-alive connection the
 * server has just closed answers ECONNRESET: the call is then sent once more on a new connection.
 */
export async function apiGet<T>(request: APIRequestContext, baseURL: string, path: string): Promise<T> {
  const send = () => request.get(`/store-api/${path}`, { headers: { referer: `${baseURL}/en/` } });
  const response = await send().catch((error: unknown) => {
    if (String(error).includes('ECONNRESET')) return send();
    throw error;
  });
  expect(response.ok(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export async function login(page: Page, baseURL: string, username: string, password = DEMO_PASSWORD) {
  await apiPost(page.request, baseURL, 'account/login', { username, password });
}

/** What a test gets besides Playwright's own: `loginAs(username, password = DEMO_PASSWORD)`. */
interface TestFixtures {
  loginAs: (username: string, password?: string) => Promise<void>;
}

/** What a worker holds for all its tests: the origin of its own shop (playwright.config.ts starts one per worker). */
interface WorkerFixtures {
  workerShop: string;
}

/**
 * Playwright's `test` for every spec. The worker-scoped `workerShop` is the worker's own shop and database
 * (`http://localhost:{E2E_PORT + parallel index}`, e2e/shops.ts), and `baseURL` is that shop unless the project names
 * its own (the acme project), so `page`, `request` and new contexts all talk to it. `loginAs(username, password =
 * DEMO_PASSWORD)` logs the test's page (its browser context) in as that user through the Store API proxy; a second
 * call logs in the next user.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  workerShop: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none
    async ({}, use, workerInfo) => use(workerShopOrigin(workerInfo.parallelIndex)),
    { scope: 'worker' },
  ],
  baseURL: async ({ baseURL, workerShop }, use) => use(baseURL ?? workerShop),
  loginAs: async ({ page, baseURL }, use) => {
    await use((username, password) => login(page, baseURL!, username, password));
  },
});

export async function logout(page: Page, baseURL: string) {
  await apiPost(page.request, baseURL, 'account/logout', {});
}

/** Logs the current user out and `username` in, from a blank page, so no open account page reacts to the switch. */
export async function switchUser(page: Page, baseURL: string, username: string, password = DEMO_PASSWORD) {
  await page.goto('about:blank');
  await logout(page, baseURL);
  await login(page, baseURL, username, password);
}

/** The set-password hash of the latest mail to `email` in the development outbox, polled until it is there. */
export async function invitationHash(request: APIRequestContext, baseURL: string, email: string): Promise<string> {
  let hash = '';
  await expect
    .poll(async () => {
      // A kept-alive connection the server has just closed answers ECONNRESET; the next poll asks again.
      const response = await request
        .get('/store-api/werkbank/dev/outbox', { headers: { referer: `${baseURL}/en/` } })
        .catch(() => null);
      if (!response?.ok()) return '';
      const body = (await response.json()) as { elements: { recipient: string; text: string }[] };
      hash = /hash=([A-Za-z0-9_-]+)/.exec(body.elements.find((m) => m.recipient === email)?.text ?? '')?.[1] ?? '';
      return hash;
    })
    .not.toBe('');
  return hash;
}

/** The password the buyers that a test invites set for themselves. */
export const INVITED_PASSWORD = 'Invited!Test2026';

/**
 * Has the logged-in lead buyer invite a new buyer (the buyer role's default rights) of their company and sets the
 * buyer's password through the invitation mail; answers the username and the full name ("Bram {lastName} {suffix}"). A new user per test keeps the demo users'
 * carts, budgets and lists out of it, because the tests of a worker share its database (and a retry finds what the
 * first try left).
 */
export async function inviteBuyer(
  page: Page,
  baseURL: string,
  prefix: string,
  lastName: string,
): Promise<{ username: string; fullName: string }> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const username = `${prefix}.${suffix}`;
  const email = `${username}@example.be`;
  await apiPost(page.request, baseURL, 'werkbank/companies/customers/create', {
    salutation: 'male',
    firstName: 'Bram',
    lastName: `${lastName} ${suffix}`,
    email,
    username,
  });
  await apiPost(page.request, baseURL, 'account/recovery-password-confirm', {
    hash: await invitationHash(page.request, baseURL, email),
    newPassword: INVITED_PASSWORD,
    newPasswordConfirm: INVITED_PASSWORD,
  });
  return { username, fullName: `Bram ${lastName} ${suffix}` };
}

/** DELETEs `/store-api/{path}`; fails the test unless the answer is 204. */
export async function apiDelete(request: APIRequestContext, baseURL: string, path: string) {
  const response = await request.delete(`/store-api/${path}`, { headers: sameOrigin(baseURL) });
  expect(response.status(), `${path} answered ${response.status()}: ${await response.text()}`).toBe(204);
}

/** Empties the logged-in customer's cart, so a retried test starts from an empty cart. */
export async function emptyCart(page: Page, baseURL: string) {
  await apiDelete(page.request, baseURL, 'checkout/cart');
}

/** Adds `quantity` pieces of the article with `productNumber` to the logged-in customer's cart. */
export async function addToCartByNumber(page: Page, baseURL: string, productNumber: string, quantity: number) {
  const found = await apiPost(page.request, baseURL, 'product', {
    filter: [{ type: 'equals', field: 'productNumber', value: productNumber }],
    includes: { product: ['id'] },
  });
  const { elements } = (await found.json()) as { elements: { id: string }[] };
  expect(elements, `no article ${productNumber}`).toHaveLength(1);
  const id = elements[0]!.id;
  await apiPost(page.request, baseURL, 'checkout/cart/line-item', {
    items: [{ id, referencedId: id, type: 'product', quantity }],
  });
}
