/**
 * The account SPA's strings: a subset of the message catalogue (keys `account.*`, `errors.*`, `validation.*`,
 * `general.*`) handed over as a prop by `src/pages/account/[...path].astro`, so the SPA ships no i18n runtime.
 * Placeholders use the catalogue's `{name}` notation.
 */
import { createContext, useContext } from 'react';

/** Flat key → text, as in `src/i18n/messages/*.json`. */
export type AccountMessages = Record<string, string>;

/** Translate a key with `{name}` values; a missing key returns the key itself (visible, never blank). */
export type AccountT = (key: string, values?: Record<string, string | number>) => string;

/** Key prefixes the Astro page passes to the SPA. */
export const ACCOUNT_MESSAGE_PREFIXES = ['account.', 'errors.', 'validation.', 'general.'] as const;

/** Picks the SPA's subset from a whole catalogue (used on the server by the Astro page). */
export function pickAccountMessages(all: Record<string, string>): AccountMessages {
  return Object.fromEntries(
    Object.entries(all).filter(([key]) => ACCOUNT_MESSAGE_PREFIXES.some((prefix) => key.startsWith(prefix))),
  );
}

/** Builds the translate function over a messages subset. */
export function createT(messages: AccountMessages): AccountT {
  return (key, values) => {
    const text = messages[key];
    if (text === undefined) return key;
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      values[name] === undefined ? whole : String(values[name]),
    );
  };
}

/** Whether a key exists in the subset (to choose between a translated code and the server's detail). */
export function hasMessage(messages: AccountMessages, key: string): boolean {
  return Object.hasOwn(messages, key);
}

export interface I18nValue {
  t: AccountT;
  messages: AccountMessages;
  locale: string;
}

export const I18nContext = createContext<I18nValue>({ t: (key) => key, messages: {}, locale: 'en-GB' });

/** The SPA's translate function and locale (for number formatting). */
export function useI18n(): I18nValue {
  return useContext(I18nContext);
}
