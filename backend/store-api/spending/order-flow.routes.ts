/**
 * Order flow endpoints of the provider API (contract/provider/order-flow.ts):
 * - `POST /store-api/{provider}/order-flow/list`, `POST …/order-flow`, `POST …/order-flow/assign`, `GET`, `PUT`,
 *   `DELETE …/order-flow/{id}`: managing the company's flows, with ROLE_MANAGE_ORDER_FLOWS (budget fields also
 *   ROLE_MANAGE_BUDGETS, approvers ROLE_MANAGE_APPROVERS: backend/commerce/spending/order-flow.service.ts);
 * - `GET …/order-flow/pending`: the pending approval requests of the flows the caller approves, with
 *   ROLE_APPROVE_ORDER_FLOWS; their amounts are 0 to an approver without ROLE_VIEW_PRICES (../prices-hidden.ts).
 *
 * A flow of another company answers 404 exactly like an unknown one. Every answer is per company:
 * `cache-control: private, no-store`.
 */
import type { Context, Hono } from 'hono';
import { requireCustomer, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { RightCode } from '../../auth/rights.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { StoreApiEnv } from '../context.ts';
import { pricedFor } from '../../commerce/accounts/prices-hidden.ts';
import {
  assignFlow,
  createFlow,
  deleteFlow,
  listFlows,
  loadFlow,
  mapFlows,
  pendingForApprover,
  updateFlow,
} from '../../commerce/spending/order-flow.service.ts';
import { providerRoute } from '../../http/provider-route.ts';

export interface OrderFlowDeps {
  db: Db;
  config: BackendConfig;
}

/** Registers the order flow endpoints (see the module comment). */
export function registerOrderFlowRoutes(app: Hono<StoreApiEnv>, deps: OrderFlowDeps): void {
  const { db, config } = deps;
  const { provider } = config;

  /** The logged-in caller holding `right`; the answer is marked private. */
  async function caller(c: Context<StoreApiEnv>, right: RightCode): Promise<AuthenticatedCustomer> {
    c.header('cache-control', 'private, no-store');
    const me = await requireCustomer(c, db);
    requireRight(me, right, provider);
    return me;
  }

  providerRoute(app, provider, 'listOrderFlows', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    return listFlows(db, me, c.req.valid('json'));
  });

  providerRoute(app, provider, 'readPendingOrderFlowApprovals', async (c) => {
    const me = await caller(c, 'ROLE_APPROVE_ORDER_FLOWS');
    return pricedFor(me, await pendingForApprover(db, me));
  });

  providerRoute(app, provider, 'assignOrderFlow', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    const body = c.req.valid('json');
    return assignFlow(db, me, provider, body.flowId, body.users);
  });

  providerRoute(app, provider, 'createOrderFlow', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    return createFlow(db, me, provider, c.req.valid('json'));
  });

  providerRoute(app, provider, 'readOrderFlow', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    const [mapped] = await mapFlows(db, [await loadFlow(db, me, provider, c.req.valid('param').id)]);
    return mapped!;
  });

  providerRoute(app, provider, 'updateOrderFlow', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    return updateFlow(db, me, provider, c.req.valid('param').id, c.req.valid('json'));
  });

  providerRoute(app, provider, 'deleteOrderFlow', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    await deleteFlow(db, me, provider, c.req.valid('param').id);
    return null;
  });
}
