/**
 * The storefront's message catalogues for the shop's locales (contract/locales.ts: de-DE, en-GB as fallback,
 * fr-FR, nl-NL). Domains map to these through the sales channel's domain configuration (src/lib/domain.ts).
 */
import { FALLBACK_LOCALE as CONTRACT_FALLBACK, LOCALE_CODES, type LocaleCode } from '../../contract/locales.ts';
import deDE from './messages/de-DE.json';
import enGB from './messages/en-GB.json';
import frFR from './messages/fr-FR.json';
import nlNL from './messages/nl-NL.json';

export const SUPPORTED_LOCALES = LOCALE_CODES;
export type Locale = LocaleCode;

/** The locale of unknown codes and of texts missing in a catalogue. */
export const FALLBACK_LOCALE: Locale = CONTRACT_FALLBACK;

/** Keys of the message catalogues as stored, typed from the fallback catalogue. */
export type CatalogueKey = keyof typeof enGB;
export type Messages = Record<CatalogueKey, string>;

/** i18next plural suffixes used in the catalogues (`Intl.PluralRules` categories; French `many` falls back to `other`). */
export const PLURAL_SUFFIXES = ['_one', '_other'] as const;
type PluralSuffix = (typeof PLURAL_SUFFIXES)[number];
type PluralBase<K> = K extends `${infer Base}${PluralSuffix}` ? Base : never;

/**
 * Keys a caller translates: plain keys, and plural entries (`listing.total_one` / `listing.total_other`) by their
 * base key (`listing.total`) together with a numeric `count`, from which i18next picks the form.
 */
export type MessageKey = Exclude<CatalogueKey, `${string}${PluralSuffix}`> | PluralBase<CatalogueKey>;

export const MESSAGES: Record<Locale, Messages> = {
  'de-DE': deDE,
  'en-GB': enGB,
  'fr-FR': frFR,
  'nl-NL': nlNL,
};

/** Narrows a locale code (e.g. from the Store API) to a supported locale; unknown codes give the fallback. */
export function toLocale(code: string | null | undefined): Locale {
  return (SUPPORTED_LOCALES as readonly string[]).includes(code ?? '') ? (code as Locale) : FALLBACK_LOCALE;
}
