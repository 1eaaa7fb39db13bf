import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import Notifications from '../../components/ui/Notifications.tsx';
import { islandMessages } from '../../i18n/translator.ts';
import type { Locale } from '../../i18n/locales.ts';
import { $cart, $cartCount } from '../../lib/cart/cart-store.ts';
import { cartBody, cartError, productLine } from '../../lib/cart/testing/test-bodies.ts';
import { $notifications } from '../../lib/notifications.ts';
import { $authDialog } from '../../lib/session/auth-dialog-store.ts';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import AddToCart, {
  ADD_TO_CART_EVENT,
  addToCartMessages,
  type AddToCartEventDetail,
  type AddToCartProps,
} from './AddToCart.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const PRODUCT_ID = 'a'.repeat(32);
const bolt = (quantity: number) => productLine(PRODUCT_ID, 'WB-1001', 'Hex bolt M8', quantity);

function renderIsland(props: Partial<AddToCartProps> = {}, locale: Locale = 'en-GB') {
  return render(
    <>
      <AddToCart
        productId={PRODUCT_ID}
        productNumber="WB-1001"
        name="Hex bolt M8"
        min={1}
        max={null}
        step={1}
        unit="C62"
        i18n={islandMessages(locale, addToCartMessages(props.unit === undefined ? 'C62' : props.unit))}
        {...props}
      />
      <Notifications closeLabel="Close" regionLabel="Notifications" />
    </>,
  );
}

/** A logged-in customer holding `rights` (the session store as HeaderAccount fills it, with the marker cookie). */
function logIn(rights: string[] = ['ROLE_VIEW_PRICES']): void {
  document.cookie = 'wb-logged-in=1; path=/';
  act(() => $customer.set({ ...toCustomer(accountCustomerBody(rights))!, rights }));
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  $customer.set(null);
  $cart.set(null);
  $authDialog.set(null);
  $notifications.set([]);
  document.cookie = 'wb-logged-in=; path=/; max-age=0';
});

describe('anonymous visitor', () => {
  test('the button asks to log in, opens the login dialog and no cart request is made', async () => {
    const user = userEvent.setup();
    renderIsland();
    await user.click(screen.getByRole('button', { name: 'Log in to order' }));
    expect($authDialog.get()).toBe('login');
    expect(screen.queryByRole('button', { name: 'Add to cart' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('logged-in customer', () => {
  test('adds the quantity, shows loading during the request, then the success notification and the analytics event', async () => {
    const user = userEvent.setup();
    let answer!: (response: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const events: AddToCartEventDetail[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent<AddToCartEventDetail>).detail);
    window.addEventListener(ADD_TO_CART_EVENT, listener);
    const dataLayer: unknown[] = [];
    Object.assign(window, { dataLayer });
    try {
      renderIsland({ min: 2, step: 2 });
      logIn();
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));

      const busy = screen.getByRole('button', { name: 'Adding to the cart …' });
      expect(busy).toBeDisabled();
      expect(busy).toHaveAttribute('aria-busy', 'true');
      const [url, init] = fetchMock.mock.calls[0]!;
      expect(new URL(String(url)).pathname).toBe('/store-api/checkout/cart/line-item');
      expect(JSON.parse(String(init?.body))).toEqual({
        items: [{ type: 'product', id: PRODUCT_ID, referencedId: PRODUCT_ID, quantity: 2 }],
      });

      await act(async () => answer(json(200, cartBody([bolt(2)]))));
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent('Success');
      expect(status).toHaveTextContent('2 × Hex bolt M8 added to the cart');
      expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
      expect($cartCount.get()).toBe(1);
      expect(events).toEqual([{ productNumber: 'WB-1001', quantity: 2 }]);
      expect(dataLayer).toEqual([{ event: 'add-to-cart', productNumber: 'WB-1001', quantity: 2 }]);
    } finally {
      window.removeEventListener(ADD_TO_CART_EVENT, listener);
      Reflect.deleteProperty(window, 'dataLayer');
    }
  });

  test('the button is disabled while the counter holds an invalid quantity', async () => {
    const user = userEvent.setup();
    renderIsland({ min: 5, step: 5 });
    logIn();
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(input);
    await user.type(input, '7');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '10');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
  });

  test('the hints name the order unit', () => {
    renderIsland({ min: 10, step: 10 }, 'de-DE');
    expect(screen.getByText('Mindestens 10 Stück · verkauft je 10 Stück')).toBeInTheDocument();
  });

  test("each island carries only its own unit's names", () => {
    const { messages } = islandMessages('de-DE', addToCartMessages('mtr'));
    expect(messages).toMatchObject({ 'units.MTR_one': 'Meter', 'cart.addToCart': 'In den Warenkorb' });
    expect(Object.keys(messages).filter((key) => key.startsWith('units.'))).toEqual([
      'units.MTR_one',
      'units.MTR_other',
    ]);
  });

  test('a customer without ROLE_VIEW_PRICES can add too (German notification)', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json(200, cartBody([bolt(3)])));
    renderIsland({}, 'de-DE');
    logIn([]);
    const input = screen.getByRole('spinbutton', { name: 'Menge' });
    await user.clear(input);
    await user.type(input, '3');
    await user.click(screen.getByRole('button', { name: 'In den Warenkorb' }));
    expect(await screen.findByRole('status')).toHaveTextContent('3 × Hex bolt M8 in den Warenkorb gelegt');
  });

  test('a product the server does not find: an error, no success and no analytics event', async () => {
    const user = userEvent.setup();
    const events: unknown[] = [];
    const listener = (event: Event) => events.push(event);
    window.addEventListener(ADD_TO_CART_EVENT, listener);
    fetchMock.mockResolvedValueOnce(
      json(200, cartBody([], [cartError('product-not-found', 20, { id: PRODUCT_ID, name: 'Hex bolt M8' })])),
    );
    try {
      renderIsland();
      logIn();
      await user.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Hex bolt M8 is not available and is not in the cart.',
      );
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      expect(events).toEqual([]);
    } finally {
      window.removeEventListener(ADD_TO_CART_EVENT, listener);
    }
  });

  test('above the stock of a closeout article: the stock error instead of success', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      json(200, cartBody([bolt(1)], [cartError('product-stock-reached', 20, { id: PRODUCT_ID, quantity: 1 })])),
    );
    renderIsland();
    logIn();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Hex bolt M8: not enough in stock for this quantity.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('a backorder warning comes with the success; errors of other lines are not shown', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      json(
        200,
        cartBody(
          [bolt(1)],
          [
            cartError('product-stock-reached', 10, { id: PRODUCT_ID, quantity: 0 }),
            cartError('purchase-steps-quantity', 20, { id: 'b'.repeat(32) }),
          ],
        ),
      ),
    );
    renderIsland();
    logIn();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(2));
    const texts = screen.getAllByRole('status').map((n) => n.textContent);
    expect(texts[0]).toContain('1 × Hex bolt M8 added to the cart');
    expect(texts[1]).toContain('Hex bolt M8: not all of it is in stock; the rest will be delivered later.');
    expect(screen.queryByText(/packaging unit/)).not.toBeInTheDocument();
  });

  test.each([
    [
      'purchase steps',
      cartError('purchase-steps-quantity', 20, { id: PRODUCT_ID }),
      'Hex bolt M8: the quantity does not match the packaging unit.',
    ],
    [
      'maximum purchase',
      cartError('product-max-purchase', 20, { id: PRODUCT_ID }),
      'Hex bolt M8: the quantity exceeds the maximum order quantity.',
    ],
    [
      'minimum order quantity',
      cartError('min-order-quantity', 20, { id: PRODUCT_ID }),
      'Hex bolt M8: the quantity is below the minimum order quantity.',
    ],
  ])('a cart error of the line (%s) is translated', async (_case, error, text) => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json(200, cartBody([bolt(1)], [error])));
    renderIsland();
    logIn();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  test('an error answer: product not found and anything else in the visitor’s language', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      json(404, {
        errors: [{ status: '404', code: 'CHECKOUT__PRODUCT_NOT_FOUND', title: 'Not Found', detail: 'not found' }],
      }),
    );
    fetchMock.mockResolvedValueOnce(json(502, 'Bad Gateway'));
    renderIsland({}, 'fr-FR');
    logIn();
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Hex bolt M8 n'est pas disponible et n'est pas dans le panier.",
    );
    await user.click(screen.getByRole('button', { name: 'Ajouter au panier' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert')[1]).toHaveTextContent("Le produit n'a pas pu être ajouté au panier.");
  });

  test('a session that ended on the server opens the login dialog', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      json(403, {
        errors: [{ status: '403', code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', title: 'Forbidden', detail: 'x' }],
      }),
    );
    renderIsland();
    logIn();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect($authDialog.get()).toBe('login'));
  });
});
