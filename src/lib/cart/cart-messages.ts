/**
 * The cart's errors as the buyer reads them, for every screen that shows them (add-to-cart, cart and checkout, quick
 * order): each Shopware CartError (`messageKey`, docs/decisions/014) has a translated text under `cart.error.*`
 * naming the product (`{name}`, the line's label the backend sends with the error); an unknown key shows the server's
 * message. Above the stock is a backorder for ordinary articles (level 10, warning) and an error for closeouts
 * (level 20). No flow or order reference budget left blocks the order (`{provider}-flow-unsufficient-budget-blocked`,
 * `{provider}-order-reference-unsufficient-budget-blocked`, docs/decisions/015), and so does an order reference the
 * buyer can no longer use (`{provider}-order-reference-not-usable`, docs/decisions/014). A line put in from an offer is
 * blocked once the offer expired or its quantity changed (`{provider}-offer-expired`,
 * `{provider}-offer-quantity-changed`, docs/decisions/016). The minimum order value surcharge
 * is read from the cart's extension `minimumCartValue`, which Shopware's Cart schema does not type.
 */
import * as v from 'valibot';
import type { Cart, CartError } from './cart-store.ts';
import type { MessageKey } from '../../i18n/locales.ts';
import type { Translate } from '../../i18n/format.ts';
import { StoreApiClientError } from '../store-api/errors.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

/** The catalogue keys of the cart error texts, for an island's `islandMessages` selection. */
export const CART_ERROR_MESSAGES = ['cart.error.'] as const satisfies readonly `${string}.`[];

/** Cart error keys with a text (the provider's keys without their `{provider}-` prefix). */
const KNOWN = new Set([
  'min-order-quantity',
  'product-max-purchase',
  'product-stock-reached',
  'purchase-steps-quantity',
  'product-not-found',
  'cart-underMinimumValue',
  'cart-underCreditLimit',
  'shipping-method-blocked',
  'payment-method-blocked',
  'promotion-not-found',
  'promotion-discount-added',
  'flow-unsufficient-budget-blocked',
  'order-reference-unsufficient-budget-blocked',
  'order-reference-not-usable',
  'offer-expired',
  'offer-quantity-changed',
]);

/**
 * The known key of a message key: Shopware's own keys as they are, the provider's keys without their `{provider}-`
 * prefix (the provider segment is configuration, so any prefix ending in '-' before a known key counts).
 */
function knownKey(messageKey: string): string | null {
  if (KNOWN.has(messageKey)) return messageKey;
  for (const key of KNOWN) if (messageKey.endsWith(`-${key}`)) return key;
  return null;
}

/** The product name the backend sends with a line's error (Shopware's CartError parameters). */
const NameSchema = v.object({ name: v.string() });

/**
 * The translated text of a cart error; the server's message when its key is unknown.
 *
 * @param fallbackName the product's name when the error does not carry one
 */
export function cartErrorMessage(error: CartError, t: Translate, fallbackName = ''): string {
  const key = knownKey(error.messageKey);
  if (!key) return error.message;
  const parsed = v.safeParse(NameSchema, error);
  const name = parsed.success ? parsed.output.name : fallbackName;
  if (key === 'product-stock-reached' && error.level < 20) return t('cart.error.backorder', { name });
  return t(`cart.error.${key}` as MessageKey, { name });
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

/** One item of a refused order's `CHECKOUT__CART_INVALID`: the cart error as `meta.parameters`. */
const RefusedCartErrorSchema = v.object({
  key: v.string(),
  messageKey: v.string(),
  level: v.number(),
  message: v.string(),
});

/**
 * The cart errors that refused an order submit (`CHECKOUT__CART_INVALID`, Shopware's InvalidCartException: one item
 * per blocking cart error, the error in `meta.parameters`, docs/decisions/014), with their line's product name when
 * they carry one; empty for any other failure. Read them with `cartErrorMessage`.
 */
export function refusedCartErrors(error: unknown): (CartError & { name?: string })[] {
  if (!(error instanceof StoreApiClientError)) return [];
  return error.errors.flatMap((item) => {
    if (item.code !== SHOPWARE_ERROR_CODES.CHECKOUT__CART_INVALID) return [];
    const parameters: unknown = item.meta?.parameters;
    const parsed = v.safeParse(RefusedCartErrorSchema, parameters);
    if (!parsed.success) return [];
    const named = v.safeParse(NameSchema, parameters);
    const level = parsed.output.level === 20 || parsed.output.level === 10 ? parsed.output.level : 0;
    return [{ ...parsed.output, level, ...(named.success ? { name: named.output.name } : {}) }];
  });
}
