/**
 * i18next instance shared by all requests: one resource bundle per locale, flat dotted keys (no key separator),
 * `{name}` placeholders (the spec's own notation, e.g. 'sold per {step}'), en-GB as fallback.
 */
import i18next, { type TFunction } from 'i18next';
import { FALLBACK_LOCALE, MESSAGES, SUPPORTED_LOCALES, type Locale, type MessageKey } from './locales.ts';

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, { translation: MESSAGES[l] }])),
  lng: FALLBACK_LOCALE,
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...SUPPORTED_LOCALES],
  keySeparator: false,
  nsSeparator: false,
  // Output goes into Astro templates, which escape on their own.
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  showSupportNotice: false,
} as Parameters<typeof instance.init>[0]);

/** Translates a key with `{name}` values; unknown keys return the key itself. */
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The translate function of a locale. */
export function getTranslator(locale: Locale): Translate {
  const t: TFunction = instance.getFixedT(locale);
  return (key, values) => t(key, values ?? {}) as string;
}

/**
 * A message without interpolation, placeholders kept (`'{count} variants'`), for island props that substitute the
 * values themselves.
 */
export function rawMessage(locale: Locale, key: MessageKey): string {
  return MESSAGES[locale][key] ?? MESSAGES[FALLBACK_LOCALE][key];
}
