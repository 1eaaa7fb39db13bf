/**
 * Stored orders as the shop reads them back: an order row with its lines (by position), the pickup location and the
 * shipping method it names (docs/decisions/014-cart-and-orders.md). The Store API maps these records to Shopware's
 * Order and to the provider's order history (backend/store-api/order.mapper.ts). An order that does not exist and one
 * outside the caller's scope answer the same 404 (`orderNotFound`).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLineItemTable, orderTable, pickupLocationTable, shippingMethodTable } from '../../db/schema/index.ts';
import { StoreApiError } from '../../http/errors.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

export type OrderRow = typeof orderTable.$inferSelect;
export type OrderLineRow = typeof orderLineItemTable.$inferSelect;
export type PickupLocationRow = typeof pickupLocationTable.$inferSelect;
export type ShippingMethodRow = typeof shippingMethodTable.$inferSelect;

/** An order with everything its answers show. */
export interface OrderRecord {
  order: OrderRow;
  /** By position. */
  lines: OrderLineRow[];
  pickupLocation: PickupLocationRow | null;
  shippingMethod: ShippingMethodRow | null;
}

/**
 * Loads the orders with the given ids, their lines, pickup locations and shipping methods, in the order of `ids`
 * (unknown ids are left out). `db` may be a transaction.
 */
export async function loadOrderRecords(db: Db, ids: readonly string[]): Promise<OrderRecord[]> {
  if (ids.length === 0) return [];
  const orders = await db
    .select()
    .from(orderTable)
    .where(inArray(orderTable.id, [...ids]));
  const lines = await db
    .select()
    .from(orderLineItemTable)
    .where(inArray(orderLineItemTable.orderId, [...ids]))
    .orderBy(orderLineItemTable.orderId, orderLineItemTable.position);
  const pickupIds = [...new Set(orders.map((o) => o.pickupLocationId).filter((id): id is string => Boolean(id)))];
  const methodIds = [...new Set(orders.map((o) => o.shippingMethodId).filter((id): id is string => Boolean(id)))];
  const pickups = pickupIds.length
    ? await db.select().from(pickupLocationTable).where(inArray(pickupLocationTable.id, pickupIds))
    : [];
  const methods = methodIds.length
    ? await db.select().from(shippingMethodTable).where(inArray(shippingMethodTable.id, methodIds))
    : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  return ids.flatMap((id) => {
    const order = byId.get(id);
    if (!order) return [];
    return [
      {
        order,
        lines: lines.filter((l) => l.orderId === id),
        pickupLocation: pickups.find((p) => p.id === order.pickupLocationId) ?? null,
        shippingMethod: methods.find((m) => m.id === order.shippingMethodId) ?? null,
      },
    ];
  });
}

/** 404 for an order that does not exist or is outside the caller's scope (the two are indistinguishable). */
export function orderNotFound(provider: string, key: string): StoreApiError {
  return new StoreApiError(404, providerErrorCode(provider, 'ORDER_NOT_FOUND'), `The order "${key}" was not found.`, {
    parameters: { order: key },
  });
}
