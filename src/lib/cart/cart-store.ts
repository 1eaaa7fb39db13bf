/**
 * The one cart store of the browser, shared by the header badge, the add-to-cart islands and the checkout: `$cart`
 * holds what Shopware's cart routes answer (`Schemas['Cart']`), and every change goes through the one browser client
 * and replaces `$cart` with the cart the server answers, so the store always shows the cart as calculated by the
 * server after the last change (docs/decisions/014).
 *
 * Only logged-in customers have a cart: without the session's `wb-logged-in` marker cookie (docs/decisions/009) no
 * cart request is made at all, and a `403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN` answer (a marker left behind by an
 * expired session) empties the store. Calls run one after the other, so answers are applied in the order the
 * changes were made.
 */
import { atom, computed } from 'nanostores';
import type { Schemas } from '@shopware/api-client/api-types';
import { hasLoggedInCookie } from '../session/logged-in-cookie.ts';
import { $loggedIn } from '../session/session-store.ts';
import { invoke } from '../store-api/browser.ts';
import { StoreApiClientError } from '../store-api/errors.ts';
import type { StoreApiOperations } from '../store-api/types.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

export type Cart = Schemas['Cart'];
export type CartLineItem = Schemas['LineItem'];
export type CartError = Schemas['CartError'];

/** One entry of `addToCart`: Shopware's `addLineItem` item (`type: 'product'`, `referencedId` the product id). */
export type CartItemToAdd = StoreApiOperations['addLineItem post /checkout/cart/line-item']['body']['items'][number];

/** One change of `updateLineItems`: the line's new quantity and, when given, its remark. */
export interface LineItemChange {
  /** The line item id (`LineItem.id`). */
  id: string;
  /** New quantity in the product's order units. */
  quantity: number;
  /** The buyer's remark for the line, stored as `payload.customFields.order_detail_text`; `undefined` keeps it. */
  remark?: string;
}

/** Error code of a cart call made without a logged-in session: the server's answer for an anonymous context. */
export const NOT_LOGGED_IN_CODE = SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_NOT_LOGGED_IN;

/** The customer's cart; `null` while anonymous or before the first `refreshCart()`. */
export const $cart = atom<Cart | null>(null);

// A logout on the same page (the account dropdown) forgets the cart.
$loggedIn.listen((loggedIn) => {
  if (!loggedIn) $cart.set(null);
});

/** Line items of type `product` in `cart` (promotions, discounts and containers are not counted). */
export function productLineItems(cart: Cart | null | undefined): CartLineItem[] {
  return (cart?.lineItems ?? []).filter((item) => item.type === 'product');
}

/** Number of product line items in the cart (not pieces): what the header badge shows. */
export const $cartCount = computed($cart, (cart) => productLineItems(cart).length);

let queue: Promise<unknown> = Promise.resolve();

/** Runs cart calls one after the other; a failing call does not stop the next. */
function enqueue<T>(call: () => Promise<T>): Promise<T> {
  const result = queue.then(call, call);
  queue = result.catch(() => undefined);
  return result;
}

/** The error a cart call without a session rejects with: the same code the server answers an anonymous context. */
function notLoggedIn(path: string): StoreApiClientError {
  return new StoreApiClientError(
    403,
    [{ status: '403', code: NOT_LOGGED_IN_CODE, title: 'Forbidden', detail: 'Customer is not logged in.' }],
    path,
  );
}

/** Whether `error` is the server's (or this store's) answer for a context without a logged-in customer. */
export function isNotLoggedIn(error: unknown): boolean {
  return error instanceof StoreApiClientError && error.errors.some((item) => item.code === NOT_LOGGED_IN_CODE);
}

/**
 * Runs one cart call when the session is logged in and puts the cart it answers into `$cart`.
 *
 * @throws StoreApiClientError `403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN` without a session (then no request is made and
 *   `$cart` becomes null) or when the server answers it; any other error answer unchanged (`$cart` keeps the last
 *   cart).
 */
function cartCall(path: string, call: () => Promise<Cart>): Promise<Cart> {
  return enqueue(async () => {
    if (!hasLoggedInCookie()) {
      $cart.set(null);
      throw notLoggedIn(path);
    }
    try {
      const cart = await call();
      $cart.set(cart);
      return cart;
    } catch (error) {
      if (isNotLoggedIn(error)) $cart.set(null);
      throw error;
    }
  });
}

/**
 * Reads the cart: GET `/checkout/cart` (Shopware `readCart`). Anonymous visitors (no marker cookie) make no request
 * and resolve to null; a failing call leaves `$cart` as it was and resolves to it (the badge must never break a
 * page).
 */
export function refreshCart(): Promise<Cart | null> {
  return cartCall('/checkout/cart', () => invoke('readCart get /checkout/cart')).catch(() => $cart.get());
}

/**
 * Adds product line items: POST `/checkout/cart/line-item` (Shopware `addLineItem`); a line with the same id grows by
 * the quantity. Resolves to the recalculated cart, which carries the cart errors of the new lines (min order
 * quantity, maximum purchase, stock, purchase steps, product not found).
 *
 * @throws StoreApiClientError as described for the store (403 without a session, the server's error answers).
 */
export function addToCart(items: CartItemToAdd[]): Promise<Cart> {
  return cartCall('/checkout/cart/line-item', () =>
    invoke('addLineItem post /checkout/cart/line-item', { body: { items } }),
  );
}

/**
 * Changes quantities and remarks: PATCH `/checkout/cart/line-item` (Shopware `updateLineItem`, items of
 * `CartLineItemUpdate`); a remark goes to the line's `payload.customFields.order_detail_text`.
 *
 * @throws StoreApiClientError as described for the store; a RangeError for an empty list (nothing to send).
 */
export function updateLineItems(changes: LineItemChange[]): Promise<Cart> {
  const [first, ...rest] = changes.map((change) => lineItemUpdate(change));
  if (!first) return Promise.reject(new RangeError('updateLineItems needs at least one line item'));
  return cartCall('/checkout/cart/line-item', () =>
    invoke('updateLineItem patch /checkout/cart/line-item', { body: { items: [first, ...rest] } }),
  );
}

/** Shopware's `CartLineItemUpdate` of one change. */
function lineItemUpdate({
  id,
  quantity,
  remark,
}: LineItemChange): Schemas['CartLineItemUpdate'] & { quantity: number } {
  return remark === undefined
    ? { id, quantity }
    : { id, quantity, payload: { customFields: { order_detail_text: remark } } };
}

/**
 * Removes line items: POST `/checkout/cart/line-item/delete` (Shopware `removeLineItem`) with their ids.
 *
 * @throws StoreApiClientError as described for the store; a RangeError for an empty list.
 */
export function removeLineItems(ids: string[]): Promise<Cart> {
  const [first, ...rest] = ids;
  if (first === undefined) return Promise.reject(new RangeError('removeLineItems needs at least one id'));
  return cartCall('/checkout/cart/line-item/delete', () =>
    invoke('removeLineItem post /checkout/cart/line-item/delete', { body: { ids: [first, ...rest] } }),
  );
}

/**
 * Empties the cart: DELETE `/checkout/cart` (Shopware `deleteCart`, answered 204 without a body), then reads the
 * emptied cart with GET `/checkout/cart`.
 *
 * @throws StoreApiClientError as described for the store.
 */
export function clearCart(): Promise<Cart> {
  return cartCall('/checkout/cart', async () => {
    await invoke('deleteCart delete /checkout/cart');
    return invoke('readCart get /checkout/cart');
  });
}

/**
 * The cart's errors as a list, in the order the server sent them. Shopware serialises its ErrorCollection as an
 * object keyed by each error's `key`; the OpenAPI document also allows a list. Each carries `key`, `messageKey`,
 * `level` (0 notice, 10 warning, 20 error) and `message`.
 */
export function cartErrors(cart: Cart | null | undefined): CartError[] {
  const errors = cart?.errors;
  if (!errors) return [];
  if (Array.isArray(errors)) return errors;
  return Object.entries(errors).map(([key, error]) => ({
    key: error.key || key,
    messageKey: error.messageKey,
    level: error.level === 20 || error.level === 10 ? error.level : 0,
    message: error.message,
  }));
}

/** Cart error level that blocks the order (Shopware `Error::LEVEL_ERROR`). */
export const CART_ERROR_LEVEL_ERROR = 20;

/**
 * Whether an error is shown apart from the general list: the minimum order value warning
 * (`{provider}-cart-underMinimumValue`) and the credit limit warning (`{provider}-cart-underCreditLimit`), which the
 * cart page shows beside the totals.
 */
export function isSeparateCartError(error: Pick<CartError, 'key'>): boolean {
  return error.key.includes('underMinimumValue') || error.key.includes('underCreditLimit');
}

/** Whether the cart's shipping method is blocked (an error whose key contains `shipping-method-blocked`). */
export function isShippingMethodBlocked(cart: Cart | null | undefined): boolean {
  return cartErrors(cart).some((error) => error.key.includes('shipping-method-blocked'));
}

/** The cart's errors split into the general list and those shown apart ({@link isSeparateCartError}). */
export function splitCartErrors(cart: Cart | null | undefined): { general: CartError[]; separate: CartError[] } {
  const all = cartErrors(cart);
  return { general: all.filter((e) => !isSeparateCartError(e)), separate: all.filter(isSeparateCartError) };
}

/** The errors of one line item: those keyed `{messageKey}-{lineItemId}` (Shopware's per-line error keys). */
export function lineItemErrors(cart: Cart | null | undefined, lineItemId: string): CartError[] {
  return cartErrors(cart).filter((error) => error.key === `${error.messageKey}-${lineItemId}`);
}

/** Whether any error of the cart blocks the order (level 20). */
export function hasBlockingCartError(cart: Cart | null | undefined): boolean {
  return cartErrors(cart).some((error) => error.level >= CART_ERROR_LEVEL_ERROR);
}
