/**
 * Product page endpoints of Shopware's own storefronts besides the product detail (product.routes.ts):
 * - `POST|GET /store-api/product/{productId}/find-variant` (Shopware FindProductVariantRoute, the variant switch of
 *   the configurator): `{ options, switchedGroup? }` where `options` lists option ids, as an array or a map of
 *   group id → option id; `productId` is the parent. Answers the first active variant (by productNumber) holding
 *   every option as Shopware's FoundCombination, `{ variantId, options, apiAlias: 'found_combination' }`. When no
 *   variant has the whole combination, options of other groups than `switchedGroup` are dropped one by one, first
 *   given first, until one matches (Shopware's algorithm); `options` then is the combination that matched. None:
 *   404 `CONTENT__PRODUCT_VARIANT_NOT_FOUND`. `options` missing or not made of strings: 400
 *   `CONTENT__INVALID_OPTIONS_PARAMETER`. The GET twin reads `options` and `switchedGroup` from the query
 *   (`options` as JSON).
 * - `POST|GET /store-api/product/{productId}/reviews` (Shopware ProductReviewRoute): the shop takes no reviews, so
 *   the answer is the empty `product_review` EntitySearchResult Shopware gives for a product nobody has reviewed
 *   (criteria are read and checked as for every list; `page` and `limit` are echoed).
 */
import type { Context, Hono } from 'hono';
import { StoreApiError } from '../../http/errors.ts';
import { isNulCharacterError, parseJsonText } from '../../http/validate.ts';
import { isId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination, readJsonBody } from '../criteria.ts';
import { requestCriteria, type CatalogDeps } from '../deps.ts';
import { searchResult } from '../../http/entities.ts';
import { applyIncludes } from '../includes.ts';
import { loadVariants } from '../../commerce/catalog/product.repository.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

/** Shopware's answer of the variant switch (FoundCombination). */
export interface FoundCombination {
  variantId: string;
  /** The option ids that matched, keyed as the request keyed them (group id, or position for a list). */
  options: Record<string, string> | string[];
  apiAlias: 'found_combination';
}

/** Reviews shown per page when the caller sends no `limit` (Shopware's storefront shows 10). */
const REVIEWS_DEFAULT_LIMIT = 10;

function invalidOptions(): StoreApiError {
  return new StoreApiError(
    400,
    SHOPWARE_ERROR_CODES.CONTENT__INVALID_OPTIONS_PARAMETER,
    'The parameter "options" is invalid.',
  );
}

/** The `options` and `switchedGroup` of a find-variant request, from the JSON body or the GET query. */
async function variantRequest(
  c: Context<StoreApiEnv>,
): Promise<{ options: Record<string, string> | string[]; switchedGroup: string | undefined }> {
  let raw: unknown;
  let switchedGroup: unknown;
  if (c.req.method === 'GET') {
    const query = c.req.query('options');
    try {
      raw = query === undefined ? undefined : parseJsonText(query);
    } catch (error) {
      if (isNulCharacterError(error)) throw error;
      throw invalidOptions();
    }
    switchedGroup = c.req.query('switchedGroup');
  } else {
    const body = await readJsonBody(c.req);
    const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    raw = fields.options;
    switchedGroup = fields.switchedGroup;
  }
  if (raw === undefined || raw === null || typeof raw !== 'object') throw invalidOptions();
  const values = Object.values(raw);
  if (!values.every((value) => typeof value === 'string')) throw invalidOptions();
  return {
    options: raw as Record<string, string> | string[],
    switchedGroup: typeof switchedGroup === 'string' ? switchedGroup : undefined,
  };
}

export function registerVariantRoutes(app: Hono<StoreApiEnv>, deps: CatalogDeps): void {
  app.on(['GET', 'POST'], '/store-api/product/:productId/find-variant', async (c) => {
    const productId = c.req.param('productId');
    const { options, switchedGroup } = await variantRequest(c);
    const variants = isId(productId) ? await loadVariants(deps.db, productId) : [];
    const entries = Object.entries(options);
    const matching = (wanted: [string, string][]) =>
      variants.find((variant) => wanted.every(([, optionId]) => variant.optionIds.includes(optionId)));
    let found = matching(entries);
    while (!found && entries.length > 1) {
      const drop = entries.findIndex(([groupId]) => groupId !== switchedGroup);
      if (drop < 0) break;
      entries.splice(drop, 1);
      found = matching(entries);
    }
    if (!found) {
      throw new StoreApiError(
        404,
        SHOPWARE_ERROR_CODES.CONTENT__PRODUCT_VARIANT_NOT_FOUND,
        `Variant for productId ${productId} with options ${JSON.stringify(Object.fromEntries(entries))} not found.`,
        { parameters: { productId, options: Object.fromEntries(entries) } },
      );
    }
    const matched = Array.isArray(options) ? entries.map(([, id]) => id) : Object.fromEntries(entries);
    return c.json({ variantId: found.id, options: matched, apiAlias: 'found_combination' } satisfies FoundCombination);
  });

  app.on(['GET', 'POST'], '/store-api/product/:productId/reviews', async (c) => {
    const criteria = await requestCriteria(c);
    const { page, limit } = pagination(criteria, REVIEWS_DEFAULT_LIMIT);
    return c.json(applyIncludes(searchResult('product_review', [], 0, page, limit), criteria.includes));
  });
}
