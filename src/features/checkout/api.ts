/**
 * The checkout's Store API calls through the browser client (src/lib/store-api/browser.ts): Shopware's standard
 * shipping-method, payment-method, context and order calls (typed from `@shopware/api-client`), the provider's
 * pickup locations and the order submit with its `Idempotency-Key` (docs/decisions/014-cart-and-orders.md). The cart
 * itself goes through the one cart store (src/lib/cart/cart-store.ts).
 *
 * @throws StoreApiClientError from every call for a non-2xx answer.
 */
import { PickupLocationListResponseSchema, type PickupLocation } from '../../../contract/provider/pickup-location.ts';
import * as v from 'valibot';
import type { Schemas } from '@shopware/api-client/api-types';
import type { OrderCreateRequest } from '../../../contract/order.ts';
import { invoke, providerPath, storeApi } from '../../lib/store-api/browser.ts';
import type { StoreApiOperations } from '../../lib/store-api/types.ts';

export type ShippingMethod = Schemas['ShippingMethod'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type Order = Schemas['Order'];

/** GET `/shipping-method`: the active shipping methods, in their order. */
export async function listShippingMethods(): Promise<ShippingMethod[]> {
  const result = await invoke('readShippingMethodGet get /shipping-method');
  return result.elements ?? [];
}

/** GET `/payment-method`: the active payment methods, in their order. */
export async function listPaymentMethods(): Promise<PaymentMethod[]> {
  const result = await invoke('readPaymentMethodGet get /payment-method');
  return result.elements ?? [];
}

/** What the checkout changes in the context (Shopware's `updateContext` body). */
export type ContextChange = Pick<
  StoreApiOperations['updateContext patch /context']['body'],
  'shippingMethodId' | 'paymentMethodId' | 'shippingAddressId' | 'billingAddressId'
>;

/** PATCH `/context`: the chosen shipping or payment method or address; the cart is then read again by the caller. */
export async function updateContext(change: ContextChange): Promise<void> {
  await invoke('updateContext patch /context', { body: change });
}

export type { PickupLocation };

/** GET `{provider}/pickup-location`: the active pickup locations, in their order. */
export async function listPickupLocations(): Promise<PickupLocation[]> {
  const body = await storeApi(providerPath('pickup-location'));
  return v.parse(PickupLocationListResponseSchema, body).elements;
}

/**
 * POST `/checkout/order` with the order data and the attempt's `Idempotency-Key` (the same key answers the same
 * order, so a retry after a lost answer never orders twice). Answers Shopware's Order.
 *
 * @throws StoreApiClientError, e.g. 403 without ROLE_PLACE_ORDERS, 400 CHECKOUT__CART_EMPTY, violations of the body.
 */
export async function placeOrder(order: OrderCreateRequest, idempotencyKey: string): Promise<Order> {
  return invoke('createOrder post /checkout/order', { body: order, headers: { 'idempotency-key': idempotencyKey } });
}
