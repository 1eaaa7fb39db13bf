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
import {
  OrderFlowAssignRequestSchema,
  OrderFlowListRequestSchema,
  OrderFlowPathSchema,
  OrderFlowRequestSchema,
} from '../../../contract/provider/order-flow.ts';
import { requireCustomer, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { RightCode } from '../../auth/rights.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { validate } from '../../http/validate.ts';
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

export interface OrderFlowDeps {
  db: Db;
  config: BackendConfig;
}

/** Registers the order flow endpoints (see the module comment). */
export function registerOrderFlowRoutes(app: Hono<StoreApiEnv>, deps: OrderFlowDeps): void {
  const { db, config } = deps;
  const { provider } = config;
  const base = `/store-api/${provider}/order-flow`;

  /** The logged-in caller holding `right`; the answer is marked private. */
  async function caller(c: Context<StoreApiEnv>, right: RightCode): Promise<AuthenticatedCustomer> {
    c.header('cache-control', 'private, no-store');
    const me = await requireCustomer(c, db);
    requireRight(me, right, provider);
    return me;
  }

  app.post(`${base}/list`, validate('json', OrderFlowListRequestSchema), async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    return c.json(await listFlows(db, me, c.req.valid('json')));
  });

  app.get(`${base}/pending`, async (c) => {
    const me = await caller(c, 'ROLE_APPROVE_ORDER_FLOWS');
    return c.json(pricedFor(me, await pendingForApprover(db, me)));
  });

  app.post(`${base}/assign`, validate('json', OrderFlowAssignRequestSchema), async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    const body = c.req.valid('json');
    return c.json(await assignFlow(db, me, provider, body.flowId, body.users));
  });

  app.post(base, validate('json', OrderFlowRequestSchema), async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    return c.json(await createFlow(db, me, provider, c.req.valid('json')));
  });

  app.get(`${base}/:id`, validate('param', OrderFlowPathSchema), async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    const [mapped] = await mapFlows(db, [await loadFlow(db, me, provider, c.req.valid('param').id)]);
    return c.json(mapped!);
  });

  app.put(
    `${base}/:id`,
    validate('param', OrderFlowPathSchema),
    validate('json', OrderFlowRequestSchema),
    async (c) => {
      const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
      return c.json(await updateFlow(db, me, provider, c.req.valid('param').id, c.req.valid('json')));
    },
  );

  app.delete(`${base}/:id`, validate('param', OrderFlowPathSchema), async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_FLOWS');
    await deleteFlow(db, me, provider, c.req.valid('param').id);
    return c.body(null, 204);
  });
}
