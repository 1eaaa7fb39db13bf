/**
 * Mounts every Store API area on the app. Each area lives in its own folder with a `*.routes.ts` that exports a
 * `register…Routes(app, deps)` function.
 */
import type { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import type { BackendConfig } from '../config.ts';
import type { ChannelCache, StoreApiEnv } from './context.ts';

export interface RouteDeps {
  db: Db;
  config: BackendConfig;
  channels: ChannelCache;
}

export function registerRoutes(app: Hono<StoreApiEnv>, deps: RouteDeps): void {
  void app;
  void deps;
}
