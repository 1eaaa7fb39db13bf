/**
 * Checkout settings as Shopware's Store API lists them (docs/decisions/014-cart-and-orders.md):
 *
 * - `GET|POST /store-api/shipping-method`: the active shipping methods (EntitySearchResult of ShippingMethod, names
 *   in the context language, by position; criteria `ids`, `page`, `limit`);
 * - `GET|POST /store-api/payment-method`: the active payment methods; with `onlyAvailable` (query or body, Shopware's
 *   parameter) a logged-in customer's list leaves out the methods blocked for the current cart (invoice over the
 *   credit limit);
 * - `GET /store-api/{provider}/pickup-location`: the active pickup locations (shops and warehouses) by position,
 *   `{ total, elements, apiAlias: 'pickup_location_list' }`.
 */
import { asc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { requireCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { paymentMethodTable, pickupLocationTable, shippingMethodTable } from '../../db/schema/index.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination, readJsonBody } from '../criteria.ts';
import { requestCriteria } from '../deps.ts';
import { searchResult } from '../../http/entities.ts';
import { applyIncludes } from '../includes.ts';
import { calculateCart } from '../../commerce/cart/calculate-cart.ts';
import type { PickupLocationListResponse } from '../../../contract/provider/pickup-location.ts';
import { mapPaymentMethod, mapPickupLocation, mapShippingMethod } from '../../commerce/cart/methods.mapper.ts';
import { providerRoute } from '../../http/provider-route.ts';

export interface MethodsDeps {
  db: Db;
  config: BackendConfig;
}

/** True for Shopware's boolean request flags: `1`, `true`. */
function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

/** Registers the shipping-method, payment-method and pickup-location routes (see the module comment). */
export function registerMethodRoutes(app: Hono<StoreApiEnv>, deps: MethodsDeps): void {
  const { db, config } = deps;

  app.on(['GET', 'POST'], '/store-api/shipping-method', async (c) => {
    const criteria = await requestCriteria(c);
    const locale = c.get('context').language.localeCode;
    let rows = await db
      .select()
      .from(shippingMethodTable)
      .where(eq(shippingMethodTable.active, true))
      .orderBy(asc(shippingMethodTable.position), asc(shippingMethodTable.technicalName));
    if (criteria.ids) rows = rows.filter((r) => criteria.ids!.includes(r.id));
    const { page, limit, offset } = pagination(criteria, 100);
    const elements = rows.slice(offset, offset + limit).map((r) => mapShippingMethod(r, locale));
    return c.json(
      applyIncludes(searchResult('shipping_method', elements, rows.length, page, limit), criteria.includes),
    );
  });

  app.on(['GET', 'POST'], '/store-api/payment-method', async (c) => {
    const criteria = await requestCriteria(c);
    const body = c.req.method === 'GET' ? {} : await readJsonBody(c.req);
    const onlyAvailable =
      flag(c.req.query('onlyAvailable')) ||
      (typeof body === 'object' && body !== null && flag((body as { onlyAvailable?: unknown }).onlyAvailable));
    const context = c.get('context');
    let rows = await db
      .select()
      .from(paymentMethodTable)
      .where(eq(paymentMethodTable.active, true))
      .orderBy(asc(paymentMethodTable.position), asc(paymentMethodTable.technicalName));
    if (onlyAvailable && context.customerId) {
      const customer = await requireCustomer(c, db);
      const { model } = await calculateCart(db, customer, context, { config });
      rows = rows.filter((r) => !model.blockedPaymentMethodIds.includes(r.id));
    }
    if (criteria.ids) rows = rows.filter((r) => criteria.ids!.includes(r.id));
    const { page, limit, offset } = pagination(criteria, 100);
    const elements = rows.slice(offset, offset + limit).map((r) => mapPaymentMethod(r, context.language.localeCode));
    if (onlyAvailable) c.header('cache-control', 'private, no-store');
    return c.json(applyIncludes(searchResult('payment_method', elements, rows.length, page, limit), criteria.includes));
  });

  providerRoute(app, config.provider, 'readPickupLocations', async () => {
    const rows = await db
      .select()
      .from(pickupLocationTable)
      .where(eq(pickupLocationTable.active, true))
      .orderBy(asc(pickupLocationTable.position), asc(pickupLocationTable.name));
    const elements = rows.map(mapPickupLocation);
    return {
      total: elements.length,
      elements,
      apiAlias: 'pickup_location_list',
    } satisfies PickupLocationListResponse;
  });
}
