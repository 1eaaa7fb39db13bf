/**
 * What the catalogue route modules share: the database, configuration and the in-process catalogue cache, plus
 * small helpers every handler uses (the request's criteria, the context's locale).
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { companyTable, customerRightTable, customerTable } from '../db/schema/index.ts';
import type { BackendConfig } from '../config.ts';
import type { CatalogCache } from '../commerce/catalog/catalog-cache.ts';
import type { StoreApiEnv, StoreContext } from './context.ts';
import { compressedCriteriaFromQuery, parseCriteria, readJsonBody, type Criteria } from './criteria.ts';

export interface CatalogDeps {
  db: Db;
  config: BackendConfig;
  cache: CatalogCache;
}

/**
 * Criteria of a request: the JSON body of a POST, the `_criteria` query parameter of a GET twin (decoded by
 * compressedCriteriaFromQuery), and the plain query parameters for both (body and `_criteria` win).
 *
 * @throws StoreApiError 400 for invalid JSON, an invalid `_criteria` or invalid criteria (parseCriteria).
 */
export async function requestCriteria(c: Context<StoreApiEnv>): Promise<Criteria> {
  const compressed = compressedCriteriaFromQuery(c.req.query('_criteria'));
  if (c.req.method === 'GET') return parseCriteria(compressed, c.req.query());
  const body = await readJsonBody(c.req);
  return parseCriteria(
    body && typeof body === 'object' && !Array.isArray(body) ? { ...compressed, ...body } : body,
    c.req.query(),
  );
}

/**
 * The languages whose canonical SEO path an entity's `seoUrls` lists: with the association `seoUrls` in the
 * criteria, every language of the sales channel's domains (Shopware's `seoUrls` association holds the entity's SEO
 * URLs of every language; a storefront picks by `languageId`), context language first; without it undefined, and
 * the mappers list the context language only, which keeps listings and navigation small.
 */
export function seoLanguages(
  criteria: Pick<Criteria, 'associations'>,
  ctx: Pick<StoreContext, 'language' | 'languages' | 'salesChannel'>,
): { id: string; localeCode: string }[] | undefined {
  if (!('seoUrls' in criteria.associations)) return undefined;
  const onDomains = new Set(ctx.salesChannel.domains.map((d) => d.languageId));
  return [ctx.language, ...ctx.languages.filter((l) => l.id !== ctx.language.id && onDomains.has(l.id))];
}

/** The pieces of the context the catalogue mappers need. */
export interface ViewContext {
  locale: string;
  languageId: string;
  salesChannelId: string;
  /** Root of the main navigation: a product's SEO category lies below it. */
  navigationCategoryId: string;
  mediaBaseUrl: string;
  /**
   * True when the caller may see prices and stock figures: a logged-in, active customer of an active company
   * holding the right ROLE_VIEW_PRICES. Everyone else (anonymous callers and customers without the right) gets
   * neither prices nor stock figures, and cannot filter, sort or aggregate by them.
   */
  pricesVisible: boolean;
  currencyIso: string;
}

/**
 * True when `customerId` names an active customer of an active company with ROLE_VIEW_PRICES enabled (the rights
 * model of backend/auth/rights.ts, read as backend/auth/guards.ts reads it). One indexed lookup.
 */
async function customerSeesPrices(db: Db, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ code: customerRightTable.code })
    .from(customerRightTable)
    .innerJoin(customerTable, eq(customerTable.id, customerRightTable.customerId))
    .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
    .where(
      and(
        eq(customerRightTable.customerId, customerId),
        eq(customerRightTable.code, 'ROLE_VIEW_PRICES'),
        eq(customerRightTable.enabled, true),
        eq(customerTable.active, true),
        eq(companyTable.active, true),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Builds the mapper view of a request context; the customer's ROLE_VIEW_PRICES right comes from the customer the
 * context middleware read (`StoreContext.customer`: active, of an active company, enabled rights), else one query.
 */
export async function viewContext(ctx: StoreContext, deps: { db: Db; config: BackendConfig }): Promise<ViewContext> {
  return {
    locale: ctx.language.localeCode,
    languageId: ctx.language.id,
    salesChannelId: ctx.salesChannel.id,
    navigationCategoryId: ctx.salesChannel.navigationCategoryId,
    mediaBaseUrl: deps.config.mediaBaseUrl,
    pricesVisible:
      ctx.customerId !== null &&
      (ctx.customer?.id === ctx.customerId
        ? ctx.customer.rights.has('ROLE_VIEW_PRICES')
        : await customerSeesPrices(deps.db, ctx.customerId)),
    currencyIso: 'EUR',
  };
}
