import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { StoreApiErrorEnvelopeSchema } from '../../../../contract/errors.ts';
import { OrderHistoryResponseSchema } from '../../../../contract/provider/order-history.ts';
import { $cartCount } from '../../../lib/cart/cart-store.ts';
import { cartBody, productLine } from '../../../lib/cart/testing/test-bodies.ts';
import type { FeatureFlag } from '../../../lib/feature-flags.ts';
import {
  erpOrderDetailBody,
  erpOrderPageBody,
  erpOrderSummaryBody,
  invoiceBody,
  invoicePageBody,
  offerDetailBody,
  offerPageBody,
  offerSummaryBody,
  offerToCartBody,
} from '../testing/erp-test-bodies.ts';
import { bodyOf, fetchMock, json, providerCalls, renderAccount, setUpBrowserTests } from '../testing/test-render.tsx';
import { providerBase } from '../../../testing/test-browser.ts';

setUpBrowserTests();

const ALL_FLAGS: FeatureFlag[] = ['order-history', 'native-order-history', 'invoice-history', 'offer-history'];
const ERP_RIGHTS = ['ROLE_MANAGE_ORDER_HISTORY', 'ROLE_MANAGE_INVOICE_HISTORY', 'ROLE_MANAGE_OFFER_HISTORY'];

/** Answers each provider path (below `${providerBase()}`) with its body; anything else 404. */
function serve(routes: Record<string, (init?: RequestInit) => Response>) {
  fetchMock.mockImplementation((url, init) => {
    const { pathname } = new URL(String(url));
    const route = routes[pathname.replace(`${providerBase()}`, '')] ?? routes[pathname];
    return Promise.resolve(
      route ? route(init) : json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404),
    );
  });
}

/** The query of the last call of a provider path. */
const lastQuery = (path: string) =>
  Object.fromEntries(new URL(String(providerCalls(path).at(-1)![0])).searchParams) as Record<string, string>;

/** The Store API's answer to a from-date after the to-date (backend/http/validate.ts). */
const rangeViolation = () =>
  json(
    v.parse(StoreApiErrorEnvelopeSchema, {
      errors: [
        {
          status: '400',
          code: 'VIOLATION::TOO_HIGH_ERROR',
          title: 'Constraint violation error',
          detail: 'This value should be 2026-11-01 or less.',
          source: { pointer: '/dateFrom' },
        },
      ],
    }),
    400,
  );

describe('orders of every channel', () => {
  test('filters in the URL fill the form and become the query; status, channel and detail link per order', async () => {
    serve({ '/order/history': () => json(erpOrderPageBody([erpOrderSummaryBody()], 41, 2)) });
    renderAccount(
      '/account/orders?orderNumber=700123&customerArticleNumber=BP-DRILL&dateFrom=2026-11-01&status=not_open&page=2',
      ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_ORDER_HISTORY'],
      ['order-history'],
    );
    const link = await screen.findByRole('link', { name: '700123' });
    expect(link).toHaveAttribute('href', '/account/orders/details/700123/01/BRU');
    expect(lastQuery('/order/history')).toEqual({
      page: '2',
      limit: '20',
      orderNumber: '700123',
      customerArticleNumber: 'BP-DRILL',
      dateFrom: '2026-11-01',
      status: 'not_open',
    });
    expect(screen.getByRole('textbox', { name: 'Your article number' })).toHaveValue('BP-DRILL');
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(status).toHaveValue('not_open');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All',
      'Open',
      'In progress',
      'Being prepared',
      'Not yet shipped',
      'Backorder',
      'Blocked',
      'Shipped',
      'Shipped and invoiced',
      'Invoiced',
      'Completed',
      'Cancelled',
      'Not open',
    ]);
    const row = link.closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2 Nov 2026', 'Shipped', 'Phone', 'Site Schelde', 'PO-2026-001', '2', '€150.00']);
    expect(screen.getByRole('table', { name: 'Orders of every channel' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    // Only the ERP's list: no tabs without native-order-history.
    expect(screen.queryByRole('navigation', { name: 'Order views' })).not.toBeInTheDocument();
  });

  test('typed filters reach the query string and the request; a from date after the to date is refused', async () => {
    serve({ '/order/history': () => json(erpOrderPageBody([erpOrderSummaryBody()])) });
    const router = renderAccount(
      '/account/orders',
      ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_ORDER_HISTORY'],
      ['order-history'],
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'Customer reference' }), 'Schelde');
    await waitFor(() => expect(router.state.location.search).toBe('?customerReference=Schelde'), { timeout: 3000 });
    await waitFor(() => expect(lastQuery('/order/history').customerReference).toBe('Schelde'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'backorder');
    await waitFor(() => expect(router.state.location.search).toBe('?customerReference=Schelde&status=backorder'));
    await waitFor(() => expect(lastQuery('/order/history').status).toBe('backorder'));

    fireEvent.change(screen.getByLabelText('Date to'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastQuery('/order/history').dateTo).toBe('2026-11-01'));
    const calls = providerCalls('/order/history').length;
    fireEvent.change(screen.getByLabelText('Date from'), { target: { value: '2026-11-05' } });
    expect(screen.getByLabelText('Date from')).toHaveAccessibleDescription(
      "The 'from' date must not be after the 'to' date.",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('?customerReference=Schelde&dateTo=2026-11-01&status=backorder');
    expect(providerCalls('/order/history')).toHaveLength(calls);
  });

  test('with the shop’s own history as well, tabs lead from every channel to the orders placed in the shop', async () => {
    serve({
      '/order/history': () => json(erpOrderPageBody([erpOrderSummaryBody()])),
      '/sw/order/history': () =>
        json(v.parse(OrderHistoryResponseSchema, { elements: [], total: 0, page: 1, limit: 20 })),
    });
    const router = renderAccount('/account/orders', ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_ORDER_HISTORY'], ALL_FLAGS);
    const tabs = await screen.findByRole('navigation', { name: 'Order views' });
    expect(within(tabs).getByRole('link', { name: 'All orders' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(tabs).getByRole('link', { name: 'Placed in the shop' }));
    // The shop's orders are their own screen, loaded with their route.
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orders/shop'));
    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(providerCalls('/sw/order/history')).toHaveLength(1);
    const shopTabs = screen.getByRole('navigation', { name: 'Order views' });
    expect(within(shopTabs).getByRole('link', { name: 'Placed in the shop' })).toHaveAttribute('aria-current', 'page');
    expect(within(shopTabs).getByRole('link', { name: 'All orders' })).not.toHaveAttribute('aria-current');
  });

  test('the detail shows lines, deliveries with tracking number, invoice PDFs and totals; reorder adds by number', async () => {
    const drill = 'a1'.repeat(16);
    const screws = 'b2'.repeat(16);
    serve({
      '/order/history/detail': () => json(erpOrderDetailBody()),
      '/store-api/product': () =>
        json({
          entity: 'product',
          total: 2,
          aggregations: [],
          page: 1,
          limit: 2,
          elements: [
            { id: drill, productNumber: 'D-2000', apiAlias: 'product' },
            { id: screws, productNumber: 'S-100', apiAlias: 'product' },
          ],
          apiAlias: 'dal_entity_search_result',
        }),
      '/store-api/checkout/cart/line-item': () =>
        json(
          cartBody([
            productLine(drill, 'D-2000', 'Cordless drill', 2, 50),
            productLine(screws, 'S-100', 'Wood screws 4x40', 5, 10),
          ]),
        ),
    });
    renderAccount(
      '/account/orders/details/700123/01/BRU',
      ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_ORDER_HISTORY', 'ROLE_MANAGE_INVOICE_HISTORY'],
      ['order-history'],
    );
    expect(await screen.findByRole('heading', { name: 'Order 700123' })).toBeInTheDocument();
    expect(lastQuery('/order/history/detail')).toEqual({ orderNumber: '700123', firm: '01', warehouse: 'BRU' });

    const lines = screen.getByRole('table', { name: 'Lines of the order' });
    const screwsRow = within(lines)
      .getByRole('rowheader', { name: /Wood screws/ })
      .closest('tr')!;
    expect(
      within(screwsRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '–', '5 packs', '3', '€10.00', '€50.00', '12 Nov 2026', '–', 'LS-5001']);
    const drillRow = within(lines)
      .getByRole('rowheader', { name: /Cordless drill/ })
      .closest('tr')!;
    expect(drillRow).toHaveTextContent('BP-DRILL');
    expect(drillRow).toHaveTextContent('9260001235 Nov 2026');

    const deliveries = screen.getByRole('table', { name: 'Deliveries' });
    expect(within(deliveries).getByRole('rowheader', { name: 'LS-5001' }).closest('tr')).toHaveTextContent(
      '3S-BE-000123',
    );
    expect(screen.getByRole('link', { name: 'Invoice 926000123 (PDF)' })).toHaveAttribute(
      'href',
      `${providerBase()}/invoice/926000123/document`,
    );
    expect(screen.getByRole('link', { name: 'Proof of delivery for invoice 926000123 (PDF)' })).toHaveAttribute(
      'href',
      `${providerBase()}/invoice/926000123/proof-of-delivery`,
    );
    expect(screen.getByRole('link', { name: 'Invoice 926000123 (PDF)' })).toHaveAttribute('download');
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('Shipping').nextSibling).toHaveTextContent('€9.95');
    expect(within(totals).getByText('plus 21% VAT').nextSibling).toHaveTextContent('€33.59');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('€193.54');

    await userEvent.click(screen.getByRole('button', { name: 'Reorder' }));
    expect(await screen.findByText('All articles of the order are in the cart.')).toBeInTheDocument();
    expect(bodyOf(fetchMock.mock.calls.find(([url]) => String(url).endsWith('/checkout/cart/line-item')))).toEqual({
      items: [
        { id: drill, referencedId: drill, type: 'product', quantity: 2 },
        { id: screws, referencedId: screws, type: 'product', quantity: 5 },
      ],
    });
  });

  test('without the invoice history right the detail lists the invoice without its PDFs', async () => {
    serve({ '/order/history/detail': () => json(erpOrderDetailBody()) });
    renderAccount(
      '/account/orders/details/700123/01',
      ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_ORDER_HISTORY'],
      ['order-history'],
    );
    const invoices = await screen.findByRole('table', { name: 'Invoices' });
    expect(lastQuery('/order/history/detail')).toEqual({ orderNumber: '700123', firm: '01' });
    expect(within(invoices).getByRole('rowheader', { name: '926000123' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /PDF/ })).not.toBeInTheDocument();
  });
});

describe('invoices', () => {
  test('filters become the query; each invoice links its PDF and, when delivered, its proof of delivery', async () => {
    serve({
      '/invoice/history': () =>
        json(invoicePageBody([invoiceBody(), invoiceBody({ invoiceNumber: '926000124', proofOfDeliveryLink: null })])),
    });
    const router = renderAccount(
      '/account/invoices?orderNumber=700123',
      ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_INVOICE_HISTORY'],
      ['invoice-history'],
    );
    expect(await screen.findByText('2 invoices')).toBeInTheDocument();
    expect(lastQuery('/invoice/history')).toEqual({ page: '1', limit: '20', orderNumber: '700123' });
    expect(screen.getByRole('link', { name: 'Invoice 926000124 (PDF)' })).toHaveAttribute(
      'href',
      `${providerBase()}/invoice/926000124/document`,
    );
    expect(screen.getAllByRole('link', { name: /Proof of delivery/ }).map((a) => a.getAttribute('href'))).toEqual([
      `${providerBase()}/invoice/926000123/proof-of-delivery`,
    ]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Invoice number' }), '926000123');
    await waitFor(() => expect(router.state.location.search).toBe('?invoiceNumber=926000123&orderNumber=700123'), {
      timeout: 3000,
    });
    await waitFor(() => expect(lastQuery('/invoice/history').invoiceNumber).toBe('926000123'));
  });
});

describe('offers', () => {
  test('the status filter reaches the query string and the request; a from date after the to date is refused', async () => {
    serve({ '/offer/history': () => json(offerPageBody([offerSummaryBody()])) });
    const router = renderAccount(
      '/account/offers',
      ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_OFFER_HISTORY'],
      ['offer-history'],
    );
    const link = await screen.findByRole('link', { name: 'AN-4001' });
    expect(link).toHaveAttribute('href', '/account/offers/AN-4001');
    expect(link.closest('tr')).toHaveTextContent('Processed');
    expect(screen.getByRole('link', { name: 'Offer AN-4001 (PDF)' })).toHaveAttribute(
      'href',
      `${providerBase()}/offer/AN-4001/document`,
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'processed');
    await waitFor(() => expect(router.state.location.search).toBe('?status=processed'));
    await waitFor(() => expect(lastQuery('/offer/history')).toEqual({ page: '1', limit: '20', status: 'processed' }));

    fireEvent.change(screen.getByLabelText('Date to'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=processed&dateTo=2026-11-01'));
    // The request of the new query follows the URL; count the calls once it has gone out.
    await waitFor(() => expect(lastQuery('/offer/history')).toMatchObject({ dateTo: '2026-11-01' }));
    const calls = providerCalls('/offer/history').length;
    fireEvent.change(screen.getByLabelText('Date from'), { target: { value: '2026-11-02' } });
    expect(screen.getByLabelText('Date from')).toHaveAccessibleDescription(
      "The 'from' date must not be after the 'to' date.",
    );
    expect(screen.getByLabelText('Date from')).toBeInvalid();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.search).toBe('?status=processed&dateTo=2026-11-01');
    expect(providerCalls('/offer/history')).toHaveLength(calls);
  });

  test('the server’s date-range violation shows at the from date', async () => {
    serve({ '/offer/history': () => rangeViolation() });
    renderAccount(
      '/account/offers?dateFrom=2026-11-05&dateTo=2026-11-01',
      ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_OFFER_HISTORY'],
      ['offer-history'],
    );
    expect(await screen.findByText('No offers found.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByLabelText('Date from')).toHaveAccessibleDescription(
        "The 'from' date must not be after the 'to' date.",
      ),
    );
    expect(lastQuery('/offer/history')).toMatchObject({ dateFrom: '2026-11-05', dateTo: '2026-11-01' });
  });

  test('a processed, valid offer goes into the cart: the endpoint, a notification and the cart badge', async () => {
    const drill = 'a1'.repeat(16);
    serve({
      '/offer/history/detail': () => json(offerDetailBody()),
      '/offer/cart': () => json(offerToCartBody(1)),
      '/store-api/checkout/cart': () => json(cartBody([productLine(drill, 'D-2000', 'Cordless drill', 10, 47.5)])),
    });
    renderAccount('/account/offers/AN-4001', ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_OFFER_HISTORY'], ['offer-history']);
    expect(await screen.findByRole('heading', { name: 'Offer AN-4001' })).toBeInTheDocument();
    expect(lastQuery('/offer/history/detail')).toEqual({ offerNumber: 'AN-4001' });
    const line = within(screen.getByRole('table', { name: 'Lines of the offer' }))
      .getByRole('rowheader', { name: 'Cordless drill' })
      .closest('tr')!;
    expect(
      within(line)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'D-2000', 'BP-DRILL', '10 pieces', '20 Nov 2026', '€47.50', '€475.00']);
    expect(screen.getByText('10 Dec 2099')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Offer AN-4001 (PDF)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Put into the cart' }));
    expect(await screen.findByText('1 line of offer AN-4001 is now in the cart.')).toBeInTheDocument();
    expect(providerCalls('/offer/cart', 'POST').map(bodyOf)).toEqual([{ offerNumber: 'AN-4001' }]);
    expect($cartCount.get()).toBe(1);
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/checkout');
  });

  test('an open offer and an expired one cannot go into the cart', async () => {
    serve({
      '/offer/history/detail': () =>
        json(
          offerDetailBody({
            status: 'open',
            validUntil: null,
            totalPrice: null,
            documentLink: null,
            processedAt: null,
            lines: [{ ...offerDetailBody().lines[0]!, unitPrice: null, totalPrice: null, deliveryDate: null }],
          }),
        ),
    });
    renderAccount('/account/offers/AN-4001', ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_OFFER_HISTORY'], ['offer-history']);
    expect(await screen.findByText('Not yet processed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Put into the cart' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /PDF/ })).not.toBeInTheDocument();
    cleanup();

    serve({ '/offer/history/detail': () => json(offerDetailBody({ validUntil: '2026-01-31' })) });
    renderAccount('/account/offers/AN-4001', ['ROLE_VIEW_PRICES', 'ROLE_MANAGE_OFFER_HISTORY'], ['offer-history']);
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Put into the cart' })).not.toBeInTheDocument();
  });
});

describe('sections', () => {
  const sidebar = async () =>
    within(await screen.findByRole('navigation', { name: 'Account area' }))
      .getAllByRole('link')
      .map((a) => a.textContent);

  test('orders, invoices and offers need their right and their flag', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ errors: [] }, 404)));
    renderAccount('/account/dashboard', ERP_RIGHTS, ALL_FLAGS);
    expect(await sidebar()).toEqual(['Dashboard', 'Orders', 'Offers', 'Invoices']);
    cleanup();
    renderAccount('/account/dashboard', ['ROLE_MANAGE_ORDER_HISTORY'], ALL_FLAGS);
    expect(await sidebar()).toEqual(['Dashboard', 'Orders']);
    cleanup();
    renderAccount('/account/dashboard', ERP_RIGHTS, []);
    expect(await sidebar()).toEqual(['Dashboard']);
    cleanup();
    renderAccount('/account/invoices', ERP_RIGHTS, ['order-history', 'offer-history']);
    expect(await screen.findByText('This page does not exist in the account area.')).toBeInTheDocument();
    expect(providerCalls('/invoice/history')).toHaveLength(0);
  });
});

describe('without ROLE_VIEW_PRICES (the server answers every amount 0 and refuses priced PDFs)', () => {
  const noPriceInvoice = (overrides: Parameters<typeof invoiceBody>[0] = {}) =>
    invoiceBody({ totalPrice: 0, totalAmount: 0, ...overrides });

  test('invoices list without amounts and invoice PDFs, say why, and keep the proof of delivery', async () => {
    serve({
      '/invoice/history': () =>
        json(
          invoicePageBody([
            noPriceInvoice(),
            noPriceInvoice({ invoiceNumber: '926000124', proofOfDeliveryLink: null }),
          ]),
        ),
    });
    renderAccount('/account/invoices', ['ROLE_MANAGE_INVOICE_HISTORY'], ['invoice-history']);
    expect(await screen.findByText('2 invoices')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Amounts and invoice PDFs are shown only to users who may see prices. ' +
          'You can download proofs of delivery.',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Invoices' });
    expect(within(table).queryByRole('columnheader', { name: /total/i })).not.toBeInTheDocument();
    expect(table).not.toHaveTextContent('€');
    expect(screen.queryByRole('link', { name: /^Invoice \d+ \(PDF\)$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proof of delivery for invoice 926000123 (PDF)' })).toHaveAttribute(
      'href',
      `${providerBase()}/invoice/926000123/proof-of-delivery`,
    );
  });

  test('an order of the ERP shows lines and quantities, "Prices on request" for its totals, no invoice PDF', async () => {
    const priced = erpOrderDetailBody();
    serve({
      '/order/history/detail': () =>
        json(
          erpOrderDetailBody({
            totalPrice: 0,
            totalAmount: 0,
            deliveryCost: 0,
            taxes: [],
            lines: priced.lines.map((line) => ({ ...line, unitPrice: 0, totalPrice: 0 })),
            invoices: [noPriceInvoice()],
          }),
        ),
    });
    renderAccount(
      '/account/orders/details/700123/01/BRU',
      ['ROLE_MANAGE_ORDER_HISTORY', 'ROLE_MANAGE_INVOICE_HISTORY'],
      ['order-history'],
    );
    expect(await screen.findByRole('heading', { name: 'Order 700123' })).toBeInTheDocument();
    const screwsRow = within(screen.getByRole('table', { name: 'Lines of the order' }))
      .getByRole('rowheader', { name: /Wood screws/ })
      .closest('tr')!;
    expect(
      within(screwsRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '–', '5 packs', '3', '12 Nov 2026', '–', 'LS-5001']);
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('Prices on request');
    expect(document.body).not.toHaveTextContent('€');
    expect(screen.queryByRole('link', { name: 'Invoice 926000123 (PDF)' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Proof of delivery for invoice 926000123 (PDF)' })).toBeInTheDocument();
  });

  test('an offer shows its lines without prices and without its PDF, and still goes into the cart', async () => {
    const priced = offerDetailBody();
    serve({
      '/offer/history/detail': () =>
        json(
          offerDetailBody({
            totalPrice: 0,
            lines: priced.lines.map((line) => ({ ...line, unitPrice: 0, totalPrice: 0 })),
          }),
        ),
    });
    renderAccount('/account/offers/AN-4001', ['ROLE_MANAGE_OFFER_HISTORY'], ['offer-history']);
    expect(await screen.findByRole('heading', { name: 'Offer AN-4001' })).toBeInTheDocument();
    const line = within(screen.getByRole('table', { name: 'Lines of the offer' }))
      .getByRole('rowheader', { name: 'Cordless drill' })
      .closest('tr')!;
    expect(
      within(line)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'D-2000', 'BP-DRILL', '10 pieces', '20 Nov 2026']);
    expect(screen.getByText('Total excl. VAT').nextSibling).toHaveTextContent('Prices on request');
    expect(document.body).not.toHaveTextContent('€');
    expect(screen.queryByRole('link', { name: 'Offer AN-4001 (PDF)' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Put into the cart' })).toBeInTheDocument();
  });
});
