// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import { OrderListCreateRequestSchema, OrderListItemsRequestSchema } from '../../../contract/provider/order-list.ts';
import '../../components/ui/jsdom-dialog.ts';
import Notifications from '../../components/ui/Notifications.tsx';
import { I18nProvider } from '../../i18n/react.tsx';
import { islandMessages } from '../../i18n/translator.ts';
import {
  listTestId,
  orderListDetailBody,
  orderListListBody,
  orderListSummaryBody,
} from '../../lib/order-list/test-bodies.ts';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody, searchResultBody } from '../../lib/session/test-bodies.ts';
import { CHECKOUT_MESSAGES, checkoutRoutes } from './routes.tsx';
import { checkoutCart, paymentMethodsBody, productLine, shippingMethodsBody } from './test-bodies.ts';
import { fetchMock, json, setUpBrowserTests } from '../../lib/test-browser.ts';

setUpBrowserTests();

const i18n = islandMessages('en-GB', CHECKOUT_MESSAGES);
const DRILL_ID = 'a1'.repeat(16);
const drill = productLine(DRILL_ID, 'D-2000', 'Cordless drill', 10, 50);
const existing = orderListSummaryBody({ id: listTestId(10), name: 'Workshop refill', ownerType: 'company' });
const created = orderListDetailBody({ id: listTestId(11), name: 'Hall 3' });

/** Answers the cart page's calls and the order list calls like the backend. */
function serve() {
  fetchMock.mockImplementation((url, init) => {
    const { pathname } = new URL(String(url));
    const method = init?.method ?? 'GET';
    if (pathname === '/store-api/checkout/cart') return Promise.resolve(json(checkoutCart({ lines: [drill] })));
    if (pathname === '/store-api/account/list-address')
      return Promise.resolve(
        json(searchResultBody('customer_address', [accountCustomerBody([]).defaultShippingAddress])),
      );
    if (pathname === '/store-api/shipping-method') return Promise.resolve(json(shippingMethodsBody()));
    if (pathname === '/store-api/payment-method') return Promise.resolve(json(paymentMethodsBody()));
    if (pathname === '/store-api/werkbank/order/list' && method === 'GET')
      return Promise.resolve(json(orderListListBody([existing])));
    if (pathname === '/store-api/werkbank/order/list' && method === 'POST') return Promise.resolve(json(created));
    if (pathname === `/store-api/werkbank/order/list/${existing.id}/items` && method === 'POST')
      return Promise.resolve(json(orderListDetailBody({ ...existing })));
    return Promise.resolve(json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404));
  });
}

function renderCart(rights: string[]) {
  $customer.set({ ...toCustomer(accountCustomerBody(rights))!, rights });
  const router = createMemoryRouter([{ path: '/', children: [checkoutRoutes({ prefix: '/en', i18n })] }], {
    initialEntries: ['/checkout'],
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
      <Notifications closeLabel="Close" regionLabel="Notifications" />
    </I18nProvider>,
  );
}

const calls = (path: string, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(String(url)).pathname === `/store-api/werkbank${path}` && (init?.method ?? 'GET') === method,
  );

describe('order lists on the cart page', () => {
  test('save cart as order list creates a shared list from the cart and links to it', async () => {
    serve();
    renderCart(['ROLE_PLACE_ORDERS', 'ROLE_MANAGE_ORDER_LISTS']);
    await userEvent.click(await screen.findByRole('button', { name: 'Save cart as order list' }));
    const dialog = screen.getByRole('dialog', { name: 'Save cart as order list' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as order list' }));
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('This field is required');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Hall 3');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Shared with my company' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as order list' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = JSON.parse(String(calls('/order/list', 'POST')[0]![1]!.body));
    expect(v.safeParse(OrderListCreateRequestSchema, body).success).toBe(true);
    expect(body).toEqual({ name: 'Hall 3', ownerType: 'company', fromCart: true });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByText('Your cart was saved as the order list Hall 3.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Open Hall 3' })).toHaveAttribute(
      'href',
      `/en/account/orderlist/details/${created.id}`,
    );
  });

  test('a line goes onto an existing list with its quantity', async () => {
    serve();
    renderCart(['ROLE_PLACE_ORDERS', 'ROLE_MANAGE_ORDER_LISTS']);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Cordless drill to an order list' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Cordless drill to an order list' });
    expect(await within(dialog).findByRole('combobox', { name: 'Order list' })).toHaveValue(existing.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to order list' }));
    await waitFor(() => expect(calls(`/order/list/${existing.id}/items`, 'POST')).toHaveLength(1));
    const body = JSON.parse(String(calls(`/order/list/${existing.id}/items`, 'POST')[0]![1]!.body));
    expect(v.safeParse(OrderListItemsRequestSchema, body).success).toBe(true);
    expect(body).toEqual({ items: [{ productId: DRILL_ID, quantity: 10 }], mode: 'add' });
    expect(await screen.findByText('Added to the order list Workshop refill.')).toBeInTheDocument();
  });

  test('without ROLE_MANAGE_ORDER_LISTS the cart offers no order list actions', async () => {
    serve();
    renderCart(['ROLE_PLACE_ORDERS']);
    expect(await screen.findByRole('list', { name: 'Lines' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save cart as order list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /to an order list/ })).not.toBeInTheDocument();
  });
});
