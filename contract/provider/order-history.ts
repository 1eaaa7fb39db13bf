/**
 * The order history of the provider API (`GET /store-api/{provider}/sw/order/history` and `…/history/detail`): the
 * orders of the caller, or of the caller's whole company with ROLE_MANAGE_COMPANY_ORDER_HISTORY, newest first. Both
 * calls need a logged-in customer holding ROLE_MANAGE_ORDER_HISTORY; an order of another company (or of a colleague,
 * without the company right) answers 404 exactly like one that does not exist. Amounts are EUR as JSON numbers
 * (net; VAT per rate), unit prices with up to 5 decimals.
 */
import * as v from 'valibot';
import { OptionalQueryDaySchema, QueryPageNumberSchema, optionalSearchText } from '../query.ts';
import { TimestampSchema } from '../fields.ts';
import { IdInputSchema, IdSchema } from '../ids.ts';
import { ORDER_REFERENCE_MAX_LENGTH, SHIPPING_OPTIONS, SPLIT_DELIVERIES } from '../order.ts';

/** States of an order (Shopware's order state machine). */
export const ORDER_STATES = ['open', 'in_progress', 'completed', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Largest page of the history. */
export const ORDER_HISTORY_MAX_LIMIT = 100;

/**
 * Query of `GET …/sw/order/history`: `page` (default 1), `limit` (default 20, at most 100) and the filters
 * `orderNumber` (exact), `productNumber` (an article number of a line, exact), `orderReference` (the buyer's
 * reference, part of it, case ignored), `dateFrom` and `dateTo` (ISO dates, both days included, shop time zone)
 * and `state`.
 */
export const OrderHistoryQuerySchema = v.object({
  page: v.optional(QueryPageNumberSchema, '1'),
  limit: v.optional(v.pipe(QueryPageNumberSchema, v.maxValue(ORDER_HISTORY_MAX_LIMIT, 'TOO_HIGH_ERROR')), '20'),
  orderNumber: optionalSearchText(50),
  productNumber: optionalSearchText(100),
  orderReference: optionalSearchText(ORDER_REFERENCE_MAX_LENGTH),
  dateFrom: OptionalQueryDaySchema,
  dateTo: OptionalQueryDaySchema,
  state: v.optional(v.picklist(ORDER_STATES, 'NO_SUCH_CHOICE_ERROR')),
});
export type OrderHistoryQuery = v.InferInput<typeof OrderHistoryQuerySchema>;

/** One order of the history list. */
export const OrderHistoryEntrySchema = v.object({
  id: IdSchema,
  orderNumber: v.string(),
  orderDateTime: TimestampSchema,
  state: v.picklist(ORDER_STATES),
  orderReference: v.nullable(v.string()),
  amountTotal: v.pipe(v.number(), v.description('Gross total in EUR.')),
  amountNet: v.pipe(v.number(), v.description('Net total in EUR.')),
  lineItemCount: v.pipe(v.number(), v.integer(), v.minValue(0), v.description('Product lines of the order.')),
  shippingOption: v.picklist(SHIPPING_OPTIONS),
});
export type OrderHistoryEntry = v.InferOutput<typeof OrderHistoryEntrySchema>;

/** Answer of `GET …/sw/order/history`: one page, newest first. */
export const OrderHistoryResponseSchema = v.object({
  elements: v.array(OrderHistoryEntrySchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type OrderHistoryResponse = v.InferOutput<typeof OrderHistoryResponseSchema>;

/** Query of `GET …/sw/order/history/detail`: the order by `orderNumber` or by `id` (one of them is required). */
export const OrderHistoryDetailQuerySchema = v.pipe(
  v.object({
    orderNumber: optionalSearchText(50),
    id: v.optional(IdInputSchema),
  }),
  v.forward(
    v.partialCheck([['orderNumber'], ['id']], (q) => Boolean(q.orderNumber || q.id), 'IS_BLANK_ERROR'),
    ['orderNumber'],
  ),
);
export type OrderHistoryDetailQuery = v.InferInput<typeof OrderHistoryDetailQuerySchema>;

/** An address as it was when the order was placed. */
export const OrderHistoryAddressSchema = v.object({
  company: v.string(),
  name: v.string(),
  street: v.string(),
  houseNumber: v.nullable(v.string()),
  box: v.nullable(v.string()),
  zipcode: v.string(),
  city: v.string(),
  countryCode: v.string(),
});

/** The shop or warehouse a pickup order is collected at. */
export const OrderHistoryPickupLocationSchema = v.object({
  id: IdSchema,
  kind: v.string(),
  name: v.string(),
  street: v.string(),
  zipcode: v.string(),
  city: v.string(),
  countryCode: v.string(),
});

/** One line of an order. */
export const OrderHistoryLineSchema = v.object({
  lineNumber: v.pipe(v.number(), v.integer(), v.minValue(1)),
  type: v.picklist(['product', 'promotion']),
  productNumber: v.nullable(v.string()),
  label: v.string(),
  quantity: v.pipe(v.number(), v.integer()),
  unit: v.nullable(v.pipe(v.string(), v.description('Order unit, UN/ECE Recommendation 20 code.'))),
  unitPrice: v.pipe(v.number(), v.description('Net unit price in EUR, up to 5 decimals.')),
  totalPrice: v.pipe(v.number(), v.description('Net line total in EUR.')),
  taxRate: v.number(),
  backorderQuantity: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0),
    v.description('Pieces not in stock when ordered, delivered later.'),
  ),
  remark: v.nullable(v.string()),
  customerArticleNumber: v.pipe(
    v.nullable(v.string()),
    v.description(
      "The company's own article number the line was ordered with (article links); null without one or when the reader does not hold ROLE_MANAGE_ARTICLE_LINKS.",
    ),
  ),
});
export type OrderHistoryLine = v.InferOutput<typeof OrderHistoryLineSchema>;

/** Answer of `GET …/sw/order/history/detail`: the order with its lines, addresses and totals. */
export const OrderHistoryDetailSchema = v.object({
  id: IdSchema,
  orderNumber: v.string(),
  orderDateTime: TimestampSchema,
  state: v.picklist(ORDER_STATES),
  orderReference: v.nullable(v.string()),
  fileNumber: v.nullable(v.string()),
  remark: v.nullable(v.string()),
  orderedBy: v.object({ firstName: v.string(), lastName: v.string(), email: v.string() }),
  shippingOption: v.picklist(SHIPPING_OPTIONS),
  pickupLocation: v.nullable(OrderHistoryPickupLocationSchema),
  splitDelivery: v.picklist(SPLIT_DELIVERIES),
  requestedShippingDate: v.nullable(v.pipe(v.string(), v.isoDate())),
  shippingAddress: v.nullable(OrderHistoryAddressSchema),
  billingAddress: OrderHistoryAddressSchema,
  lines: v.array(OrderHistoryLineSchema),
  positionPrice: v.pipe(
    v.number(),
    v.description('Net goods value in EUR: the product lines less the promotion discount.'),
  ),
  discount: v.pipe(v.number(), v.description('Promotion discount in EUR (positive).')),
  shippingTotal: v.pipe(v.number(), v.description('Net shipping costs in EUR.')),
  surcharge: v.pipe(v.number(), v.description('Minimum order value surcharge in EUR.')),
  amountNet: v.number(),
  taxes: v.array(v.object({ taxRate: v.number(), price: v.number(), tax: v.number() })),
  amountTotal: v.number(),
  currency: v.literal('EUR'),
});
export type OrderHistoryDetail = v.InferOutput<typeof OrderHistoryDetailSchema>;
