/**
 * The ordered processors of the cart calculation (Shopware: the tagged `shopware.cart.processor` services, run by
 * priority). The core runs first, in this order:
 *
 * 1. offers (./processors/offers.ts): an offer line's price, or its error;
 * 2. product lines (./processors/product-lines.ts): prices, orderability, purchase rules, stock;
 * 3. promotions (./processors/promotions.ts): goods value, discount, position price;
 * 4. shipping (./processors/shipping.ts): method and costs;
 * 5. minimum order value (./processors/minimum-order-value.ts): surcharge;
 * 6. VAT (./processors/vat.ts): net, taxes per rate, total;
 * 7. credit limit (./processors/credit-limit.ts): blocked payment methods, the payment method.
 *
 * Then the processors registered with `registerCartProcessor`, in the order they were registered (each once by its
 * name): features outside the cart plug in here without the cart knowing them, so the cart never imports them. The
 * place that registers them is backend/commerce/extensions.ts: spending registers its budget processor (budgets of
 * the order flow and order reference); a punch-out processor (OCI/cXML: a punch-out session's cart is transferred to
 * the ERP instead of ordered) is registered there as one more extension, beside its order gate
 * (backend/commerce/orders/order-gates.ts). `createStoreApi` (backend/app.ts) installs them; code that calculates
 * carts outside the app installs them first (`installCommerceExtensions`).
 */
import type { CartProcessor } from './processor.ts';
import { creditLimitProcessor } from './processors/credit-limit.ts';
import { minimumOrderValueProcessor } from './processors/minimum-order-value.ts';
import { offerProcessor } from './processors/offers.ts';
import { productLineProcessor } from './processors/product-lines.ts';
import { promotionProcessor } from './processors/promotions.ts';
import { shippingProcessor } from './processors/shipping.ts';
import { vatProcessor } from './processors/vat.ts';

/** The core processors, in the order they run (module comment). */
export const CORE_CART_PROCESSORS: readonly CartProcessor[] = [
  offerProcessor,
  productLineProcessor,
  promotionProcessor,
  shippingProcessor,
  minimumOrderValueProcessor,
  vatProcessor,
  creditLimitProcessor,
];

const registered: CartProcessor[] = [];
let all: readonly CartProcessor[] = CORE_CART_PROCESSORS;

/** Adds `processor` after the core and the ones registered before it; a name already registered is left as it is. */
export function registerCartProcessor(processor: CartProcessor): void {
  if ([...CORE_CART_PROCESSORS, ...registered].some((p) => p.name === processor.name)) return;
  registered.push(processor);
  all = [...CORE_CART_PROCESSORS, ...registered];
}

/** Every processor the calculation runs, in order. */
export function cartProcessors(): readonly CartProcessor[] {
  return all;
}
