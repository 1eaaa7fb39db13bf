/**
 * THE cart calculation of the embedded Store API (docs/decisions/014-cart-and-orders.md). The cart routes and the
 * order placement both call `calculateCart`, so an order is always priced exactly as the cart was shown.
 *
 * Inputs: the customer's stored cart (`cart`, `cart_line_item`), the products with their prices (the tier for the
 * line's quantity, customer price over list price: backend/lib/price.ts), the context's checkout choices (shipping
 * and payment method, shipping address: `PATCH /store-api/context`), the checkout settings (methods, promotions,
 * the sales channel's minimum order value, the company's credit).
 *
 * Money: integer euro cents everywhere; a line total is unit price × quantity rounded half-up once per line; every
 * other amount is a sum of cents. Nothing the client sends is ever a price.
 *
 * Order of the calculation:
 * 1. goods value = Σ line totals; percentage promotions take their percentage of it (rounded per promotion, capped
 *    at the goods value) → `discountCents`; `positionPriceCents` = goods value − discount.
 * 2. shipping: 0 for an empty cart, a free-shipping promotion, pickup, a method that costs 0, or a position price at
 *    or above the method's free-shipping limit; otherwise the method's net cost.
 * 3. surcharge: the sales channel's `additionalCostCents` when the position price is below its minimum order value
 *    (warning `{provider}-cart-underMinimumValue`, extension `minimumCartValue`).
 * 4. VAT: each line at the delivery country's rate for its tax class (backend/lib/vat-rates.ts); discount, shipping
 *    and surcharge are spread over the rates in proportion to the goods value per rate (Shopware's "auto" tax of
 *    shipping costs); the tax of each rate is its net × rate rounded half-up. `netCents` = position price + shipping
 *    + surcharge; `totalCents` = net + Σ tax.
 * 5. credit: with a company credit row, limit − used < total → warning `{provider}-cart-underCreditLimit`; payment
 *    methods not paid in advance (invoice) are then blocked. The payment method is the context's, else the first
 *    active one; when it is blocked, the level-20 error `payment-method-blocked-{id}` stands until the buyer chooses
 *    another: the calculation never switches the method itself.
 *
 * Offer lines (docs/decisions/016-erp.md, "Offers in the cart"): a line put in the cart from an offer
 * (`addOfferToCart`) carries the offer's number, line, unit price, quantity and last valid day as the ERP answered
 * them. While the day of the calculation (Europe/Brussels) is at most the last valid day and the line holds the offered
 * quantity, its unit price is the offered one (payload `offer`); otherwise it is priced as any product line and the
 * level-20 error `{provider}-offer-expired` or `{provider}-offer-quantity-changed` blocks the order until the buyer
 * removes the line or sets the offered quantity again.
 *
 * An order reference put on the cart is asked again on every calculation (also the order's, in its transaction)
 * whether the buyer may still book to it; if not, the level-20 error `{provider}-order-reference-not-usable` blocks
 * the order.
 *
 * Each product line's payload names the company's own article number (`customerArticleNumber`, the article link of
 * docs/decisions/017, read through ../article-link/lookup.ts) or null; the order keeps it from this calculation.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MAX_CART_LINE_ITEMS, MAX_LINE_ITEM_QUANTITY } from '../../../contract/checkout.ts';
import { shopToday } from '../../../contract/order.ts';
import type { BackendConfig } from '../../config.ts';
import { queryPrepared, type Db } from '../../db/client.ts';
import { fromJsonRow, jsonColumns } from '../../db/json-rows.ts';
import {
  cartLineItemTable,
  cartTable,
  minimumOrderValueTable,
  orderFlowTable,
  paymentMethodTable,
  productTable,
  promotionTable,
  shippingMethodTable,
  type CartLineOffer,
  type ContextPayload,
} from '../../db/schema/index.ts';
import type { OfferForCart } from '../../erp/port.ts';
import { StoreApiError } from '../../http/errors.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import {
  centsToNumber,
  formatUnitPrice,
  lineTotalCents,
  percentOfCents,
  toScaled,
  unitPriceForQuantity,
  type CalculatedPrice,
  type PriceRow,
} from '../../lib/price.ts';
import { translateField } from '../../lib/translate.ts';
import { vatRateFor } from '../../lib/vat-rates.ts';
import type { StoreContext } from '../../store-api/context.ts';
import { customerSkuSelect, toCustomerSkuMap } from '../../store-api/article-link/lookup.ts';
import { mapMedia } from '../../store-api/entities.ts';
import { deliveryTime } from '../../store-api/product/product.mapper.ts';
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
} from '../../store-api/product/product.repository.ts';
import type {
  StoreCart,
  StoreCartDelivery,
  StoreCartError,
  StoreLineItem,
  StoreLineItemPayload,
} from '../../store-api/checkout/cart-schemas.ts';
import {
  mapShippingMethod,
  PICKUP_SHIPPING_METHOD,
  type PaymentMethodRow,
  type ShippingMethodRow,
} from '../../store-api/checkout/methods.mapper.ts';
import { cartBudgets, type CartBudgets, type OrderReferenceRow } from '../spending/budget-processor.ts';
import { usableReference } from '../../store-api/spending/reference-use.ts';
import type { FlowRow } from '../../store-api/spending/order-flow.service.ts';

/**
 * The database handle the calculation reads with: the app's `Db` or a transaction opened on it (`db.transaction(tx =>
 * …)`: a Drizzle transaction has the same query API and is assignable to `Db`).
 */
export type CartDb = Db;

/** Shopware's cart error levels: 0 notice, 10 warning, 20 error (blocks the order). */
export type CartErrorLevel = 0 | 10 | 20;

/**
 * One cart error (Shopware CartError). `key` is `{messageKey}-{lineItemId}` for errors of one line,
 * `{messageKey}-{id}` for a promotion code or method, `messageKey` alone for errors of the whole cart.
 */
export interface CartErrorEntry {
  key: string;
  messageKey: string;
  level: CartErrorLevel;
  message: string;
  /** Line item id, promotion code or method id. */
  id?: string;
  name?: string;
  quantity?: number;
  minimumValue?: number;
  additionalCost?: number;
  availableCredit?: number;
}

/** A product line of the calculated cart. */
export interface CartLineModel {
  /** The line item id (Shopware: usually the product id). */
  id: string;
  productId: string;
  productNumber: string;
  /** Product name in the context language (variants: the parent's when they have none). */
  label: string;
  /** Order units. */
  quantity: number;
  /** Net unit price in EUR of the tier for `quantity`, exact decimal string (2 to 5 decimals). */
  unitPrice: string;
  /** Net line total in cents (unit price × quantity, half-up). */
  totalCents: number;
  /** VAT percent of the delivery country for the product's tax class, "21.00". */
  taxRate: string;
  /** Order unit (UN/ECE Rec 20). */
  unit: string;
  /** The buyer's remark (`customFields.order_detail_text`). */
  remark: string | null;
  /** productNumber, manufacturerId, propertyIds, options, … as the cart answer's line `payload`. */
  payload: StoreLineItemPayload;
  /** Pieces above the available stock (delivered later); always 0 for a closeout article (that is an error). */
  backorderQuantity: number;
  isCloseout: boolean;
  /** Available stock when calculated. */
  availableStock: number;
}

/** A promotion applied to the cart. */
export interface CartPromotionModel {
  id: string;
  code: string;
  label: string;
  discountType: 'free_shipping' | 'percentage';
  /** Percent for 'percentage' ("10.00"). */
  value: string;
  /** Discount off the goods value in cents (0 for free shipping). */
  discountCents: number;
}

/** VAT of one rate: the net amount taxed at it and the tax, both cents. */
export interface CartTaxModel {
  taxRate: string;
  netCents: number;
  taxCents: number;
}

/** The internal model of a calculated cart, every amount in integer cents. */
export interface CartModel {
  customerId: string;
  /** The stored cart's revision (0 when the customer has no cart row yet). */
  revision: number;
  lines: CartLineModel[];
  promotions: CartPromotionModel[];
  /** Upper-case codes stored on the cart (including ones no longer valid). */
  promotionCodes: string[];
  /** Σ line totals before promotions. */
  goodsCents: number;
  /** Percentage promotions off the goods value (positive). */
  discountCents: number;
  /** goodsCents − discountCents. */
  positionPriceCents: number;
  shippingCents: number;
  /** Minimum order value surcharge. */
  surchargeCents: number;
  /** positionPriceCents + shippingCents + surchargeCents. */
  netCents: number;
  taxes: CartTaxModel[];
  taxCents: number;
  /** netCents + taxCents. */
  totalCents: number;
  errors: CartErrorEntry[];
  /** True when any error has level 20: the order is refused. */
  blocked: boolean;
  /** The selected (or default) shipping method; null when none is active. */
  shippingMethod: ShippingMethodRow | null;
  /** The selected (or default) payment method; null when none is active or selectable. */
  paymentMethod: PaymentMethodRow | null;
  /** 'pickup' when the shipping method is collection at a shop or warehouse. */
  shippingOption: 'delivery' | 'pickup';
  /** ISO 3166-1 alpha-2 the VAT is charged for: the context's shipping address country, else the company's. */
  deliveryCountry: string;
  /** The context's addresses when they are the company's (else null: the order falls back to the main address). */
  shippingAddressId: string | null;
  billingAddressId: string | null;
  /** Payment methods blocked for this cart (credit limit). */
  blockedPaymentMethodIds: string[];
  /** The company's credit, when it has a limit. */
  credit: { limitCents: number; usedCents: number } | null;
  /** Stored lines whose product is gone or inactive (reported as `product-not-found`, not in `lines`). */
  missingLineIds: string[];
  /** The order flow and order reference budgets, shown as extensions; the flow's threshold (../spending/budget-cart.ts). */
  budgets: CartBudgets;
}

/** The Shopware Cart answer and the internal model of the same calculation. */
export interface CalculatedCart {
  cart: StoreCart;
  model: CartModel;
}

export interface CalculateCartOptions {
  config: Pick<BackendConfig, 'provider' | 'mediaBaseUrl'>;
  /**
   * Lock the customer's cart row `FOR UPDATE` before reading (only inside a transaction): order placement serialises
   * concurrent submits with it.
   */
  forUpdate?: boolean;
  /** Overrides of the context's choices (e.g. the order request's), ids of rows. */
  shippingMethodId?: string;
  paymentMethodId?: string;
  shippingAddressId?: string;
  /** Errors of the current request (rejected items, unknown promotion codes), shown with the cart's own. */
  extraErrors?: CartErrorEntry[];
  /** Clock of price validity and promotion windows. */
  now?: Date;
}

/**
 * Calculates the customer's cart (see the module comment for the rules and the order of the calculation).
 *
 * Reads only; with `forUpdate` it locks the `cart` row first (call it inside the transaction that writes the order).
 * A customer without a cart row gets an empty cart (revision 0).
 *
 * @param db the database or a transaction on it.
 * @param customer the logged-in customer (`requireCustomer`).
 * @param context the request's context: its token selects the stored checkout choices, its language the labels.
 * @returns the Shopware Cart answer (`cart`) and the model in cents (`model`).
 */
export async function calculateCart(
  db: CartDb,
  customer: AuthenticatedCustomer,
  context: StoreContext,
  options: CalculateCartOptions,
): Promise<CalculatedCart> {
  const { config } = options;
  const now = options.now ?? new Date();
  const locale = context.language.localeCode;
  const provider = config.provider;

  const {
    cartRow,
    lineRows,
    payload,
    companyCountry,
    addresses,
    shippingMethods,
    minimum,
    creditRow,
    paymentMethods,
    products,
    parentRows,
    prices,
    mediaRows,
    optionMap,
    customerSkus,
    promotionRows,
    flow,
  } = await readCartInputs(db, customer, context, options);
  const shippingAddressId = options.shippingAddressId ?? payload.shippingAddressId ?? null;
  const shippingAddress = addresses.find((a) => a.id === shippingAddressId);
  const billingAddressId = addresses.some((a) => a.id === payload.billingAddressId)
    ? (payload.billingAddressId ?? null)
    : null;
  const deliveryCountry = (shippingAddress?.countryCode ?? companyCountry ?? 'BE').toUpperCase();

  const errors: CartErrorEntry[] = [...(options.extraErrors ?? [])];
  const error = (e: CartErrorEntry) => {
    if (!errors.some((x) => x.key === e.key)) errors.push(e);
  };

  const parents = new Map(parentRows.map((p) => [p.id, p]));
  const byId = new Map(products.map((p) => [p.id, p]));
  const media = new Map<string, ProductMediaRow[]>();
  for (const m of mediaRows) media.set(m.productId, [...(media.get(m.productId) ?? []), m]);

  const lines: CartLineModel[] = [];
  const lineItems: StoreLineItem[] = [];
  const missingLineIds: string[] = [];
  const today = shopToday(now);
  /** The lines of each article (several when added with other line ids, from an offer, …), for its purchase rules. */
  const articles = new Map<string, { product: ProductRow; name: string; lineIds: string[]; quantity: number }>();
  /** Stock not yet given to an earlier line of the same article; the rest of a line is its backorder. */
  const stockLeft = new Map<string, number>();
  for (const row of lineRows) {
    const product = byId.get(row.referencedId);
    const parent = product?.parentId ? parents.get(product.parentId) : undefined;
    const offer = row.offer ? offerState(row.offer, row.quantity, today) : null;
    const unit = !product
      ? undefined
      : offer?.applies
        ? toScaled(offer.offer.unitPrice)
        : unitPriceForQuantity(prices.get(product.id) ?? [], product.taxRate, row.quantity, 'EUR', now);
    if (!product || !product.active || (parent && !parent.active) || unit === undefined) {
      missingLineIds.push(row.id);
      error({
        key: `product-not-found-${row.id}`,
        messageKey: 'product-not-found',
        level: 20,
        message: `The product ${row.referencedId} is not available and was removed from the cart.`,
        id: row.id,
      });
      continue;
    }
    const label =
      translateField(product.translated, locale, 'name') ?? translateField(parent?.translated, locale, 'name') ?? '';
    const name = label || product.productNumber;
    const article = articles.get(product.id) ?? { product, name, lineIds: [], quantity: 0 };
    article.lineIds.push(row.id);
    article.quantity += row.quantity;
    articles.set(product.id, article);
    if (offer && !offer.applies) error(offerError(provider, offer, row.id, name));
    const left = stockLeft.get(product.id) ?? Math.max(0, product.availableStock);
    stockLeft.set(product.id, left - Math.min(left, row.quantity));
    const backorderQuantity = product.isCloseout ? 0 : row.quantity - Math.min(left, row.quantity);
    const taxRate = vatRateFor(product.taxRate, deliveryCountry);
    const totalCents = lineTotalCents(unit, row.quantity);
    const options = product.optionIds.flatMap((id) => {
      const o = optionMap.get(id);
      if (!o) return [];
      return [
        {
          group: translateField(o.group.translated, locale, 'name') ?? '',
          option: translateField(o.translated, locale, 'name') ?? '',
        },
      ];
    });
    const linePayload: StoreLineItemPayload = {
      productNumber: product.productNumber,
      manufacturerId: product.manufacturerId ?? parent?.manufacturerId ?? null,
      propertyIds: product.propertyIds.length ? product.propertyIds : (parent?.propertyIds ?? []),
      optionIds: product.optionIds,
      options,
      isCloseout: product.isCloseout,
      packUnit: product.unit,
      customFields: { order_detail_text: row.remark },
      customerArticleNumber: customerSkus.get(product.id) ?? null,
      ...(offer?.applies
        ? {
            offer: {
              offerNumber: offer.offer.offerNumber,
              lineNumber: offer.offer.lineNumber,
              validUntil: offer.offer.validUntil,
            },
          }
        : {}),
    };
    const line: CartLineModel = {
      id: row.id,
      productId: product.id,
      productNumber: product.productNumber,
      label: name,
      quantity: row.quantity,
      unitPrice: formatUnitPrice(unit),
      totalCents,
      taxRate,
      unit: product.unit,
      remark: row.remark,
      payload: linePayload,
      backorderQuantity,
      isCloseout: product.isCloseout,
      availableStock: product.availableStock,
    };
    lines.push(line);
    lineItems.push(productLineItem(line, product, parent, media, locale, config.mediaBaseUrl, unit));
  }
  // Minimum, maximum, purchase step and a closeout's stock hold per article over all its lines (Shopware's product
  // cart processor since CVE-2023-22730), so splitting an article over several lines orders no more than one line.
  for (const article of articles.values()) {
    checkQuantity(article.product, article.lineIds, article.quantity, article.name, error);
  }

  // Promotions.
  const promotionCodes = cartRow?.promotionCodes ?? [];
  const goodsCents = lines.reduce((s, l) => s + l.totalCents, 0);
  const promotions: CartPromotionModel[] = [];
  let discountLeft = goodsCents;
  for (const code of promotionCodes) {
    const p = promotionRows.find((r) => r.code === code);
    if (!p || !promotionValid(p, now)) {
      error({
        key: `promotion-not-found-${code}`,
        messageKey: 'promotion-not-found',
        level: 10,
        message: `The promotion code ${code} is no longer valid.`,
        id: code,
      });
      continue;
    }
    const discountType = p.discountType === 'percentage' ? 'percentage' : 'free_shipping';
    const discountCents =
      discountType === 'percentage' ? Math.min(discountLeft, percentOfCents(goodsCents, p.value)) : 0;
    discountLeft -= discountCents;
    promotions.push({
      id: p.id,
      code: p.code,
      label: translateField(p.translated, locale, 'name') ?? p.code,
      discountType,
      value: p.value,
      discountCents,
    });
  }
  const discountCents = goodsCents - discountLeft;
  const positionPriceCents = goodsCents - discountCents;
  const hasGoods = lines.length > 0;

  // Shipping.
  const wantedShipping = options.shippingMethodId ?? payload.shippingMethodId;
  let shippingMethod = wantedShipping
    ? (shippingMethods.find((m) => m.id === wantedShipping) ?? null)
    : (shippingMethods[0] ?? null);
  if (wantedShipping && !shippingMethod) {
    error({
      key: `shipping-method-blocked-${wantedShipping}`,
      messageKey: 'shipping-method-blocked',
      level: 20,
      message: 'The selected shipping method is not available.',
      id: wantedShipping,
    });
    shippingMethod = shippingMethods[0] ?? null;
  } else if (!shippingMethod && hasGoods) {
    error({
      key: 'shipping-method-blocked',
      messageKey: 'shipping-method-blocked',
      level: 20,
      message: 'No shipping method is available.',
    });
  }
  const pickup = shippingMethod?.technicalName === PICKUP_SHIPPING_METHOD;
  const freeShipping = promotions.some((p) => p.discountType === 'free_shipping');
  let shippingCents = 0;
  if (hasGoods && shippingMethod && !pickup && !freeShipping) {
    const freeByValue = shippingMethod.freeFromCents !== null && positionPriceCents >= shippingMethod.freeFromCents;
    shippingCents = freeByValue ? 0 : shippingMethod.priceCents;
  }

  // Minimum order value.
  let surchargeCents = 0;
  if (hasGoods && minimum && positionPriceCents < minimum.minimumValueCents) {
    surchargeCents = minimum.additionalCostCents;
    error({
      key: `${provider}-cart-underMinimumValue`,
      messageKey: `${provider}-cart-underMinimumValue`,
      level: 10,
      message:
        `The goods value is below the minimum order value of ${centsToNumber(minimum.minimumValueCents)} EUR: ` +
        `a surcharge of ${centsToNumber(minimum.additionalCostCents)} EUR is added.`,
      minimumValue: centsToNumber(minimum.minimumValueCents),
      additionalCost: centsToNumber(minimum.additionalCostCents),
    });
  }

  // VAT per rate.
  const netCents = positionPriceCents + shippingCents + surchargeCents;
  const taxes = taxesPerRate(lines, shippingCents + surchargeCents - discountCents);
  const taxCents = taxes.reduce((s, t) => s + t.taxCents, 0);
  const totalCents = netCents + taxCents;

  // Credit limit and payment.
  const credit = creditRow ? { limitCents: creditRow.limitCents, usedCents: creditRow.usedCents } : null;
  let blockedPaymentMethodIds: string[] = [];
  if (hasGoods && credit && credit.limitCents - credit.usedCents < totalCents) {
    const available = Math.max(0, credit.limitCents - credit.usedCents);
    blockedPaymentMethodIds = paymentMethods.filter((m) => !m.paidInAdvance).map((m) => m.id);
    error({
      key: `${provider}-cart-underCreditLimit`,
      messageKey: `${provider}-cart-underCreditLimit`,
      level: 10,
      message: `The order exceeds the available credit of ${centsToNumber(available)} EUR: pay in advance or by credit card.`,
      availableCredit: centsToNumber(available),
    });
  }
  // The payment method is the buyer's choice (the context's), else the first active method: never one picked here
  // because the credit ran short, since the buyer would then pay in a way they did not choose. A blocked method is a
  // level-20 error the buyer resolves by choosing another (Shopware core: PaymentMethodBlockedError blocks the order).
  const wantedPayment = options.paymentMethodId ?? payload.paymentMethodId;
  const paymentMethod: PaymentMethodRow | null = wantedPayment
    ? (paymentMethods.find((m) => m.id === wantedPayment) ?? null)
    : (paymentMethods[0] ?? null);
  const blockedPayment = wantedPayment ?? paymentMethod?.id;
  if (hasGoods && blockedPayment && (!paymentMethod || blockedPaymentMethodIds.includes(paymentMethod.id))) {
    error({
      key: `payment-method-blocked-${blockedPayment}`,
      messageKey: 'payment-method-blocked',
      level: 20,
      message: paymentMethod
        ? `The payment method ${translateField(paymentMethod.translated, locale, 'name') ?? paymentMethod.technicalName} is blocked for this order.`
        : 'The selected payment method is not available.',
      id: blockedPayment,
      ...(paymentMethod
        ? { name: translateField(paymentMethod.translated, locale, 'name') ?? paymentMethod.technicalName }
        : {}),
    });
  } else if (hasGoods && !paymentMethod) {
    error({
      key: 'payment-method-blocked',
      messageKey: 'payment-method-blocked',
      level: 20,
      message: 'No payment method is available.',
    });
  }

  // Budgets of the order flow and of the order reference the cart is booked to (docs/decisions/015).
  const budgets = await cartBudgets(db, {
    customer,
    orderReferenceId: cartRow?.orderReferenceId ?? null,
    netCents,
    hasGoods,
    now,
    provider,
    flow,
  });
  for (const e of budgets.errors) error(e);
  // The reference may have been deactivated, closed or the buyer taken off it since it was put on the cart: ask
  // again whether the buyer may book to it (../spending/reference-use.ts `usableReference`); an order is
  // never booked to a reference the buyer can no longer use.
  if (budgets.orderReference && !(await usableReference(db, customer, budgets.orderReference.id, now))) {
    error(referenceNotUsable(provider, budgets.orderReference));
  }

  const model: CartModel = {
    customerId: customer.id,
    revision: cartRow?.revision ?? 0,
    lines,
    promotions,
    promotionCodes,
    goodsCents,
    discountCents,
    positionPriceCents,
    shippingCents,
    surchargeCents,
    netCents,
    taxes,
    taxCents,
    totalCents,
    errors,
    blocked: errors.some((e) => e.level === 20),
    shippingMethod,
    paymentMethod,
    shippingOption: pickup ? 'pickup' : 'delivery',
    deliveryCountry,
    shippingAddressId: shippingAddress ? shippingAddress.id : null,
    billingAddressId,
    blockedPaymentMethodIds,
    credit,
    missingLineIds,
    budgets,
  };
  const cart = cartAnswer(model, lineItems, context, locale, minimum ?? null, now);
  return { cart, model };
}

/** What `calculateCart` reads (`readCartInputs`). */
interface CartInputs {
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
  /** The customer's order flow (../spending/budget-cart.ts). */
  flow: FlowRow | null;
}

/** JSON of a Drizzle-typed row or list as `readCartInputs` selects it (database column names). */
type JsonRow = Record<string, unknown>;

/** The select lists of `readCartInputs`, built once. */
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
 * Reads everything the calculation needs in ONE statement (each part a JSON value of one row): the cart and its
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
async function readCartInputs(
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

/** Whether a line's offer still prices it, and if not why: its last valid day has passed or its quantity changed. */
interface OfferState {
  offer: CartLineOffer;
  applies: boolean;
  reason: 'expired' | 'quantity-changed' | null;
}

/** The offer rule of one line (module comment): valid through its last day, for exactly the offered quantity. */
function offerState(offer: CartLineOffer, quantity: number, today: string): OfferState {
  if (today > offer.validUntil) return { offer, applies: false, reason: 'expired' };
  if (quantity !== offer.quantity) return { offer, applies: false, reason: 'quantity-changed' };
  return { offer, applies: true, reason: null };
}

/** The level-20 error of an offer line whose offer no longer prices it. */
function offerError(provider: string, state: OfferState, lineId: string, name: string): CartErrorEntry {
  const { offerNumber, validUntil, quantity } = state.offer;
  if (state.reason === 'expired') {
    return {
      key: `${provider}-offer-expired-${lineId}`,
      messageKey: `${provider}-offer-expired`,
      level: 20,
      message:
        `The offer ${offerNumber} for ${name} was valid until ${validUntil}: remove the line and order at today's ` +
        'price, or request a new offer.',
      id: lineId,
      name,
    };
  }
  return {
    key: `${provider}-offer-quantity-changed-${lineId}`,
    messageKey: `${provider}-offer-quantity-changed`,
    level: 20,
    message: `The offer ${offerNumber} covers ${quantity} units of ${name}: set that quantity again or remove the line.`,
    id: lineId,
    name,
    quantity,
  };
}

/**
 * The level-20 error of a cart booked to an order reference the buyer can no longer use (inactive, outside its
 * dates, or the buyer no longer one of its users): `{provider}-order-reference-not-usable`, keyed by its messageKey
 * (one reference per cart), with the reference's id and name. The buyer chooses another reference or none.
 */
export function referenceNotUsable(
  provider: string,
  reference: Pick<OrderReferenceRow, 'id' | 'name'>,
): CartErrorEntry {
  const messageKey = `${provider}-order-reference-not-usable`;
  return {
    key: messageKey,
    messageKey,
    level: 20,
    message: `The order reference ${reference.name} can no longer be used for your orders: choose another one or none.`,
    id: reference.id,
    name: reference.name,
  };
}

/** True when a promotion is active and `now` lies in its validity window. */
function promotionValid(p: typeof promotionTable.$inferSelect, now: Date): boolean {
  return p.active && (!p.validFrom || p.validFrom <= now) && (!p.validUntil || p.validUntil >= now);
}

/**
 * The purchase rules of a product as the cart applies them (Shopware's product cart processor): minimum purchase and
 * purchase step in order units, each at least 1; the step counts from the minimum.
 */
export function purchaseRules(product: Pick<ProductRow, 'minPurchase' | 'purchaseSteps'>): {
  min: number;
  steps: number;
} {
  return { min: Math.max(1, product.minPurchase), steps: Math.max(1, product.purchaseSteps) };
}

/**
 * The smallest quantity at or above `quantity` that the cart accepts by minimum and step (`min + k × steps`, order
 * units): a quantity below the minimum becomes the minimum, one between steps the next step up. With `limit`, a
 * result above it becomes the highest such quantity not above it (never below the minimum).
 */
export function purchasableQuantity(
  product: Pick<ProductRow, 'minPurchase' | 'purchaseSteps'>,
  quantity: number,
  limit?: number,
): number {
  const { min, steps } = purchaseRules(product);
  if (quantity <= min) return min;
  const up = min + Math.ceil((quantity - min) / steps) * steps;
  if (limit === undefined || up <= limit) return up;
  return Math.max(min, min + Math.floor((limit - min) / steps) * steps);
}

/**
 * The quantity rules of one article over all its lines (Shopware's product cart processor; per article since
 * CVE-2023-22730 / GHSA-8r6h-m72v-38fg): minimum purchase, maximum purchase, purchase steps counted from the minimum,
 * and stock (a backorder warning for ordinary articles, an error for closeouts), each checked on `quantity`, the sum
 * of the article's lines. An error is reported on every line of the article (`{messageKey}-{lineId}`), so each line
 * shows it; `quantity` in the error is the limit the article's lines together must keep.
 */
function checkQuantity(
  product: ProductRow,
  lineIds: readonly string[],
  quantity: number,
  name: string,
  error: (e: CartErrorEntry) => void,
): void {
  const { min, steps } = purchaseRules(product);
  const together = lineIds.length > 1 ? ` (all ${lineIds.length} lines of it together)` : '';
  const report = (e: Omit<CartErrorEntry, 'key' | 'id' | 'name'>) => {
    for (const lineId of lineIds) error({ ...e, key: `${e.messageKey}-${lineId}`, id: lineId, name });
  };
  if (quantity < min) {
    report({
      messageKey: 'min-order-quantity',
      level: 20,
      message: `${name} can only be ordered from ${min} units${together}.`,
      quantity: min,
    });
  }
  if (product.maxPurchase !== null && quantity > product.maxPurchase) {
    report({
      messageKey: 'product-max-purchase',
      level: 20,
      message: `${name} can be ordered at most ${product.maxPurchase} times per order${together}.`,
      quantity: product.maxPurchase,
    });
  }
  if (quantity >= min && (quantity - min) % steps !== 0) {
    const lower = quantity - ((quantity - min) % steps);
    report({
      messageKey: 'purchase-steps-quantity',
      level: 20,
      message: `${name} is sold in steps of ${steps} from ${min}: order ${lower} or ${lower + steps}${together}.`,
      quantity: lower,
    });
  }
  const available = Math.max(0, product.availableStock);
  if (quantity > available) {
    report({
      messageKey: 'product-stock-reached',
      level: product.isCloseout ? 20 : 10,
      message: product.isCloseout
        ? `Only ${available} units of ${name} are left and it will not be restocked${together}.`
        : `Only ${available} units of ${name} are in stock${together}: the other ${quantity - available} follow as a backorder.`,
      quantity: available,
    });
  }
}

/**
 * Splits `cents` over weights in proportion, the rounding remainder going to the largest weights (the parts add up
 * to `cents` exactly). Negative `cents` are split as their absolute value.
 */
function distribute(cents: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || cents === 0) return weights.map(() => 0);
  const sign = cents < 0 ? -1 : 1;
  const abs = Math.abs(cents);
  const raw = weights.map((w) => (abs * w) / total);
  const parts = raw.map((r) => Math.floor(r));
  let rest = abs - parts.reduce((s, p) => s + p, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts.map((p) => p * sign);
}

/** VAT per rate: goods per rate plus its share of `extraCents` (shipping + surcharge − discount). */
function taxesPerRate(lines: CartLineModel[], extraCents: number): CartTaxModel[] {
  const byRate = new Map<string, number>();
  for (const l of lines) byRate.set(l.taxRate, (byRate.get(l.taxRate) ?? 0) + l.totalCents);
  const rates = [...byRate.keys()].sort((a, b) => Number(b) - Number(a));
  const shares = distribute(
    extraCents,
    rates.map((r) => byRate.get(r)!),
  );
  return rates.map((taxRate, i) => {
    const netCents = byRate.get(taxRate)! + shares[i]!;
    return { taxRate, netCents, taxCents: percentOfCents(Math.max(0, netCents), taxRate) };
  });
}

/** Shopware CalculatedPrice of `quantity` units with `totalCents` net at one rate. */
function calculatedPrice(unitPrice: number, quantity: number, totalCents: number, taxRate: string): CalculatedPrice {
  const rate = Number(taxRate);
  const sign = totalCents < 0 ? -1 : 1;
  const taxCents = sign * percentOfCents(Math.abs(totalCents), taxRate);
  return {
    unitPrice,
    quantity,
    totalPrice: centsToNumber(totalCents),
    calculatedTaxes: [
      {
        tax: centsToNumber(taxCents),
        taxRate: rate,
        price: centsToNumber(totalCents),
        apiAlias: 'cart_tax_calculated',
      },
    ],
    taxRules: [{ taxRate: rate, percentage: 100 }],
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
}

/** A CalculatedPrice over several rates (shipping, totals): taxes as given per rate. */
function multiRatePrice(totalCents: number, taxes: CartTaxModel[]): CalculatedPrice {
  return {
    unitPrice: centsToNumber(totalCents),
    quantity: 1,
    totalPrice: centsToNumber(totalCents),
    calculatedTaxes: taxes.map((t) => ({
      tax: centsToNumber(t.taxCents),
      taxRate: Number(t.taxRate),
      price: centsToNumber(t.netCents),
      apiAlias: 'cart_tax_calculated' as const,
    })),
    taxRules: taxes.map((t) => ({ taxRate: Number(t.taxRate), percentage: 100 })),
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
}

/** The cover media of a product: its own cover, the parent's, or the first image of either. */
export function coverOf(
  product: ProductRow,
  parent: ProductRow | undefined,
  media: Map<string, ProductMediaRow[]>,
): ProductMediaRow | undefined {
  const links = [...(media.get(product.id) ?? []), ...(parent ? (media.get(parent.id) ?? []) : [])];
  const coverId = product.coverMediaId ?? parent?.coverMediaId;
  const images = links.filter((m) => (m.media.mimeType ?? '').startsWith('image/') || m.purpose === 'normal');
  return links.find((m) => m.mediaId === coverId) ?? images[0];
}

function productLineItem(
  line: CartLineModel,
  product: ProductRow,
  parent: ProductRow | undefined,
  media: Map<string, ProductMediaRow[]>,
  locale: string,
  mediaBaseUrl: string,
  unit: bigint,
): StoreLineItem {
  const cover = coverOf(product, parent, media);
  const dt = deliveryTime(
    product.deliveryTimeMin ?? parent?.deliveryTimeMin ?? null,
    product.deliveryTimeMax ?? parent?.deliveryTimeMax ?? null,
    product.deliveryTimeUnit,
    locale,
  );
  return {
    id: line.id,
    type: 'product',
    referencedId: line.productId,
    label: line.label,
    quantity: line.quantity,
    good: true,
    removable: true,
    stackable: true,
    modified: false,
    cover: cover ? mapMedia(cover.media, locale, mediaBaseUrl) : null,
    payload: line.payload,
    price: calculatedPrice(Number(formatUnitPrice(unit)), line.quantity, line.totalCents, line.taxRate),
    priceDefinition: null,
    quantityInformation: {
      minPurchase: Math.max(1, product.minPurchase),
      maxPurchase:
        product.maxPurchase ?? (product.isCloseout ? Math.max(0, product.availableStock) : MAX_LINE_ITEM_QUANTITY),
      purchaseSteps: Math.max(1, product.purchaseSteps),
    },
    deliveryInformation: {
      stock: product.availableStock,
      restockTime: product.restockTime ?? parent?.restockTime ?? undefined,
      freeDelivery: false,
      ...(dt
        ? { deliveryTime: { name: dt.name, min: dt.min, max: dt.max, unit: dt.unit, apiAlias: 'cart_delivery_time' } }
        : {}),
      apiAlias: 'cart_delivery_information',
    },
    apiAlias: 'cart_line_item',
  };
}

/** A percentage or free-shipping promotion as a line item of type promotion (negative price for a discount). */
function promotionLineItem(p: CartPromotionModel, lines: CartLineModel[]): StoreLineItem {
  const goods = new Map<string, number>();
  for (const l of lines) goods.set(l.taxRate, (goods.get(l.taxRate) ?? 0) + l.totalCents);
  const rates = [...goods.keys()].sort((a, b) => Number(b) - Number(a));
  const shares = distribute(
    -p.discountCents,
    rates.map((r) => goods.get(r)!),
  );
  const perRate = rates.map((taxRate, i) => ({
    taxRate,
    netCents: shares[i]!,
    taxCents: -percentOfCents(Math.abs(shares[i]!), taxRate),
  }));
  const price = multiRatePrice(-p.discountCents, perRate);
  return {
    id: p.id,
    type: 'promotion',
    referencedId: p.code,
    label: p.label,
    quantity: 1,
    good: false,
    removable: true,
    stackable: false,
    modified: false,
    cover: null,
    payload: { code: p.code, promotionId: p.id, discountType: p.discountType, value: p.value },
    price,
    quantityInformation: null,
    deliveryInformation: { freeDelivery: p.discountType === 'free_shipping', apiAlias: 'cart_delivery_information' },
    apiAlias: 'cart_line_item',
  };
}

/** Shopware's error object of an entry (`code` 0, parameters inline). */
function storeError(e: CartErrorEntry): StoreCartError {
  return { code: 0, ...e };
}

function cartAnswer(
  model: CartModel,
  productItems: StoreLineItem[],
  context: StoreContext,
  locale: string,
  minimum: typeof minimumOrderValueTable.$inferSelect | null,
  now: Date,
): StoreCart {
  const lineItems = [...productItems, ...model.promotions.map((p) => promotionLineItem(p, model.lines))];
  const errors: Record<string, StoreCartError> = {};
  for (const e of model.errors) errors[e.key] = storeError(e);
  const deliveries: StoreCartDelivery[] = [];
  if (model.lines.length && model.shippingMethod) {
    const m = model.shippingMethod;
    const day = 24 * 60 * 60 * 1000;
    const shippingShares = distribute(
      model.shippingCents,
      model.taxes.map((t) => t.netCents),
    );
    deliveries.push({
      deliveryDate: {
        earliest: new Date(now.getTime() + m.deliveryTimeMin * day).toISOString(),
        latest: new Date(now.getTime() + m.deliveryTimeMax * day).toISOString(),
      },
      location: {
        country: { iso: model.deliveryCountry, apiAlias: 'country' },
        apiAlias: 'cart_delivery_shipping_location',
      },
      positions: model.lines.map((l) => ({
        identifier: l.id,
        quantity: l.quantity,
        apiAlias: 'cart_delivery_position',
      })),
      shippingCosts: multiRatePrice(
        model.shippingCents,
        model.taxes.map((t, i) => ({
          taxRate: t.taxRate,
          netCents: shippingShares[i]!,
          taxCents: percentOfCents(shippingShares[i]!, t.taxRate),
        })),
      ),
      shippingMethod: mapShippingMethod(m, locale),
      apiAlias: 'cart_delivery',
    });
  }
  const totalPrice = centsToNumber(model.totalCents);
  return {
    name: 'sales-channel',
    token: context.token,
    price: {
      netPrice: centsToNumber(model.netCents),
      totalPrice,
      positionPrice: centsToNumber(model.positionPriceCents),
      rawTotal: totalPrice,
      taxStatus: 'net',
      calculatedTaxes: model.taxes.map((t) => ({
        tax: centsToNumber(t.taxCents),
        taxRate: Number(t.taxRate),
        price: centsToNumber(t.netCents),
        apiAlias: 'cart_tax_calculated' as const,
      })),
      taxRules: model.taxes.map((t) => ({ taxRate: Number(t.taxRate), name: `${Number(t.taxRate)} %` })),
      apiAlias: 'cart_price',
    },
    lineItems,
    errors,
    deliveries,
    transactions: model.paymentMethod
      ? [{ paymentMethodId: model.paymentMethod.id, amount: multiRatePrice(model.totalCents, []) }]
      : [],
    modified: false,
    customerComment: null,
    affiliateCode: null,
    campaignCode: null,
    extensions: {
      ...(model.surchargeCents > 0 && minimum
        ? {
            minimumCartValue: {
              minimumValue: centsToNumber(minimum.minimumValueCents),
              additionalCost: centsToNumber(minimum.additionalCostCents),
              apiAlias: 'cart_minimum_value' as const,
            },
          }
        : {}),
      ...model.budgets.extensions,
    },
    revision: model.revision,
    apiAlias: 'cart',
  };
}

/** Creates the customer's cart row when missing (revision 0). */
/**
 * The cart of an anonymous context, as Shopware answers a guest who has put nothing in: no lines, zero totals, no
 * errors. Guests cannot fill a cart here (ADR 014: only logged-in buyers order), so this is the whole of it; it lets
 * a headless frontend read the cart on every page, as Shopware's do, without an error.
 */
export function guestCart(token: string): StoreCart {
  return {
    name: 'sales-channel',
    token,
    price: {
      netPrice: 0,
      totalPrice: 0,
      positionPrice: 0,
      rawTotal: 0,
      taxStatus: 'net',
      calculatedTaxes: [],
      taxRules: [],
      apiAlias: 'cart_price',
    },
    lineItems: [],
    errors: {},
    deliveries: [],
    transactions: [],
    modified: false,
    customerComment: null,
    affiliateCode: null,
    campaignCode: null,
    extensions: {},
    revision: 0,
    apiAlias: 'cart',
  };
}

export async function ensureCart(db: CartDb, customerId: string): Promise<void> {
  await db.insert(cartTable).values({ customerId }).onConflictDoNothing();
}

/**
 * Empties the customer's cart after an order, an approval request or `DELETE /checkout/cart`: its lines, its
 * promotion codes and its order reference and cost centre choices (a new cart is booked to nothing until the buyer
 * chooses again); the revision + 1 tells every device.
 */
export async function emptyCart(db: CartDb, customerId: string): Promise<void> {
  await db.delete(cartLineItemTable).where(eq(cartLineItemTable.customerId, customerId));
  await db
    .update(cartTable)
    .set({
      promotionCodes: [],
      orderReferenceId: null,
      costCenterId: null,
      revision: sql`${cartTable.revision} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(cartTable.customerId, customerId));
}

/** Line item id of an offer's line in the cart: the same offer line always lands on the same cart line. */
export function offerLineItemId(offerNumber: string, lineNumber: number): string {
  return `offer-${offerNumber}-${lineNumber}`;
}

/**
 * Puts the lines of a processed, valid offer (`ErpPort.offerForCart`) in the customer's cart as product lines that
 * carry the offer (module comment, "Offer lines"): line id `offer-{offerNumber}-{lineNumber}`, the offered quantity,
 * and the offer's number, line, unit price and last valid day as the ERP answered them. A line of the same offer line
 * already in the cart gets the offered quantity again; the rest of the cart stays as it is. Articles that can no
 * longer be bought (inactive, or a parent of variants) are left out. The revision + 1 tells every device.
 *
 * @returns the number of offer lines now in the cart.
 * @throws StoreApiError 400 `CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED` when the cart would hold more than 500 lines.
 */
export async function addOfferToCart(db: Db, customerId: string, offer: OfferForCart): Promise<number> {
  return db.transaction(async (tx) => {
    await ensureCart(tx, customerId);
    await tx
      .select({ id: cartTable.customerId })
      .from(cartTable)
      .where(eq(cartTable.customerId, customerId))
      .for('update');
    const existing = await tx
      .select({ id: cartLineItemTable.id, position: cartLineItemTable.position })
      .from(cartLineItemTable)
      .where(eq(cartLineItemTable.customerId, customerId));
    const productIds = [...new Set(offer.lines.map((l) => l.productId))];
    const buyable = productIds.length
      ? await tx
          .select({ id: productTable.id })
          .from(productTable)
          .where(
            and(inArray(productTable.id, productIds), eq(productTable.active, true), eq(productTable.childCount, 0)),
          )
      : [];
    const buyableIds = new Set(buyable.map((p) => p.id));
    const lines = offer.lines.filter((l) => buyableIds.has(l.productId));
    const ids = new Set(existing.map((l) => l.id));
    const added = lines.filter((l) => !ids.has(offerLineItemId(offer.offerNumber, l.lineNumber))).length;
    if (ids.size + added > MAX_CART_LINE_ITEMS) {
      throw new StoreApiError(
        400,
        'CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED',
        `A cart holds at most ${MAX_CART_LINE_ITEMS} line items.`,
        { parameters: { limit: MAX_CART_LINE_ITEMS } },
      );
    }
    let position = existing.reduce((last, l) => Math.max(last, l.position), 0) + 1;
    for (const line of lines) {
      const stored: CartLineOffer = {
        offerNumber: offer.offerNumber,
        lineNumber: line.lineNumber,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        validUntil: offer.validUntil,
      };
      await tx
        .insert(cartLineItemTable)
        .values({
          customerId,
          id: offerLineItemId(offer.offerNumber, line.lineNumber),
          type: 'product',
          referencedId: line.productId,
          quantity: line.quantity,
          position: position++,
          offer: stored,
        })
        .onConflictDoUpdate({
          target: [cartLineItemTable.customerId, cartLineItemTable.id],
          set: { referencedId: line.productId, quantity: line.quantity, offer: stored, updatedAt: new Date() },
        });
    }
    await bumpRevision(tx, customerId);
    return lines.length;
  });
}

/** Marks a change of the cart: revision + 1. */
export async function bumpRevision(db: CartDb, customerId: string): Promise<void> {
  await db
    .update(cartTable)
    .set({ revision: sql`${cartTable.revision} + 1`, updatedAt: new Date() })
    .where(eq(cartTable.customerId, customerId));
}
