/**
 * The login and password flows of spec §4 without UI: validation (§5), Store API calls (§7) and what follows them.
 * Forms call these and render the outcome.
 */
import * as v from 'valibot';
import { refreshSession, isLoggedIn, type SessionCustomer } from '../../lib/session/session-store.ts';
import { storeApi, storeApiProvider } from '../../lib/store-api/browser.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';

/** Minimum length of a new password (spec §5 "minimum length {min} characters"; the backend enforces the same). */
export const PASSWORD_MIN_LENGTH = 8;

/** Error code that makes login redirect to the password-set page (spec §8 "{provider}__FORCED_CUSTOMER_RECOVERY"). */
export const forcedRecoveryCode = (): string => `${storeApiProvider().toUpperCase()}__FORCED_CUSTOMER_RECOVERY`;

/** Field errors of a form: field name → message key, absent when the field is valid. */
export type FieldErrors<F extends string> = Partial<
  Record<F, 'validation.required' | 'auth.validation.minLength' | 'auth.validation.passwordsMatch'>
>;

const required = v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'));

/** Spec §5 "Login: username required, password required." */
export const LoginSchema = v.object({
  username: required,
  password: v.pipe(v.string(), v.nonEmpty('validation.required')),
});
/** Spec §5 "Forgot password: username required." */
export const ForgotSchema = v.object({ username: required });
/** Spec §5 minimum length and "passwords must match". */
export const PasswordSetSchema = v.pipe(
  v.object({
    newPassword: v.pipe(
      v.string(),
      v.nonEmpty('validation.required'),
      v.minLength(PASSWORD_MIN_LENGTH, 'auth.validation.minLength'),
    ),
    newPasswordConfirm: v.pipe(v.string(), v.nonEmpty('validation.required')),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['newPasswordConfirm']],
      (input) => input.newPassword === input.newPasswordConfirm,
      'auth.validation.passwordsMatch',
    ),
    ['newPasswordConfirm'],
  ),
);

/** Validates form values; returns the parsed output or the first message key per field. */
export function validate<S extends v.GenericSchema, F extends string>(
  schema: S,
  values: Record<F, string>,
): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors<F> } {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, output: result.output };
  const errors: FieldErrors<F> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) as F | null;
    if (key && !errors[key]) errors[key] = issue.message as FieldErrors<F>[F];
  }
  return { ok: false, errors };
}

export type LoginOutcome =
  | { kind: 'success'; customer: SessionCustomer }
  | { kind: 'forced-recovery'; hash: string }
  | { kind: 'error'; error: unknown };

/**
 * Spec §4 "Login": POST `account/login` {username, password} (the proxy stores the rotated token in the HttpOnly
 * cookie and strips it from the body), then loads customer and rights through `refreshSession()`.
 * `{PROVIDER}__FORCED_CUSTOMER_RECOVERY` gives the hash of its meta parameters. A login the server accepts but
 * whose customer is not active counts as an error. Never throws.
 */
export async function login(username: string, password: string): Promise<LoginOutcome> {
  try {
    await storeApi('account/login', { method: 'POST', body: { username, password } });
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

/** Sends spec §4's login analytics event: a `werkbank:analytics` CustomEvent and a dataLayer push when present. */
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
  await storeApi('account/recovery-password-confirm', {
    method: 'POST',
    body: { hash, newPassword, newPasswordConfirm },
  });
}

/**
 * The target of `?redirect=`: only a same-site relative path ('/…', not '//…' or '/\…'); anything else gives
 * `fallback`.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (tabs, line breaks) could hide a second slash from the check above.
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20)) return fallback;
  return value;
}
