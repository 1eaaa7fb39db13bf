/**
 * Mounts every Store API area on the app. Each area lives in its own folder with a `*.routes.ts` that exports a
 * `register…Routes(app, deps)` function.
 */
import type { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import type { BackendConfig } from '../config.ts';
import type { ChannelCache, StoreApiEnv } from './context.ts';
import type { ErpPort } from '../erp/port.ts';
import type { ErpSimulation } from '../erp/simulated/index.ts';
import type { JobSender } from '../jobs/queues.ts';
import { createCatalogCache } from '../commerce/catalog/catalog-cache.ts';
import type { CacheVersionState } from '../db/cache-version.ts';
import { registerCacheVersionRoute } from './system/cache-version.routes.ts';
import { registerCategoryRoutes } from './category/category.routes.ts';
import { registerListingRoutes } from './listing/listing.routes.ts';
import { registerProductRoutes } from './product/product.routes.ts';
import { registerSeoRoutes } from './seo/seo-url.routes.ts';
import { registerSitemapRoutes } from './seo/sitemap.routes.ts';
import { registerSystemRoutes } from './system/system.routes.ts';
import { registerCountryRoutes } from './system/country.routes.ts';
import { registerVariantRoutes } from './product/variant.routes.ts';
import { registerCmsRoutes } from './cms/cms.routes.ts';
import { registerAccountArea } from './account/index.ts';
import { registerCompanyRoutes } from './company/company.routes.ts';
import { registerRegistrationRoutes } from './registration/registration.routes.ts';
import { registerArticleRoutes } from './article/article.routes.ts';
import { registerCartRoutes } from './checkout/cart.routes.ts';
import { registerMethodRoutes } from './checkout/methods.routes.ts';
import { registerCheckoutOrderRoutes } from './checkout/order.routes.ts';
import { registerOrderRoutes } from './order/order.routes.ts';
import { registerSpendingRoutes } from './spending/index.ts';
import { registerErpArea } from './erp/index.ts';
import { registerArticleLinkRoutes } from './article-link/article-link.routes.ts';
import { registerOrderListRoutes } from './order-list/order-list.routes.ts';
import { registerPunchOutArea } from './punchout/index.ts';

export interface RouteDeps {
  db: Db;
  config: BackendConfig;
  channels: ChannelCache;
  /** The process's cache versions: the catalogue cache follows the `catalog` version (backend/db/cache-version.ts). */
  cacheVersions: CacheVersionState;
  /** The ERP behind the order history, invoice and offer endpoints (docs/decisions/016-erp.md). */
  erp: ErpPort;
  /** The simulated ERP's clock, or null when a real ERP is plugged in. */
  erpSimulation: ErpSimulation | null;
  /** Enqueues the jobs a request's transaction writes (mails, ERP hand-overs); none: nothing is enqueued. */
  jobs?: JobSender | undefined;
}

export function registerRoutes(app: Hono<StoreApiEnv>, deps: RouteDeps): void {
  const cache = createCatalogCache(deps.db, {
    versions: deps.cacheVersions,
    listingIndexMaxRows: deps.config.listingIndexMaxRows,
  });
  const catalog = { db: deps.db, config: deps.config, cache };
  registerSystemRoutes(app, catalog);
  registerCacheVersionRoute(app, deps);
  registerCategoryRoutes(app, catalog);
  registerListingRoutes(app, catalog);
  registerProductRoutes(app, catalog);
  registerVariantRoutes(app, catalog);
  registerCountryRoutes(app);
  registerSeoRoutes(app, catalog);
  registerSitemapRoutes(app, catalog);
  registerCmsRoutes(app, catalog);
  registerAccountArea(app, { db: deps.db, config: deps.config, jobs: deps.jobs });
  registerCompanyRoutes(app, deps);
  registerRegistrationRoutes(app, deps);
  registerArticleRoutes(app, deps);
  registerCartRoutes(app, deps);
  registerMethodRoutes(app, deps);
  registerCheckoutOrderRoutes(app, deps);
  registerOrderRoutes(app, deps);
  registerSpendingRoutes(app, deps);
  registerErpArea(app, deps);
  registerArticleLinkRoutes(app, deps);
  registerOrderListRoutes(app, deps);
  registerPunchOutArea(app, deps);
}
