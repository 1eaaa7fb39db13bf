/**
 * Cart bodies for tests, in the shape the embedded backend sends for Shopware's cart routes
 * (backend/store-api/checkout/cart-schemas.ts StoreCart): net prices, product lines with `payload.productNumber`,
 * errors as an object keyed by `{messageKey}-{lineItemId}` with the line's `id`, `name` and `quantity`. Only tests
 * import this module.
 */
import type { Cart } from '../cart-store.ts';

/** A product line of `quantity` pieces at `unitPrice` euros net. */
export function productLine(id: string, productNumber: string, label: string, quantity: number, unitPrice = 1.5) {
  const totalPrice = Math.round(unitPrice * quantity * 100) / 100;
  return {
    id,
    type: 'product' as const,
    referencedId: id,
    label,
    quantity,
    good: true,
    removable: true,
    stackable: true,
    modified: false,
    cover: null,
    payload: { productNumber, isCloseout: false, customFields: { order_detail_text: null } },
    price: {
      unitPrice,
      quantity,
      totalPrice,
      calculatedTaxes: [{ tax: 0, taxRate: 19, price: totalPrice, apiAlias: 'cart_tax_calculated' as const }],
      taxRules: [{ taxRate: 19, percentage: 100 }],
      referencePrice: null,
      listPrice: null,
      regulationPrice: null,
      apiAlias: 'calculated_price' as const,
    },
    quantityInformation: { minPurchase: 1, maxPurchase: 1000, purchaseSteps: 1 },
    deliveryInformation: { stock: 100, freeDelivery: false, apiAlias: 'cart_delivery_information' as const },
    apiAlias: 'cart_line_item',
  };
}

/** A promotion line (not counted by the badge). */
export function promotionLine(code: string) {
  return {
    id: `promotion-${code}`,
    type: 'promotion' as const,
    referencedId: code,
    label: `Promotion ${code}`,
    quantity: 1,
    good: false,
    removable: true,
    stackable: false,
    modified: false,
    cover: null,
    payload: { code },
    apiAlias: 'cart_line_item',
  };
}

/** A cart error as the backend keys it: `key` `{messageKey}-{id}` for a line, `{messageKey}` otherwise. */
export function cartError(
  messageKey: string,
  level: 0 | 10 | 20,
  fields: { id?: string; name?: string; quantity?: number; key?: string } = {},
) {
  const key = fields.key ?? (fields.id ? `${messageKey}-${fields.id}` : messageKey);
  return { key, messageKey, level, code: 0, message: `${messageKey} ${fields.name ?? ''}`.trim(), ...fields };
}

/** The cart with `lineItems` and `errors` (a list of `cartError`s, sent keyed by their key). */
export function cartBody(
  lineItems: ReturnType<typeof productLine | typeof promotionLine>[] = [],
  errors: ReturnType<typeof cartError>[] = [],
): Cart {
  const positionPrice = lineItems.reduce((sum, item) => sum + ('price' in item ? item.price.totalPrice : 0), 0);
  return {
    name: 'customer-cart',
    token: 'c'.repeat(32),
    price: {
      netPrice: positionPrice,
      totalPrice: Math.round(positionPrice * 119) / 100,
      positionPrice,
      rawTotal: Math.round(positionPrice * 119) / 100,
      calculatedTaxes: [],
      taxRules: [],
      taxStatus: 'net',
      apiAlias: 'cart_price',
    },
    lineItems,
    errors: Object.fromEntries(errors.map((e) => [e.key, e])),
    deliveries: [],
    transactions: [],
    modified: false,
    apiAlias: 'cart',
    // Shopware's OpenAPI document types a line's payload as a JSON:API product resource; the Store API sends the
    // plain payload object, as here.
  } as unknown as Cart;
}
