/**
 * Test helpers for approval requests: an order flow with approvers and users written straight into the database,
 * and a test-only route that sends the logged-in customer's cart as an approval request through `requestApproval`
 * in one transaction with the cart locked, as the checkout's submit does when the flow's threshold is reached.
 */
import { and, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import * as v from 'valibot';
import { OrderCreateRequestSchema } from '../../contract/order.ts';
import { requireCustomer } from '../auth/guards.ts';
import type { RightCode } from '../auth/rights.ts';
import type { BackendConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import {
  customerRightTable,
  orderFlowApproverTable,
  orderFlowTable,
  orderFlowUserTable,
  orderReferenceTable,
} from '../db/schema/index.ts';
import { randomId } from '../lib/ids.ts';
import { calculateCart } from '../commerce/cart/calculate-cart.ts';
import type { StoreApiEnv } from '../store-api/context.ts';
import { requestApproval } from '../commerce/spending/approval.service.ts';

/** Path of the test-only request route. */
export const TEST_REQUEST_APPROVAL_PATH = '/store-api/test/request-approval';

/**
 * Inserts an active order flow of a company from 2026-01-01, monthly, with its approvers and users.
 *
 * @returns the flow id.
 */
export async function insertFlow(
  db: Db,
  companyId: string,
  input: {
    name?: string;
    budgetCents?: number | null;
    approveFromCents?: number | null;
    approvers?: string[];
    users?: string[];
  } = {},
): Promise<string> {
  const id = randomId();
  await db.insert(orderFlowTable).values({
    id,
    companyId,
    name: input.name ?? 'Site purchases',
    budgetCents: input.budgetCents ?? null,
    approveFromCents: input.approveFromCents ?? 10000,
    startDate: '2026-01-01',
  });
  for (const customerId of input.approvers ?? []) {
    await db.insert(orderFlowApproverTable).values({ flowId: id, customerId });
  }
  for (const customerId of input.users ?? []) {
    await db.insert(orderFlowUserTable).values({ flowId: id, customerId });
  }
  return id;
}

/** Makes `customerId` an approver of the flow. */
export async function addFlowApprover(db: Db, flowId: string, customerId: string): Promise<void> {
  await db.insert(orderFlowApproverTable).values({ flowId, customerId });
}

/** Switches a right of a customer on or off. */
export async function setRight(db: Db, customerId: string, code: RightCode, enabled: boolean): Promise<void> {
  await db
    .update(customerRightTable)
    .set({ enabled })
    .where(and(eq(customerRightTable.customerId, customerId), eq(customerRightTable.code, code)));
}

/**
 * Registers `POST /store-api/test/request-approval` on a test app: the body is the order data of contract/order.ts
 * plus `flowId` (and `orderReferenceId`); the logged-in customer's cart is locked, calculated and sent as an approval
 * request of that flow. Answers `{ approvalId, approvalNumber, created }`.
 */
export function mountRequestApprovalRoute(app: Hono<StoreApiEnv>, deps: { db: Db; config: BackendConfig }): void {
  app.post(TEST_REQUEST_APPROVAL_PATH, async (c) => {
    const customer = await requireCustomer(c, deps.db);
    const body = (await c.req.json()) as Record<string, unknown>;
    const data = v.parse(OrderCreateRequestSchema, body.data ?? {});
    const context = c.get('context');
    const result = await deps.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [flow] = await tx
        .select()
        .from(orderFlowTable)
        .where(eq(orderFlowTable.id, String(body.flowId)));
      const [reference] = body.orderReferenceId
        ? await tx
            .select()
            .from(orderReferenceTable)
            .where(eq(orderReferenceTable.id, String(body.orderReferenceId)))
        : [];
      const { cart, model } = await calculateCart(tx, customer, context, { config: deps.config, forUpdate: true });
      return requestApproval(deps, tx, {
        customer,
        context,
        cart,
        model,
        data,
        flow: flow ?? null,
        orderReference: reference ?? null,
        idempotencyKey: c.req.header('idempotency-key') ?? null,
      });
    });
    return c.json(result);
  });
}
