/**
 * The one read of the cart calculation (Shopware's cart data collector, CartDataCollectorInterface;
 * docs/decisions/014-cart-and-orders.md): `collectCart` reads the cart, its lines and everything the processors of
 * ./processor.ts need in one prepared statement. A processor never queries for what this read can give it; the budget processor
 * reads the budgets' own tables (backend/commerce/spending/budget-processor.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import { queryPrepared } from '../../db/client.ts';
import { fromJsonRow, jsonColumns } from '../../db/json-rows.ts';
import {
  cartLineItemTable,
  cartTable,
  minimumOrderValueTable,
  orderFlowTable,
  paymentMethodTable,
  promotionTable,
  shippingMethodTable,
  type ContextPayload,
} from '../../db/schema/index.ts';
import type { PriceRow } from '../../lib/price.ts';
import { customerSkuSelect, toCustomerSkuMap } from '../article-links/lookup.ts';
import type { PaymentMethodRow, ShippingMethodRow } from './methods.mapper.ts';
import type { StoreContext } from '../sales-channel-context.ts';
import {
  optionSelect,
  priceSelect,
  PRODUCT_TEXT_COLUMNS,
  productMediaSelect,
  toOptionMap,
  toPriceMap,
  toProductMediaRow,
  toProductRow,
  type OptionDbRow,
  type OptionRow,
  type PriceDbRow,
  type ProductDbRow,
  type ProductMediaDbRow,
  type ProductMediaRow,
  type ProductRow,
} from '../catalog/product.repository.ts';
import type { CalculateCartOptions, CartDb } from './cart-model.ts';

/** What the cart calculation reads (`collectCart`), the data every processor works from. */
export interface CartInputs {
  cartRow: typeof cartTable.$inferSelect | undefined;
  /** The stored lines by position, then time of adding. */
  lineRows: (typeof cartLineItemTable.$inferSelect)[];
  /** The context's stored payload (empty for a context without a row). */
  payload: ContextPayload;
  companyCountry: string | undefined;
  /** The context's shipping (or the overriding) and billing address, when they are the company's. */
  addresses: { id: string; countryCode: string }[];
  /** Active methods by position, then technical name. */
  shippingMethods: ShippingMethodRow[];
  minimum: typeof minimumOrderValueTable.$inferSelect | undefined;
  creditRow: { limitCents: number; usedCents: number } | undefined;
  paymentMethods: PaymentMethodRow[];
  /** The lines' products (unknown ids are absent), active or not. */
  products: ProductRow[];
  /** Their parents (inherited name, cover, options). */
  parentRows: ProductRow[];
  prices: Map<string, PriceRow[]>;
  /** Media links of the products and their parents. */
  mediaRows: ProductMediaRow[];
  optionMap: Map<string, OptionRow>;
  customerSkus: Map<string, string>;
  /** Promotions of the codes stored on the cart. */
  promotionRows: (typeof promotionTable.$inferSelect)[];
  /** The customer's order flow (read here for the budget processor, backend/commerce/spending/budget-processor.ts). */
  flow: typeof orderFlowTable.$inferSelect | null;
}

/** JSON of a Drizzle-typed row or list as `collectCart` selects it (database column names). */
type JsonRow = Record<string, unknown>;

/** The select lists of `collectCart`, built once. */
const CART_COLUMNS = {
  cart: jsonColumns(cartTable),
  line: jsonColumns(cartLineItemTable),
  shippingMethod: jsonColumns(shippingMethodTable),
  minimum: jsonColumns(minimumOrderValueTable),
  paymentMethod: jsonColumns(paymentMethodTable),
  promotion: jsonColumns(promotionTable),
  flow: jsonColumns(orderFlowTable, 'f'),
};

/**
 * The cart's data collector (Shopware: CartDataCollectorInterface): reads everything the processors need in ONE
 * statement (each part a JSON value of one row): the cart and its
 * lines, the context payload and the addresses it names, the company's country and credit, the active shipping and
 * payment methods, the minimum order value, the lines' products with their parents, prices, media and options, the
 * company's article numbers (only with ROLE_MANAGE_ARTICLE_LINKS), the cart's promotions and the customer's order
 * flow. One round trip instead of fifteen statements in four steps (docs/decisions/014-cart-and-orders.md), as a
 * prepared statement: its text is fixed.
 *
 * With `forUpdate` the cart row is locked first, in a statement of its own: the reading statement then starts after
 * the lock is granted and sees what a concurrent order committed before (READ COMMITTED takes a statement's
 * snapshot when the statement starts).
 */
export async function collectCart(
  db: CartDb,
  customer: AuthenticatedCustomer,
  context: StoreContext,
  options: CalculateCartOptions,
): Promise<CartInputs> {
  if (options.forUpdate) {
    await db
      .select({ customerId: cartTable.customerId })
      .from(cartTable)
      .where(eq(cartTable.customerId, customer.id))
      .for('update');
  }
  const lineProductIds = sql`ARRAY(SELECT referenced_id FROM line)`;
  const skus = customerSkuSelect(customer, lineProductIds);
  const [row] = await queryPrepared<{
    cart: JsonRow | null;
    lines: JsonRow[] | null;
    payload: ContextPayload | null;
    company_country: string | null;
    addresses: { id: string; countryCode: string }[] | null;
    shipping_methods: JsonRow[] | null;
    minimum: JsonRow | null;
    credit: { limitCents: number; usedCents: number } | null;
    payment_methods: JsonRow[] | null;
    products: ProductDbRow[] | null;
    parents: ProductDbRow[] | null;
    prices: PriceDbRow[] | null;
    media: ProductMediaDbRow[] | null;
    options: OptionDbRow[] | null;
    customer_skus: { product_id: string; customer_sku: string }[] | null;
    promotions: JsonRow[] | null;
    flow: JsonRow | null;
  }>(
    db,
    sql`
    WITH cart_row AS (SELECT ${CART_COLUMNS.cart} FROM cart WHERE customer_id = ${customer.id}),
         line AS (SELECT ${CART_COLUMNS.line} FROM cart_line_item WHERE customer_id = ${customer.id}),
         item AS (SELECT ${PRODUCT_TEXT_COLUMNS} FROM product p WHERE p.id = ANY(${lineProductIds})),
         parent AS (SELECT ${PRODUCT_TEXT_COLUMNS} FROM product p
                     WHERE p.id = ANY(ARRAY(SELECT parent_id FROM item WHERE parent_id IS NOT NULL))),
         ctx AS (SELECT payload FROM sales_channel_api_context WHERE token = ${context.token})
    SELECT
      (SELECT row_to_json(c) FROM cart_row c) AS cart,
      (SELECT json_agg(l ORDER BY l.position, l.created_at) FROM line l) AS lines,
      (SELECT payload FROM ctx) AS payload,
      (SELECT country_code FROM company WHERE id = ${customer.companyId}) AS company_country,
      (SELECT json_agg(json_build_object('id', a.id, 'countryCode', a.country_code)) FROM company_address a
        WHERE a.company_id = ${customer.companyId}
          AND a.id IN (coalesce(${options.shippingAddressId ?? null}::text, (SELECT payload->>'shippingAddressId' FROM ctx)),
                       (SELECT payload->>'billingAddressId' FROM ctx))) AS addresses,
      (SELECT json_agg(m ORDER BY m.position, m.technical_name)
         FROM (SELECT ${CART_COLUMNS.shippingMethod} FROM shipping_method WHERE active) m) AS shipping_methods,
      (SELECT row_to_json(m) FROM (SELECT ${CART_COLUMNS.minimum} FROM minimum_order_value
                                    WHERE sales_channel_id = ${context.salesChannel.id}) m) AS minimum,
      (SELECT json_build_object('limitCents', limit_cents, 'usedCents', used_cents) FROM company_credit
        WHERE company_id = ${customer.companyId}) AS credit,
      (SELECT json_agg(m ORDER BY m.position, m.technical_name)
         FROM (SELECT ${CART_COLUMNS.paymentMethod} FROM payment_method WHERE active) m) AS payment_methods,
      (SELECT json_agg(x) FROM item x) AS products,
      (SELECT json_agg(x) FROM parent x) AS parents,
      (SELECT json_agg(x) FROM (${priceSelect(lineProductIds)}) x) AS prices,
      (SELECT json_agg(x ORDER BY x.product_id, x.position, x.id)
         FROM (${productMediaSelect(sql`ARRAY(SELECT referenced_id FROM line UNION ALL SELECT id FROM parent)`)}) x) AS media,
      (SELECT json_agg(x) FROM (${optionSelect(sql`ARRAY(SELECT DISTINCT unnest(option_ids) FROM item)`)}) x) AS options,
      ${skus ? sql`(SELECT json_agg(x) FROM (${skus}) x)` : sql`NULL`} AS customer_skus,
      (SELECT json_agg(x) FROM (SELECT ${CART_COLUMNS.promotion} FROM promotion
                                 WHERE code = ANY(ARRAY(SELECT unnest(promotion_codes) FROM cart_row))) x) AS promotions,
      (SELECT row_to_json(x) FROM (SELECT ${CART_COLUMNS.flow} FROM order_flow_user u
                                     JOIN order_flow f ON f.id = u.flow_id
                                    WHERE u.customer_id = ${customer.id} LIMIT 1) x) AS flow`,
  );
  const r = row!;
  return {
    cartRow: r.cart ? fromJsonRow(cartTable, r.cart) : undefined,
    lineRows: (r.lines ?? []).map((l) => fromJsonRow(cartLineItemTable, l)),
    payload: r.payload ?? {},
    companyCountry: r.company_country ?? undefined,
    addresses: r.addresses ?? [],
    shippingMethods: (r.shipping_methods ?? []).map((m) => fromJsonRow(shippingMethodTable, m)),
    minimum: r.minimum ? fromJsonRow(minimumOrderValueTable, r.minimum) : undefined,
    creditRow: r.credit ?? undefined,
    paymentMethods: (r.payment_methods ?? []).map((m) => fromJsonRow(paymentMethodTable, m)),
    products: (r.products ?? []).map(toProductRow),
    parentRows: (r.parents ?? []).map(toProductRow),
    prices: toPriceMap(r.prices ?? []),
    mediaRows: (r.media ?? []).map(toProductMediaRow),
    optionMap: toOptionMap(r.options ?? []),
    customerSkus: toCustomerSkuMap(r.customer_skus ?? []),
    promotionRows: (r.promotions ?? []).map((p) => fromJsonRow(promotionTable, p)),
    flow: r.flow ? fromJsonRow(orderFlowTable, r.flow) : null,
  };
}
