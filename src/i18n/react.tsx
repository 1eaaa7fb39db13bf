/**
 * The translator in React: an island or the account area wraps itself in `<I18nProvider i18n={…}>` with the
 * `i18n` prop the server built with `sharedMessages` or `islandMessages` (translator.ts), and its components call
 * `useT()` or `useI18n()`. Without a provider every key shows as itself.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  createTranslator,
  formatMoney,
  formatNumber,
  quantityWithUnit,
  type MessageSet,
  type Translate,
} from './format.ts';
import type { CatalogueKey, Locale } from './locales.ts';
import { resolveMessageSet, type IslandMessageSet, type SharedMessageSet } from './message-sets.ts';

export interface I18nValue {
  locale: Locale;
  t: Translate;
  /** Whether the received messages hold `key` (to choose between a translated code and the server's detail). */
  has: (key: string) => boolean;
  /** `formatNumber` in this locale. */
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** `formatMoney` in this locale: integer minor units of an ISO currency. */
  money: (minorUnits: number, currency: string, options?: { scale?: number }) => string;
  /** `quantityWithUnit` in this locale: "10 pieces"; needs the 'units.' messages. */
  quantity: (quantity: number, unitCode: string | null | undefined) => string;
}

/**
 * The `i18n` prop of an island: its locale with the messages themselves (`islandMessages`) or the ref of a set the
 * page carries once (`sharedMessages`, message-sets.ts).
 */
export type IslandI18nProp = IslandMessageSet | SharedMessageSet;

/** Builds the value of a provider; exported for code outside React (e.g. the notification resolver in tests). */
export function i18nValue({ locale, messages }: { locale: Locale; messages: MessageSet }): I18nValue {
  const t = createTranslator(locale, messages);
  const has = (key: string) => Object.hasOwn(messages, key as CatalogueKey);
  return {
    locale,
    t,
    has,
    number: (value, options) => formatNumber(value, locale, options),
    money: (minorUnits, currency, options) => formatMoney(minorUnits, currency, locale, options),
    quantity: (quantity, unitCode) => quantityWithUnit({ locale, t, has }, quantity, unitCode),
  };
}

const I18nContext = createContext<I18nValue>(i18nValue({ locale: 'en-GB', messages: {} }));

/** Provider values by message set and locale: the sets are kept and never changed (message-sets.ts). */
const values = new WeakMap<MessageSet, Map<Locale, I18nValue>>();

/**
 * The provider value of a message set, built once per set and locale: every island of a page, and every page the
 * server renders, shares it instead of starting a translator of its own. A set is never changed once made
 * (translator.ts `islandMessages`, message-sets.ts), so the value stays right.
 */
function sharedI18nValue({ locale, messages }: { locale: Locale; messages: MessageSet }): I18nValue {
  let byLocale = values.get(messages);
  if (!byLocale) {
    byLocale = new Map();
    values.set(messages, byLocale);
  }
  let value = byLocale.get(locale);
  if (!value) {
    value = i18nValue({ locale, messages });
    byLocale.set(locale, value);
  }
  return value;
}

/** Provides the translator of `i18n` to everything below. */
export function I18nProvider({ i18n, children }: { i18n: IslandI18nProp; children: ReactNode }) {
  const value = useMemo(() => sharedI18nValue(resolveMessageSet(i18n)), [i18n]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** The translator, locale and formatters of the surrounding provider. */
export function useI18n(): I18nValue {
  return useContext(I18nContext);
}

/** The translate function of the surrounding provider. */
export function useT(): Translate {
  return useContext(I18nContext).t;
}
