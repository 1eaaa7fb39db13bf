/**
 * Calls of the /loginascustomer page: who is asking (an account manager?) and the switch to a customer
 * through `POST /store-api/{provider}/account/login-as-customer` (backend account/login-as.routes.ts). Tokens never
 * reach this code: the same-origin proxy keeps the new context token in the HttpOnly cookie.
 */
import { normalizeUsername } from '../../../contract/credentials.ts';
import { ID_PATTERN } from '../../../contract/ids.ts';
import type { LoginAsCustomerRequest } from '../../../contract/provider/login-as.ts';
import { provider } from '../../lib/store-api/provider.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { refreshSession } from '../../lib/session/session-store.ts';

/** Who opens the page: nobody logged in, a customer without the account-manager role, or an account manager. */
export type Viewer = 'anonymous' | 'other' | 'account_manager';

/**
 * Classifies the caller by the session's role (`extensions.customerExtension.role` of `account/customer`, read
 * through the one session store): anonymous without a logged-in customer.
 */
export async function loadViewer(): Promise<Viewer> {
  const customer = await refreshSession();
  if (!customer) return 'anonymous';
  return customer.role === 'account_manager' ? 'account_manager' : 'other';
}

/** What went wrong with a login-as call, as a message key of `impersonation.*` or the server's own text. */
export type LoginAsFailure = { key: 'notFound' | 'notAllowed' | 'loginFirst' | 'invalidId' } | { text: string };

/**
 * Opens a session as the customer named by `target`: a customer id (contract/ids.ts, 32 hex characters, any case)
 * or a username (read with the one normalisation, normalizeUsername). The proxy rotates the HttpOnly cookie to the
 * new token.
 * Resolves null on success, else the failure: 404 notFound (unknown, inactive or not managed), 403 MISSING_ROLE
 * notAllowed, 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN loginFirst, 400 invalidId; other answers carry the server's text.
 */
export async function loginAsCustomer(target: string): Promise<LoginAsFailure | null> {
  const id = target.trim().toLowerCase();
  const body: LoginAsCustomerRequest = ID_PATTERN.test(id)
    ? { customerId: id }
    : { username: normalizeUsername(target) };
  try {
    // The answer reaches the browser without `contextToken`, which the proxy keeps in the HttpOnly cookie.
    await provider.invoke('loginAsCustomer', { body });
    return null;
  } catch (error) {
    if (!(error instanceof StoreApiClientError)) return { text: '' };
    const code = error.code;
    if (error.status === 404) return { key: 'notFound' };
    if (code === SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_NOT_LOGGED_IN) return { key: 'loginFirst' };
    if (error.status === 403) return { key: 'notAllowed' };
    if (error.status === 400) return { key: 'invalidId' };
    return { text: error.errors[0]?.detail ?? '' };
  }
}
