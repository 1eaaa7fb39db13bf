/**
 * The checkout's Store API calls through the browser client (src/lib/store-api/browser.ts): Shopware's standard
 * shipping-method, payment-method, context and order calls (typed from `@shopware/api-client`), the provider's
 * pickup locations and the order submit with its `Idempotency-Key` (docs/decisions/014-cart-and-orders.md). The cart
 * itself goes through the one cart store (src/lib/cart/cart-store.ts).
 *
 * @throws StoreApiClientError from every call for a non-2xx answer.
 */
import type { PickupLocation } from '../../../contract/provider/pickup-location.ts';
import * as v from 'valibot';
import type { Schemas } from '@shopware/api-client/api-types';
import {
  OrderApprovalRequestSchema,
  type OrderApprovalRequest,
  type OrderCreateRequest,
} from '../../../contract/order.ts';
import type { CostCenter } from '../../../contract/provider/cost-center.ts';
import type { OrderReferenceOption } from '../../../contract/provider/order-reference.ts';
import { browserClient, invoke } from '../../lib/store-api/browser.ts';
import { provider } from '../../lib/store-api/provider.ts';
import type { StoreApiClient } from '../../lib/store-api/client.ts';
import type { StoreApiOperations } from '../../lib/store-api/types.ts';

export type ShippingMethod = Schemas['ShippingMethod'];
export type PaymentMethod = Schemas['PaymentMethod'];
export type Order = Schemas['Order'];

/** The Store API client of a read: the browser's by default, the server's for a page it renders. */
type Reader = Pick<StoreApiClient, 'invoke'>;

/** GET `/shipping-method`: the active shipping methods, in their order. */
export async function listShippingMethods(client: Reader = browserClient): Promise<ShippingMethod[]> {
  const result = await client.invoke('readShippingMethodGet get /shipping-method');
  return result.elements ?? [];
}

/** GET `/payment-method`: the active payment methods, in their order. */
export async function listPaymentMethods(client: Reader = browserClient): Promise<PaymentMethod[]> {
  const result = await client.invoke('readPaymentMethodGet get /payment-method');
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
  return (await provider.invoke('readPickupLocations')).elements;
}

/**
 * POST `/checkout/order` with the order data and the attempt's `Idempotency-Key` (the same key answers the same
 * order, so a retry after a lost answer never orders twice). Answers Shopware's Order, or, when the buyer's order flow
 * needs an approval for this order, the approval request that was sent instead (contract/order.ts
 * OrderApprovalRequestSchema, told apart by `apiAlias`).
 *
 * @throws StoreApiClientError, e.g. 403 without ROLE_PLACE_ORDERS, 400 CHECKOUT__CART_EMPTY, violations of the body.
 */
export async function placeOrder(
  order: OrderCreateRequest,
  idempotencyKey: string,
): Promise<Order | OrderApprovalRequest> {
  const answer = await invoke('createOrder post /checkout/order', {
    body: order,
    headers: { 'idempotency-key': idempotencyKey },
  });
  const approval = v.safeParse(OrderApprovalRequestSchema, answer);
  return approval.success ? approval.output : answer;
}

export type { CostCenter, OrderReferenceOption };

/**
 * GET `{provider}/order-reference/search/{term}`: at most 20 references the buyer may book to now whose name contains
 * `term` (1 to 30 characters), each with what is left of its budget. Needs ROLE_ADD_ORDER_REFERENCES.
 */
export async function searchOrderReferences(term: string, signal?: AbortSignal): Promise<OrderReferenceOption[]> {
  return (await provider.invoke('searchOrderReferences', { params: { term }, ...(signal ? { signal } : {}) })).elements;
}

/**
 * PUT `{provider}/order-reference/cart/{id}` chooses the reference for the cart; `null` clears the choice
 * (DELETE `…/order-reference/cart`). Answers the cart's reference now. The cart is read again by the caller (its
 * order reference budget and errors follow the choice).
 */
export async function chooseOrderReference(id: string | null): Promise<OrderReferenceOption | null> {
  const body = id
    ? await provider.invoke('setCartOrderReference', { params: { id } })
    : await provider.invoke('clearCartOrderReference');
  return body.orderReference;
}

/** GET `{provider}/cost-center`: the company's active cost centres. Needs ROLE_ACCESS_COST_CENTER. */
export async function listCostCenters(): Promise<CostCenter[]> {
  return (await provider.invoke('listCostCenters')).elements;
}

/**
 * PUT `{provider}/cost-center/cart/{id}` chooses the cost centre for the cart; `null` clears the choice (DELETE
 * `…/cost-center/cart`). Answers the cart's cost centre now.
 */
export async function chooseCostCenter(id: string | null): Promise<CostCenter | null> {
  const body = id
    ? await provider.invoke('setCartCostCenter', { params: { id } })
    : await provider.invoke('clearCartCostCenter');
  return body.costCenter;
}
