/**
 * Mounting the account area for component tests: the route tree in a memory router with the English catalogue and
 * the notification region, the logged-in customer holding `rights`; plus the fetch stub of src/testing/test-browser.ts
 * (with its set-up) and its call log.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import Notifications from '../../../components/ui/Notifications.tsx';
import { I18nProvider } from '../../../i18n/react.tsx';
import type { FeatureFlag } from '../../../lib/feature-flags.ts';
import { islandMessages } from '../../../i18n/translator.ts';
import { toCustomer } from '../../../lib/session/customer.ts';
import { $customer } from '../../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../../lib/session/testing/test-bodies.ts';
import { fetchMock } from '../../../testing/test-browser.ts';
import { ACCOUNT_MESSAGES, accountRoutes } from '../AccountApp.tsx';
import { providerBase } from '../../../testing/test-browser.ts';

export { fetchMock, json, setUpBrowserTests } from '../../../testing/test-browser.ts';

/** The calls of the provider path (`/order-reference/list`), in order; `method` narrows them. */
export function providerCalls(path: string, method?: string): [URL | string, RequestInit?][] {
  return fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(String(url)).pathname === `${providerBase()}${path}` &&
      (method === undefined || (init?.method ?? 'GET') === method),
  );
}

/** The JSON body of a recorded call. */
export const bodyOf = (call: [URL | string, RequestInit?] | undefined): unknown => JSON.parse(String(call?.[1]?.body));

/**
 * Renders the account area at `path` for a customer holding `rights`, the shop offering the sections of `features`;
 * answers the router.
 */
export function renderAccount(path: string, rights: string[], features: readonly FeatureFlag[] = []) {
  $customer.set({ ...toCustomer(accountCustomerBody(rights))!, rights });
  const router = createMemoryRouter([accountRoutes({ prefix: '', storefrontUrl: 'http://localhost', features })], {
    initialEntries: [path],
  });
  render(
    <I18nProvider i18n={islandMessages('en-GB', ACCOUNT_MESSAGES)}>
      <RouterProvider router={router} />
      <Notifications closeLabel="Close" regionLabel="Notifications" />
    </I18nProvider>,
  );
  return router;
}
