import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import {
  OrderHistoryDetailSchema,
  OrderHistoryResponseSchema,
  type OrderHistoryDetail,
} from '../../../contract/provider/order-history.ts';
import Notifications from '../../components/ui/Notifications.tsx';
import { I18nProvider } from '../../i18n/react.tsx';
import { islandMessages } from '../../i18n/translator.ts';
import { cartBody, productLine } from '../../lib/cart/testing/test-bodies.ts';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import { ACCOUNT_MESSAGES, accountRoutes } from './AccountApp.tsx';
import { fetchMock, json, setUpBrowserTests } from './testing/test-render.tsx';
import { providerBase } from '../../testing/test-browser.ts';

setUpBrowserTests();

const RIGHTS = ['ROLE_MANAGE_ORDER_HISTORY'];

function renderAt(path: string, rights: string[] = RIGHTS) {
  $customer.set({ ...toCustomer(accountCustomerBody(rights))!, rights });
  // The shop's own order history alone (flag native-order-history without order-history).
  const router = createMemoryRouter(
    [accountRoutes({ prefix: '', storefrontUrl: 'http://localhost', features: ['native-order-history'] })],
    { initialEntries: [path] },
  );
  render(
    <I18nProvider i18n={islandMessages('en-GB', ACCOUNT_MESSAGES)}>
      <RouterProvider router={router} />
      <Notifications closeLabel="Close" regionLabel="Notifications" />
    </I18nProvider>,
  );
  return router;
}

/** One page of the history as backend/store-api/order/order.routes.ts answers it. */
const historyPage = (page = 1) =>
  v.parse(OrderHistoryResponseSchema, {
    elements: [
      {
        id: '1'.repeat(32),
        orderNumber: '10023',
        orderDateTime: '2026-11-20T09:30:00.000Z',
        state: 'open',
        orderReference: 'PO-4711',
        amountTotal: 121,
        amountNet: 100,
        lineItemCount: 2,
        shippingOption: 'delivery',
      },
    ],
    total: 41,
    page,
    limit: 20,
  });

const address = {
  company: 'Bouwbedrijf Peeters NV',
  name: 'Hoofdkantoor',
  street: 'Noorderlaan',
  houseNumber: '112',
  box: null,
  zipcode: '2030',
  city: 'Antwerpen',
  countryCode: 'BE',
};

const line = (lineNumber: number, productNumber: string, label: string, quantity: number) => ({
  lineNumber,
  type: 'product' as const,
  productNumber,
  label,
  quantity,
  unit: 'PCE',
  unitPrice: 12.5,
  totalPrice: 12.5 * quantity,
  taxRate: 21,
  backorderQuantity: 0,
  remark: null,
  customerArticleNumber: null,
});

/** An order of the history detail as the backend answers it. */
const orderDetail: OrderHistoryDetail = v.parse(OrderHistoryDetailSchema, {
  id: '1'.repeat(32),
  orderNumber: '10023',
  orderDateTime: '2026-11-20T09:30:00.000Z',
  state: 'open',
  orderReference: 'PO-4711',
  fileNumber: null,
  remark: null,
  orderedBy: { firstName: 'Anna', lastName: 'Peeters', email: 'anna@peeters.example' },
  shippingOption: 'delivery',
  pickupLocation: null,
  splitDelivery: 'together',
  requestedShippingDate: null,
  shippingAddress: address,
  billingAddress: address,
  lines: [line(1, 'D-2000', 'Cordless drill', 2), line(2, 'X-9999', 'Discontinued saw', 1)],
  positionPrice: 37.5,
  discount: 0,
  shippingTotal: 9.95,
  surcharge: 0,
  amountNet: 47.45,
  taxes: [{ taxRate: 21, price: 47.45, tax: 9.96 }],
  amountTotal: 57.41,
  currency: 'EUR',
});

describe('order history', () => {
  test('filters in the URL fill the fields and become the query of the history call', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(historyPage(2))));
    renderAt('/account/orders?orderNumber=10023&state=open&dateFrom=2026-11-01&page=2');
    expect(await screen.findByRole('link', { name: '10023' })).toHaveAttribute('href', '/account/orders/details/10023');
    expect(screen.getByRole('textbox', { name: 'Order number' })).toHaveValue('10023');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    const url = new URL(String(fetchMock.mock.calls[0]![0]));
    expect(url.pathname).toBe(`${providerBase()}/sw/order/history`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: '2',
      limit: '20',
      orderNumber: '10023',
      dateFrom: '2026-11-01',
      state: 'open',
    });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  });

  test('a typed article number reaches the query string and the request; a from date after the to date does not', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(historyPage())));
    const router = renderAt('/account/orders');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Article number' }), 'D-2000');
    await waitFor(() => expect(router.state.location.search).toBe('?productNumber=D-2000'), { timeout: 3000 });
    await waitFor(() =>
      expect(new URL(String(fetchMock.mock.calls.at(-1)![0])).searchParams.get('productNumber')).toBe('D-2000'),
    );

    fireEvent.change(screen.getByLabelText('Date to'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?productNumber=D-2000&dateTo=2026-11-01'));
    fireEvent.change(screen.getByLabelText('Date from'), { target: { value: '2026-11-05' } });
    expect(screen.getByLabelText('Date to')).toHaveAccessibleDescription(
      "The 'from' date must not be after the 'to' date.",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('?productNumber=D-2000&dateTo=2026-11-01');
  });
});

describe('reorder', () => {
  test('adds the order’s products to the cart and names the one it could not add', async () => {
    const drillId = 'a1'.repeat(16);
    fetchMock.mockImplementation((url, init) => {
      const { pathname } = new URL(String(url));
      if (pathname === `${providerBase()}/sw/order/history/detail`) return Promise.resolve(json(orderDetail));
      // The discontinued saw no longer exists: the product search finds only the drill.
      if (pathname === '/store-api/product')
        return Promise.resolve(
          json({
            entity: 'product',
            total: 1,
            aggregations: [],
            page: 1,
            limit: 2,
            elements: [{ id: drillId, productNumber: 'D-2000', apiAlias: 'product' }],
            apiAlias: 'dal_entity_search_result',
          }),
        );
      if (pathname === '/store-api/checkout/cart/line-item' && init?.method === 'POST')
        return Promise.resolve(json(cartBody([productLine(drillId, 'D-2000', 'Cordless drill', 2, 12.5)])));
      return Promise.resolve(json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404));
    });
    renderAt('/account/orders/details/10023');
    await userEvent.click(await screen.findByRole('button', { name: 'Reorder' }));

    const missing = await screen.findByRole('list', { name: 'These articles could not be added to the cart:' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Discontinued saw (X-9999)']);
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/checkout');

    const add = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/checkout/cart/line-item') && init?.method === 'POST',
    )!;
    expect(JSON.parse(String(add[1]?.body))).toEqual({
      items: [{ id: drillId, referencedId: drillId, type: 'product', quantity: 2 }],
    });
  });
});

describe('prices', () => {
  /** The detail as the backend answers a customer without ROLE_VIEW_PRICES (backend/store-api/prices-hidden.ts). */
  const withoutPrices: OrderHistoryDetail = {
    ...orderDetail,
    lines: orderDetail.lines.map((l) => ({ ...l, unitPrice: 0, totalPrice: 0 })),
    positionPrice: 0,
    shippingTotal: 0,
    amountNet: 0,
    taxes: [],
    amountTotal: 0,
  };
  const serve = (detail: OrderHistoryDetail, page: ReturnType<typeof historyPage>) =>
    fetchMock.mockImplementation((url) =>
      Promise.resolve(json(String(url).includes('/sw/order/history/detail') ? detail : page)),
    );

  test('without ROLE_VIEW_PRICES the list has no total column and the detail says "Prices on request"', async () => {
    const page = historyPage();
    serve(withoutPrices, { ...page, elements: page.elements.map((o) => ({ ...o, amountTotal: 0, amountNet: 0 })) });
    renderAt('/account/orders');
    const table = (await screen.findByRole('link', { name: '10023' })).closest('table')!;
    expect(within(table).queryByRole('columnheader', { name: 'Total' })).not.toBeInTheDocument();
    expect(table).not.toHaveTextContent('€');
    cleanup();
    renderAt('/account/orders/details/10023');
    const drill = (await screen.findByText('Cordless drill')).closest('tr')!;
    expect(
      within(drill)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Cordless drillD-2000', '2']);
    expect(within(screen.getByLabelText('Totals')).getByText('Total').nextSibling).toHaveTextContent(
      'Prices on request',
    );
    expect(document.body).not.toHaveTextContent('€');
  });

  test('with ROLE_VIEW_PRICES the list and the detail show the amounts', async () => {
    serve(orderDetail, historyPage());
    renderAt('/account/orders', [...RIGHTS, 'ROLE_VIEW_PRICES']);
    expect((await screen.findByRole('link', { name: '10023' })).closest('tr')).toHaveTextContent('€121.00');
    cleanup();
    renderAt('/account/orders/details/10023', [...RIGHTS, 'ROLE_VIEW_PRICES']);
    expect((await screen.findByText('Cordless drill')).closest('tr')).toHaveTextContent('€25.00');
    expect(within(screen.getByLabelText('Totals')).getByText('Total').nextSibling).toHaveTextContent('€57.41');
  });
});
