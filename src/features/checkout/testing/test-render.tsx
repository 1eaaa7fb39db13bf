/**
 * Mounting the checkout for component tests: the cart page's view with the English catalogue and the notification
 * region for the logged-in customer holding `rights`, and the success page in a memory router; and the answers to the cart page's own Store API
 * calls, built from the bodies of test-bodies.ts.
 */
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import Notifications from '../../../components/ui/Notifications.tsx';
import { I18nProvider } from '../../../i18n/react.tsx';
import { islandMessages } from '../../../i18n/translator.ts';
import type { FeatureFlag } from '../../../lib/feature-flags.ts';
import { toCustomer } from '../../../lib/session/customer.ts';
import { $customer } from '../../../lib/session/session-store.ts';
import { accountCustomerBody, searchResultBody } from '../../../lib/session/testing/test-bodies.ts';
import { json } from '../../../testing/test-browser.ts';
import { CheckoutPage } from '../CheckoutPage.tsx';
import { CHECKOUT_MESSAGES, checkoutRoutes } from '../routes.tsx';
import { checkoutCart, paymentMethodsBody, shippingMethodsBody } from './test-bodies.ts';

/** The checkout's English catalogue. */
export const i18n = islandMessages('en-GB', CHECKOUT_MESSAGES);

/** The Store API's answer to a path it does not know: 404 with Shopware's error envelope. */
export const notFound = (): Response =>
  json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404);

/**
 * The answer to one of the cart page's own calls (`pathname` below the origin, `method`) as the backend gives it:
 * `cart` for GET /store-api/checkout/cart, the address book holding the customer's default shipping address, the
 * shipping methods and the payment methods; undefined for any other call.
 */
export function cartPageAnswer(
  pathname: string,
  method: string,
  cart: ReturnType<typeof checkoutCart>,
): Response | undefined {
  if (pathname === '/store-api/checkout/cart' && method === 'GET') return json(cart);
  if (pathname === '/store-api/account/list-address')
    return json(searchResultBody('customer_address', [accountCustomerBody([]).defaultShippingAddress]));
  if (pathname === '/store-api/shipping-method') return json(shippingMethodsBody());
  if (pathname === '/store-api/payment-method') return json(paymentMethodsBody());
  return undefined;
}

/**
 * Renders the cart page's view (CheckoutPage.tsx, the domain's path `prefix`, default '', the shop offering
 * `features`) for a customer holding `rights`, as the browser does it before the server's first view: without an
 * initial cart, so the page reads it. Answers `navigate`, the mock the page calls with the success page's address.
 */
export function renderCheckout(
  rights: string[],
  { prefix = '', features = [] }: { prefix?: string; features?: readonly FeatureFlag[] } = {},
) {
  $customer.set({ ...toCustomer(accountCustomerBody(rights))!, rights });
  const navigate = vi.fn<(href: string) => void>();
  render(
    <I18nProvider i18n={i18n}>
      <CheckoutPage prefix={prefix} counterI18n={i18n} features={features} navigate={navigate} />
      <Notifications closeLabel="Close" regionLabel="Notifications" />
    </I18nProvider>,
  );
  return { navigate };
}

/** Renders the checkout's routes of the storefront app (the success page) at `path`; answers the router. */
export function renderCheckoutRoute(path: string) {
  const router = createMemoryRouter([{ path: '/', children: [checkoutRoutes()] }], { initialEntries: [path] });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}
