/**
 * The ERP area of the Store API (docs/decisions/016-erp.md): the order and invoice history of every channel with the
 * invoice PDFs (./history.routes.ts), offers (./offer.routes.ts) and the development advance of the simulated ERP
 * (./dev-erp.routes.ts). Every route asks the ERP only through the port (backend/erp/port.ts) after checking login,
 * right and scope.
 */
import type { Hono } from 'hono';
import type { StoreApiEnv } from '../context.ts';
import { registerDevErpRoutes } from './dev-erp.routes.ts';
import type { ErpRouteDeps } from './erp-http.ts';
import { registerErpHistoryRoutes } from './history.routes.ts';
import { registerOfferRoutes } from './offer.routes.ts';

/** Mounts every ERP route on the app. */
export function registerErpArea(app: Hono<StoreApiEnv>, deps: ErpRouteDeps): void {
  registerErpHistoryRoutes(app, deps);
  registerOfferRoutes(app, deps);
  registerDevErpRoutes(app, deps);
}

export type { ErpRouteDeps } from './erp-http.ts';
