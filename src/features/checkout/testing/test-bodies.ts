/**
 * Checkout bodies for tests, in the shapes the embedded backend sends (backend/store-api/checkout/cart.service.ts
 * and methods.mapper.ts, backend/store-api/order/order.mapper.ts): a calculated cart with its deliveries, totals, VAT
 * per rate and extension `minimumCartValue`; shipping and payment methods as entity search results; the placed
 * order. Only tests import this module.
 */
import { cartError, productLine } from '../../../lib/cart/testing/test-bodies.ts';
import type { Cart } from '../../../lib/cart/cart-store.ts';

export { cartError, productLine };

export const STANDARD_SHIPPING_ID = '5'.repeat(32);
export const PICKUP_SHIPPING_ID = '6'.repeat(32);
export const INVOICE_ID = '7'.repeat(32);
export const PREPAYMENT_ID = '8'.repeat(32);

const cents = (euros: number) => Math.round(euros * 100);
const euros = (c: number) => c / 100;

/** A shipping method as `GET /shipping-method` lists it. */
function shippingMethod(id: string, technicalName: string, name: string, price: number, pickup = false) {
  return {
    id,
    name,
    description: null,
    technicalName,
    active: true,
    position: pickup ? 2 : 1,
    taxType: 'auto',
    deliveryTimeId: '9'.repeat(32),
    deliveryTime: { id: '9'.repeat(32), name: '1-3 days', min: 1, max: 3, unit: 'day', apiAlias: 'delivery_time' },
    translated: { name, description: null },
    customFields: { price, freeFrom: pickup ? null : 500, pickup },
    apiAlias: 'shipping_method',
  };
}

/** A payment method as `GET /payment-method` lists it. */
function paymentMethod(id: string, technicalName: string, name: string, paidInAdvance: boolean) {
  return {
    id,
    name,
    distinguishableName: name,
    shortName: technicalName,
    description: null,
    technicalName,
    active: true,
    position: paidInAdvance ? 2 : 1,
    afterOrderEnabled: false,
    translated: { name, description: null },
    customFields: { paidInAdvance },
    apiAlias: 'payment_method',
  };
}

/** Shopware's entity search result of `entity`. */
function searchResult(entity: string, elements: unknown[]) {
  return {
    entity,
    total: elements.length,
    aggregations: [],
    page: 1,
    limit: 100,
    elements,
    apiAlias: 'dal_entity_search_result',
  };
}

export const shippingMethodsBody = () =>
  searchResult('shipping_method', [
    shippingMethod(STANDARD_SHIPPING_ID, 'standard', 'Standard delivery', 9.95),
    shippingMethod(PICKUP_SHIPPING_ID, 'pickup', 'Pickup', 0, true),
  ]);

export const paymentMethodsBody = () =>
  searchResult('payment_method', [
    paymentMethod(INVOICE_ID, 'invoice', 'Invoice', false),
    paymentMethod(PREPAYMENT_ID, 'prepayment', 'Prepayment', true),
  ]);

/** A calculated price in euros with the given VAT rate (net prices; VAT is added per rate). */
function price(totalPrice: number, taxRate: number) {
  return {
    unitPrice: totalPrice,
    quantity: 1,
    totalPrice,
    calculatedTaxes: [
      {
        tax: euros(Math.round(cents(totalPrice) * taxRate) / 100),
        taxRate,
        price: totalPrice,
        apiAlias: 'cart_tax_calculated',
      },
    ],
    taxRules: [{ taxRate, percentage: 100 }],
    referencePrice: null,
    listPrice: null,
    regulationPrice: null,
    apiAlias: 'calculated_price',
  };
}

/**
 * The cart the backend calculates for `lines` at 21 % VAT (Belgium): shipping `shipping` euros net, the minimum
 * order value surcharge when `minimum` is given and the goods value is below it, the chosen shipping and payment
 * method, and `errors` sent keyed by their key.
 */
export function checkoutCart({
  lines,
  errors = [],
  shipping = 9.95,
  minimum,
  paymentMethodId = INVOICE_ID,
}: {
  lines: ReturnType<typeof productLine>[];
  errors?: ReturnType<typeof cartError>[];
  shipping?: number;
  minimum?: { minimumValue: number; additionalCost: number };
  paymentMethodId?: string;
}): Cart {
  const goodsCents = lines.reduce((sum, line) => sum + cents(line.price.totalPrice), 0);
  const surchargeCents = minimum && goodsCents < cents(minimum.minimumValue) ? cents(minimum.additionalCost) : 0;
  const netCents = goodsCents + cents(shipping) + surchargeCents;
  const taxCents = Math.round(netCents * 0.21);
  return {
    name: 'sales-channel',
    token: 'c'.repeat(32),
    price: {
      netPrice: euros(netCents),
      totalPrice: euros(netCents + taxCents),
      positionPrice: euros(goodsCents),
      rawTotal: euros(netCents + taxCents),
      taxStatus: 'net',
      calculatedTaxes: [{ tax: euros(taxCents), taxRate: 21, price: euros(netCents), apiAlias: 'cart_tax_calculated' }],
      taxRules: [{ taxRate: 21, name: '21 %' }],
      apiAlias: 'cart_price',
    },
    lineItems: lines.map((line) => ({
      ...line,
      price: { ...line.price, calculatedTaxes: [], taxRules: [{ taxRate: 21, percentage: 100 }] },
    })),
    errors: Object.fromEntries(errors.map((e) => [e.key, e])),
    deliveries: [
      {
        deliveryDate: { earliest: '2026-11-24T10:00:00.000Z', latest: '2026-11-26T10:00:00.000Z' },
        location: { country: { iso: 'BE', apiAlias: 'country' }, apiAlias: 'cart_delivery_shipping_location' },
        positions: lines.map((l) => ({ identifier: l.id, quantity: l.quantity, apiAlias: 'cart_delivery_position' })),
        shippingCosts: price(shipping, 21),
        shippingMethod: shippingMethodsBody().elements[0],
        apiAlias: 'cart_delivery',
      },
    ],
    transactions: [{ paymentMethodId, amount: price(euros(netCents + taxCents), 21) }],
    modified: false,
    customerComment: null,
    affiliateCode: null,
    campaignCode: null,
    extensions:
      surchargeCents > 0 && minimum ? { minimumCartValue: { ...minimum, apiAlias: 'cart_minimum_value' } } : {},
    revision: 1,
    apiAlias: 'cart',
  } as unknown as Cart;
}

/** The order `POST /checkout/order` answers (Shopware Order, the fields the storefront reads and its identity). */
export function placedOrderBody(orderNumber: string) {
  return {
    id: 'd'.repeat(32),
    versionId: '0fa91ce3e96a4bc2be4bd9ce752c3425',
    orderNumber,
    orderDateTime: '2026-11-23T10:00:00.000Z',
    orderDate: '2026-11-23',
    currencyId: 'b7d2554b0ce847cd82f3ac9bd1c0dfca',
    currencyFactor: 1,
    billingAddressId: 'e'.repeat(32),
    amountNet: 100,
    amountTotal: 121,
    positionPrice: 90.05,
    taxStatus: 'net',
    customerComment: null,
    documents: [],
    apiAlias: 'order',
  };
}
