/**
 * What the server reads for the cart page (`/checkout`, `/checkout/cart`; src/features/checkout/CartPage.astro):
 * the logged-in customer with its rights (`account/customer`) and the customer's cart (`/checkout/cart`), both
 * through the server's Store API client bound to the visitor's context token from the HttpOnly cookie
 * (docs/decisions/008 and 021), so the page's first view, lines and totals included, is in its HTML.
 *
 * The page is private (`Cache-Control: private, no-store`, src/lib/private-page.ts), so the answer never reaches the
 * shared page cache (docs/decisions/005 and 009). While the proxy's `wb-punchout` marker is set the page also reads
 * the punch-out session (`readPunchOutSession`), so the cart offers "Transfer to …" instead of the checkout from its
 * first view (the Store API refuses an order of a punch-out session in any case).
 */
import type { AstroCookies } from 'astro';
import { CONTEXT_COOKIE, isPlausibleToken, loggedInCookieOptions } from '../../lib/context-cookie.ts';
import { LOGGED_IN_COOKIE, PUNCHOUT_COOKIE } from '../../lib/session/logged-in-cookie.ts';
import type { PunchOutSession } from '../../../contract/provider/punchout.ts';
import { invokeProvider } from '../../lib/store-api/server-provider.ts';
import { storefrontConfig } from '../../lib/storefront-config.ts';
import type { Cart } from '../../lib/cart/cart-store.ts';
import { loadSessionCustomer, type SessionCustomer } from '../../lib/session/session-store.ts';
import { createStoreApiClient, type StoreApiClient } from '../../lib/store-api/client.ts';
import { listAddresses } from '../../lib/address-book.ts';
import { listPaymentMethods, listShippingMethods } from './api.ts';
import type { CheckoutOptions } from './CheckoutForm.tsx';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';

/** The cart page's data: the customer and its cart as the Store API calculated it for this request. */
export interface CartPageData {
  customer: SessionCustomer;
  cart: Cart;
  /** What the checkout steps offer (address book, shipping and payment methods); null when a read failed. */
  options: CheckoutOptions | null;
  /** The punch-out session of the context; null outside one (or when it could not be read). */
  punchOut: PunchOutSession | null;
}

/**
 * Reads the customer, the cart and the checkout's options (address book, shipping and payment methods) of the
 * visitor's context in parallel; the options are null when one of their reads fails, and the page's checkout then
 * reads them in the browser as before (showing that error). Resolves null when the visitor is not a
 * logged-in, active customer: no plausible context cookie (then no call is made), or the Store API answers 401/403
 * (Shopware's `CHECKOUT__CUSTOMER_NOT_LOGGED_IN` for an anonymous or expired context) or an inactive customer.
 * The readable `wb-logged-in` marker follows the answer as the Store API proxy keeps it (docs/decisions/009): set
 * for a logged-in customer when missing, removed otherwise, so the page's islands ask for the session exactly when
 * there is one (`SameSite=None` in a punch-out session that procurement systems may frame, as the proxy sets it).
 *
 * @param domain the page's domain: `languageId` (`sw-language-id`, the cart's labels in the page's language) and
 *   `url` (its public URL, which decides the marker's `Secure` attribute).
 * @throws StoreApiClientError for any other error answer; network errors propagate.
 */
export async function loadCartPage(
  cookies: AstroCookies,
  domain: { languageId: string; url: string },
): Promise<CartPageData | null> {
  const data = await readCartPage(cookies, domain.languageId, cookies.get(PUNCHOUT_COOKIE)?.value === '1');
  const hasMarker = cookies.get(LOGGED_IN_COOKIE)?.value === '1';
  const crossSite = cookies.get(PUNCHOUT_COOKIE)?.value === '1' && storefrontConfig().frameAncestors.length > 0;
  if (data && !hasMarker) cookies.set(LOGGED_IN_COOKIE, '1', loggedInCookieOptions(domain.url, crossSite));
  if (!data && hasMarker) cookies.delete(LOGGED_IN_COOKIE, { path: '/' });
  return data;
}

async function readCartPage(
  cookies: AstroCookies,
  languageId: string,
  punchOutMarker: boolean,
): Promise<CartPageData | null> {
  const token = cookies.get(CONTEXT_COOKIE)?.value;
  if (!isPlausibleToken(token)) return null;
  const client = createStoreApiClient({ languageId, contextToken: token });
  const [customer, cart, options, punchOut] = await Promise.all([
    loadSessionCustomer(() => client.invoke('readCustomer post /account/customer')),
    client.invoke('readCart get /checkout/cart').catch((error: unknown) => {
      if (error instanceof StoreApiClientError && (error.status === 401 || error.status === 403)) return null;
      throw error;
    }),
    readOptions(client).catch(() => null),
    punchOutMarker ? invokeProvider(client, 'readPunchOutSession').catch(() => null) : null,
  ]);
  if (!customer || !cart) return null;
  // Shopware's Cart carries the context token (`token`); the page hands the cart to its island as serialised props,
  // so the token would stand in the HTML. Scripts never see the context token (docs/decisions/009): it is left out.
  const { token: _token, ...withoutToken } = cart;
  return { customer, cart: withoutToken, options, punchOut };
}

async function readOptions(client: StoreApiClient): Promise<CheckoutOptions> {
  const [addresses, shippingMethods, paymentMethods] = await Promise.all([
    listAddresses(client),
    listShippingMethods(client),
    listPaymentMethods(client),
  ]);
  return { addresses, shippingMethods, paymentMethods };
}
