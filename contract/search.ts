/**
 * Bounds of a search term (`search` of `/store-api/search` and `/store-api/search-suggest`, criteria `term`), shared
 * by the storefront, which shortens what it sends, and the embedded Store API, which answers 400 beyond them
 * (docs/decisions/022-input-bounds.md).
 *
 * - At most SEARCH_TERM_MAX_LENGTH characters after trimming: Shopware's own default (`shopware.search.term_max_length:
 *   300` in its `shopware.yaml`).
 * - At most SEARCH_TERM_MAX_WORDS words once repeated words are dropped: a word is a run of letters and digits (the
 *   tokens the full-text search matches), and a whitespace-separated part that occurred before (case ignored) is
 *   dropped, since the search ANDs its words and a repetition changes nothing. Buyers type an article number, an EAN,
 *   a brand or a few words ("Knipex Kombizange 180 mm"); a pasted article name has up to 16.
 *
 * Every word of a term becomes a term of a PostgreSQL `tsquery`, which `ts_rank_cd` compares with every position of
 * every candidate: the cost grows with the words times the candidates' positions (1,000 words took 35 s on
 * PostgreSQL, 10,000 held the embedded PGlite for minutes), so the bound is on words, not only on characters.
 */

/** Most characters of a search term after trimming (Shopware's `shopware.search.term_max_length`). */
export const SEARCH_TERM_MAX_LENGTH = 300;

/**
 * Most words of a search term once repeated words are dropped (see the module comment): the longest article name of
 * the real catalogue has 16 words (99 % have at most 13), so a pasted name with a brand and an article number fits.
 * On the embedded PGlite a search of 20 words that finds nothing, and so runs every fallback tier, takes about 0.1 s
 * to 0.3 s (`npm run bench`, "largest term").
 */
export const SEARCH_TERM_MAX_WORDS = 20;

/** Words of a text as the full-text search takes them: runs of letters and digits, lower case. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * A term trimmed, inner whitespace collapsed to one space, and every whitespace-separated part that occurred before
 * (case ignored) dropped: `"ab AB ab  cd"` → `"ab cd"`.
 */
export function withoutRepeatedWords(term: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const part of term.trim().split(/\s+/)) {
    const key = part.toLowerCase();
    if (part === '' || seen.has(key)) continue;
    seen.add(key);
    parts.push(part);
  }
  return parts.join(' ');
}

/** Which bound a term breaks: `length` (characters), `words`; null when it keeps both. */
export type SearchTermExcess = { kind: 'length'; limit: number } | { kind: 'words'; limit: number } | null;

/**
 * The bound a search term breaks, checked on the trimmed term (length) and on its words once repeated ones are
 * dropped (`withoutRepeatedWords`). Length first, so a huge term is refused before it is split.
 */
export function searchTermExcess(term: string): SearchTermExcess {
  const trimmed = term.trim();
  if (trimmed.length > SEARCH_TERM_MAX_LENGTH) return { kind: 'length', limit: SEARCH_TERM_MAX_LENGTH };
  if (searchWords(withoutRepeatedWords(trimmed)).length > SEARCH_TERM_MAX_WORDS) {
    return { kind: 'words', limit: SEARCH_TERM_MAX_WORDS };
  }
  return null;
}

/**
 * A term shortened to the bounds, for a storefront that sends what a buyer typed or pasted: control characters read
 * as spaces, repeated words dropped,
 * then whole parts kept from the start while they fit SEARCH_TERM_MAX_WORDS words and SEARCH_TERM_MAX_LENGTH
 * characters (a first part longer than that is cut at the length).
 *
 * @returns the term to send and whether it differs from the trimmed input by more than whitespace and repetitions.
 */
export function boundSearchTerm(raw: string): { term: string; shortened: boolean } {
  // Control characters (a NUL answers 400) separate words as whitespace does.
  const distinct = withoutRepeatedWords(raw.replace(/\p{Cc}/gu, ' '));
  if (searchTermExcess(distinct) === null) return { term: distinct, shortened: false };
  let term = '';
  let words = 0;
  for (const part of distinct.split(' ')) {
    const next = term === '' ? part : `${term} ${part}`;
    const partWords = searchWords(part).length;
    if (next.length > SEARCH_TERM_MAX_LENGTH || words + partWords > SEARCH_TERM_MAX_WORDS) {
      if (term === '') term = cutToBounds(part);
      break;
    }
    term = next;
    words += partWords;
  }
  return { term, shortened: true };
}

/** A single part cut to SEARCH_TERM_MAX_LENGTH characters and then after its SEARCH_TERM_MAX_WORDS-th word. */
function cutToBounds(part: string): string {
  const cut = part.slice(0, SEARCH_TERM_MAX_LENGTH);
  let end = cut.length;
  let count = 0;
  for (const match of cut.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (++count === SEARCH_TERM_MAX_WORDS) {
      end = match.index + match[0].length;
      break;
    }
  }
  return cut.slice(0, end);
}
