/**
 * The shop's locales: the language-region codes (BCP 47) of its domains, in the order the language switch lists
 * them. The embedded Store API (languages, translated catalogue texts, search configurations) and the storefront
 * (message catalogues, domain mapping) both use this one list.
 *
 * Fallback: a text missing in the requested locale is taken from en-GB, then de-DE, then any locale present
 * (Shopware's translation inheritance with the shop's system language en-GB and its source language de-DE).
 */
import * as v from 'valibot';

export const LOCALE_CODES = ['de-DE', 'en-GB', 'fr-FR', 'nl-NL'] as const;
export type LocaleCode = (typeof LOCALE_CODES)[number];
export const LocaleCodeSchema = v.picklist(LOCALE_CODES, 'NO_SUCH_CHOICE_ERROR');

/** Each locale's language named in that language (the language switch and Shopware's `language.name`). */
export const LANGUAGE_NAMES: Record<LocaleCode, string> = {
  'de-DE': 'Deutsch',
  'en-GB': 'English',
  'fr-FR': 'Français',
  'nl-NL': 'Nederlands',
};

/** The locale used when a requested one is unknown, and the first fallback for missing texts. */
export const FALLBACK_LOCALE: LocaleCode = 'en-GB';

/** Locales tried, in order, after the requested one when a text is missing. */
export const FALLBACK_LOCALES: readonly LocaleCode[] = ['en-GB', 'de-DE'];

/** True for one of the shop's locale codes. */
export function isLocaleCode(code: unknown): code is LocaleCode {
  return (LOCALE_CODES as readonly unknown[]).includes(code);
}
