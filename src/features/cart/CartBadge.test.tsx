import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { islandMessages } from '../../i18n/translator.ts';
import { $cart } from '../../lib/cart/cart-store.ts';
import { cartBody, productLine, promotionLine } from '../../lib/cart/testing/test-bodies.ts';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import CartBadge, { CART_BADGE_MESSAGES } from './CartBadge.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => productLine(String(i).padStart(32, '0'), `WB-${i}`, `Article ${i}`, 1));

function renderBadge(locale: 'en-GB' | 'de-DE' = 'en-GB') {
  return render(
    <CartBadge href="/checkout" i18n={islandMessages(locale, CART_BADGE_MESSAGES)}>
      <svg aria-hidden="true" />
    </CartBadge>,
  );
}

function logIn(): void {
  document.cookie = 'wb-logged-in=1; path=/';
  act(() => $customer.set({ ...toCustomer(accountCustomerBody())!, rights: [] }));
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  $customer.set(null);
  $cart.set(null);
  document.cookie = 'wb-logged-in=; path=/; max-age=0';
});

test('anonymous: a plain cart link without a count, and no cart request', () => {
  renderBadge();
  expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/checkout');
  expect(document.querySelector('[data-cart-count]')).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
});

test('once the session is logged in, the cart is read once and the product lines are counted', async () => {
  fetchMock.mockResolvedValue(json(200, cartBody([...lines(3), promotionLine('SPRING')])));
  renderBadge();
  logIn();
  const link = await screen.findByRole('link', { name: 'Cart, 3 items in the cart' });
  expect(link.querySelector('[data-cart-count]')).toHaveTextContent('3');
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(new URL(String(fetchMock.mock.calls[0]![0])).pathname).toBe('/store-api/checkout/cart');
});

test('follows later changes of the cart store and hides at 0', async () => {
  fetchMock.mockResolvedValue(json(200, cartBody(lines(1))));
  renderBadge('de-DE');
  logIn();
  await screen.findByRole('link', { name: 'Warenkorb, 1 Artikel im Warenkorb' });

  act(() => $cart.set(cartBody(lines(2))));
  expect(screen.getByRole('link', { name: 'Warenkorb, 2 Artikel im Warenkorb' })).toBeInTheDocument();

  act(() => $cart.set(cartBody([])));
  expect(screen.getByRole('link', { name: 'Warenkorb' })).toBeInTheDocument();
  expect(document.querySelector('[data-cart-count]')).toBeNull();
});

test('a logout on the page empties the badge', async () => {
  fetchMock.mockResolvedValue(json(200, cartBody(lines(2))));
  renderBadge();
  logIn();
  await screen.findByRole('link', { name: 'Cart, 2 items in the cart' });
  act(() => $customer.set(null));
  await waitFor(() => expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument());
});

test('caps the visible number at 99+ but names the real count', async () => {
  fetchMock.mockResolvedValue(json(200, cartBody(lines(140))));
  renderBadge();
  logIn();
  const link = await screen.findByRole('link', { name: 'Cart, 140 items in the cart' });
  expect(link.querySelector('[data-cart-count]')).toHaveTextContent('99+');
});
