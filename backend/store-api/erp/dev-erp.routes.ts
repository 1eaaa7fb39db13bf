/**
 * Development aid: `POST /store-api/{provider}/dev/erp/advance` `{ hours }` (1 to 8760) advances the simulated ERP as
 * if that many hours had passed from now (`erpSimulation.advance(now + hours)`): orders move on through their
 * statuses, deliveries and invoices are written and offer requests answered, for demonstrations and end-to-end tests
 * (docs/decisions/016-erp.md). Answers the instant the simulation was advanced to.
 *
 * Registered only when `WERKBANK_DEV_OUTBOX=1` is set (the switch of the other development aids,
 * ../account/dev-outbox.routes.ts) and the ERP is the simulated one; otherwise the path is unknown (404
 * `FRAMEWORK__ROUTE_NOT_FOUND`), so a public shop or a shop on a real ERP never offers it.
 */
import type { Hono } from 'hono';
import { type DevErpAdvanceResponse } from '../../../contract/provider/development.ts';
import { devOutboxEnabled } from '../../config.ts';
import type { StoreApiEnv } from '../context.ts';
import type { ErpRouteDeps } from './erp-http.ts';
import { providerRoute } from '../../http/provider-route.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Registers the route when enabled (see the module comment). */
export function registerDevErpRoutes(app: Hono<StoreApiEnv>, deps: ErpRouteDeps): void {
  const simulation = deps.erpSimulation;
  if (!simulation || !devOutboxEnabled(deps.env ?? process.env)) return;
  const now = deps.now ?? (() => new Date());
  providerRoute(app, deps.config.provider, 'devAdvanceErp', async (c) => {
    const to = new Date(now().getTime() + c.req.valid('json').hours * HOUR_MS);
    await simulation.advance(to);
    c.header('cache-control', 'no-store');
    return { advancedTo: to.toISOString(), apiAlias: 'array_struct' } satisfies DevErpAdvanceResponse;
  });
}
