/**
 * Shopware ShippingMethod, PaymentMethod and the provider's pickup location from their rows, names in the context
 * language (fallback chain of backend/lib/translate.ts).
 */
import type { paymentMethodTable, pickupLocationTable, shippingMethodTable } from '../../db/schema/index.ts';
import { stableId } from '../../lib/ids.ts';
import { centsToNumber } from '../../lib/price.ts';
import { translateFields } from '../../lib/translate.ts';
import type { StorePaymentMethod, StorePickupLocation, StoreShippingMethod } from './cart-schemas.ts';

export type ShippingMethodRow = typeof shippingMethodTable.$inferSelect;
export type PaymentMethodRow = typeof paymentMethodTable.$inferSelect;
export type PickupLocationRow = typeof pickupLocationTable.$inferSelect;

/** The technical name of the shipping method that means "picked up at a shop or warehouse" (ships free). */
export const PICKUP_SHIPPING_METHOD = 'pickup';

/**
 * Shopware ShippingMethod: `customFields.price` is the net cost and `customFields.freeFrom` the net goods value from
 * which it ships free (euros, null: never free by value); `customFields.pickup` marks collection by the buyer.
 */
export function mapShippingMethod(row: ShippingMethodRow, locale: string): StoreShippingMethod {
  const t = translateFields(row.translated, locale);
  const name = t.name ?? row.technicalName;
  const min = row.deliveryTimeMin;
  const max = row.deliveryTimeMax;
  const deliveryName = min === max ? `${min} ${min === 1 ? 'day' : 'days'}` : `${min}-${max} days`;
  return {
    id: row.id,
    name,
    description: t.description ?? null,
    technicalName: row.technicalName,
    active: row.active,
    position: row.position,
    taxType: 'auto',
    deliveryTimeId: stableId('delivery-time', `${min}-${max}-day`),
    deliveryTime: {
      id: stableId('delivery-time', `${min}-${max}-day`),
      name: deliveryName,
      min,
      max,
      unit: 'day',
      apiAlias: 'delivery_time',
    },
    translated: { name, description: t.description ?? null },
    customFields: {
      price: centsToNumber(row.priceCents),
      freeFrom: row.freeFromCents === null ? null : centsToNumber(row.freeFromCents),
      pickup: row.technicalName === PICKUP_SHIPPING_METHOD,
    },
    apiAlias: 'shipping_method',
  };
}

/** Shopware PaymentMethod; `customFields.paidInAdvance` marks the methods that stay open over the credit limit. */
export function mapPaymentMethod(row: PaymentMethodRow, locale: string): StorePaymentMethod {
  const t = translateFields(row.translated, locale);
  const name = t.name ?? row.technicalName;
  return {
    id: row.id,
    name,
    distinguishableName: name,
    shortName: row.technicalName,
    description: t.description ?? null,
    technicalName: row.technicalName,
    active: row.active,
    position: row.position,
    afterOrderEnabled: false,
    translated: { name, description: t.description ?? null },
    customFields: { paidInAdvance: row.paidInAdvance },
    apiAlias: 'payment_method',
  };
}

/** A pickup location as `GET /store-api/{provider}/pickup-location` lists it. */
export function mapPickupLocation(row: PickupLocationRow): StorePickupLocation {
  return {
    id: row.id,
    kind: row.kind === 'warehouse' ? 'warehouse' : 'shop',
    name: row.name,
    street: row.street,
    zipcode: row.zipcode,
    city: row.city,
    countryCode: row.countryCode,
    phone: row.phone,
    email: row.email,
    openingHours: row.openingHours,
    position: row.position,
    apiAlias: 'pickup_location',
  };
}
