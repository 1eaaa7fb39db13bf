/**
 * Answers of the order list endpoints for component tests, typed with the contract (contract/provider/order-list.ts,
 * `satisfies` its output types) and parsed with its schemas, so a stub cannot drift from what the server sends. Only
 * tests import this module.
 */
import * as v from 'valibot';
import {
  OrderListDetailSchema,
  OrderListListResponseSchema,
  type OrderListDetail,
  type OrderListItem,
  type OrderListListResponse,
  type OrderListSummary,
  type OrderListTag,
} from '../../../../contract/provider/order-list.ts';

/** A 32-character hex id ending in `n`. */
export const listTestId = (n: number): string => n.toString(16).padStart(32, '0');

/** The caller of the tests (the creator of the lists unless said otherwise). */
export const LIST_CREATOR = { id: listTestId(900), firstName: 'Anna', lastName: 'Maes' };

/** One item: 10 pieces of a cordless drill at 50 EUR, in stock, delivered in 2–3 days. */
export function orderListItemBody(overrides: Partial<OrderListItem> = {}): OrderListItem {
  return {
    productId: listTestId(700),
    productNumber: 'D-2000',
    customerArticleNumber: null,
    name: 'Cordless drill',
    quantity: 10,
    packUnit: 'C62',
    minPurchase: 1,
    purchaseSteps: 1,
    maxPurchase: null,
    cover: null,
    url: '/cordless-drill/D-2000',
    available: true,
    unitPrice: 50,
    totalPrice: 500,
    ecotax: null,
    stock: 120,
    deliveryTime: { min: 2, max: 3, unit: 'day' },
    ...overrides,
  } satisfies OrderListItem;
}

/** A list with `items` (default one drill item), private and created by the caller. */
export function orderListDetailBody(overrides: Partial<OrderListDetail> = {}): OrderListDetail {
  const items = overrides.items ?? [orderListItemBody()];
  const body = {
    id: listTestId(10),
    name: 'Workshop refill',
    ownerType: 'user',
    createdBy: LIST_CREATOR,
    isOwner: true,
    createdAt: '2026-11-02T08:00:00.000Z',
    updatedAt: null,
    tags: [],
    itemCount: items.length,
    amount: items.reduce((sum, item) => sum + (item.totalPrice ?? 0), 0),
    apiAlias: 'order_list',
    ...overrides,
    items,
  } satisfies OrderListDetail;
  return v.parse(OrderListDetailSchema, body);
}

/** The summary of a list as the list endpoint answers it (the detail without items). */
export function orderListSummaryBody(overrides: Partial<OrderListDetail> = {}): OrderListSummary {
  const { items: _items, ...summary } = orderListDetailBody(overrides);
  return summary satisfies OrderListSummary;
}

/** A page of the list endpoint with `elements` and the tags `tags`. */
export function orderListListBody(
  elements: OrderListSummary[],
  tags: OrderListTag[] = [],
  page = 1,
  total = elements.length,
): OrderListListResponse {
  return v.parse(OrderListListResponseSchema, {
    elements,
    total,
    page,
    limit: 20,
    tags,
  } satisfies OrderListListResponse);
}
