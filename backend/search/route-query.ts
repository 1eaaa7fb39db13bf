/**
 * Search routing by the shape of the query (docs/decisions/007-search-and-listing.md): what a buyer types into the search box is an EAN, an
 * article number (the supplier's, the manufacturer's), the start of an article number, a brand, or words. This module
 * decides, without touching the database, which lookups run and in which order; product-search.ts runs them.
 *
 * Order of tiers (earlier tiers rank first, duplicates keep their first place):
 * 1. exact: EAN (GTIN-8/12/13/14, spaces and hyphens ignored), supplier article number (productNumber) and
 *    manufacturer number, case-insensitive;
 * 2. prefix: article numbers starting with the query (only for number-like queries of at least 2 characters);
 * 3. brand: all products of a manufacturer whose name equals the query or starts with it (3+ characters);
 * 4. full text in the context language (PostgreSQL german/english/french/dutch), whole words and the last word as a
 *    prefix, so results appear while typing;
 * 5. typo tolerance: pg_trgm word similarity on the product name, only when the earlier tiers found too little.
 */

import { searchWords, withoutRepeatedWords } from '../../contract/search.ts';

export type QueryShape = 'empty' | 'ean' | 'number' | 'text';

export interface SearchPlan {
  /** The query, trimmed, inner whitespace collapsed. */
  term: string;
  /**
   * The query for the word tiers (brand, full text, typo): `term` with repeated words dropped (contract/search.ts
   * `withoutRepeatedWords`; these tiers AND the words, so a repetition changes no result, only the cost).
   */
  textTerm: string;
  shape: QueryShape;
  /** GTINs to match `ean` exactly. */
  eans: string[];
  /** Lower-case candidates to match `productNumber` and `manufacturerNumber` exactly. */
  numbers: string[];
  /** Lower-case article-number prefix, or null. */
  prefix: string | null;
  /** Whether the brand, full-text and typo tiers run. */
  fullText: boolean;
  /** `to_tsquery` text: sanitised words joined with `&`, the last one as prefix (`:*`); '' when none. */
  prefixTsQuery: string;
}

const GTIN = /^(\d{8}|\d{12}|\d{13}|\d{14})$/;
/** One token made of letters, digits and the separators article numbers use, with at least one digit. */
const NUMBER_LIKE = /^(?=.*\d)[\p{L}\p{N}][\p{L}\p{N}.\-_/+#]*$/u;

/**
 * `to_tsquery` input for type-ahead: the distinct words of the term (contract/search.ts `searchWords`) joined with
 * `&`, the last one as a prefix: `w1 & w2 & w3:*`; '' for no words. Safe against tsquery syntax.
 */
export function toPrefixTsQuery(term: string): string {
  const words = [...new Set(searchWords(term))];
  if (words.length === 0) return '';
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** Decides the lookups for a query. Pure; see the module comment for the rules. */
export function planSearch(raw: string): SearchPlan {
  const term = raw.trim().replace(/\s+/g, ' ');
  const base: SearchPlan = {
    term,
    textTerm: withoutRepeatedWords(term),
    shape: 'empty',
    eans: [],
    numbers: [],
    prefix: null,
    fullText: false,
    prefixTsQuery: '',
  };
  if (term === '') return base;
  const compact = term.replace(/[\s-]+/g, '');
  if (GTIN.test(compact)) {
    return { ...base, shape: 'ean', eans: [compact], numbers: unique([term.toLowerCase(), compact]), prefix: compact };
  }
  const prefixTsQuery = toPrefixTsQuery(base.textTerm);
  if (!term.includes(' ') && NUMBER_LIKE.test(term)) {
    const lower = term.toLowerCase();
    return {
      ...base,
      shape: 'number',
      numbers: [lower],
      prefix: lower.length >= 2 ? lower : null,
      fullText: true,
      prefixTsQuery,
    };
  }
  // Words; a short run of tokens with digits may still be a number typed with spaces ("03 02 180").
  const numbers =
    /\d/.test(term) && term.split(' ').length <= 4 ? unique([term.toLowerCase(), compact.toLowerCase()]) : [];
  return { ...base, shape: 'text', numbers, fullText: true, prefixTsQuery };
}

/**
 * Manufacturers a query names: the normalised query equals the brand's name, or (3+ characters) the name starts with
 * it. Pure; the caller passes the manufacturer list.
 */
export function matchBrands<T extends { id: string; name: string }>(term: string, brands: T[]): T[] {
  const q = normalise(term);
  if (q === '') return [];
  return brands.filter((b) => {
    const name = normalise(b.name);
    return name === q || (q.length >= 3 && name.startsWith(q));
  });
}

function normalise(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function unique(list: string[]): string[] {
  return [...new Set(list.filter(Boolean))];
}
