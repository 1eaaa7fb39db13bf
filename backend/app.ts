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
import { registerRoutes } from './store-api/routes.ts';

export interface StoreApiDeps {
  db: Db;
  config: BackendConfig;
}

export interface StoreApi {
  app: Hono<StoreApiEnv>;
  channels: ChannelCache;
}

/** Builds the Store API app over an opened, migrated and seeded database. */
export function createStoreApi(deps: StoreApiDeps): StoreApi {
  const channels = createChannelCache(deps.db);
  const app = new Hono<StoreApiEnv>();
  app.onError(handleError);
  app.notFound(() => {
    throw new StoreApiError(404, 'FRAMEWORK__ROUTE_NOT_FOUND', 'No route found for this request.');
  });
  app.use('/store-api/*', contextMiddleware(deps.db, channels));
  registerRoutes(app, { ...deps, channels });
  return { app, channels };
}
