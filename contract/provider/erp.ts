/**
 * What the supplier's ERP answers through the provider API: the order history of every channel
 * (`GET /store-api/{provider}/order/history` and `…/order/history/detail`), the invoice history
 * (`GET …/invoice/history`) with the invoice and proof-of-delivery PDFs, and offers (`POST …/offer/request` from the
 * cart, `GET …/offer/history` and `…/offer/history/detail`, the offer PDF, `POST …/offer/cart` to order an offer).
 * The embedded Store API answers them from its simulated ERP (docs/decisions/016-erp.md); a real ERP connector
 * answers the same shapes.
 *
 * Scope: every list and detail holds the caller's own documents, or with ROLE_MANAGE_COMPANY_ORDER_HISTORY the whole
 * company's; another company's number answers 404 exactly like an unknown one. Amounts are EUR as JSON numbers
 * (net unless named gross), unit prices with up to 5 decimals; dates are ISO calendar days in Europe/Brussels.
 * Page size 20 unless `limit` says otherwise (at most 100).
 */
import * as v from 'valibot';
import { OptionalQueryDaySchema, QueryPageNumberSchema, optionalSearchText } from '../query.ts';
import { TimestampSchema } from '../fields.ts';
import { IdInputSchema } from '../ids.ts';
import { ORDER_REFERENCE_MAX_LENGTH } from '../order.ts';
import { OrderHistoryAddressSchema } from './order-history.ts';

/** Largest page of an ERP history. */
export const ERP_HISTORY_MAX_LIMIT = 100;
/** Page size of an ERP history when the query names none. */
export const ERP_HISTORY_DEFAULT_LIMIT = 20;
/** Longest client reference of an offer request, like an order reference. */
export const OFFER_CLIENT_REFERENCE_MAX_LENGTH = ORDER_REFERENCE_MAX_LENGTH;
/** Longest comment of an offer request. */
export const OFFER_COMMENT_MAX_LENGTH = 1000;

/**
 * Statuses of an order in the ERP (the specification's order status filters, without the filter-only `not_open`):
 * open (received), in_progress (confirmed), handling (being picked), not_yet_shipped (picked, waiting for its
 * requested date or pickup), backorder (partly delivered, the rest follows), blocked (held by the ERP, e.g. over the
 * credit limit), shipped, shipped_and_invoiced, invoiced (invoiced before shipping: paid in advance), completed,
 * cancelled.
 */
export const ERP_ORDER_STATUSES = [
  'open',
  'in_progress',
  'handling',
  'not_yet_shipped',
  'backorder',
  'blocked',
  'shipped',
  'shipped_and_invoiced',
  'invoiced',
  'completed',
  'cancelled',
] as const;
export type ErpOrderStatus = (typeof ERP_ORDER_STATUSES)[number];

/** The status filter of the order history: one status, or `not_open` (every status but open). */
export const ERP_ORDER_STATUS_FILTERS = [...ERP_ORDER_STATUSES, 'not_open'] as const;
export type ErpOrderStatusFilter = (typeof ERP_ORDER_STATUS_FILTERS)[number];

/** Where an order came from: the shop, or another channel of the supplier (orders the ERP took directly). */
export const ERP_ORDER_CHANNELS = ['shop', 'phone', 'email', 'edi', 'counter'] as const;
export type ErpOrderChannel = (typeof ERP_ORDER_CHANNELS)[number];

/** Kind of order: delivered (standard), collected at a shop or warehouse (pickup), or a rush order. */
export const ERP_ORDER_TYPES = ['standard', 'pickup', 'rush'] as const;
export type ErpOrderType = (typeof ERP_ORDER_TYPES)[number];

/** Statuses of an offer: requested and not yet answered, or answered with prices. */
export const OFFER_STATUSES = ['open', 'processed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Paging and the filters every ERP history shares. */
const historyQueryEntries = {
  page: v.optional(QueryPageNumberSchema, '1'),
  limit: v.optional(
    v.pipe(QueryPageNumberSchema, v.maxValue(ERP_HISTORY_MAX_LIMIT, 'TOO_HIGH_ERROR')),
    String(ERP_HISTORY_DEFAULT_LIMIT),
  ),
  /** An article number of a line (exact, case ignored). */
  productNumber: optionalSearchText(100),
  /** The buyer's own article number of a line (exact, case ignored). */
  customerArticleNumber: optionalSearchText(100),
  /** The buyer's reference (part of it, case ignored). */
  customerReference: optionalSearchText(ORDER_REFERENCE_MAX_LENGTH),
  /** First day included (Europe/Brussels). */
  dateFrom: OptionalQueryDaySchema,
  /** Last day included (Europe/Brussels). */
  dateTo: OptionalQueryDaySchema,
};

/**
 * `dateFrom` after `dateTo` is refused: `VIOLATION::TOO_HIGH_ERROR` at `/dateFrom` (Symfony's LessThanOrEqual, the
 * limit being `dateTo`).
 */
function dateRange<T extends { dateFrom?: string | undefined; dateTo?: string | undefined }>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { dateFrom, dateTo } = dataset.value;
    if (dateFrom && dateTo && dateFrom > dateTo)
      addIssue({
        message: 'TOO_HIGH_ERROR',
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'dateFrom', value: dateFrom }],
      });
  });
}

/** Answer shape of every ERP history page. */
function pageOf<T extends v.GenericSchema>(element: T) {
  return v.object({
    elements: v.array(element),
    total: v.pipe(v.number(), v.integer(), v.minValue(0)),
    page: v.pipe(v.number(), v.integer(), v.minValue(1)),
    limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
  });
}

const money = (description: string) => v.pipe(v.number(), v.description(description));
const calendarDay = v.pipe(v.string(), v.isoDate());

// ————————————————————————————————————————— orders —————————————————————————————————————————

/**
 * Query of `GET …/order/history`: paging, the shared filters, `orderNumber` (exact) and `status` (one status or
 * `not_open`). Newest first.
 */
export const ErpOrderHistoryQuerySchema = v.pipe(
  v.object({
    ...historyQueryEntries,
    orderNumber: optionalSearchText(50),
    status: v.optional(v.picklist(ERP_ORDER_STATUS_FILTERS, 'NO_SUCH_CHOICE_ERROR')),
  }),
  dateRange(),
);
export type ErpOrderHistoryQuery = v.InferInput<typeof ErpOrderHistoryQuerySchema>;
export type ErpOrderHistoryFilter = v.InferOutput<typeof ErpOrderHistoryQuerySchema>;

/** One order of the ERP's history. `firm` and `warehouse` with the number identify it in the ERP. */
export const ErpOrderSummarySchema = v.object({
  orderNumber: v.string(),
  firm: v.pipe(v.string(), v.description("The supplier's firm (legal entity) in the ERP, e.g. '01'.")),
  warehouse: v.nullable(v.pipe(v.string(), v.description('The dispatching warehouse, e.g. "BRU".'))),
  orderDate: calendarDay,
  status: v.picklist(ERP_ORDER_STATUSES),
  channel: v.picklist(ERP_ORDER_CHANNELS),
  type: v.picklist(ERP_ORDER_TYPES),
  customerReference: v.nullable(v.string()),
  orderReferences: v.pipe(v.array(v.string()), v.description('Purchase order numbers the order is booked to.')),
  orderedBy: v.nullable(v.pipe(v.string(), v.description('Full name of the ordering person, when known.'))),
  lineCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  totalPrice: money('Net goods value in EUR.'),
  totalAmount: money('Gross total in EUR.'),
  currency: v.literal('EUR'),
});
export type ErpOrderSummary = v.InferOutput<typeof ErpOrderSummarySchema>;

export const ErpOrderHistoryResponseSchema = pageOf(ErpOrderSummarySchema);
export type ErpOrderHistoryResponse = v.InferOutput<typeof ErpOrderHistoryResponseSchema>;

/** Query of `GET …/order/history/detail`: the order number, with firm and warehouse when the list named them. */
export const ErpOrderDetailQuerySchema = v.object({
  orderNumber: v.pipe(v.string(), v.trim(), v.nonEmpty('IS_BLANK_ERROR'), v.maxLength(50, 'TOO_LONG_ERROR')),
  firm: optionalSearchText(10),
  warehouse: optionalSearchText(10),
});
export type ErpOrderDetailQuery = v.InferInput<typeof ErpOrderDetailQuerySchema>;

/** One line of an ERP order, with what the ERP did with it. */
export const ErpOrderLineSchema = v.object({
  lineNumber: v.pipe(v.number(), v.integer(), v.minValue(1)),
  productNumber: v.string(),
  name: v.string(),
  customerArticleNumber: v.nullable(v.string()),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  unit: v.nullable(v.pipe(v.string(), v.description('Order unit, UN/ECE Recommendation 20 code.'))),
  unitPrice: money('Net unit price in EUR, up to 5 decimals.'),
  totalPrice: money('Net line total in EUR.'),
  taxRate: v.number(),
  deliveredQuantity: v.pipe(v.number(), v.integer(), v.minValue(0)),
  deliveryDate: v.nullable(
    v.pipe(calendarDay, v.description('Delivered on, or expected on while not (fully) delivered.')),
  ),
  shippingNoteNumber: v.nullable(v.pipe(v.string(), v.description('Delivery note of the (last) delivery.'))),
  invoiceNumber: v.nullable(v.string()),
  invoiceDate: v.nullable(calendarDay),
});
export type ErpOrderLine = v.InferOutput<typeof ErpOrderLineSchema>;

/** A delivery of an order: its delivery note, date, carrier tracking number and the pieces per line. */
export const ErpDeliverySchema = v.object({
  shippingNoteNumber: v.string(),
  deliveryDate: calendarDay,
  sendingNumber: v.nullable(v.pipe(v.string(), v.description("The carrier's tracking number."))),
  lines: v.array(
    v.object({ lineNumber: v.pipe(v.number(), v.integer(), v.minValue(1)), quantity: v.pipe(v.number(), v.integer()) }),
  ),
});
export type ErpDelivery = v.InferOutput<typeof ErpDeliverySchema>;

/** Answer of `GET …/order/history/detail`. */
export const ErpOrderDetailSchema = v.object({
  ...ErpOrderSummarySchema.entries,
  deliveryAddress: v.nullable(OrderHistoryAddressSchema),
  billingAddress: OrderHistoryAddressSchema,
  deliveryCost: money('Net shipping costs in EUR.'),
  additionalCost: money('Net additional costs (small-order surcharge) in EUR.'),
  taxes: v.array(v.object({ taxRate: v.number(), price: v.number(), tax: v.number() })),
  sendingNumber: v.nullable(v.pipe(v.string(), v.description('Tracking number of the (last) delivery.'))),
  lines: v.array(ErpOrderLineSchema),
  deliveries: v.array(ErpDeliverySchema),
  invoices: v.array(v.lazy(() => ErpInvoiceSchema)),
});
export type ErpOrderDetail = v.InferOutput<typeof ErpOrderDetailSchema>;

// ————————————————————————————————————————— invoices —————————————————————————————————————————

/**
 * Query of `GET …/invoice/history`: paging, the shared filters, `invoiceNumber` and `orderNumber` (exact). Needs
 * ROLE_MANAGE_INVOICE_HISTORY; invoices belong to the company, so every holder of the right sees the company's.
 */
export const InvoiceHistoryQuerySchema = v.pipe(
  v.object({
    ...historyQueryEntries,
    invoiceNumber: optionalSearchText(50),
    orderNumber: optionalSearchText(50),
  }),
  dateRange(),
);
export type InvoiceHistoryQuery = v.InferInput<typeof InvoiceHistoryQuerySchema>;
export type InvoiceHistoryFilter = v.InferOutput<typeof InvoiceHistoryQuerySchema>;

/**
 * One invoice. The links are paths below the Store API (`/store-api/{provider}/invoice/{number}/document` and
 * `…/proof-of-delivery`), answered as `application/pdf` to the company they belong to.
 */
export const ErpInvoiceSchema = v.object({
  invoiceNumber: v.string(),
  invoiceDate: calendarDay,
  orderNumber: v.string(),
  customerReference: v.nullable(v.string()),
  shippingNoteNumber: v.nullable(v.string()),
  totalPrice: money('Net amount in EUR.'),
  totalAmount: money('Gross amount in EUR.'),
  invoiceLink: v.string(),
  proofOfDeliveryLink: v.nullable(v.pipe(v.string(), v.description('Only when the invoice has a delivery.'))),
});
export type ErpInvoice = v.InferOutput<typeof ErpInvoiceSchema>;

export const InvoiceHistoryResponseSchema = pageOf(ErpInvoiceSchema);
export type InvoiceHistoryResponse = v.InferOutput<typeof InvoiceHistoryResponseSchema>;

/** Path of the invoice PDFs. */
export const InvoiceDocumentPathSchema = v.object({
  invoiceNumber: v.pipe(v.string(), v.trim(), v.nonEmpty('IS_BLANK_ERROR'), v.maxLength(50, 'TOO_LONG_ERROR')),
});

// ————————————————————————————————————————— offers —————————————————————————————————————————

/**
 * Body of `POST …/offer/request`: asks the supplier for an offer on the caller's cart (its product lines and
 * quantities), or with `orderListId` on the items of an order list. Needs ROLE_REQUEST_OFFER and a cart (or list) with
 * at least one product line; the cart stays as it is.
 */
export const OfferRequestSchema = v.object({
  orderListId: v.pipe(
    v.optional(IdInputSchema),
    v.description(
      'Asks for an offer on the items of this order list (one the caller sees, ROLE_MANAGE_ORDER_LISTS) instead of the cart.',
    ),
  ),
  comment: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(OFFER_COMMENT_MAX_LENGTH, 'TOO_LONG_ERROR'))),
  ),
  clientReference: v.optional(
    v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(OFFER_CLIENT_REFERENCE_MAX_LENGTH, 'TOO_LONG_ERROR'))),
  ),
});
export type OfferRequest = v.InferInput<typeof OfferRequestSchema>;

/**
 * Query of `GET …/offer/history`: paging, the shared filters, `offerNumber` (exact) and `status`. A `dateFrom`
 * after `dateTo` is refused. Needs ROLE_MANAGE_OFFER_HISTORY.
 */
export const OfferHistoryQuerySchema = v.pipe(
  v.object({
    ...historyQueryEntries,
    offerNumber: optionalSearchText(50),
    status: v.optional(v.picklist(OFFER_STATUSES, 'NO_SUCH_CHOICE_ERROR')),
  }),
  dateRange(),
);
export type OfferHistoryQuery = v.InferInput<typeof OfferHistoryQuerySchema>;
export type OfferHistoryFilter = v.InferOutput<typeof OfferHistoryQuerySchema>;

/** One offer of the history. `documentLink` (the offer PDF) only once it is processed. */
export const OfferSummarySchema = v.object({
  offerNumber: v.string(),
  offerDate: calendarDay,
  status: v.picklist(OFFER_STATUSES),
  clientReference: v.nullable(v.string()),
  validUntil: v.nullable(calendarDay),
  lineCount: v.pipe(v.number(), v.integer(), v.minValue(0)),
  totalPrice: v.nullable(money('Net total in EUR once processed.')),
  documentLink: v.nullable(v.string()),
});
export type OfferSummary = v.InferOutput<typeof OfferSummarySchema>;

export const OfferHistoryResponseSchema = pageOf(OfferSummarySchema);
export type OfferHistoryResponse = v.InferOutput<typeof OfferHistoryResponseSchema>;

/** Query of `GET …/offer/history/detail` and body of `POST …/offer/cart`: the offer by number. */
export const OfferNumberSchema = v.object({
  offerNumber: v.pipe(v.string(), v.trim(), v.nonEmpty('IS_BLANK_ERROR'), v.maxLength(50, 'TOO_LONG_ERROR')),
});
export type OfferNumberQuery = v.InferInput<typeof OfferNumberSchema>;

/** One line of an offer; prices only once processed. */
export const OfferLineSchema = v.object({
  lineNumber: v.pipe(v.number(), v.integer(), v.minValue(1)),
  productNumber: v.string(),
  description: v.string(),
  customerArticleNumber: v.nullable(v.string()),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  unit: v.nullable(v.string()),
  deliveryDate: v.nullable(calendarDay),
  unitPrice: v.nullable(money('Offered net unit price in EUR, up to 5 decimals.')),
  totalPrice: v.nullable(money('Net line total in EUR, excluding VAT.')),
});
export type OfferLine = v.InferOutput<typeof OfferLineSchema>;

/** Answer of `GET …/offer/history/detail` and of `POST …/offer/request` (the new, open offer). */
export const OfferDetailSchema = v.object({
  ...OfferSummarySchema.entries,
  comment: v.nullable(v.string()),
  requestedAt: TimestampSchema,
  processedAt: v.nullable(TimestampSchema),
  lines: v.array(OfferLineSchema),
});
export type OfferDetail = v.InferOutput<typeof OfferDetailSchema>;

/** Answer of `POST …/offer/cart`: how many lines went into the cart at the offered prices. */
export const OfferToCartResponseSchema = v.object({
  offerNumber: v.string(),
  added: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type OfferToCartResponse = v.InferOutput<typeof OfferToCartResponseSchema>;
