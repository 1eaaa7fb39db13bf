/**
 * Translated texts of catalogue entities, resolved the way the storefront expects them: the context language first,
 * then en-GB, then de-DE, then whatever locale is present (the fallback rule of contract/locales.ts, Shopware's
 * translation inheritance).
 */
import { FALLBACK_LOCALES, type LocaleCode } from '../../contract/locales.ts';

/** The locale chain for a requested locale: requested → en-GB → de-DE, without duplicates. */
function localeChain(locale: string): string[] {
  return [...new Set([locale, ...FALLBACK_LOCALES])];
}

/**
 * Merges the per-locale translations of one entity into one object, field by field: a field missing (or empty) in
 * the requested locale comes from the next locale of the chain, then from any other locale present.
 *
 * @param translations translations keyed by locale code, as stored in the `translated` jsonb columns.
 * @returns the merged fields; empty object when there are no translations.
 */
export function translateFields<T extends object>(
  translations: Partial<Record<string, T>> | null | undefined,
  locale: string,
): Partial<T> {
  if (!translations) return {};
  const order = [...localeChain(locale), ...Object.keys(translations)];
  const out: Record<string, unknown> = {};
  for (const loc of order) {
    const entry = translations[loc] as Record<string, unknown> | undefined;
    if (!entry) continue;
    for (const [key, value] of Object.entries(entry)) {
      if (out[key] === undefined && value !== undefined && value !== null && value !== '') out[key] = value;
    }
  }
  return out as Partial<T>;
}

/**
 * One field of `translateFields(translations, locale)` without merging the others: the first non-empty value of
 * `key` along the same locale chain. The cart and the order resolve only names, and merging every field (long
 * descriptions in four locales) per line took about 0.6 ms of a 20-line cart read (CPU profile of the 400k bench).
 */
export function translateField<T extends object, K extends keyof T>(
  translations: Partial<Record<string, T>> | null | undefined,
  locale: string,
  key: K,
): T[K] | undefined {
  if (!translations) return undefined;
  for (const loc of [...localeChain(locale), ...Object.keys(translations)]) {
    const value = translations[loc]?.[key];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

/**
 * A variant's translations over its parent's (Shopware's translation inheritance), locale by locale and field by
 * field: a field the variant leaves empty in a locale is the parent's of that locale.
 *
 * @param base the parent's translations keyed by locale code; `own` the variant's.
 */
export function mergeTranslations<T extends Record<string, string | undefined>>(
  base: Partial<Record<string, T>>,
  own: Partial<Record<string, T>>,
): Partial<Record<string, T>> {
  const out: Partial<Record<string, T>> = { ...base };
  for (const [locale, fields] of Object.entries(own)) {
    const set = Object.fromEntries(Object.entries(fields ?? {}).filter(([, v]) => v !== undefined && v !== null));
    out[locale] = { ...base[locale], ...set } as T;
  }
  return out;
}

/**
 * The entry of a table of fixed texts (mail templates, pages for procurement systems) for `locale`, with en-GB when
 * the table has none for it.
 */
export function textsFor<T>(table: Readonly<Record<LocaleCode, T>>, locale: string): T {
  return table[(locale in table ? locale : 'en-GB') as LocaleCode];
}
