/**
 * The per-locale columns of the `product` table: the denormalised name (`name_de` …, sorted and shown in listings)
 * and the full-text vector (`search_de` …), with the PostgreSQL text-search configuration that builds and queries
 * it. One entry per locale of contract/locales.ts.
 */
import { FALLBACK_LOCALE, isLocaleCode, type LocaleCode } from '../../contract/locales.ts';

/** The PostgreSQL text-search configuration and the product columns of a locale. */
export interface LocaleColumns {
  tsConfig: 'german' | 'english' | 'french' | 'dutch';
  /** Denormalised name column (SQL name), filled with the fallback applied by the catalogue writer. */
  nameColumn: 'name_de' | 'name_en' | 'name_fr' | 'name_nl';
  /** tsvector column (SQL name). */
  searchColumn: 'search_de' | 'search_en' | 'search_fr' | 'search_nl';
  /** The name column's key in the Drizzle schema (backend/db/schema/product.ts). */
  nameKey: 'nameDe' | 'nameEn' | 'nameFr' | 'nameNl';
  /** The search column's key in the Drizzle schema. */
  searchKey: 'searchDe' | 'searchEn' | 'searchFr' | 'searchNl';
}

export const LOCALE_COLUMNS: Record<LocaleCode, LocaleColumns> = {
  'de-DE': {
    tsConfig: 'german',
    nameColumn: 'name_de',
    searchColumn: 'search_de',
    nameKey: 'nameDe',
    searchKey: 'searchDe',
  },
  'en-GB': {
    tsConfig: 'english',
    nameColumn: 'name_en',
    searchColumn: 'search_en',
    nameKey: 'nameEn',
    searchKey: 'searchEn',
  },
  'fr-FR': {
    tsConfig: 'french',
    nameColumn: 'name_fr',
    searchColumn: 'search_fr',
    nameKey: 'nameFr',
    searchKey: 'searchFr',
  },
  'nl-NL': {
    tsConfig: 'dutch',
    nameColumn: 'name_nl',
    searchColumn: 'search_nl',
    nameKey: 'nameNl',
    searchKey: 'searchNl',
  },
};

/** Columns for a locale code; unknown locales use those of the fallback locale (en-GB). */
export function localeColumns(locale: string): LocaleColumns {
  return LOCALE_COLUMNS[isLocaleCode(locale) ? locale : FALLBACK_LOCALE];
}
