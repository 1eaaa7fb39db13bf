import { render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { cartError, checkoutCart, placedOrderBody, productLine } from './testing/test-bodies.ts';
import { fetchMock, json, setUpBrowserTests } from '../../testing/test-browser.ts';
import { cartPageAnswer, i18n, notFound, renderCheckout, renderCheckoutRoute } from './testing/test-render.tsx';
import CartApp from './CartApp.tsx';
import Notifications from '../../components/ui/Notifications.tsx';
import { toCustomer } from '../../lib/session/customer.ts';
import { listAddresses } from '../../lib/address-book.ts';
import { listPaymentMethods, listShippingMethods } from './api.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';

setUpBrowserTests();

/** Answers the checkout's calls like the backend: the cart, the address book, the methods and the order submit. */
function serve(cart: ReturnType<typeof checkoutCart>, order: () => Promise<Response> = () => Promise.reject()) {
  fetchMock.mockImplementation((url, init) => {
    const { pathname } = new URL(String(url));
    const method = init?.method ?? 'GET';
    const answer = cartPageAnswer(pathname, method, cart);
    if (answer) return Promise.resolve(answer);
    if (pathname === '/store-api/checkout/order') return order();
    return Promise.resolve(notFound());
  });
}

const drill = productLine('a1'.repeat(16), 'D-2000', 'Cordless drill', 2, 12.5);
const bits = productLine('b2'.repeat(16), 'B-100', 'Bit set', 3, 4.25);

describe('cart', () => {
  test('exports the cart as CSV, one row per line with article number, name and quantity', async () => {
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:cart') }));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    serve(checkoutCart({ lines: [drill, bits] }));
    renderCheckout(['ROLE_PLACE_ORDERS']);
    await userEvent.click(await screen.findByRole('button', { name: 'Cart as CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    // jsdom's Blob has no text(): read it as a browser would.
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(csv).toContain('D-2000,Cordless drill,2');
    expect(csv).toContain('B-100,Bit set,3');
  });

  test('shows lines, totals with the surcharge and VAT, and the minimum-value and credit warnings apart', async () => {
    serve(
      checkoutCart({
        lines: [drill, bits],
        minimum: { minimumValue: 100, additionalCost: 15 },
        errors: [
          cartError('werkbank-cart-underMinimumValue', 10, { key: 'werkbank-cart-underMinimumValue' }),
          cartError('werkbank-cart-underCreditLimit', 10, { key: 'werkbank-cart-underCreditLimit' }),
          cartError('product-stock-reached', 10, { id: bits.id, name: 'Bit set', quantity: 2 }),
          cartError('promotion-not-found', 20, { key: 'promotion-not-found-SPRING' }),
        ],
      }),
    );
    renderCheckout(['ROLE_PLACE_ORDERS', 'ROLE_VIEW_PRICES']);

    const lines = await screen.findByRole('list', { name: 'Lines' });
    expect(within(lines).getByText('Cordless drill')).toBeInTheDocument();
    expect(within(lines).getByText('Art. no. D-2000')).toBeInTheDocument();
    expect(within(lines).getByText('Unit price: €12.50')).toBeInTheDocument();
    expect(within(lines).getByText('Cordless drill').closest('li')).toHaveTextContent('Line total: €25.00');

    const totals = screen.getByLabelText('Totals', { selector: 'dl' });
    const rows = Object.fromEntries(
      within(totals)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    // 2 × 12.50 + 3 × 4.25 = 37.75 goods, 15.00 surcharge, 9.95 shipping → 62.70 net, 21 % VAT 13.17, 75.87 total.
    expect(rows).toEqual({
      Subtotal: '€37.75',
      'Additional costs (small-order surcharge)': '€15.00',
      Shipping: '€9.95',
      'Net total': '€62.70',
      'plus 21% VAT': '€13.17',
      Total: '€75.87',
    });

    const notices = screen.getByTestId('separate-notices');
    expect(notices).toHaveTextContent(
      'The minimum order value of €100.00 is not reached. We add a small-order surcharge of €15.00.',
    );
    expect(notices).toHaveTextContent('Your credit limit does not cover this order.');

    const general = screen.getByRole('list', { name: 'Notes on the cart' });
    expect(
      within(general)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['This promotion code is unknown.']);
    const bitsLine = within(lines).getByText('Bit set').closest('li')!;
    expect(bitsLine).toHaveTextContent('Bit set: not all of it is in stock; the rest will be delivered later.');
  });

  test('a remark is saved on blur as the line’s order_detail_text', async () => {
    const cart = checkoutCart({ lines: [drill] });
    serve(cart);
    renderCheckout(['ROLE_PLACE_ORDERS']);
    const remark = await screen.findByLabelText('Remark on this line');
    fetchMock.mockImplementationOnce(() => Promise.resolve(json(cart)));
    await userEvent.type(remark, 'Deliver to gate 3');
    await userEvent.tab();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.objectContaining({ pathname: '/store-api/checkout/cart/line-item' }),
        expect.objectContaining({ method: 'PATCH' }),
      ),
    );
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]?.body))).toEqual({
      items: [{ id: drill.id, quantity: 2, payload: { customFields: { order_detail_text: 'Deliver to gate 3' } } }],
    });
  });
});

describe('checkout', () => {
  test('without ROLE_PLACE_ORDERS the checkout says so and offers no submit', async () => {
    serve(checkoutCart({ lines: [drill] }));
    renderCheckout(['ROLE_VIEW_PRICES']);
    expect(await screen.findByText('Missing permission - you are not allowed to send orders!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place binding order' })).not.toBeInTheDocument();
  });

  test('a retry of the same attempt sends the same Idempotency-Key; then the success page opens with the order number', async () => {
    let submits = 0;
    serve(checkoutCart({ lines: [drill] }), () => {
      submits += 1;
      // The first answer is lost (network failure); the retry gets the order.
      return submits === 1
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve(json(placedOrderBody('10023')));
    });
    const { navigate } = renderCheckout(['ROLE_PLACE_ORDERS']);
    await userEvent.type(await screen.findByLabelText('Your order reference'), 'PO-4711');
    expect(screen.getByText('7 of 30 characters')).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Place binding order' });
    await userEvent.click(submit);
    await waitFor(() => expect(submits).toBe(1));
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/success?orderNumber=10023'));

    const orderCalls = fetchMock.mock.calls.filter(
      ([url]) => new URL(String(url)).pathname === '/store-api/checkout/order',
    );
    const keys = orderCalls.map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(orderCalls[0]![1]?.body))).toMatchObject({
      orderReference: 'PO-4711',
      shippingOption: 'delivery',
      shippingAddressId: 'a'.repeat(32),
      billingAddressId: 'a'.repeat(32),
      splitDelivery: 'together',
    });
  });

  test('changed order data after a failed attempt is a new attempt with a new key', async () => {
    serve(checkoutCart({ lines: [drill] }), () => Promise.reject(new TypeError('Failed to fetch')));
    renderCheckout(['ROLE_PLACE_ORDERS']);
    const submit = await screen.findByRole('button', { name: 'Place binding order' });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.type(screen.getByLabelText('File number'), 'F-1');
    await userEvent.click(submit);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/checkout/order'))).toHaveLength(2),
    );
    const keys = fetchMock.mock.calls
      .filter(([url]) => String(url).endsWith('/checkout/order'))
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys[1]).not.toBe(keys[0]);
  });
});

describe('a buyer without ROLE_VIEW_PRICES', () => {
  test('reads “Prices on request” where the cart would show amounts, never 0 €', async () => {
    const priceless = productLine('a1'.repeat(16), 'D-2000', 'Cordless drill', 2, 0);
    serve(checkoutCart({ lines: [priceless] }));
    renderCheckout(['ROLE_PLACE_ORDERS']);
    const lines = await screen.findByRole('list', { name: 'Lines' });
    // Once per line (its total), not again for the unit price.
    expect(within(lines).getAllByText('Prices on request')).toHaveLength(1);
    const totals = screen.getByLabelText('Totals', { selector: 'dl' });
    expect(totals).toHaveTextContent('Prices on request');
    expect(totals).not.toHaveTextContent('€');
    expect(within(lines).queryByText(/€/)).toBeNull();
  });
});

describe('a refused submit', () => {
  test('tells each cart error that refused it in the buyer’s language and reads the cart again', async () => {
    const errors = [
      {
        status: '400',
        code: 'CHECKOUT__CART_INVALID',
        title: 'Bad Request',
        detail: 'The order reference PO-9 can no longer be used for your orders: choose another one or none.',
        meta: {
          parameters: {
            key: 'werkbank-order-reference-not-usable',
            messageKey: 'werkbank-order-reference-not-usable',
            level: 20,
            message: 'The order reference PO-9 can no longer be used for your orders: choose another one or none.',
            id: 'c'.repeat(32),
            name: 'PO-9',
          },
        },
      },
      {
        status: '400',
        code: 'CHECKOUT__CART_INVALID',
        title: 'Bad Request',
        detail: 'Cordless drill can be ordered at most 11 times per order (all 2 lines of it together).',
        meta: {
          parameters: {
            key: `product-max-purchase-${drill.id}`,
            messageKey: 'product-max-purchase',
            level: 20,
            message: 'Cordless drill can be ordered at most 11 times per order (all 2 lines of it together).',
            id: drill.id,
            name: 'Cordless drill',
            quantity: 11,
          },
        },
      },
    ];
    serve(checkoutCart({ lines: [drill] }), () => Promise.resolve(json({ errors }, 400)));
    const { navigate } = renderCheckout(['ROLE_PLACE_ORDERS']);
    const cartReads = () =>
      fetchMock.mock.calls.filter(([url]) => new URL(String(url)).pathname === '/store-api/checkout/cart').length;
    await userEvent.click(await screen.findByRole('button', { name: 'Place binding order' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(
      await within(region).findByText(
        'The order reference PO-9 can no longer be used for your orders. Choose another order reference or remove it.',
      ),
    ).toBeInTheDocument();
    expect(
      within(region).getByText('Cordless drill: the quantity exceeds the maximum order quantity.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(cartReads()).toBeGreaterThan(0));
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('success page', () => {
  test('shows the order number and links to the order in the history', async () => {
    renderCheckoutRoute('/checkout/success?orderNumber=10023');
    expect(await screen.findByText('Your order number: 10023')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute(
      'href',
      '/account/orders/details/10023',
    );
  });
});

describe('first view from the server', () => {
  const customer = (rights: string[]) => ({ ...toCustomer(accountCustomerBody(rights))!, rights });
  /** The checkout's options as the server reads them, from the answers of `cartPageAnswer`. */
  const readOptions = async () => {
    serve(checkoutCart({ lines: [drill] }));
    const options = {
      addresses: await listAddresses(),
      shippingMethods: await listShippingMethods(),
      paymentMethods: await listPaymentMethods(),
    };
    fetchMock.mockClear();
    return options;
  };
  const props = async (rights: string[]) => ({
    i18n,
    prefix: '/en',
    features: [],
    cart: checkoutCart({ lines: [drill, bits] }),
    customer: customer(rights),
    options: await readOptions(),
    punchOut: null,
  });

  test('the server renders the lines, totals, checkout steps and the actions the customer’s rights allow', async () => {
    $customer.set(null);
    const html = renderToString(<CartApp {...await props(['ROLE_PLACE_ORDERS', 'ROLE_MANAGE_ORDER_LISTS'])} />);
    expect(html).toContain('Cordless drill');
    expect(html).toContain('Bit set');
    expect(html).toContain('Save cart as order list');
    expect(html).toContain('Standard delivery');
    expect(html).toContain('Invoice');
    expect(html).toContain('Noorderlaan 112');
    expect(html).toContain('Place binding order');
    expect(html).not.toContain('Missing permission');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('in the browser the page shows the server’s cart at once, and a change replaces it', async () => {
    $customer.set(null);
    const cartProps = await props(['ROLE_PLACE_ORDERS', 'ROLE_MANAGE_ORDER_LISTS']);
    render(
      <>
        <CartApp {...cartProps} />
        <Notifications closeLabel="Close" regionLabel="Notifications" />
      </>,
    );
    const lines = screen.getByRole('list', { name: 'Lines' });
    expect(within(lines).getByText('Bit set')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save cart as order list' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Standard delivery' })).toBeChecked();
    expect(screen.getByLabelText('Shipping address')).toHaveDisplayValue(/Noorderlaan 112/);
    // Nothing the server read is read again.
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockImplementation((url, init) => {
      const { pathname } = new URL(String(url));
      if (pathname === '/store-api/checkout/cart/line-item/delete' && init?.method === 'POST')
        return Promise.resolve(json(checkoutCart({ lines: [drill] })));
      return Promise.resolve(
        cartPageAnswer(pathname, init?.method ?? 'GET', checkoutCart({ lines: [drill] })) ?? notFound(),
      );
    });
    await userEvent.click(within(lines).getByRole('button', { name: 'Remove Bit set from the cart' }));
    await waitFor(() => expect(within(lines).queryByText('Bit set')).not.toBeInTheDocument());
    expect(within(lines).getByText('Cordless drill')).toBeInTheDocument();
  });
});

describe('punch-out session', () => {
  const customer = (rights: string[]) => ({ ...toCustomer(accountCustomerBody(rights))!, rights });
  const session = {
    protocol: 'oci' as const,
    systemName: 'SAP SRM Peeters',
    operation: 'create' as const,
    readOnly: false,
    testMode: false,
    expiresIn: 3600,
    apiAlias: 'punchout_session' as const,
  };
  const props = (punchOut: typeof session) => ({
    i18n,
    prefix: '/en',
    features: [],
    cart: checkoutCart({ lines: [drill, bits] }),
    customer: customer(['ROLE_PLACE_ORDERS', 'ROLE_MANAGE_ORDER_LISTS', 'ROLE_VIEW_PRICES']),
    options: null,
    punchOut,
  });

  test('the cart transfers to the procurement system instead of the checkout, as a form that posts without script', () => {
    $customer.set(null);
    const html = renderToString(<CartApp {...props(session)} />);
    expect(html).toContain('Transfer to SAP SRM Peeters');
    expect(html).toContain('action="/en/punchout/transfer"');
    expect(html).toContain('method="post"');
    expect(html).not.toContain('Place binding order');
    expect(html).not.toContain('Save cart as order list');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('in the browser the lines can still be changed; no checkout step, offer request or order list', () => {
    $customer.set(null);
    render(<CartApp {...props(session)} />);
    const lines = screen.getByRole('list', { name: 'Lines' });
    expect(within(lines).getAllByRole('spinbutton', { name: 'Quantity' })).toHaveLength(2);
    expect(within(lines).getByRole('button', { name: 'Remove Bit set from the cart' })).toBeInTheDocument();
    const transfer = screen.getByRole('button', { name: 'Transfer to SAP SRM Peeters' });
    expect(transfer).toHaveAttribute('type', 'submit');
    expect(screen.getByText('The cart goes back to SAP SRM Peeters, where the order is placed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place binding order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save cart as order list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /offer/i })).not.toBeInTheDocument();
  });

  test('a read-only (inspect) session shows the lines without changes, says why, and returns instead', () => {
    $customer.set(null);
    render(
      <CartApp {...props({ ...session, protocol: 'cxml' as never, operation: 'inspect' as never, readOnly: true })} />,
    );
    const lines = screen.getByRole('list', { name: 'Lines' });
    expect(within(lines).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(lines).queryByRole('button')).not.toBeInTheDocument();
    expect(within(lines).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(lines).getByText('Quantity: 2')).toBeInTheDocument();
    expect(screen.queryByLabelText('Promotion code')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'SAP SRM Peeters opened this cart for viewing only: quantities and lines cannot be changed here.',
    );
    expect(screen.getByRole('button', { name: 'Return to SAP SRM Peeters' }).closest('form')).toHaveAttribute(
      'action',
      '/en/punchout/transfer',
    );
  });
});
