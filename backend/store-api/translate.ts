/**
 * Translated texts of catalogue entities, resolved the way the storefront expects them: the context language first,
 * then en-GB, then de-DE, then whatever locale is present (ARCHITECTURE §4, the catalogue model's fallback rule).
 */
import type { LocaleCode } from '../catalog/model.ts';

/** Locales tried after the requested one, in order. */
export const FALLBACK_LOCALES: readonly LocaleCode[] = ['en-GB', 'de-DE'];

/** The locale chain for a requested locale: requested → en-GB → de-DE, without duplicates. */
export function localeChain(locale: string): string[] {
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

/** The PostgreSQL text-search configuration and the product columns of a locale (german, english, french, dutch). */
export interface LocaleColumns {
  tsConfig: 'german' | 'english' | 'french' | 'dutch';
  /** Denormalised name column with fallback applied by the catalogue writer. */
  nameColumn: 'name_de' | 'name_en' | 'name_fr' | 'name_nl';
  /** tsvector column. */
  searchColumn: 'search_de' | 'search_en' | 'search_fr' | 'search_nl';
}

/** Columns for a locale code; unknown locales use the English ones (the fallback language). */
export function localeColumns(locale: string): LocaleColumns {
  switch (locale.slice(0, 2)) {
    case 'de':
      return { tsConfig: 'german', nameColumn: 'name_de', searchColumn: 'search_de' };
    case 'fr':
      return { tsConfig: 'french', nameColumn: 'name_fr', searchColumn: 'search_fr' };
    case 'nl':
      return { tsConfig: 'dutch', nameColumn: 'name_nl', searchColumn: 'search_nl' };
    default:
      return { tsConfig: 'english', nameColumn: 'name_en', searchColumn: 'search_en' };
  }
}
