/**
 * Order reference endpoints of the provider API (contract/provider/order-reference.ts):
 * - `POST /store-api/{provider}/order-reference/list`, `POST …/order-reference`, `GET`, `PUT`, `DELETE
 *   …/order-reference/{id}`: managing the company's references, with ROLE_MANAGE_ORDER_REFERENCES (budget fields also
 *   ROLE_MANAGE_BUDGETS, approvers ROLE_MANAGE_APPROVERS: backend/commerce/spending/order-reference.service.ts);
 * - `GET …/order-reference/search/{term}`: the references the caller may book to, with ROLE_ADD_ORDER_REFERENCES;
 * - `PUT …/order-reference/cart/{id}` and `DELETE …/order-reference/cart`: choosing or clearing the reference of the
 *   caller's cart (`cart.order_reference_id`), with ROLE_ADD_ORDER_REFERENCES.
 *
 * A reference of another company answers 404 exactly like an unknown one. Every answer is per company:
 * `cache-control: private, no-store`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import {
  type OrderReferenceCartResponse,
  type OrderReferenceSearchResponse,
} from '../../../contract/provider/order-reference.ts';
import { requireCustomer, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { RightCode } from '../../auth/rights.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { cartTable } from '../../db/schema/index.ts';
import { ensureCart } from '../../commerce/cart/cart-change.ts';
import type { StoreApiEnv } from '../context.ts';
import {
  createReference,
  deleteReference,
  listReferences,
  loadReference,
  loadUsableReference,
  mapOptions,
  mapReferences,
  searchReferences,
  updateReference,
} from '../../commerce/spending/order-reference.service.ts';
import { providerRoute } from '../../http/provider-route.ts';

export interface OrderReferenceDeps {
  db: Db;
  config: BackendConfig;
}

/** Registers the order reference endpoints (see the module comment). */
export function registerOrderReferenceRoutes(app: Hono<StoreApiEnv>, deps: OrderReferenceDeps): void {
  const { db, config } = deps;

  /** The logged-in caller holding `right`; the answer is marked private. */
  async function caller(c: Context<StoreApiEnv>, right: RightCode): Promise<AuthenticatedCustomer> {
    c.header('cache-control', 'private, no-store');
    const me = await requireCustomer(c, db);
    requireRight(me, right, config.provider);
    return me;
  }

  /** Sets the reference of the caller's cart (null clears it); every device sees the new revision. */
  async function setCartReference(me: AuthenticatedCustomer, referenceId: string | null): Promise<void> {
    await ensureCart(db, me.id);
    await db
      .update(cartTable)
      .set({ orderReferenceId: referenceId, revision: sql`${cartTable.revision} + 1`, updatedAt: new Date() })
      .where(eq(cartTable.customerId, me.id));
  }

  providerRoute(app, config.provider, 'listOrderReferences', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_REFERENCES');
    return listReferences(db, me, c.req.valid('json'));
  });

  providerRoute(app, config.provider, 'searchOrderReferences', async (c) => {
    const me = await caller(c, 'ROLE_ADD_ORDER_REFERENCES');
    const body: OrderReferenceSearchResponse = { elements: await searchReferences(db, me, c.req.valid('param').term) };
    return body;
  });

  providerRoute(app, config.provider, 'setCartOrderReference', async (c) => {
    const me = await caller(c, 'ROLE_ADD_ORDER_REFERENCES');
    const row = await loadUsableReference(db, me, config.provider, c.req.valid('param').id);
    await setCartReference(me, row.id);
    const [option] = await mapOptions(db, [row]);
    const body: OrderReferenceCartResponse = { orderReference: option ?? null };
    return body;
  });

  providerRoute(app, config.provider, 'clearCartOrderReference', async (c) => {
    const me = await caller(c, 'ROLE_ADD_ORDER_REFERENCES');
    await setCartReference(me, null);
    const body: OrderReferenceCartResponse = { orderReference: null };
    return body;
  });

  providerRoute(app, config.provider, 'createOrderReference', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_REFERENCES');
    return createReference(db, me, config.provider, c.req.valid('json'));
  });

  providerRoute(app, config.provider, 'readOrderReference', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_REFERENCES');
    const row = await loadReference(db, me, config.provider, c.req.valid('param').id);
    const [mapped] = await mapReferences(db, [row]);
    return mapped!;
  });

  providerRoute(app, config.provider, 'updateOrderReference', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_REFERENCES');
    return updateReference(db, me, config.provider, c.req.valid('param').id, c.req.valid('json'));
  });

  providerRoute(app, config.provider, 'deleteOrderReference', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_ORDER_REFERENCES');
    await deleteReference(db, me, config.provider, c.req.valid('param').id);
    return null;
  });
}
