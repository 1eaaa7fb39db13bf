/**
 * The cart's errors as the buyer reads them: each Shopware CartError (`messageKey`, docs/decisions/014) has a
 * translated text under `checkout.cartError.*`; an unknown one shows the server's message. The minimum order value
 * surcharge is read from the cart's extension `minimumCartValue`, which Shopware's Cart schema does not type.
 */
import * as v from 'valibot';
import type { Cart, CartError } from '../../lib/cart/cart-store.ts';
import type { MessageKey } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/format.ts';

/** Translation of each known cart error, by its `messageKey` (the provider's keys without their `{provider}-`). */
const CART_ERROR_KEYS: Readonly<Record<string, MessageKey>> = {
  'min-order-quantity': 'checkout.cartError.minOrderQuantity',
  'product-max-purchase': 'checkout.cartError.maxPurchase',
  'product-stock-reached': 'checkout.cartError.stockReached',
  'purchase-steps-quantity': 'checkout.cartError.purchaseSteps',
  'product-not-found': 'checkout.cartError.productNotFound',
  'cart-underMinimumValue': 'checkout.cartError.underMinimumValue',
  'cart-underCreditLimit': 'checkout.cartError.underCreditLimit',
  'shipping-method-blocked': 'checkout.cartError.shippingMethodBlocked',
  'payment-method-blocked': 'checkout.cartError.paymentMethodBlocked',
  'promotion-not-found': 'checkout.cartError.promotionNotFound',
  'promotion-discount-added': 'checkout.cartError.promotionAdded',
};

/** The translated text of a cart error; the server's message when its key is unknown. */
export function cartErrorMessage(error: CartError, t: Translate): string {
  const known = CART_ERROR_KEYS[error.messageKey] ?? CART_ERROR_KEYS[error.messageKey.replace(/^.*?-(cart-)/, '$1')];
  return known ? t(known) : error.message;
}

/** Whether an error is the minimum order value warning (`{provider}-cart-underMinimumValue`). */
export const isUnderMinimumValue = (error: CartError): boolean => error.messageKey.endsWith('cart-underMinimumValue');

/** Whether an error is the credit limit warning (`{provider}-cart-underCreditLimit`). */
export const isUnderCreditLimit = (error: CartError): boolean => error.messageKey.endsWith('cart-underCreditLimit');

const MinimumCartValueSchema = v.object({
  extensions: v.optional(
    v.object({
      minimumCartValue: v.optional(v.object({ minimumValue: v.number(), additionalCost: v.number() })),
    }),
  ),
});

/**
 * The cart's extension `minimumCartValue`: the sales channel's minimum order value and the surcharge added below it
 * (euros); null when the cart reaches the minimum.
 */
export function minimumCartValue(cart: Cart): { minimumValue: number; additionalCost: number } | null {
  const parsed = v.safeParse(MinimumCartValueSchema, cart);
  return (parsed.success && parsed.output.extensions?.minimumCartValue) || null;
}
