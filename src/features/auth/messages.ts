/**
 * The catalogue keys the auth islands use, for `islandMessages(locale, AUTH_MESSAGES)` on the server: the login,
 * forgot-password and password-set forms, the header's account entry, and the error and validation texts.
 */
import type { MessageKey } from '../../i18n/locales.ts';

export const AUTH_MESSAGES = [
  'auth.',
  'header.login',
  'header.account.',
  'errors.',
  'validation.',
  'general.',
] as const satisfies readonly (MessageKey | `${string}.`)[];
