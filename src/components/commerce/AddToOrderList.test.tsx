import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { OrderListCreateRequestSchema } from '../../../contract/provider/order-list.ts';
import Notifications from '../ui/Notifications.tsx';
import QuantityCounter, { COUNTER_MESSAGES } from '../ui/QuantityCounter.tsx';
import { islandMessages } from '../../i18n/translator.ts';
import { $notifications } from '../../lib/notifications.ts';
import { listTestId, orderListDetailBody, orderListListBody } from '../../lib/order-list/testing/test-bodies.ts';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import AddToOrderList, { ADD_TO_ORDER_LIST_MESSAGES } from './AddToOrderList.tsx';
import { providerBase } from '../../testing/test-browser.ts';

const fetchMock = vi.fn<(url: URL | string, init?: RequestInit) => Promise<Response>>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const PRODUCT_ID = 'a'.repeat(32);
const created = orderListDetailBody({ id: listTestId(12), name: 'Bolts for hall 3' });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation((url, init) => {
    const { pathname } = new URL(String(url));
    if (pathname === `${providerBase()}/order/list` && (init?.method ?? 'GET') === 'GET')
      return Promise.resolve(json(orderListListBody([])));
    return Promise.resolve(json(created));
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  $customer.set(null);
  $notifications.set([]);
});

/** The product page's buy box: the counter (as the add-to-cart island renders it) and the order list island. */
function renderBuyBox() {
  render(
    <>
      <div data-buy-box>
        <QuantityCounter min={5} max={null} step={5} unit="C62" i18n={islandMessages('en-GB', COUNTER_MESSAGES)} />
        <AddToOrderList
          productId={PRODUCT_ID}
          name="Hex bolt M8"
          min={5}
          prefix="/de"
          i18n={islandMessages('en-GB', ADD_TO_ORDER_LIST_MESSAGES)}
        />
      </div>
      <Notifications closeLabel="Close" regionLabel="Notifications" />
    </>,
  );
}

const logIn = (rights: string[]) => act(() => $customer.set({ ...toCustomer(accountCustomerBody(rights))!, rights }));

describe('add to order list on the product page', () => {
  test('anonymous visitors and buyers without the right see no button', () => {
    renderBuyBox();
    expect(screen.queryByRole('button', { name: 'Add to order list' })).not.toBeInTheDocument();
    logIn(['ROLE_VIEW_PRICES']);
    expect(screen.queryByRole('button', { name: 'Add to order list' })).not.toBeInTheDocument();
  });

  test('a new list gets the article with the counter’s quantity; the notification links to it', async () => {
    renderBuyBox();
    logIn(['ROLE_MANAGE_ORDER_LISTS']);
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add to order list' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Hex bolt M8 to an order list' });
    // No list yet: the choice is a new list.
    expect(await within(dialog).findByRole('combobox', { name: 'Order list' })).toHaveValue('');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Bolts for hall 3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create list and add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(new URL(String(post[0])).pathname).toBe(`${providerBase()}/order/list`);
    const body = JSON.parse(String(post[1]!.body));
    expect(v.safeParse(OrderListCreateRequestSchema, body).success).toBe(true);
    expect(body).toEqual({
      name: 'Bolts for hall 3',
      ownerType: 'user',
      items: [{ productId: PRODUCT_ID, quantity: 10 }],
    });
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByText('Added to the order list Bolts for hall 3.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Open Bolts for hall 3' })).toHaveAttribute(
      'href',
      `/de/account/orderlist/details/${created.id}`,
    );
  });

  test('an invalid quantity in the counter disables the button', async () => {
    renderBuyBox();
    logIn(['ROLE_MANAGE_ORDER_LISTS']);
    const input = screen.getByRole('spinbutton', { name: /Quantity/ });
    await userEvent.clear(input);
    await userEvent.type(input, '7');
    expect(screen.getByRole('button', { name: 'Add to order list' })).toBeDisabled();
  });
});
