import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { NOT_LOGGED_IN } from '../session/testing/test-bodies.ts';
import { StoreApiClientError } from '../store-api/errors.ts';
import {
  $cart,
  $cartCount,
  addToCart,
  cartErrors,
  clearCart,
  isShippingMethodBlocked,
  lineItemErrors,
  refreshCart,
  removeLineItems,
  splitCartErrors,
  updateLineItems,
} from './cart-store.ts';
import { cartBody, cartError, productLine, promotionLine } from './testing/test-bodies.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setMarker(on: boolean): void {
  document.cookie = on ? 'wb-logged-in=1; path=/' : 'wb-logged-in=; path=/; max-age=0';
}

/** The calls made: method, path below /store-api and the JSON body. */
function calls() {
  return fetchMock.mock.calls.map(([url, init]) => ({
    method: init?.method,
    path: new URL(String(url)).pathname.replace('/store-api', ''),
    body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
  }));
}

const bolt = productLine('a'.repeat(32), 'WB-1001', 'Hex bolt M8', 2);
const nut = productLine('b'.repeat(32), 'WB-1002', 'Hex nut M8', 10);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setMarker(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  setMarker(false);
  $cart.set(null);
});

describe('without a logged-in session', () => {
  test('no cart request is made and the store stays empty', async () => {
    setMarker(false);
    await expect(refreshCart()).resolves.toBeNull();
    await expect(addToCart([{ type: 'product', id: 'x', referencedId: 'x', quantity: 1 }])).rejects.toMatchObject({
      status: 403,
      code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect($cart.get()).toBeNull();
    expect($cartCount.get()).toBe(0);
  });

  test("a stale marker: the server's 403 empties the store", async () => {
    $cart.set(cartBody([bolt]));
    fetchMock.mockResolvedValueOnce(json(403, NOT_LOGGED_IN));
    await expect(refreshCart()).resolves.toBeNull();
    expect($cartCount.get()).toBe(0);
  });
});

test('refreshCart reads GET /checkout/cart; the count is the number of product lines', async () => {
  fetchMock.mockResolvedValueOnce(json(200, cartBody([bolt, nut, promotionLine('SPRING')])));
  const cart = await refreshCart();
  expect(calls()).toEqual([{ method: 'GET', path: '/checkout/cart', body: undefined }]);
  expect(cart?.lineItems).toHaveLength(3);
  expect($cartCount.get()).toBe(2);
});

test('a failing refresh keeps the last cart', async () => {
  $cart.set(cartBody([bolt]));
  fetchMock.mockResolvedValueOnce(json(500, { errors: [{ status: '500', code: 'FRAMEWORK__X', title: 'x' }] }));
  await expect(refreshCart()).resolves.toMatchObject({ lineItems: [{ id: bolt.id }] });
  expect($cartCount.get()).toBe(1);
});

test('addToCart posts the product lines and replaces the cart with the answer', async () => {
  fetchMock.mockResolvedValueOnce(json(200, cartBody([bolt, nut])));
  await addToCart([{ type: 'product', id: nut.id, referencedId: nut.id, quantity: 10 }]);
  expect(calls()).toEqual([
    {
      method: 'POST',
      path: '/checkout/cart/line-item',
      body: { items: [{ type: 'product', id: nut.id, referencedId: nut.id, quantity: 10 }] },
    },
  ]);
  expect($cartCount.get()).toBe(2);
});

test('updateLineItems patches quantities and puts a remark into payload.customFields.order_detail_text', async () => {
  fetchMock.mockResolvedValueOnce(json(200, cartBody([{ ...bolt, quantity: 5 }])));
  await updateLineItems([
    { id: bolt.id, quantity: 5, remark: 'Site 4, gate B' },
    { id: nut.id, quantity: 20 },
  ]);
  expect(calls()).toEqual([
    {
      method: 'PATCH',
      path: '/checkout/cart/line-item',
      body: {
        items: [
          { id: bolt.id, quantity: 5, payload: { customFields: { order_detail_text: 'Site 4, gate B' } } },
          { id: nut.id, quantity: 20 },
        ],
      },
    },
  ]);
  expect($cart.get()?.lineItems?.[0]?.quantity).toBe(5);
});

test('removeLineItems posts the ids to /checkout/cart/line-item/delete', async () => {
  $cart.set(cartBody([bolt, nut]));
  fetchMock.mockResolvedValueOnce(json(200, cartBody([nut])));
  await removeLineItems([bolt.id]);
  expect(calls()).toEqual([{ method: 'POST', path: '/checkout/cart/line-item/delete', body: { ids: [bolt.id] } }]);
  expect($cartCount.get()).toBe(1);
});

test('clearCart deletes the cart (204) and reads the empty cart', async () => {
  $cart.set(cartBody([bolt, nut]));
  fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
  fetchMock.mockResolvedValueOnce(json(200, cartBody([])));
  await clearCart();
  expect(calls().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /checkout/cart', 'GET /checkout/cart']);
  expect($cart.get()).not.toBeNull();
  expect($cartCount.get()).toBe(0);
});

test('an error answer of a change is thrown and leaves the last cart in the store', async () => {
  $cart.set(cartBody([bolt]));
  const notFound = {
    errors: [{ status: '404', code: 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND', title: 'Not Found', detail: 'x' }],
  };
  fetchMock.mockResolvedValueOnce(json(404, notFound));
  const failure = await removeLineItems(['missing']).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(StoreApiClientError);
  expect($cartCount.get()).toBe(1);
});

test('changes run one after the other and the last answer wins', async () => {
  let release!: () => void;
  fetchMock.mockImplementationOnce(
    () => new Promise((resolve) => (release = () => resolve(json(200, cartBody([bolt]))))),
  );
  fetchMock.mockResolvedValueOnce(json(200, cartBody([bolt, nut])));
  const first = addToCart([{ type: 'product', id: bolt.id, referencedId: bolt.id, quantity: 2 }]);
  const second = addToCart([{ type: 'product', id: nut.id, referencedId: nut.id, quantity: 10 }]);
  await Promise.resolve();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  release();
  await Promise.all([first, second]);
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect($cartCount.get()).toBe(2);
});

describe('cart errors', () => {
  const cart = cartBody(
    [bolt, nut],
    [
      cartError('product-stock-reached', 10, { id: bolt.id, name: 'Hex bolt M8', quantity: 1 }),
      cartError('purchase-steps-quantity', 20, { id: nut.id, name: 'Hex nut M8', quantity: 10 }),
      cartError('werkbank-cart-underMinimumValue', 10),
      cartError('werkbank-cart-underCreditLimit', 10),
      cartError('shipping-method-blocked', 20, { key: 'shipping-method-blocked-Express' }),
    ],
  );

  test('cartErrors lists the keyed errors with key, messageKey and level', () => {
    expect(cartErrors(cart).map((e) => [e.key, e.level])).toEqual([
      [`product-stock-reached-${bolt.id}`, 10],
      [`purchase-steps-quantity-${nut.id}`, 20],
      ['werkbank-cart-underMinimumValue', 10],
      ['werkbank-cart-underCreditLimit', 10],
      ['shipping-method-blocked-Express', 20],
    ]);
    expect(cartErrors(cartBody([bolt]))).toEqual([]);
    expect(cartErrors(null)).toEqual([]);
  });

  test('minimum value and credit limit are shown apart; a blocked shipping method is recognised by its key', () => {
    const { general, separate } = splitCartErrors(cart);
    expect(separate.map((e) => e.key)).toEqual(['werkbank-cart-underMinimumValue', 'werkbank-cart-underCreditLimit']);
    expect(general.map((e) => e.messageKey)).toEqual([
      'product-stock-reached',
      'purchase-steps-quantity',
      'shipping-method-blocked',
    ]);
    expect(isShippingMethodBlocked(cart)).toBe(true);
    expect(isShippingMethodBlocked(cartBody([bolt]))).toBe(false);
  });

  test('lineItemErrors picks the errors keyed for one line', () => {
    expect(lineItemErrors(cart, nut.id).map((e) => e.messageKey)).toEqual(['purchase-steps-quantity']);
    expect(lineItemErrors(cart, 'f'.repeat(32))).toEqual([]);
  });
});
