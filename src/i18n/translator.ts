/**
 * The server's side of the one translator (format.ts): a translator per locale over the whole catalogue with the
 * fallback locale behind it, the raw messages Astro passes on, and `islandMessages`, the one way an island or the
 * account area receives the messages it needs as a prop.
 */
import { createTranslator, quantityWithUnit, type MessageSet, type Translate } from './format.ts';
import {
  FALLBACK_LOCALE,
  MESSAGES,
  PLURAL_SUFFIXES,
  type CatalogueKey,
  type Locale,
  type MessageKey,
} from './locales.ts';

export type { Translate } from './format.ts';

const translators = new Map<Locale, Translate>();

/** The translate function of a locale (unknown keys return the key itself; a plural key needs a numeric `count`). */
export function getTranslator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(locale, MESSAGES[locale], { locale: FALLBACK_LOCALE, messages: MESSAGES[FALLBACK_LOCALE] });
    translators.set(locale, t);
  }
  return t;
}

/**
 * A message without interpolation, placeholders kept (`'{count} variants'`), for attributes that substitute the
 * values in the browser. For a plural key this is its `_other` form.
 */
export function rawMessage(locale: Locale, key: MessageKey): string {
  const lookup = (l: Locale) =>
    (MESSAGES[l] as Partial<Record<string, string>>)[key] ?? MESSAGES[l][`${key}_other` as CatalogueKey];
  return lookup(locale) ?? lookup(FALLBACK_LOCALE) ?? key;
}

/** What an island receives as its `i18n` prop: its locale and the messages it uses (fallback locale filled in). */
export interface IslandI18n {
  locale: Locale;
  messages: MessageSet;
}

/**
 * The messages an island needs, for its `i18n` prop: every key in `selection` (a plural key brings its `_one` and
 * `_other` entries) and every key starting with a selected prefix ending in '.' (e.g. 'errors.'), in `locale`
 * with the fallback locale's text where the locale has none.
 */
export function islandMessages(locale: Locale, selection: readonly (MessageKey | `${string}.`)[]): IslandI18n {
  const keys = new Set<string>();
  const prefixes = selection.filter((s) => s.endsWith('.'));
  for (const s of selection) {
    keys.add(s);
    for (const suffix of PLURAL_SUFFIXES) keys.add(`${s}${suffix}`);
  }
  const messages: Record<string, string> = {};
  for (const source of [MESSAGES[FALLBACK_LOCALE], MESSAGES[locale]] as Record<string, string>[]) {
    for (const [key, text] of Object.entries(source)) {
      if (keys.has(key) || prefixes.some((p) => key.startsWith(p))) messages[key] = text;
    }
  }
  return { locale, messages };
}

/**
 * A quantity with its order unit by name in `locale` (format.ts `quantityWithUnit`): `formatQuantity('de-DE', 10,
 * 'C62')` → "10 Stück", `formatQuantity('en-GB', 1, 'MTR')` → "1 metre". Unit codes are UN/ECE Rec 20; a code
 * without a name stays as it is.
 */
export function formatQuantity(locale: Locale, quantity: number, unitCode: string | null | undefined): string {
  const has = (key: string) => Object.hasOwn(MESSAGES[locale], key) || Object.hasOwn(MESSAGES[FALLBACK_LOCALE], key);
  return quantityWithUnit({ locale, t: getTranslator(locale), has }, quantity, unitCode);
}
