/**
 * The translated texts the auth islands receive as props (islands get strings, not the translator): built on the
 * server from the domain's catalogue with `rawMessage`, placeholders such as `{min}` kept.
 */
import type { MessageKey } from '../../i18n/locales.ts';
import type { ErrorMessages } from './notifications.ts';

/** Message keys of the login, forgot-password and password-set forms. */
export const AUTH_TEXT_KEYS = [
  'auth.login.title',
  'auth.username',
  'auth.password',
  'auth.showPassword',
  'auth.hidePassword',
  'auth.forgotLink',
  'auth.submit',
  'auth.registerPrompt',
  'auth.registerLink',
  'auth.close',
  'auth.loginSuccess',
  'auth.loginFailed',
  'auth.forgot.title',
  'auth.forgot.intro',
  'auth.forgot.submit',
  'auth.forgot.success',
  'auth.backToLogin',
  'auth.set.newPassword',
  'auth.set.confirmPassword',
  'auth.set.submit',
  'auth.set.success',
  'auth.set.missingHash',
  'auth.validation.minLength',
  'auth.validation.passwordsMatch',
  'validation.required',
  'general.success',
  'general.error',
] as const satisfies readonly MessageKey[];

export type AuthTextKey = (typeof AUTH_TEXT_KEYS)[number];
export type AuthTexts = Record<AuthTextKey, string>;

/** Error codes with an `errors.<CODE>` translation (spec §8 codes of the login and recovery flows). */
export const ERROR_CODES = [
  'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS',
  'WERKBANK__CUSTOMER_IS_INACTIVE',
  'WERKBANK__COMPANY_IS_INACTIVE',
  'WERKBANK__FORCED_CUSTOMER_RECOVERY',
  'CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED',
  'CHECKOUT__CUSTOMER_NOT_FOUND_BY_HASH',
  'FRAMEWORK__RATE_LIMIT_EXCEEDED',
  'CHECKOUT__CUSTOMER_NOT_LOGGED_IN',
  'UNKNOWN_ERROR',
] as const;

/** The texts of AUTH_TEXT_KEYS in one locale. */
export function authTexts(raw: (key: MessageKey) => string): AuthTexts {
  return Object.fromEntries(AUTH_TEXT_KEYS.map((k) => [k, raw(k)])) as AuthTexts;
}

/** Translated error messages by code for `errorMessagesOf` (spec §8), with TITLE and VIOLATION_FALLBACK. */
export function errorTexts(raw: (key: MessageKey) => string): ErrorMessages {
  const out: ErrorMessages = Object.fromEntries(ERROR_CODES.map((c) => [c, raw(`errors.${c}` as MessageKey)]));
  out.TITLE = raw('general.error');
  out.VIOLATION_FALLBACK = raw('errors.violationFallback');
  return out;
}
