/**
 * What the catalogue route modules share: the database, configuration and the in-process catalogue cache, plus
 * small helpers every handler uses (the request's criteria, the context's locale).
 */
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import type { BackendConfig } from '../config.ts';
import type { CatalogCache } from './catalog-cache.ts';
import type { StoreApiEnv, StoreContext } from './context.ts';
import { parseCriteria, readJsonBody, type Criteria } from './criteria.ts';

export interface CatalogDeps {
  db: Db;
  config: BackendConfig;
  cache: CatalogCache;
}

/** Criteria of a request: JSON body for POST, query parameters for both (body wins). */
export async function requestCriteria(c: Context<StoreApiEnv>): Promise<Criteria> {
  const body = c.req.method === 'GET' ? {} : await readJsonBody(c.req);
  return parseCriteria(body, c.req.query());
}

/** The pieces of the context the catalogue mappers need. */
export interface ViewContext {
  locale: string;
  languageId: string;
  salesChannelId: string;
  /** Root of the main navigation: a product's SEO category lies below it. */
  navigationCategoryId: string;
  mediaBaseUrl: string;
  /** Logged-in customer, or null: anonymous callers never get prices or stock figures. */
  customerId: string | null;
  currencyIso: string;
}

/** Builds the mapper view of a request context. */
export function viewContext(ctx: StoreContext, config: BackendConfig): ViewContext {
  return {
    locale: ctx.language.localeCode,
    languageId: ctx.language.id,
    salesChannelId: ctx.salesChannel.id,
    navigationCategoryId: ctx.salesChannel.navigationCategoryId,
    mediaBaseUrl: config.mediaBaseUrl,
    customerId: ctx.customerId,
    currencyIso: 'EUR',
  };
}
