/**
 * The order area of the Store API: placing an order (`POST /checkout/order`, ../checkout/order.routes.ts) and reading
 * orders (`POST /order` and the provider's order history, ./order.routes.ts).
 */
import type { Hono } from 'hono';
import type { StoreApiEnv } from '../context.ts';
import { registerCheckoutOrderRoutes, type CheckoutOrderDeps } from '../checkout/order.routes.ts';
import { registerOrderRoutes } from './order.routes.ts';

/** Registers the order routes on the app. */
export function registerOrderArea(app: Hono<StoreApiEnv>, deps: CheckoutOrderDeps): void {
  registerCheckoutOrderRoutes(app, deps);
  registerOrderRoutes(app, deps);
}
