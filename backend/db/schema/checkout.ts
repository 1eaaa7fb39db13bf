/**
 * Cart, checkout settings and orders of the embedded Store API (docs/decisions/014-cart-and-orders.md).
 *
 * Money: every amount is an integer number of euro cents (`…_cents`, `bigint` in mode number; the euro's minor unit
 * per ISO 4217), except unit prices, which BMEcat gives with up to 5 decimals and which are kept exactly as
 * `numeric(18,5)` decimal strings. Totals are computed from unit price × quantity and rounded half-up to cents once
 * per line (backend/lib/price.ts).
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
import { idColumn, timestamps, type Translations } from './common.ts';
import { companyTable, customerTable } from './customer.ts';

/** How a delivery is charged: a net cost below a free-shipping limit (both cents). */
export const shippingMethodTable = pgTable('shipping_method', {
  id: idColumn('id').primaryKey(),
  /** Stable key, e.g. 'standard', 'express'. */
  technicalName: text('technical_name').notNull().unique(),
  translated: jsonb('translated').$type<Translations<{ name: string; description?: string }>>().notNull().default({}),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /** Net shipping cost in cents; 0 ships free. */
  priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
  /** Net goods value in cents from which shipping is free; null: never free by value. */
  freeFromCents: bigint('free_from_cents', { mode: 'number' }),
  /** Delivery time of the method in days. */
  deliveryTimeMin: integer('delivery_time_min').notNull().default(1),
  deliveryTimeMax: integer('delivery_time_max').notNull().default(3),
  ...timestamps,
});

/** How an order is paid. */
export const paymentMethodTable = pgTable('payment_method', {
  id: idColumn('id').primaryKey(),
  /** Stable key: 'invoice', 'prepayment', 'credit_card'. */
  technicalName: text('technical_name').notNull().unique(),
  translated: jsonb('translated').$type<Translations<{ name: string; description?: string }>>().notNull().default({}),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /**
   * True for methods paid before delivery (pay in advance, credit card): they stay open when an order would exceed
   * the company's credit limit; the others are blocked then (`payment-method-blocked`).
   */
  paidInAdvance: boolean('paid_in_advance').notNull().default(false),
  ...timestamps,
});

/** Shops and warehouses where an order can be picked up. */
export const pickupLocationTable = pgTable('pickup_location', {
  id: idColumn('id').primaryKey(),
  /** 'shop' or 'warehouse'. */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  zipcode: text('zipcode').notNull(),
  city: text('city').notNull(),
  countryCode: text('country_code').notNull().default('BE'),
  phone: text('phone'),
  email: text('email'),
  openingHours: text('opening_hours'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});

/** Promotion codes a buyer can add to the cart as a line item of type promotion. */
export const promotionTable = pgTable(
  'promotion',
  {
    id: idColumn('id').primaryKey(),
    /** The code the buyer types, stored upper-case and compared case-insensitively. */
    code: text('code').notNull(),
    translated: jsonb('translated').$type<Translations<{ name: string }>>().notNull().default({}),
    /** 'free_shipping' (shipping costs 0) or 'percentage' (off the goods value). */
    discountType: text('discount_type').notNull(),
    /** Percent off for 'percentage', e.g. "10.00"; unused for free shipping. */
    value: numeric('value', { precision: 5, scale: 2 }).notNull().default('0'),
    active: boolean('active').notNull().default(true),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('promotion_code_idx').on(t.code)],
);

/**
 * A company's credit with the supplier: orders paid after delivery (invoice) add to `usedCents` (the open receivables)
 * and may not take it above `limitCents`. No row: no credit limit.
 */
export const companyCreditTable = pgTable('company_credit', {
  companyId: idColumn('company_id')
    .primaryKey()
    .references(() => companyTable.id, { onDelete: 'cascade' }),
  limitCents: bigint('limit_cents', { mode: 'number' }).notNull(),
  usedCents: bigint('used_cents', { mode: 'number' }).notNull().default(0),
  ...timestamps,
});

/**
 * Minimum order value rules per sales channel: below `minimumValueCents` (net goods value) the surcharge
 * `additionalCostCents` is added to the order. One row per sales channel; none: no minimum.
 */
export const minimumOrderValueTable = pgTable('minimum_order_value', {
  salesChannelId: idColumn('sales_channel_id').primaryKey(),
  minimumValueCents: bigint('minimum_value_cents', { mode: 'number' }).notNull(),
  additionalCostCents: bigint('additional_cost_cents', { mode: 'number' }).notNull(),
  ...timestamps,
});

/**
 * The cart of a customer: one per customer, the same on every device and in every context of that customer. `revision`
 * grows with every change; checkout choices (shipping and payment method, addresses) live in the context payload.
 */
export const cartTable = pgTable('cart', {
  customerId: idColumn('customer_id')
    .primaryKey()
    .references(() => customerTable.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull().default(0),
  /** Promotion codes added to the cart (upper-case). */
  promotionCodes: text('promotion_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The order reference chosen for the cart (`{provider}/order-reference/cart/{id}`), or null. */
  orderReferenceId: idColumn('order_reference_id'),
  /** The cost centre chosen for the cart, or null. */
  costCenterId: idColumn('cost_center_id'),
  ...timestamps,
});

/**
 * The offer a cart line was put in the cart from (`POST /store-api/{provider}/offer/cart`), as the ERP answered it at
 * that moment (docs/decisions/016-erp.md, "Offers in the cart"): the line is priced at `unitPrice` while the offer is
 * valid and the line holds the offered quantity.
 */
export interface CartLineOffer {
  offerNumber: string;
  /** The offer's line number (1-based). */
  lineNumber: number;
  /** Offered net unit price in EUR, exact decimal string with up to 5 decimals. */
  unitPrice: string;
  /** The offered quantity in order units: the offered price holds for exactly this quantity. */
  quantity: number;
  /** Last day of validity (ISO date, Europe/Brussels, included). */
  validUntil: string;
}

/** A product line of a cart. `id` is the client's line item id (Shopware: usually the product id). */
export const cartLineItemTable = pgTable(
  'cart_line_item',
  {
    customerId: idColumn('customer_id')
      .notNull()
      .references(() => cartTable.customerId, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** 'product'. */
    type: text('type').notNull().default('product'),
    /** The product id. */
    referencedId: idColumn('referenced_id').notNull(),
    /** Order units (pieces unless the product's unit says otherwise). */
    quantity: integer('quantity').notNull(),
    /** The buyer's remark for this line (`customFields.order_detail_text`). */
    remark: text('remark'),
    /** Order of adding; the cart lists lines by it. */
    position: integer('position').notNull().default(0),
    /** The offer the line was put in the cart from; null for an ordinary product line. */
    offer: jsonb('offer').$type<CartLineOffer>(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.customerId, t.id] })],
);

/**
 * The `Idempotency-Key` of each order submit that placed an order or sent an approval request, with the SHA-256 of
 * its request body (IETF draft-ietf-httpapi-idempotency-key-header: a key reused with a different body is refused
 * with 422). Written in the submit's transaction, so it exists exactly when the order or request does.
 */
export const checkoutSubmitKeyTable = pgTable(
  'checkout_submit_key',
  {
    customerId: idColumn('customer_id')
      .notNull()
      .references(() => customerTable.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hex SHA-256 of the submit's request body in canonical JSON (backend/commerce/orders/order-placement.ts `requestFingerprint`). */
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.idempotencyKey] })],
);

/** Order numbers: a sequence, so concurrent orders never share one. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

/** Shipping or billing address as it was when the order was placed. */
export interface OrderAddressSnapshot {
  id: string | null;
  company: string;
  name: string;
  street: string;
  houseNumber: string | null;
  box: string | null;
  zipcode: string;
  city: string;
  countryCode: string;
}

/** An order placed in the shop (Shopware `order`). */
export const orderTable = pgTable(
  'order',
  {
    id: idColumn('id').primaryKey(),
    orderNumber: text('order_number').notNull(),
    customerId: idColumn('customer_id').notNull(),
    companyId: idColumn('company_id').notNull(),
    salesChannelId: idColumn('sales_channel_id').notNull(),
    languageId: idColumn('language_id').notNull(),
    /** ISO 4217, 'EUR'. */
    currencyIso: text('currency_iso').notNull().default('EUR'),
    /** The client's key of the submit: the same key answers the same order (unique per customer). */
    idempotencyKey: text('idempotency_key'),
    /** State machine state: 'open', 'in_progress', 'completed', 'cancelled'. */
    state: text('state').notNull().default('open'),
    orderDateTime: timestamp('order_date_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Net goods value (sum of line totals) after percentage promotions, cents. */
    positionPriceCents: bigint('position_price_cents', { mode: 'number' }).notNull(),
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    /** Minimum order value surcharge, cents. */
    surchargeCents: bigint('surcharge_cents', { mode: 'number' }).notNull().default(0),
    /** Promotion discount on the goods value (positive number), cents. */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** `[{ taxRate: "21.00", netCents, taxCents }]` per VAT rate. */
    calculatedTaxes: jsonb('calculated_taxes')
      .$type<{ taxRate: string; netCents: number; taxCents: number }[]>()
      .notNull()
      .default([]),
    shippingMethodId: idColumn('shipping_method_id'),
    paymentMethodId: idColumn('payment_method_id').notNull(),
    /** 'delivery' or 'pickup'. */
    shippingOption: text('shipping_option').notNull().default('delivery'),
    pickupLocationId: idColumn('pickup_location_id'),
    shippingAddress: jsonb('shipping_address').$type<OrderAddressSnapshot>(),
    billingAddress: jsonb('billing_address').$type<OrderAddressSnapshot>().notNull(),
    /** 'together' (all together), 'separately' (each line when ready), 'backorders_together'. */
    splitDelivery: text('split_delivery').notNull().default('together'),
    requestedShippingDate: date('requested_shipping_date', { mode: 'string' }),
    /** The buyer's order reference (purchase order number), at most 30 characters. */
    orderReference: text('order_reference'),
    /** The company's order reference entity the order is booked to (its budget), or null. */
    orderReferenceId: idColumn('order_reference_id'),
    costCenterId: idColumn('cost_center_id'),
    /** The order flow whose budget the order consumed, or null. */
    flowId: idColumn('flow_id'),
    /** The approval request the order came from, or null for a direct order. */
    approvalId: idColumn('approval_id'),
    fileNumber: text('file_number'),
    /** The buyer's remark (Shopware `customerComment`). */
    remark: text('remark'),
    promotionCodes: text('promotion_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The customer as ordered: first and last name, e-mail, company name and number. */
    orderCustomer: jsonb('order_customer')
      .$type<{ firstName: string; lastName: string; email: string; company: string; companyNumber: string }>()
      .notNull(),
    /** The cart as it was answered at the moment of ordering (Shopware's Cart shape). */
    cartSnapshot: jsonb('cart_snapshot').$type<Record<string, unknown>>().notNull(),
    /**
     * When the ERP port accepted the order (database clock); null while the hand-over job has not succeeded yet, so
     * the hand-over sweep finds the orders still to send.
     */
    erpHandedOverAt: timestamp('erp_handed_over_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_number_idx').on(t.orderNumber),
    index('order_erp_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.erpHandedOverAt} is null`),
    uniqueIndex('order_idempotency_idx')
      .on(t.customerId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    index('order_customer_idx').on(t.customerId, t.orderDateTime),
    index('order_company_idx').on(t.companyId, t.orderDateTime),
  ],
);

/** A line of an order, with the product data as ordered. */
export const orderLineItemTable = pgTable(
  'order_line_item',
  {
    id: idColumn('id').primaryKey(),
    orderId: idColumn('order_id')
      .notNull()
      .references(() => orderTable.id, { onDelete: 'cascade' }),
    /** 1-based line number. */
    position: integer('position').notNull(),
    /** 'product' or 'promotion'. */
    type: text('type').notNull(),
    /** Product id (product lines) or promotion id. */
    referencedId: idColumn('referenced_id'),
    productNumber: text('product_number'),
    /** The company's own article number (article link) when the order was placed; null without one. */
    customerArticleNumber: text('customer_article_number'),
    label: text('label').notNull(),
    quantity: integer('quantity').notNull(),
    /** Pieces not in stock when ordered, delivered later (backorder); 0 when all were in stock. */
    backorderQuantity: integer('backorder_quantity').notNull().default(0),
    /** Net unit price in EUR, exact decimal with up to 5 decimals. */
    unitPrice: numeric('unit_price', { precision: 18, scale: 5 }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    /** Order unit (UN/ECE Rec 20). */
    unit: text('unit'),
    remark: text('remark'),
    /** productNumber, manufacturerId, propertyIds, options, cover, delivery time as ordered. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [index('order_line_item_order_idx').on(t.orderId)],
);
