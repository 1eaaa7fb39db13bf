/**
 * Listing endpoints (Shopware ProductListingRoute, ProductSearchRoute, ProductSuggestRoute):
 * - `GET|POST /store-api/product-listing/{categoryId}`: the category's products (default limit 24);
 * - `GET|POST /store-api/search`: the search result page for `search` (default limit 24, sorting `score`);
 * - `GET|POST /store-api/search-suggest`: the quick search for `search` (default limit 10), without aggregations,
 *   filters or sortings.
 * Search candidates come from backend/search (routing by query shape), cached per language, term and candidate cap
 * for the most recent terms (backend/commerce/catalog/catalog-cache.ts `recent`); see ../listing.service.ts for
 * filters, sortings and aggregations. A missing `search` answers 400; an unknown category 404.
 *
 * For a logged-in buyer holding ROLE_MANAGE_ARTICLE_LINKS, `/search` and `/search-suggest` also find the article whose
 * customer article number (the company's article link, docs/decisions/017) equals the term (case ignored, trimmed),
 * ranked first like an exact supplier article number; such answers carry `cache-control: private, no-store`. Everyone
 * else gets the catalogue's answer, the same for every caller of the language.
 */
import type { Hono } from 'hono';
import { planSearch } from '../../search/route-query.ts';
import { searchProductIds } from '../../search/product-search.ts';
import {
  articleLinkReaderOf,
  productIdsByCustomerSku,
  readsArticleLinks,
} from '../../commerce/article-links/lookup.ts';
import { channelCategory, categoryNotFound } from '../category.service.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination, type Criteria } from '../criteria.ts';
import { requestCriteria, viewContext, type CatalogDeps } from '../deps.ts';
import { violations } from '../../http/errors.ts';
import { applyIncludes } from '../includes.ts';
import { isId } from '../../lib/ids.ts';
import { LISTING_DEFAULT_LIMIT, productListing } from '../listing.service.ts';

/** Candidates the search page ranks and filters: pages beyond this are not offered. */
const SEARCH_CANDIDATE_CAP = 1000;
/** Quick search default limit: 10 suggestions. */
const SUGGEST_DEFAULT_LIMIT = 10;

/**
 * The product associations a listing maps: those the criteria ask for, less the ones its `includes` drop from every
 * product (Shopware's `includes`: a product field not listed is not sent, so it is not built either). The quick search
 * asks for properties and categories but keeps neither (src/features/search/quick-search-api.ts).
 */
const associationFlags = (criteria: Criteria) => {
  const { associations } = criteria;
  const kept = criteria.includes?.product;
  const wanted = (field: string) => field in associations && (!kept || kept.includes(field));
  return {
    properties: wanted('properties'),
    categories: wanted('categories'),
    media: 'media' in associations ? ('all' as const) : ('cover' as const),
  };
};

export function registerListingRoutes(app: Hono<StoreApiEnv>, deps: CatalogDeps): void {
  app.on(['GET', 'POST'], '/store-api/product-listing/:categoryId', async (c) => {
    const criteria = await requestCriteria(c);
    const context = c.get('context');
    const param = c.req.param('categoryId');
    if (!isId(param)) throw categoryNotFound(param);
    const index = await deps.cache.categories();
    const category = channelCategory(index, param, context.salesChannel);
    const result = await productListing({
      db: deps.db,
      cache: deps.cache,
      criteria,
      view: await viewContext(context, deps),
      categoryId: category.id,
      defaultLimit: LISTING_DEFAULT_LIMIT,
      product: associationFlags(criteria),
    });
    return c.json(applyIncludes(result, criteria.includes));
  });

  for (const suggest of [false, true]) {
    app.on(['GET', 'POST'], suggest ? '/store-api/search-suggest' : '/store-api/search', async (c) => {
      const criteria = await requestCriteria(c);
      const term = criteria.search ?? criteria.term;
      if (!term)
        throw violations([{ pointer: '/search', code: 'MISSING_PARAMETER', detail: 'Parameter "search" is missing.' }]);
      const context = c.get('context');
      const view = await viewContext(context, deps);
      const defaultLimit = suggest ? SUGGEST_DEFAULT_LIMIT : LISTING_DEFAULT_LIMIT;
      const { offset, limit } = pagination(criteria, defaultLimit);
      // Only an exact total needs the full candidate set; search-suggest and callers that ask for no total
      // (`total-count-mode: none`, as the quick search does) rank just enough candidates for their page.
      const lean = suggest || criteria.totalCountMode === 'none';
      const cap = lean ? Math.min(SEARCH_CANDIDATE_CAP, offset + limit + 40) : SEARCH_CANDIDATE_CAP;
      // A buyer holding ROLE_MANAGE_ARTICLE_LINKS also finds an article by the company's own number; that answer
      // depends on the company's data, so no cache may keep or share it.
      const reader = await articleLinkReaderOf(deps.db, context.customerId);
      const linked = readsArticleLinks(reader) ? await productIdsByCustomerSku(deps.db, reader, [term]) : new Map();
      if (readsArticleLinks(reader)) c.header('cache-control', 'private, no-store');
      const plan = planSearch(term);
      const linkedIds = [...linked.values()];
      const run = async () =>
        searchProductIds(deps.db, plan, {
          locale: view.locale,
          cap,
          brands: await deps.cache.manufacturers(),
          linkedIds,
          statementTimeoutMs: deps.config.searchStatementTimeoutMs,
        });
      // The catalogue's candidates of a term are the same for everyone until the catalogue changes: recent terms are
      // cached with the catalogue data (cleared by imports, else expired after the cache's TTL).
      const found = linkedIds.length
        ? await run()
        : await deps.cache.recent(`search:${view.locale}:${cap}:${plan.term}`, run);
      const result = await productListing({
        db: deps.db,
        cache: deps.cache,
        criteria,
        view,
        search: { ids: found.ids, term },
        suggest,
        defaultLimit,
        product: { ...associationFlags(criteria), media: 'cover' },
      });
      return c.json(applyIncludes(result, criteria.includes));
    });
  }
}
