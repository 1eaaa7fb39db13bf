/**
 * The one session store of the browser: `$customer`, shared by the header, the login dialog, the price islands and
 * the account area (read in React with `useStore` of @nanostores/react). The context token stays in the HttpOnly
 * cookie behind the `/store-api/*` proxy; this store only holds what `account/customer` answers.
 *
 * A customer counts as logged in when it has an id and is active; a right check reads the customer's list of
 * enabled rights (Store API `extensions.rights`).
 */
import { atom, computed } from 'nanostores';
import { invoke } from '../store-api/browser.ts';
import { StoreApiClientError } from '../store-api/errors.ts';
import type { StoreApiResponse } from '../store-api/types.ts';
import { toCustomer, type Customer } from './customer.ts';
import { hasLoggedInCookie } from './logged-in-cookie.ts';

/** The logged-in customer; `rights` holds the enabled right codes, e.g. 'ROLE_MANAGE_ORDER_LISTS'. */
export type SessionCustomer = Customer & { rights: string[] };

/** `null` while anonymous or before the first `refreshSession()`. */
export const $customer = atom<SessionCustomer | null>(null);

/** True once `refreshSession()` has answered at least once on this page (either way). */
export const $sessionChecked = atom(false);

/** A customer counts as logged in when it has an id and is active. */
export function isLoggedIn(customer: SessionCustomer | null | undefined): customer is SessionCustomer {
  return Boolean(customer && customer.id && customer.active);
}

/** Derived login state of `$customer`. */
export const $loggedIn = computed($customer, (c) => isLoggedIn(c));

/** Whether the customer holds the enabled right `code`; false while not logged in. */
export function hasRight(code: string, customer: SessionCustomer | null = $customer.get()): boolean {
  return isLoggedIn(customer) && customer.rights.includes(code);
}

/**
 * Loads the customer with its rights: POST `account/customer` (Shopware's `readCustomer`; the rights come embedded
 * as `extensions.rights`, read with the provider's extensions by `toCustomer`). Returns null for an anonymous context (401/403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN) or an inactive customer.
 * `readCustomer` makes the call: through the browser client by default; a server page passes its own Store API
 * client bound to the visitor's context (src/lib/store-api/client.ts).
 *
 * @throws StoreApiClientError for other error answers; network errors propagate.
 */
export async function loadSessionCustomer(
  readCustomer: () => Promise<StoreApiResponse<'readCustomer post /account/customer'>> = () =>
    invoke('readCustomer post /account/customer'),
): Promise<SessionCustomer | null> {
  let body: StoreApiResponse<'readCustomer post /account/customer'>;
  try {
    body = await readCustomer();
  } catch (error) {
    if (error instanceof StoreApiClientError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
  const customer = toCustomer(body);
  if (!customer) return null;
  const session = { ...customer, rights: customer.rights ?? [] };
  return isLoggedIn(session) ? session : null;
}

let pending: Promise<SessionCustomer | null> | null = null;

/**
 * Refreshes `$customer` from the server. Without the `wb-logged-in` marker cookie the visitor is anonymous and no
 * request is made (an anonymous page load makes no failing call). Concurrent callers share one request. Failures
 * are swallowed (a failed session refresh leaves the visitor anonymous, no error shown): the store becomes null and
 * the promise resolves with null.
 */
export function refreshSession(): Promise<SessionCustomer | null> {
  if (!hasLoggedInCookie()) {
    $customer.set(null);
    $sessionChecked.set(true);
    return Promise.resolve(null);
  }
  pending ??= loadSessionCustomer()
    .catch(() => null)
    .then((customer) => {
      $customer.set(customer);
      $sessionChecked.set(true);
      return customer;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/**
 * POST `account/logout` (the server ends the session, the proxy rotates the cookie and drops the marker), then
 * clears `$customer`. A failing logout call still clears the local state.
 */
export async function logout(): Promise<void> {
  try {
    await invoke('logoutCustomer post /account/logout');
  } finally {
    $customer.set(null);
  }
}

/**
 * POST `account/recovery-password` { username, storefrontUrl }: the server mails a set-password link built on the
 * domain's own URL (the backend accepts only configured domains) and answers the same for known and unknown
 * usernames, so nothing tells whether the account exists.
 *
 * @throws StoreApiClientError on an error answer (e.g. 429 FRAMEWORK__RATE_LIMIT_EXCEEDED).
 */
export async function requestRecovery(username: string, storefrontUrl: string): Promise<void> {
  await invoke('sendRecoveryMail post /account/recovery-password', { body: { username, storefrontUrl } });
}
