/**
 * Type-ahead of the quick order's article field: Shopware's `search-suggest` (the quick search route), trimmed to
 * what a suggestion shows.
 */
import * as v from 'valibot';
import { boundSearchTerm } from '../../../contract/search.ts';
import { invoke } from '../../lib/store-api/browser.ts';

/** Suggestions shown under an article field. */
export const SUGGEST_LIMIT = 5;
/** Characters typed before suggestions are asked for. */
export const SUGGEST_MIN_LENGTH = 3;

/** One suggestion: the article number to fill in and the name to recognise it by. */
export interface ArticleSuggestion {
  id: string;
  productNumber: string;
  name: string;
}

const SuggestionSchema = v.object({
  id: v.string(),
  productNumber: v.string(),
  name: v.nullish(v.string()),
  translated: v.nullish(v.object({ name: v.nullish(v.string()) })),
});

/**
 * Products matching `term` (article number, EAN, name, as the quick search matches them): POST
 * `/store-api/search-suggest` (Shopware's `searchSuggest`) with `limit` {@link SUGGEST_LIMIT}, no aggregations and
 * `includes` of id, productNumber and name. Elements without an article number are left out.
 *
 * @throws StoreApiClientError for a non-2xx answer; aborts through `signal` propagate.
 */
export async function suggestArticles(term: string, signal: AbortSignal): Promise<ArticleSuggestion[]> {
  const answer = await invoke('searchSuggest post /search-suggest', {
    body: {
      // Within the search term bounds (contract/search.ts), beyond which the Store API answers 400.
      search: boundSearchTerm(term).term,
      limit: SUGGEST_LIMIT,
      'no-aggregations': '1',
      'total-count-mode': 'none',
      includes: { product: ['id', 'productNumber', 'name', 'translated'] },
    },
    signal,
  });
  return answer.elements.flatMap((element) => {
    const result = v.safeParse(SuggestionSchema, element);
    if (!result.success) return [];
    const { id, productNumber, name, translated } = result.output;
    return [{ id, productNumber, name: translated?.name ?? name ?? productNumber }];
  });
}
