/**
 * The simulated ERP's own records (docs/decisions/016-erp.md): orders of every channel with their lines, deliveries
 * (delivery notes) and invoices, and offers with their lines. They are apart from the shop's `order`: the ERP is
 * another system with its own numbers and statuses; a shop order is copied in once (`shop_order_id`, unique).
 *
 * Money: integer euro cents (`…_cents`), unit prices exact `numeric(18,5)` decimal strings (BMEcat prices per piece),
 * VAT rates `numeric(5,2)` percent. Calendar days (`date`) are days in Europe/Brussels; instants are `timestamptz`.
 * Numbers come from PostgreSQL sequences, so concurrent writers never share one.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { OrderAddressSnapshot } from './checkout.ts';
import { idColumn, timestamps } from './common.ts';
import { companyTable } from './customer.ts';

/** ERP order numbers. */
export const erpOrderNumberSequence = pgSequence('erp_order_number_seq', { startWith: 4100001 });
/** Delivery note (shipping note) numbers. */
export const erpShippingNoteNumberSequence = pgSequence('erp_shipping_note_number_seq', { startWith: 8100001 });
/** Invoice numbers. */
export const erpInvoiceNumberSequence = pgSequence('erp_invoice_number_seq', { startWith: 926000001 });
/** Offer numbers. */
export const offerNumberSequence = pgSequence('offer_number_seq', { startWith: 3100001 });

/** Net and tax of one VAT rate, cents; `taxRate` a percent string ("21.00"). */
export interface ErpTaxEntry {
  taxRate: string;
  netCents: number;
  taxCents: number;
}

/** An address as the ERP keeps it: contract/provider/order-history.ts's OrderHistoryAddress. */
export type ErpAddress = Omit<OrderAddressSnapshot, 'id'>;

/** An order in the ERP, from the shop or another channel (phone, e-mail, EDI, counter). */
export const erpOrderTable = pgTable(
  'erp_order',
  {
    id: idColumn('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    /** The supplier's firm (legal entity), e.g. '01'. */
    firm: text('firm').notNull().default('01'),
    /** The dispatching warehouse, e.g. 'ANT'. */
    warehouse: text('warehouse'),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    /** The shop user who ordered, when the ERP knows one (orders of other channels may name none). */
    customerId: idColumn('customer_id'),
    /** The shop order this order was copied from; null for orders of other channels. */
    shopOrderId: idColumn('shop_order_id'),
    /** 'shop', 'phone', 'email', 'edi', 'counter'. */
    channel: text('channel').notNull(),
    /** 'standard', 'pickup', 'rush'. */
    type: text('type').notNull().default('standard'),
    /** The order day in Europe/Brussels. */
    orderDate: date('order_date', { mode: 'string' }).notNull(),
    orderDateTime: timestamp('order_date_time', { withTimezone: true, mode: 'date' }).notNull(),
    /** contract/provider/erp.ts ERP_ORDER_STATUSES. */
    status: text('status').notNull().default('open'),
    /** The buyer's reference (purchase order number). */
    customerReference: text('customer_reference'),
    /** Order references (purchase orders) the order is booked to. */
    orderReferences: text('order_references')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    orderedBy: text('ordered_by'),
    /** The buyer's language for names and documents (de-DE, en-GB, fr-FR, nl-NL). */
    locale: text('locale').notNull().default('nl-NL'),
    deliveryAddress: jsonb('delivery_address').$type<ErpAddress>(),
    billingAddress: jsonb('billing_address').$type<ErpAddress>().notNull(),
    deliveryCostCents: bigint('delivery_cost_cents', { mode: 'number' }).notNull().default(0),
    /** Small-order surcharge and other additional costs. */
    additionalCostCents: bigint('additional_cost_cents', { mode: 'number' }).notNull().default(0),
    /** Net goods value: the sum of the lines (discount lines included). */
    goodsCents: bigint('goods_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    taxes: jsonb('taxes').$type<ErpTaxEntry[]>().notNull().default([]),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** Paid before delivery: invoiced first, shipped after. */
    paidInAdvance: boolean('paid_in_advance').notNull().default(false),
    /** Over the company's credit limit when received: blocked for a day. */
    overCreditLimit: boolean('over_credit_limit').notNull().default(false),
    requestedShippingDate: date('requested_shipping_date', { mode: 'string' }),
    /** When the simulation takes this order's next step; null when it has none (completed, cancelled). */
    nextStepAt: timestamp('next_step_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('erp_order_number_idx').on(t.orderNumber),
    uniqueIndex('erp_order_shop_order_idx')
      .on(t.shopOrderId)
      .where(sql`shop_order_id IS NOT NULL`),
    index('erp_order_company_date_idx').on(t.companyId, t.orderDate),
    index('erp_order_customer_date_idx').on(t.customerId, t.orderDate),
    index('erp_order_customer_reference_idx').using('gin', sql`lower(${t.customerReference}) gin_trgm_ops`),
    index('erp_order_next_step_idx')
      .on(t.nextStepAt)
      .where(sql`next_step_at IS NOT NULL`),
  ],
);

/** A line of an ERP order, with what the ERP did with it. */
export const erpOrderLineTable = pgTable(
  'erp_order_line',
  {
    erpOrderId: idColumn('erp_order_id')
      .notNull()
      .references(() => erpOrderTable.id, { onDelete: 'cascade' }),
    /** 1-based. */
    lineNumber: integer('line_number').notNull(),
    /** The shop's product, when the article is in the catalogue. */
    productId: idColumn('product_id'),
    productNumber: text('product_number').notNull(),
    name: text('name').notNull(),
    /** The buyer's own article number. */
    customerArticleNumber: text('customer_article_number'),
    /** Order units. */
    quantity: integer('quantity').notNull(),
    /** UN/ECE Recommendation 20 code. */
    unit: text('unit'),
    unitPrice: numeric('unit_price', { precision: 18, scale: 5 }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    /** Pieces not in stock when ordered: they follow in a later delivery. */
    backorderQuantity: integer('backorder_quantity').notNull().default(0),
    deliveredQuantity: integer('delivered_quantity').notNull().default(0),
    /** Delivered on, or expected on while not (fully) delivered. */
    deliveryDate: date('delivery_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.erpOrderId, t.lineNumber] }),
    index('erp_order_line_product_number_idx').on(sql`lower(${t.productNumber})`),
    index('erp_order_line_customer_article_idx').on(sql`lower(${t.customerArticleNumber})`),
  ],
);

/** A delivery of an ERP order: its delivery note, carrier tracking number and who received it. */
export const erpDeliveryTable = pgTable(
  'erp_delivery',
  {
    id: idColumn('id').primaryKey(),
    erpOrderId: idColumn('erp_order_id')
      .notNull()
      .references(() => erpOrderTable.id, { onDelete: 'cascade' }),
    shippingNoteNumber: text('shipping_note_number').notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The carrier's tracking number; null for goods collected. */
    sendingNumber: text('sending_number'),
    receivedBy: text('received_by').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('erp_delivery_shipping_note_idx').on(t.shippingNoteNumber),
    index('erp_delivery_order_idx').on(t.erpOrderId),
  ],
);

/** The pieces of one order line in one delivery. */
export const erpDeliveryLineTable = pgTable(
  'erp_delivery_line',
  {
    deliveryId: idColumn('delivery_id')
      .notNull()
      .references(() => erpDeliveryTable.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.deliveryId, t.lineNumber] })],
);

/** An invoice of an ERP order: all its lines, with the delivery note of its (last) delivery once shipped. */
export const erpInvoiceTable = pgTable(
  'erp_invoice',
  {
    id: idColumn('id').primaryKey(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    erpOrderId: idColumn('erp_order_id')
      .notNull()
      .references(() => erpOrderTable.id, { onDelete: 'cascade' }),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    /** The (last) delivery the invoice covers; null while an order paid in advance is not shipped. */
    deliveryId: idColumn('delivery_id').references(() => erpDeliveryTable.id, { onDelete: 'set null' }),
    goodsCents: bigint('goods_cents', { mode: 'number' }).notNull(),
    deliveryCostCents: bigint('delivery_cost_cents', { mode: 'number' }).notNull(),
    additionalCostCents: bigint('additional_cost_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    taxes: jsonb('taxes').$type<ErpTaxEntry[]>().notNull().default([]),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('erp_invoice_number_idx').on(t.invoiceNumber),
    uniqueIndex('erp_invoice_order_idx').on(t.erpOrderId),
    index('erp_invoice_company_date_idx').on(t.companyId, t.invoiceDate),
  ],
);

/** An offer: requested from a cart, processed by the supplier with prices and a validity. */
export const offerTable = pgTable(
  'offer',
  {
    id: idColumn('id').primaryKey(),
    offerNumber: text('offer_number').notNull(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    customerId: idColumn('customer_id'),
    /** 'open' or 'processed'. */
    status: text('status').notNull().default('open'),
    clientReference: text('client_reference'),
    comment: text('comment'),
    locale: text('locale').notNull().default('nl-NL'),
    /** The request day in Europe/Brussels. */
    offerDate: date('offer_date', { mode: 'string' }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    /** Last day the offer can be ordered (Europe/Brussels, included). */
    validUntil: date('valid_until', { mode: 'string' }),
    totalCents: bigint('total_cents', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('offer_number_idx').on(t.offerNumber),
    index('offer_company_date_idx').on(t.companyId, t.offerDate),
    index('offer_customer_date_idx').on(t.customerId, t.offerDate),
    index('offer_open_idx')
      .on(t.requestedAt)
      .where(sql`status = 'open'`),
  ],
);

/** A line of an offer; prices once processed. */
export const offerLineTable = pgTable(
  'offer_line',
  {
    offerId: idColumn('offer_id')
      .notNull()
      .references(() => offerTable.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    productId: idColumn('product_id'),
    productNumber: text('product_number').notNull(),
    description: text('description').notNull(),
    customerArticleNumber: text('customer_article_number'),
    quantity: integer('quantity').notNull(),
    unit: text('unit'),
    unitPrice: numeric('unit_price', { precision: 18, scale: 5 }),
    totalCents: bigint('total_cents', { mode: 'number' }),
    deliveryDate: date('delivery_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.offerId, t.lineNumber] }),
    index('offer_line_product_number_idx').on(sql`lower(${t.productNumber})`),
    index('offer_line_customer_article_idx').on(sql`lower(${t.customerArticleNumber})`),
  ],
);
