/**
 * The order data a buyer sends with `POST /store-api/checkout/order` (Shopware's createOrder) and the
 * `Idempotency-Key` header of the submit (docs/decisions/014-cart-and-orders.md). Shopware's body field
 * `customerComment` is kept; the provider's order fields sit beside it. Checks that need the database (the pickup
 * location exists and is active, the addresses belong to the buyer's company) are the server's; everything a form
 * can check is here, so the storefront and the server apply the same rules.
 */
import * as v from 'valibot';
import { IdInputSchema, IdSchema } from './ids.ts';
import { optionalNullableText } from './query.ts';

/** Longest order reference (the buyer's purchase order number). */
export const ORDER_REFERENCE_MAX_LENGTH = 30;
/** Longest file number. */
export const FILE_NUMBER_MAX_LENGTH = 50;
/** Longest remark or customer comment. */
export const ORDER_REMARK_MAX_LENGTH = 1000;
/** Longest idempotency key. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 128;

/** How the order reaches the buyer: delivered to an address or picked up at a shop or warehouse. */
export const SHIPPING_OPTIONS = ['delivery', 'pickup'] as const;
export type ShippingOption = (typeof SHIPPING_OPTIONS)[number];

/**
 * How the lines of an order are delivered when not all are in stock: all together when complete, each line when it
 * is ready, or what is in stock now and the backorders together later.
 */
export const SPLIT_DELIVERIES = ['together', 'separately', 'backorders_together'] as const;
export type SplitDelivery = (typeof SPLIT_DELIVERIES)[number];

/** The shop's time zone: "today" for a requested shipping date is the day in Belgium. */
const SHOP_TIME_ZONE = 'Europe/Brussels';

/** `YYYY-MM-DD` in the shop's time zone; built once (a DateTimeFormat takes about 0.2 ms to construct). */
const SHOP_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE });

/** Today's date in the shop's time zone as `YYYY-MM-DD` (ISO 8601 calendar date). */
export function shopToday(now: Date = new Date()): string {
  return SHOP_DAY.format(now);
}

/**
 * A requested shipping date: an ISO 8601 calendar date (`YYYY-MM-DD`), today or later in the shop's time zone
 * (`TOO_LOW_ERROR` with today as `{{ limit }}`). Lazy, so "today" is the day of the request.
 */
const RequestedShippingDateSchema = v.lazy(() =>
  v.pipe(v.string(), v.isoDate('INVALID_VALUE'), v.minValue(shopToday(), 'TOO_LOW_ERROR')),
);

/**
 * Body of `POST /store-api/checkout/order`. Every field is optional:
 * - `customerComment` (Shopware) and `remark` (provider) are the buyer's remark; `remark` wins when both are sent;
 * - `orderReference` at most 30 characters, `fileNumber` at most 50;
 * - `shippingOption` 'delivery' or 'pickup' (absent: as the context's shipping method says); `pickupLocationId` is
 *   required for a pickup (`IS_BLANK_ERROR` at `/pickupLocationId`) and ignored for a delivery;
 * - `shippingAddressId`, `billingAddressId`: addresses of the buyer's company; without them the context's choice or
 *   the customer's default address;
 * - `splitDelivery` 'together' (default), 'separately' or 'backorders_together';
 * - `requestedShippingDate` an ISO date, not in the past.
 */
export const OrderCreateRequestSchema = v.pipe(
  v.object({
    customerComment: optionalNullableText(ORDER_REMARK_MAX_LENGTH),
    remark: optionalNullableText(ORDER_REMARK_MAX_LENGTH),
    orderReference: optionalNullableText(ORDER_REFERENCE_MAX_LENGTH),
    fileNumber: optionalNullableText(FILE_NUMBER_MAX_LENGTH),
    shippingOption: v.optional(v.picklist(SHIPPING_OPTIONS, 'NO_SUCH_CHOICE_ERROR')),
    pickupLocationId: v.optional(v.nullable(IdInputSchema)),
    shippingAddressId: v.optional(v.nullable(IdInputSchema)),
    billingAddressId: v.optional(v.nullable(IdInputSchema)),
    splitDelivery: v.optional(v.picklist(SPLIT_DELIVERIES, 'NO_SUCH_CHOICE_ERROR'), 'together'),
    requestedShippingDate: v.optional(v.nullable(RequestedShippingDateSchema)),
  }),
  v.forward(
    v.partialCheck(
      [['shippingOption'], ['pickupLocationId']],
      (input) => input.shippingOption !== 'pickup' || Boolean(input.pickupLocationId),
      'IS_BLANK_ERROR',
    ),
    ['pickupLocationId'],
  ),
);
export type OrderCreateRequest = v.InferInput<typeof OrderCreateRequestSchema>;
export type OrderCreateData = v.InferOutput<typeof OrderCreateRequestSchema>;

/**
 * The `Idempotency-Key` header of an order submit: 1 to 128 printable ASCII characters (one key per checkout
 * attempt; the same key answers the same order). Headers are read with lower-case names.
 */
export const IdempotencyKeySchema = v.pipe(
  v.string(),
  v.minLength(1, 'TOO_SHORT_ERROR'),
  v.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH, 'TOO_LONG_ERROR'),
  v.regex(/^[\x20-\x7e]+$/, 'REGEX_FAILED_ERROR'),
);

/** The headers of an order submit the server reads. */
export const OrderCreateHeadersSchema = v.object({
  'idempotency-key': v.optional(IdempotencyKeySchema),
});

/**
 * The answer of `POST /store-api/checkout/order` when the order needs an approval (its net total is at or above the
 * threshold of the buyer's order flow, docs/decisions/015): no order is placed; the request is sent to the flow's
 * approvers, the budgets are reserved and the cart is emptied. Shopware's Order shape would be wrong here (there is
 * no order number, state or lines yet), so the answer is this object, told apart by `apiAlias`; the same
 * `Idempotency-Key` answers the same request. Every other submit answers Shopware's Order (`apiAlias` 'order').
 */
export const OrderApprovalRequestSchema = v.object({
  apiAlias: v.literal('order_approval_request'),
  id: IdSchema,
  approvalNumber: v.string(),
  status: v.literal('pending'),
});
export type OrderApprovalRequest = v.InferOutput<typeof OrderApprovalRequestSchema>;
