/**
 * The account area of the Store API: login and session, the customer's own data, password recovery, rights and
 * roles, login as customer, and the development outbox. `registerAccountArea(app, deps)` mounts all of it.
 */
import type { Hono } from 'hono';
import type { StoreApiEnv } from '../context.ts';
import { registerAccountRoutes } from './account.routes.ts';
import type { AccountDeps } from './deps.ts';
import { registerDevOutboxRoutes } from './dev-outbox.routes.ts';
import { registerLoginAsRoutes } from './login-as.routes.ts';
import { registerRecoveryRoutes } from './recovery.routes.ts';
import { registerRightsRoutes } from './rights.routes.ts';

/** Mounts every account route on the app. */
export function registerAccountArea(app: Hono<StoreApiEnv>, deps: AccountDeps): void {
  registerAccountRoutes(app, deps);
  registerRecoveryRoutes(app, deps);
  registerRightsRoutes(app, deps);
  registerLoginAsRoutes(app, deps);
  registerDevOutboxRoutes(app, deps);
}

export type { AccountDeps } from './deps.ts';
