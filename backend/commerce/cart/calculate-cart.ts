/**
 * THE cart calculation of the embedded Store API (docs/decisions/014-cart-and-orders.md), shaped as Shopware's cart:
 * one data collector (./collector.ts, one prepared read), an ordered list of processors each working on the cart
 * (./registry.ts, ./processors/), and the result mapped to the Store API's Cart (./mapper.ts). The cart routes and
 * the order placement both call `calculateCart`, so an order is always priced exactly as the cart was shown.
 *
 * Inputs: the customer's stored cart (`cart`, `cart_line_item`), the products with their prices (the tier for the
 * line's quantity, customer price over list price: backend/lib/price.ts), the context's checkout choices (shipping
 * and payment method, shipping address: `PATCH /store-api/context`), the checkout settings (methods, promotions,
 * the sales channel's minimum order value, the company's credit).
 *
 * Money: integer euro cents everywhere; a line total is unit price × quantity rounded half-up once per line; every
 * other amount is a sum of cents. Nothing the client sends is ever a price.
 *
 * Order of the calculation (each step's rule and source in its module):
 * 1. offers and product lines: each line's price (an offer's while it holds, else the tier), orderability, purchase
 *    rules per article, stock and backorder;
 * 2. promotions: goods value = Σ line totals; percentage promotions take their percentage of it (rounded per
 *    promotion, capped at the goods value) → `discountCents`; `positionPriceCents` = goods value − discount;
 * 3. shipping: 0 for an empty cart, a free-shipping promotion, pickup, a method that costs 0, or a position price at
 *    or above the method's free-shipping limit; otherwise the method's net cost;
 * 4. minimum order value: the sales channel's `additionalCostCents` when the position price is below its minimum
 *    (warning `{provider}-cart-underMinimumValue`, extension `minimumCartValue`);
 * 5. VAT: each line at the delivery country's rate for its tax class (backend/lib/vat-rates.ts); discount, shipping
 *    and surcharge are spread over the rates in proportion to the goods value per rate; `netCents` = position price
 *    + shipping + surcharge; `totalCents` = net + Σ tax;
 * 6. credit: limit − used < total → warning `{provider}-cart-underCreditLimit`, invoice payment blocked; a blocked
 *    chosen payment method is the level-20 `payment-method-blocked-{id}`;
 * 7. registered processors (./registry.ts `registerCartProcessor`): spending's budgets of the order flow and of the
 *    order reference the cart is booked to (backend/commerce/spending/budget-processor.ts).
 *
 * The delivery country is the context's shipping address's (when it is the company's), else the company's, else BE.
 */
import { shopToday } from '../../../contract/order.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { StoreContext } from '../sales-channel-context.ts';
import {
  emptyCartModel,
  type CalculateCartOptions,
  type CalculatedCart,
  type CartDb,
  type CartErrorEntry,
} from './cart-model.ts';
import { collectCart } from './collector.ts';
import { mapCart } from './mapper.ts';
import type { CartCalculation } from './processor.ts';
import { cartProcessors } from './registry.ts';

/**
 * Calculates the customer's cart (see the module comment for the rules and the order of the calculation).
 *
 * Reads only (the collector's one statement, and what registered processors read); with `forUpdate` it locks the
 * `cart` row first (call it inside the transaction that writes the order). A customer without a cart row gets an
 * empty cart (revision 0).
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
  const now = options.now ?? new Date();
  const inputs = await collectCart(db, customer, context, options);
  const { payload, addresses } = inputs;
  const shippingAddressId = options.shippingAddressId ?? payload.shippingAddressId ?? null;
  const shippingAddress = addresses.find((a) => a.id === shippingAddressId);
  const billingAddressId = addresses.some((a) => a.id === payload.billingAddressId)
    ? (payload.billingAddressId ?? null)
    : null;
  const errors: CartErrorEntry[] = [...(options.extraErrors ?? [])];
  const model = emptyCartModel({
    customerId: customer.id,
    revision: inputs.cartRow?.revision ?? 0,
    errors,
    deliveryCountry: (shippingAddress?.countryCode ?? inputs.companyCountry ?? 'BE').toUpperCase(),
    shippingAddressId: shippingAddress ? shippingAddress.id : null,
    billingAddressId,
  });
  const calculation: CartCalculation = {
    db,
    customer,
    context,
    options,
    inputs,
    now,
    today: shopToday(now),
    locale: context.language.localeCode,
    provider: options.config.provider,
    model,
    lineAdjustments: new Map(),
    lineSources: new Map(),
    addError(e) {
      if (!errors.some((x) => x.key === e.key)) errors.push(e);
    },
  };
  for (const processor of cartProcessors()) await processor.process(calculation);
  model.blocked = errors.some((e) => e.level === 20);
  return { cart: mapCart(calculation), model };
}
