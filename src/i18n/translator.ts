/**
 * i18next instance shared by all requests: one resource bundle per locale, flat dotted keys (no key separator),
 * `{name}` placeholders (the spec's own notation, e.g. 'sold per {step}'), en-GB as fallback. Count strings are
 * i18next plural entries (`key_one` / `key_other`, chosen by `count` through `Intl.PluralRules`), and every numeric
 * value is written with the locale's `Intl.NumberFormat` ("2.424 Produkte", "2 424 produits").
 */
import i18next, { type FormatterModule, type TFunction } from 'i18next';
import {
  FALLBACK_LOCALE,
  MESSAGES,
  SUPPORTED_LOCALES,
  type CatalogueKey,
  type Locale,
  type MessageKey,
} from './locales.ts';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** Formats numbers with the locale's grouping; every other value is inserted as it is. */
const localeNumbers: FormatterModule = {
  type: 'formatter',
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (value: unknown, _format: string | undefined, lng: string | undefined): string => {
    // Non-numbers (strings, and undefined for a missing value, which i18next handles itself) pass through.
    if (typeof value !== 'number') return value as string;
    const locale = lng ?? FALLBACK_LOCALE;
    let format = numberFormats.get(locale);
    if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
    return format.format(value);
  },
};

const instance = i18next.createInstance();
void instance.use(localeNumbers).init({
  initAsync: false,
  resources: Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, { translation: MESSAGES[l] }])),
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  keySeparator: false,
  nsSeparator: false,
  // Output goes into Astro templates, which escape on their own; `alwaysFormat` sends every value through the
  // number formatter above.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}', alwaysFormat: true },
  showSupportNotice: false,
} as Parameters<typeof instance.init>[0]);

/**
 * Translates a key with `{name}` values; unknown keys return the key itself. A plural key needs a numeric `count`.
 */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The translate function of a locale. */
export function getTranslator(locale: Locale): Translate {
  const t: TFunction = instance.getFixedT(locale);
  return (key, values) => t(key, values ?? {}) as string;
}

/**
 * A message without interpolation, placeholders kept (`'{count} variants'`), for island props that substitute the
 * values themselves. For a plural key this is its `_other` form.
 */
export function rawMessage(locale: Locale, key: MessageKey): string {
  const lookup = (l: Locale) =>
    (MESSAGES[l] as Partial<Record<string, string>>)[key] ?? MESSAGES[l][`${key}_other` as CatalogueKey];
  return lookup(locale) ?? lookup(FALLBACK_LOCALE) ?? key;
}
