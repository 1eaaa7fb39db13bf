/**
 * A provider segment with a dash (`STORE_API_PROVIDER=my-shop`): the embedded Store API and the storefront's browser
 * client agree on the error codes of the provider's rules (`MY_SHOP__…`, contract/provider.ts providerErrorCode) and
 * on the paths of its endpoints. The browser's `fetch` is answered by the backend app, as the same-origin proxy would,
 * and the page's `<html data-store-api-provider>` is stood in for by a document stub (node environment: the
 * database's migrations are read from files).
 */
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { PROVIDER_ERROR_NAMES, providerErrorCode } from '../contract/error-codes.ts';
import { DEMO_PASSWORD, demoCustomerId } from '../backend/seed/seed-customers.ts';
import { createAccountTestApi, type AccountTestApi } from '../backend/testing/account-test-app.ts';
import { forcedRecoveryCode, login } from '../src/features/auth/auth-flows.ts';
import { provider } from '../src/lib/store-api/provider.ts';

const SEGMENT = 'my-shop';
let api: AccountTestApi;

beforeAll(async () => {
  api = await createAccountTestApi({}, { STORE_API_PROVIDER: SEGMENT });
});
afterAll(() => api.close());
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The page states the segment, as the layout renders it. */
function pageStatesSegment() {
  vi.stubGlobal('document', { documentElement: { dataset: { storeApiProvider: SEGMENT } } });
}

/** Answers the browser's calls with the backend app, with `token` as the session's context token. */
function serveBrowser(token?: string) {
  const fetch = vi.fn(async (url: URL, init: RequestInit) =>
    api.call(
      init.method ?? 'GET',
      `${url.pathname.replace(/^\/store-api/, '')}${url.search}`,
      typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      token ? { 'sw-context-token': token } : {},
    ),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

test('the backend runs under the dashed segment', () => {
  expect(api.config.provider).toBe(SEGMENT);
});

test('a forced password recovery answers the code the storefront redirects on', async () => {
  pageStatesSegment();
  const res = await api.call('POST', '/account/login', { username: 'bart.reset', password: DEMO_PASSWORD });
  const code = ((await res.json()) as { errors: { code: string }[] }).errors[0]?.code;
  expect(code).toBe('MY_SHOP__FORCED_CUSTOMER_RECOVERY');
  expect(code).toBe(providerErrorCode(SEGMENT, PROVIDER_ERROR_NAMES.FORCED_CUSTOMER_RECOVERY));
  expect(forcedRecoveryCode()).toBe(code);

  serveBrowser();
  const outcome = await login('bart.reset', DEMO_PASSWORD);
  expect(outcome.kind).toBe('forced-recovery');
  expect(outcome.kind === 'forced-recovery' && outcome.hash).toMatch(/\S/);
});

test('the typed provider client reaches the dashed segment and reads its rule codes', async () => {
  pageStatesSegment();
  const token = await api.login('anna.peeters');
  const fetch = serveBrowser(token);
  const own = await provider.invoke('readCustomerRights', { params: { id: demoCustomerId('anna.peeters') } });
  expect(own.roles.length).toBeGreaterThan(0);
  expect(fetch.mock.calls[0]![0].pathname).toBe(
    `/store-api/${SEGMENT}/account/${demoCustomerId('anna.peeters')}/rights`,
  );
});
