import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { OrderListCreateRequestSchema, OrderListItemsRequestSchema } from '../../../contract/provider/order-list.ts';
import {
  listTestId,
  orderListDetailBody,
  orderListListBody,
  orderListSummaryBody,
} from '../../lib/order-list/testing/test-bodies.ts';
import { checkoutCart, productLine } from './testing/test-bodies.ts';
import { fetchMock, json, setUpBrowserTests } from '../../testing/test-browser.ts';
import { cartPageAnswer, notFound, renderCheckout } from './testing/test-render.tsx';
import { providerBase } from '../../testing/test-browser.ts';

setUpBrowserTests();

const DRILL_ID = 'a1'.repeat(16);
const drill = productLine(DRILL_ID, 'D-2000', 'Cordless drill', 10, 50);
const existing = orderListSummaryBody({ id: listTestId(10), name: 'Workshop refill', ownerType: 'company' });
const created = orderListDetailBody({ id: listTestId(11), name: 'Hall 3' });

/** Answers the cart page's calls and the order list calls like the backend. */
function serve() {
  fetchMock.mockImplementation((url, init) => {
    const { pathname } = new URL(String(url));
    const method = init?.method ?? 'GET';
    const answer = cartPageAnswer(pathname, method, checkoutCart({ lines: [drill] }));
    if (answer) return Promise.resolve(answer);
    if (pathname === `${providerBase()}/order/list` && method === 'GET')
      return Promise.resolve(json(orderListListBody([existing])));
    if (pathname === `${providerBase()}/order/list` && method === 'POST') return Promise.resolve(json(created));
    if (pathname === `${providerBase()}/order/list/${existing.id}/items` && method === 'POST')
      return Promise.resolve(json(orderListDetailBody({ ...existing })));
    return Promise.resolve(notFound());
  });
}

const renderCart = (rights: string[]) => renderCheckout(rights, { prefix: '/en' });

const calls = (path: string, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url)).pathname === `${providerBase()}${path}` && (init?.method ?? 'GET') === method,
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
