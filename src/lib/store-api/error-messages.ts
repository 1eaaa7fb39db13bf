/**
 * The one resolver from a failed Store API call to the messages a user reads. Rules:
 * - a code with a translation shows it: the catalogue key `errors.<CODE>`, and for the provider's own codes
 *   (`{PROVIDER}__CUSTOMER_IS_INACTIVE`, the provider segment upper-cased) `errors.<CODE without the prefix>`;
 * - otherwise the server's `detail` (Shopware's error items carry a human-readable detail);
 * - a 400 answer lists violations: each item becomes its own message (forms show an item with a
 *   `source.pointer` at its field instead, see src/lib/forms/validation.ts);
 * - anything else (network failure, no envelope, an item without code and detail) is `errors.UNKNOWN_ERROR`.
 */
import { providerErrorCode } from '../../../contract/provider.ts';
import type { MessageKey } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/format.ts';
import { storeApiProvider } from './browser.ts';
import { StoreApiClientError, type StoreApiErrorItem } from './errors.ts';

/** The parts of a translator the resolver needs (the `useI18n()` value has them). */
export interface ErrorTranslator {
  t: Translate;
  /** Whether the messages hold a key. */
  has: (key: string) => boolean;
}

/** The message of one error item. */
export function errorItemMessage(item: StoreApiErrorItem, i18n: ErrorTranslator): string {
  const code = item.code ?? '';
  const providerPrefix = providerErrorCode(storeApiProvider(), '');
  const keys = [`errors.${code}`];
  if (code.toUpperCase().startsWith(providerPrefix)) keys.push(`errors.${code.slice(providerPrefix.length)}`);
  const key = code && code !== 'UNKNOWN_ERROR' ? keys.find((k) => i18n.has(k)) : undefined;
  if (key) return i18n.t(key as MessageKey);
  return item.detail?.trim() || i18n.t('errors.UNKNOWN_ERROR');
}

/** The messages of any thrown value: one per violation of a 400, else the message of the first item. */
export function errorMessages(error: unknown, i18n: ErrorTranslator): string[] {
  if (!(error instanceof StoreApiClientError) || error.errors.length === 0) return [i18n.t('errors.UNKNOWN_ERROR')];
  const items = error.status === 400 ? error.errors : error.errors.slice(0, 1);
  return items.map((item) => errorItemMessage(item, i18n));
}
