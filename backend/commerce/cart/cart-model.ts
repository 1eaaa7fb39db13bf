/**
 * The internal model of a calculated cart (every amount in integer euro cents) and the shapes around it: cart errors
 * (Shopware's CartError levels), product and promotion lines, VAT per rate, and the options of a calculation.
 * Processors (./processor.ts) fill the model in their order; ./mapper.ts maps it to Shopware's Cart.
 */
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { StoreCart, StoreLineItemPayload } from './cart-schemas.ts';
import type { PaymentMethodRow, ShippingMethodRow } from './methods.mapper.ts';

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

/** What registered processors add to the Cart answer's `extensions` beside the minimum order value. */
export type CartAnswerExtensions = Omit<StoreCart['extensions'], 'minimumCartValue'>;

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
  /** What registered processors show in the answer's `extensions` (the spending budgets: orderFlowBudget, …). */
  answerExtensions: CartAnswerExtensions;
  /**
   * What registered processors keep for their order gates, by key (Shopware: a Struct's extensions); read and write
   * it with `cartData` / `setCartData`.
   */
  data: Map<string, unknown>;
}

/** A typed key of `CartModel.data`: a processor writes the value, its order gate reads it. */
export interface CartDataKey<T> {
  readonly name: string;
  /** Only carries the value's type. */
  readonly type?: (value: T) => T;
}

/** A key of `CartModel.data` named `name` (unique per processor). */
export function cartDataKey<T>(name: string): CartDataKey<T> {
  return { name };
}

/** Keeps `value` under `key` on the model. */
export function setCartData<T>(model: CartModel, key: CartDataKey<T>, value: T): void {
  model.data.set(key.name, value);
}

/** The value a processor kept under `key`, undefined when it did not run. */
export function cartData<T>(model: Pick<CartModel, 'data'>, key: CartDataKey<T>): T | undefined {
  return model.data.get(key.name) as T | undefined;
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
 * A cart model before the processors run: no lines, every amount 0 cents, delivery to `deliveryCountry` (ISO 3166-1
 * alpha-2), no shipping or payment method chosen yet. The cart calculation and the processors' table tests start
 * from it.
 */
export function emptyCartModel(start: {
  customerId: string;
  revision: number;
  errors: CartErrorEntry[];
  deliveryCountry: string;
  shippingAddressId: string | null;
  billingAddressId: string | null;
}): CartModel {
  return {
    ...start,
    lines: [],
    promotions: [],
    promotionCodes: [],
    goodsCents: 0,
    discountCents: 0,
    positionPriceCents: 0,
    shippingCents: 0,
    surchargeCents: 0,
    netCents: 0,
    taxes: [],
    taxCents: 0,
    totalCents: 0,
    blocked: false,
    shippingMethod: null,
    paymentMethod: null,
    shippingOption: 'delivery',
    blockedPaymentMethodIds: [],
    credit: null,
    missingLineIds: [],
    answerExtensions: {},
    data: new Map(),
  };
}
