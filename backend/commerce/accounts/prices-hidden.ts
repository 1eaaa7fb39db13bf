/**
 * Answers without prices for customers who may order but not see prices (ROLE_VIEW_PRICES missing;
 * docs/decisions/014-cart-and-orders.md, "Buyers without ROLE_VIEW_PRICES"): the same Shopware and provider shapes,
 * with every amount of money 0 and every tax breakdown empty, so a standard client still reads them and nothing
 * reveals a price. The catalogue does this itself (ViewContext.pricesVisible, article information, order lists);
 * this is for the answers built from priced records: the cart, the placed order, the order history and the ERP's
 * order, invoice and offer histories.
 */
import type { AuthenticatedCustomer } from '../../auth/guards.ts';

/**
 * Keys whose number is an amount of money in the Store API answers: Shopware's CalculatedPrice and CartPrice
 * (`unitPrice`, `totalPrice`, `netPrice`, `positionPrice`, `rawTotal`, a tax's `tax` and `price`), the Order
 * (`amountTotal`, `amountNet`, `shippingTotal`), a transaction's `amount`, and the ERP histories' and offers'
 * (`totalAmount`, `deliveryCost`, `additionalCost`, contract/provider/erp.ts).
 */
const MONEY_KEYS = new Set([
  'unitPrice',
  'totalPrice',
  'netPrice',
  'positionPrice',
  'rawTotal',
  'tax',
  'price',
  'amountTotal',
  'amountNet',
  'shippingTotal',
  'amount',
  'totalAmount',
  'deliveryCost',
  'additionalCost',
]);

/** Tax breakdowns (Shopware `calculatedTaxes`): each entry names an amount, so the list is answered empty. */
const TAX_LIST_KEYS = new Set(['calculatedTaxes']);

/** Reference, list and regulation prices of a CalculatedPrice: null is their "none". */
const NULLABLE_PRICE_KEYS = new Set(['listPrice', 'referencePrice', 'regulationPrice']);

/** True when the customer may see prices (the right ROLE_VIEW_PRICES, backend/auth/rights.ts). */
export function seesPrices(customer: { readonly rights: ReadonlySet<string> }): boolean {
  return customer.rights.has('ROLE_VIEW_PRICES');
}

/**
 * A deep copy of an answer with every amount of money (MONEY_KEYS) 0, every tax breakdown empty and list, reference
 * and regulation prices null; everything else (ids, quantities, labels, errors, budgets) as it was.
 */
export function withoutPrices<T>(answer: T): T {
  return strip(answer) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'number' && MONEY_KEYS.has(key)) out[key] = 0;
    else if (Array.isArray(v) && TAX_LIST_KEYS.has(key)) out[key] = [];
    else if (NULLABLE_PRICE_KEYS.has(key)) out[key] = null;
    else out[key] = strip(v);
  }
  return out;
}

/** The answer as `customer` may see it: unchanged with ROLE_VIEW_PRICES, else `withoutPrices`. */
export function pricedFor<T>(customer: Pick<AuthenticatedCustomer, 'rights'>, answer: T): T {
  return seesPrices(customer) ? answer : withoutPrices(answer);
}
