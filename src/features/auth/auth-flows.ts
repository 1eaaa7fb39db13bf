/**
 * The login and password flows without UI: form schemas (message keys as issue messages, see
 * src/lib/forms/validation.ts), the Store API calls and what follows them. Forms call these and render the outcome.
 */
import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contract/credentials.ts';
import { PROVIDER_ERROR_NAMES, providerErrorCode } from '../../../contract/error-codes.ts';
import { refreshSession, isLoggedIn, type SessionCustomer } from '../../lib/session/session-store.ts';
import { invoke, storeApiProvider } from '../../lib/store-api/browser.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';

/** Error code that makes login redirect to the password-set page: `{PROVIDER}__FORCED_CUSTOMER_RECOVERY`. */
export const forcedRecoveryCode = (): string =>
  providerErrorCode(storeApiProvider(), PROVIDER_ERROR_NAMES.FORCED_CUSTOMER_RECOVERY);

const required = v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'));

/** Login: username and password are required. */
export const LoginSchema = v.object({
  username: required,
  password: v.pipe(v.string(), v.nonEmpty('validation.required')),
});
/** Forgotten password: the username is required. */
export const ForgotSchema = v.object({ username: required });
/** A new password: the contract's length bounds (contract/credentials.ts, the backend checks the same), confirmed identically. */
export const PasswordSetSchema = v.pipe(
  v.object({
    newPassword: v.pipe(
      v.string(),
      v.nonEmpty('validation.required'),
      v.minLength(PASSWORD_MIN_LENGTH, 'validation.minLength'),
      v.maxLength(PASSWORD_MAX_LENGTH, 'validation.maxLength'),
    ),
    newPasswordConfirm: v.pipe(v.string(), v.nonEmpty('validation.required')),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['newPasswordConfirm']],
      (input) => input.newPassword === input.newPasswordConfirm,
      'validation.passwordsMatch',
    ),
    ['newPasswordConfirm'],
  ),
);

export type LoginOutcome =
  | { kind: 'success'; customer: SessionCustomer }
  | { kind: 'forced-recovery'; hash: string }
  | { kind: 'error'; error: unknown };

/**
 * Login: POST `account/login` {username, password} (the proxy stores the rotated token in the HttpOnly
 * cookie and strips it from the body), then loads customer and rights through `refreshSession()`.
 * `{PROVIDER}__FORCED_CUSTOMER_RECOVERY` gives the hash of its meta parameters. A login the server accepts but
 * whose customer is not active counts as an error. Never throws.
 */
export async function login(username: string, password: string): Promise<LoginOutcome> {
  try {
    await invoke('loginCustomer post /account/login', { body: { username, password } });
  } catch (error) {
    if (error instanceof StoreApiClientError) {
      const forced = error.errors.find((e) => (e.code ?? '').toUpperCase() === forcedRecoveryCode());
      const hash = forced?.meta?.parameters?.hash;
      if (typeof hash === 'string' && hash) return { kind: 'forced-recovery', hash };
    }
    return { kind: 'error', error };
  }
  const customer = await refreshSession();
  if (!isLoggedIn(customer)) return { kind: 'error', error: new Error('customer not logged in after login') };
  return { kind: 'success', customer };
}

/** Sends the login analytics event: a `werkbank:analytics` CustomEvent and a dataLayer push when present. */
export function sendLoginEvent(customer: Pick<SessionCustomer, 'id'>): void {
  const detail = { event: 'login', method: 'username', customerId: customer.id };
  window.dispatchEvent(new CustomEvent('werkbank:analytics', { detail }));
  const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer;
  if (Array.isArray(layer)) layer.push(detail);
}

/**
 * POST `account/recovery-password-confirm` {hash, newPassword, newPasswordConfirm}.
 *
 * @throws StoreApiClientError on an error answer (expired or used hash, violations).
 */
export async function confirmRecovery(hash: string, newPassword: string, newPasswordConfirm: string): Promise<void> {
  await invoke('recoveryPassword post /account/recovery-password-confirm', {
    body: { hash, newPassword, newPasswordConfirm },
  });
}
