/**
 * Test support of the cart processors' table tests: a product row, stored lines, methods and a calculation built
 * from partial inputs with an empty model (no database; `db` is unusable), and running processors on it in order.
 */
import { shopToday } from '../../contract/order.ts';
import type { AuthenticatedCustomer } from '../auth/guards.ts';
import type { cartLineItemTable } from '../db/schema/index.ts';
import type { PaymentMethodRow, ShippingMethodRow } from '../commerce/cart/methods.mapper.ts';
import type { StoreContext } from '../commerce/sales-channel-context.ts';
import type { ProductRow } from '../commerce/catalog/product.repository.ts';
import {
  emptyCartModel,
  type CalculateCartOptions,
  type CartDb,
  type CartErrorEntry,
  type CartModel,
} from '../commerce/cart/cart-model.ts';
import type { CartInputs } from '../commerce/cart/collector.ts';
import type { CartCalculation, CartProcessor } from '../commerce/cart/processor.ts';

/** An active, orderable article with defaults (stock 100, no purchase limits, VAT class 21.00). */
export function productRow(overrides: Partial<ProductRow> & { id: string }): ProductRow {
  return {
    parentId: null,
    productNumber: overrides.id.toUpperCase(),
    ean: null,
    manufacturerId: null,
    manufacturerNumber: null,
    active: true,
    stock: 100,
    availableStock: 100,
    isCloseout: false,
    minPurchase: 1,
    maxPurchase: null,
    purchaseSteps: 1,
    unit: 'PCE',
    contentUnit: null,
    contentPerUnit: null,
    deliveryTimeMin: null,
    deliveryTimeMax: null,
    deliveryTimeUnit: 'day',
    restockTime: null,
    coverMediaId: null,
    translated: { 'en-GB': { name: `Article ${overrides.id}` } },
    optionIds: [],
    propertyIds: [],
    categoryIds: [],
    categoryTree: [],
    childCount: 0,
    listingPrice: null,
    taxRate: '21.00',
    ratingAverage: null,
    releaseDate: null,
    customFields: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: null,
    ...overrides,
  };
}

/** A stored cart line of `productId` (line id = product id unless given). */
export function lineRow(
  productId: string,
  quantity: number,
  overrides: Partial<typeof cartLineItemTable.$inferSelect> = {},
): typeof cartLineItemTable.$inferSelect {
  return {
    customerId: 'c1',
    id: productId,
    type: 'product',
    referencedId: productId,
    quantity,
    remark: null,
    position: 0,
    offer: null,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: null,
    ...overrides,
  };
}

/** A net list price row of `amount` EUR per order unit from quantity 1. */
export function listPrice(amount: string) {
  return { priceType: 'net_list', lowerBound: 1, amount, priceQuantity: '1', currency: 'EUR' };
}

/** An active shipping method. */
export function shippingMethod(overrides: Partial<ShippingMethodRow> & { id: string }): ShippingMethodRow {
  return {
    technicalName: overrides.id,
    translated: {},
    position: 0,
    active: true,
    priceCents: 0,
    freeFromCents: null,
    deliveryTimeMin: 1,
    deliveryTimeMax: 3,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: null,
    ...overrides,
  };
}

/** An active payment method. */
export function paymentMethod(overrides: Partial<PaymentMethodRow> & { id: string }): PaymentMethodRow {
  return {
    technicalName: overrides.id,
    translated: {},
    position: 0,
    active: true,
    paidInAdvance: false,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: null,
    ...overrides,
  };
}

/** The state a table row starts from: collected inputs, earlier processors' results on the model, options. */
export interface CalculationCase {
  inputs?: Partial<CartInputs>;
  model?: Partial<CartModel>;
  options?: Partial<CalculateCartOptions>;
  /** Default 2026-06-15T10:00:00Z. */
  now?: Date;
  /** For processors that read tables of their own (budgets); default an unusable handle. */
  db?: CartDb;
  customer?: AuthenticatedCustomer;
}

/** A calculation of a customer's cart from `state` (module comment), provider `wb`, locale en-GB. */
export function calculationOf(state: CalculationCase = {}): CartCalculation {
  const now = state.now ?? new Date('2026-06-15T10:00:00Z');
  const errors: CartErrorEntry[] = [];
  const inputs: CartInputs = {
    cartRow: undefined,
    lineRows: [],
    payload: {},
    companyCountry: 'BE',
    addresses: [],
    shippingMethods: [],
    minimum: undefined,
    creditRow: undefined,
    paymentMethods: [],
    products: [],
    parentRows: [],
    prices: new Map(),
    mediaRows: [],
    optionMap: new Map(),
    customerSkus: new Map(),
    promotionRows: [],
    flow: null,
    ...state.inputs,
  };
  const model: CartModel = {
    ...emptyCartModel({
      customerId: state.customer?.id ?? 'c1',
      revision: 0,
      errors,
      deliveryCountry: 'BE',
      shippingAddressId: null,
      billingAddressId: null,
    }),
    ...state.model,
  };
  return {
    db: state.db ?? ({} as CartDb),
    customer: state.customer ?? ({ id: 'c1', companyId: 'co1', rights: new Set<string>() } as AuthenticatedCustomer),
    context: { token: 'token', language: { localeCode: 'en-GB' } } as StoreContext,
    options: { config: { provider: 'wb', mediaBaseUrl: '' }, ...state.options },
    inputs,
    now,
    today: shopToday(now),
    locale: 'en-GB',
    provider: 'wb',
    model,
    lineAdjustments: new Map(),
    lineSources: new Map(),
    addError(e) {
      if (!errors.some((x) => x.key === e.key)) errors.push(e);
    },
  };
}

/** Runs `processors` in order on `calculation` and returns it. */
export async function runProcessors(
  calculation: CartCalculation,
  ...processors: CartProcessor[]
): Promise<CartCalculation> {
  for (const p of processors) await p.process(calculation);
  return calculation;
}
