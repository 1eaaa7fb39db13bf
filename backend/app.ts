/**
 * The embedded Store API: a Hono app that answers Shopware Store API calls (`/store-api/…`) and the provider's B2B
 * calls (`/store-api/{provider}/…`) from its own database.
 *
 * `createStoreApi({ db, config })` returns the app; the storefront mounts it in-process (`app.fetch`), the standalone
 * entry (`backend/main.ts`) serves it over HTTP.
 */
import { Hono } from 'hono';
import type { Db } from './db/client.ts';
import type { BackendConfig } from './config.ts';
import { contextMiddleware, createChannelCache, type ChannelCache, type StoreApiEnv } from './store-api/context.ts';
import { handleError, StoreApiError } from './http/errors.ts';
import { rejectNulInUrl } from './http/validate.ts';
import { registerRoutes } from './store-api/routes.ts';
import { registerMediaRoutes } from './media/media.routes.ts';
import type { ErpPort } from './erp/port.ts';
import type { JobSender } from './jobs/queues.ts';
import { createSimulatedErp, type ErpSimulation } from './erp/simulated/index.ts';
import { installCommerceExtensions } from './commerce/extensions.ts';
import { SHOPWARE_ERROR_CODES } from '../contract/error-codes.ts';
import { CACHE_VERSION_HEADER, formatCacheVersions } from '../contract/provider/cache-version.ts';
import { createCacheVersionState, type CacheVersionState } from './db/cache-version.ts';

export interface StoreApiDeps {
  db: Db;
  config: BackendConfig;
  /** The ERP behind the history, invoice and offer endpoints; the simulated ERP over `db` when absent. */
  erp?: ErpSimulation | ErpPort;
  /** The process's cache versions; a new state at version 0 when absent (`startCacheVersionWatcher` raises it). */
  cacheVersions?: CacheVersionState;
  /**
   * Enqueues the jobs that requests write in their transactions (mail deliveries, ERP hand-overs; backend/jobs/).
   * Absent: nothing is enqueued, the rows stay for a worker's relay and sweep (tests, tools).
   */
  jobs?: JobSender | undefined;
}

export interface StoreApi {
  app: Hono<StoreApiEnv>;
  channels: ChannelCache;
  /**
   * The versions of the snapshots this app serves (backend/db/cache-version.ts): the catalogue and sales-channel
   * caches follow them, and every `/store-api/*` answer reports them in `x-werkbank-cache-version`.
   */
  cacheVersions: CacheVersionState;
  /** The ERP the endpoints ask (docs/decisions/016-erp.md). */
  erp: ErpPort;
  /** The simulated ERP's clock when the ERP is the simulated one; null for a connector to a real ERP. */
  erpSimulation: ErpSimulation | null;
}

/** True for the simulated ERP (it has a clock), false for any other port. */
function isSimulation(erp: ErpSimulation | ErpPort): erp is ErpSimulation {
  return typeof (erp as Partial<ErpSimulation>).advance === 'function';
}

/**
 * Builds the Store API app over an opened, migrated and seeded database, with the given ERP or the simulated one
 * (backend/erp/simulated/).
 */
export function createStoreApi(deps: StoreApiDeps): StoreApi {
  installCommerceExtensions();
  const erp = deps.erp ?? createSimulatedErp(deps);
  const erpSimulation = isSimulation(erp) ? erp : null;
  const cacheVersions = deps.cacheVersions ?? createCacheVersionState();
  const channels = createChannelCache(deps.db, { versions: cacheVersions });
  const app = new Hono<StoreApiEnv>();
  app.onError(handleError);
  app.notFound(() => {
    throw new StoreApiError(404, SHOPWARE_ERROR_CODES.FRAMEWORK__ROUTE_NOT_FOUND, 'No route found for this request.');
  });
  app.use(rejectNulInUrl);
  // The versions the request came in at, also on error answers: an answer is at least as new as they say.
  app.use('/store-api/*', async (c, next) => {
    const versions = formatCacheVersions(cacheVersions.current());
    await next();
    try {
      c.res.headers.set(CACHE_VERSION_HEADER, versions);
    } catch {
      c.header(CACHE_VERSION_HEADER, versions); // immutable headers: Hono copies the response first
    }
  });
  app.use('/store-api/*', contextMiddleware(deps.db, channels));
  registerRoutes(app, {
    db: deps.db,
    config: deps.config,
    channels,
    cacheVersions,
    erp,
    erpSimulation,
    jobs: deps.jobs,
  });
  registerMediaRoutes(app, { db: deps.db });
  return { app, channels, cacheVersions, erp, erpSimulation };
}
