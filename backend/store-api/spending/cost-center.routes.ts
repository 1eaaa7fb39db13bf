/**
 * Cost centre endpoints of the provider API (contract/provider/cost-center.ts):
 * - `GET /store-api/{provider}/cost-center/external-contact`, `POST …/cost-center/external-contact-assign` and
 *   `POST …/cost-center/external-contact-dismiss`: the company's external contacts and linking them to the cost
 *   centres (the given ids, or all without ids), with ROLE_MANAGE_COST_CENTER;
 * - `GET …/cost-center/cart/external-contact` (the connected contacts offered at checkout), `GET …/cost-center` (the
 *   active cost centres), `PUT …/cost-center/cart/{id}` and `DELETE …/cost-center/cart` (choosing or clearing the
 *   cost centre of the caller's cart, `cart.cost_center_id`), with ROLE_ACCESS_COST_CENTER.
 *
 * The server answers whatever the feature flag `cost-center-module`: the flag is read by the storefront
 * (src/lib/feature-flags.ts), which hides the module when it is off; the rights decide on the server. An id of
 * another company answers 404 exactly like an unknown one. Every answer is per company:
 * `cache-control: private, no-store`.
 */
import { providerErrorCode } from '../../../contract/provider.ts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import {
  type CostCenterCartResponse,
  type CostCenterListResponse,
  type ExternalContact,
  type ExternalContactListResponse,
} from '../../../contract/provider/cost-center.ts';
import { requireCustomer, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { RightCode } from '../../auth/rights.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { cartTable, costCenterTable, externalContactTable } from '../../db/schema/index.ts';
import { StoreApiError } from '../../http/errors.ts';
import { ensureCart } from '../../commerce/cart/cart-change.ts';
import type { StoreApiEnv } from '../context.ts';
import { providerRoute } from '../../http/provider-route.ts';

export interface CostCenterDeps {
  db: Db;
  config: BackendConfig;
}

/** The company's external contacts by name (only the connected ones with `connectedOnly`). */
export async function listExternalContacts(
  db: Db,
  companyId: string,
  connectedOnly = false,
): Promise<ExternalContact[]> {
  return db
    .select({
      id: externalContactTable.id,
      identifier: externalContactTable.identifier,
      name: externalContactTable.name,
      email: externalContactTable.email,
      connected: externalContactTable.connected,
    })
    .from(externalContactTable)
    .where(
      and(
        eq(externalContactTable.companyId, companyId),
        connectedOnly ? eq(externalContactTable.connected, true) : undefined,
      ),
    )
    .orderBy(asc(externalContactTable.name), asc(externalContactTable.identifier));
}

/** Registers the cost centre endpoints (see the module comment). */
export function registerCostCenterRoutes(app: Hono<StoreApiEnv>, deps: CostCenterDeps): void {
  const { db, config } = deps;

  /** The logged-in caller holding `right`; the answer is marked private. */
  async function caller(c: Context<StoreApiEnv>, right: RightCode): Promise<AuthenticatedCustomer> {
    c.header('cache-control', 'private, no-store');
    const me = await requireCustomer(c, db);
    requireRight(me, right, config.provider);
    return me;
  }

  /**
   * Sets `connected` of the given contacts of the company, or of all of them without ids.
   *
   * @throws StoreApiError 404 `{PROVIDER}__EXTERNAL_CONTACT_NOT_FOUND` naming the first id that is unknown or of
   *   another company; nothing is changed then.
   */
  async function setConnected(me: AuthenticatedCustomer, ids: string[] | null | undefined, connected: boolean) {
    const unique = ids ? [...new Set(ids)] : null;
    await db.transaction(async (tx) => {
      if (unique) {
        const found = await tx
          .select({ id: externalContactTable.id })
          .from(externalContactTable)
          .where(and(eq(externalContactTable.companyId, me.companyId), inArray(externalContactTable.id, unique)));
        const known = new Set(found.map((f) => f.id));
        const missing = unique.find((id) => !known.has(id));
        if (missing) {
          throw new StoreApiError(
            404,
            providerErrorCode(config.provider, 'EXTERNAL_CONTACT_NOT_FOUND'),
            `The external contact "${missing}" was not found.`,
            {
              parameters: { id: missing },
            },
          );
        }
      }
      await tx
        .update(externalContactTable)
        .set({ connected, updatedAt: new Date() })
        .where(
          and(
            eq(externalContactTable.companyId, me.companyId),
            unique ? inArray(externalContactTable.id, unique) : undefined,
          ),
        );
    });
    const body: ExternalContactListResponse = { elements: await listExternalContacts(db, me.companyId) };
    return body;
  }

  /** Sets the cart's cost centre (null clears it). */
  async function setCartCostCenter(me: AuthenticatedCustomer, costCenterId: string | null): Promise<void> {
    await ensureCart(db, me.id);
    await db
      .update(cartTable)
      .set({ costCenterId, revision: sql`${cartTable.revision} + 1`, updatedAt: new Date() })
      .where(eq(cartTable.customerId, me.id));
  }

  providerRoute(app, config.provider, 'listExternalContacts', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_COST_CENTER');
    const body: ExternalContactListResponse = { elements: await listExternalContacts(db, me.companyId) };
    return body;
  });

  providerRoute(app, config.provider, 'assignExternalContacts', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_COST_CENTER');
    return setConnected(me, c.req.valid('json').ids, true);
  });

  providerRoute(app, config.provider, 'dismissExternalContacts', async (c) => {
    const me = await caller(c, 'ROLE_MANAGE_COST_CENTER');
    return setConnected(me, c.req.valid('json').ids, false);
  });

  providerRoute(app, config.provider, 'readCartExternalContacts', async (c) => {
    const me = await caller(c, 'ROLE_ACCESS_COST_CENTER');
    const body: ExternalContactListResponse = { elements: await listExternalContacts(db, me.companyId, true) };
    return body;
  });

  providerRoute(app, config.provider, 'listCostCenters', async (c) => {
    const me = await caller(c, 'ROLE_ACCESS_COST_CENTER');
    const elements = await db
      .select({ id: costCenterTable.id, identifier: costCenterTable.identifier, name: costCenterTable.name })
      .from(costCenterTable)
      .where(and(eq(costCenterTable.companyId, me.companyId), eq(costCenterTable.active, true)))
      .orderBy(asc(costCenterTable.identifier));
    const body: CostCenterListResponse = { elements };
    return body;
  });

  providerRoute(app, config.provider, 'setCartCostCenter', async (c) => {
    const me = await caller(c, 'ROLE_ACCESS_COST_CENTER');
    const id = c.req.valid('param').id;
    const [row] = await db
      .select({ id: costCenterTable.id, identifier: costCenterTable.identifier, name: costCenterTable.name })
      .from(costCenterTable)
      .where(
        and(eq(costCenterTable.id, id), eq(costCenterTable.companyId, me.companyId), eq(costCenterTable.active, true)),
      )
      .limit(1);
    if (!row) {
      throw new StoreApiError(
        404,
        providerErrorCode(config.provider, 'COST_CENTER_NOT_FOUND'),
        `The cost centre "${id}" was not found.`,
        {
          parameters: { id },
        },
      );
    }
    await setCartCostCenter(me, row.id);
    const body: CostCenterCartResponse = { costCenter: row };
    return body;
  });

  providerRoute(app, config.provider, 'clearCartCostCenter', async (c) => {
    const me = await caller(c, 'ROLE_ACCESS_COST_CENTER');
    await setCartCostCenter(me, null);
    const body: CostCenterCartResponse = { costCenter: null };
    return body;
  });
}
