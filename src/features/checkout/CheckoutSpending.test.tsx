import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { CostCenterCartResponseSchema, CostCenterListResponseSchema } from '../../../contract/provider/cost-center.ts';
import {
  OrderReferenceCartResponseSchema,
  OrderReferenceSearchResponseSchema,
} from '../../../contract/provider/order-reference.ts';
import { OrderApprovalRequestSchema } from '../../../contract/order.ts';
import { CartOrderFlowBudgetSchema, CartOrderReferenceBudgetSchema } from '../../../contract/provider/order-flow.ts';
import type { FeatureFlag } from '../../lib/feature-flags.ts';
import { cartError, checkoutCart, productLine } from './testing/test-bodies.ts';
import { fetchMock, json, setUpBrowserTests } from '../../testing/test-browser.ts';
import { cartPageAnswer, notFound, renderCheckout, renderCheckoutRoute } from './testing/test-render.tsx';
import { providerBase } from '../../testing/test-browser.ts';

const REFERENCE_ID = '0a'.repeat(16);
const CENTRE_ID = '0c'.repeat(16);
const reference = {
  id: REFERENCE_ID,
  name: 'PO-4711',
  budget: 5000,
  remainingBudget: 3200.5,
  period: 'monthly',
  startDate: '2026-01-01',
  currentPeriod: { start: '2026-11-26T23:00:00.000Z', end: '2026-12-26T23:00:00.000Z' },
  endDate: null,
} as const;
const searchBody = v.parse(OrderReferenceSearchResponseSchema, {
  elements: [reference, { ...reference, id: '0b'.repeat(16), name: 'PO-4712', remainingBudget: 0 }],
});
const centre = { id: CENTRE_ID, identifier: 'CC-100', name: 'Workshop' };

setUpBrowserTests();

const drill = productLine('a1'.repeat(16), 'D-2000', 'Cordless drill', 2, 12.5);

function serve(cart: ReturnType<typeof checkoutCart>, order?: unknown) {
  fetchMock.mockImplementation((url, init) => {
    const { pathname } = new URL(String(url));
    const method = init?.method ?? 'GET';
    if (pathname === '/store-api/checkout/order' && order) return Promise.resolve(json(order));
    const answer = cartPageAnswer(pathname, method, cart);
    if (answer) return Promise.resolve(answer);
    if (pathname.startsWith(`${providerBase()}/order-reference/search/`)) return Promise.resolve(json(searchBody));
    if (pathname === `${providerBase()}/order-reference/cart/${REFERENCE_ID}`)
      return Promise.resolve(json(v.parse(OrderReferenceCartResponseSchema, { orderReference: reference })));
    if (pathname === `${providerBase()}/cost-center`)
      return Promise.resolve(json(v.parse(CostCenterListResponseSchema, { elements: [centre] })));
    if (pathname === `${providerBase()}/cost-center/cart/${CENTRE_ID}`)
      return Promise.resolve(json(v.parse(CostCenterCartResponseSchema, { costCenter: centre })));
    return Promise.resolve(notFound());
  });
}

const renderAt = (rights: string[], features: FeatureFlag[] = []) => renderCheckout(rights, { features });

/** A cart whose buyer is in the flow Workshop: €750 left, approval from €1,000, this order reaching it. */
function flowCart(needsApproval: boolean) {
  const cart = checkoutCart({ lines: [drill] });
  return {
    ...cart,
    extensions: {
      orderFlowBudget: v.parse(CartOrderFlowBudgetSchema, {
        flowId: '0f'.repeat(16),
        name: 'Workshop',
        budget: 2000,
        remaining: 750,
        period: { start: '2026-10-31T23:00:00.000Z', end: '2026-11-30T23:00:00.000Z' },
        approveFrom: 1000,
        approveFromPeriod: 3000,
        orderedInPeriod: 1200,
        needsApproval,
        apiAlias: 'cart_order_flow_budget',
      }),
    },
  };
}

const calls = (path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([url, init]) => new URL(String(url)).pathname === `${providerBase()}${path}` && (init?.method ?? 'GET') === method,
  );

describe('checkout spending', () => {
  test('the order reference search offers the references with their remaining budget and sets the chosen one on the cart', async () => {
    serve(checkoutCart({ lines: [drill] }));
    renderAt(['ROLE_PLACE_ORDERS', 'ROLE_ADD_ORDER_REFERENCES']);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your order reference' }), 'PO');
    const options = await screen.findByRole('list', { name: 'Order references of your company' }, { timeout: 3000 });
    expect(calls('/order-reference/search/PO')).toHaveLength(1);
    expect(within(options).getByRole('button', { name: /PO-4711.*€3,200.50 left/ })).toBeInTheDocument();
    expect(within(options).getByRole('button', { name: /PO-4712.*€0.00 left/ })).toBeInTheDocument();
    const cartReads = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/checkout/cart')).length;
    await userEvent.click(within(options).getByRole('button', { name: /PO-4711/ }));
    expect(screen.getByRole('textbox', { name: 'Your order reference' })).toHaveValue('PO-4711');
    expect(await screen.findByText(/Order reference PO-4711 is set on the cart/)).toBeInTheDocument();
    expect(calls(`/order-reference/cart/${REFERENCE_ID}`, 'PUT')).toHaveLength(1);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/checkout/cart')).length).toBeGreaterThan(
        cartReads,
      ),
    );
  });

  test('without ROLE_ADD_ORDER_REFERENCES the field is plain text and nothing is searched', async () => {
    serve(checkoutCart({ lines: [drill] }));
    renderAt(['ROLE_PLACE_ORDERS']);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your order reference' }), 'PO');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/order-reference/search/'))).toBe(false);
  });

  test('the blocked budget errors read as translated text and block the submit', async () => {
    serve(
      checkoutCart({
        lines: [drill],
        errors: [
          cartError('werkbank-flow-unsufficient-budget-blocked', 20, {
            key: 'werkbank-flow-unsufficient-budget-blocked',
          }),
          cartError('werkbank-order-reference-unsufficient-budget-blocked', 20, {
            key: 'werkbank-order-reference-unsufficient-budget-blocked',
          }),
        ],
      }),
    );
    renderAt(['ROLE_PLACE_ORDERS']);
    const errors = await screen.findByRole('list', { name: 'Notes on the cart' });
    expect(
      within(errors).getByText('Your flow budget does not cover this order, so it cannot be placed.'),
    ).toBeInTheDocument();
    expect(
      within(errors).getByText(
        'The order exceeds the budget of the order reference, so it can be neither placed nor sent for approval.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place binding order' })).toBeDisabled();
  });

  test('with the cost-center module the cost centre is chosen for the cart', async () => {
    serve(checkoutCart({ lines: [drill] }));
    renderAt(['ROLE_PLACE_ORDERS', 'ROLE_ACCESS_COST_CENTER'], ['cost-center-module']);
    const select = await screen.findByRole('combobox', { name: 'Cost centre' });
    await userEvent.selectOptions(select, CENTRE_ID);
    await waitFor(() => expect(calls(`/cost-center/cart/${CENTRE_ID}`, 'PUT')).toHaveLength(1));
  });

  test('without the module no cost centre is offered', async () => {
    serve(checkoutCart({ lines: [drill] }));
    renderAt(['ROLE_PLACE_ORDERS', 'ROLE_ACCESS_COST_CENTER']);
    await screen.findByRole('textbox', { name: 'Your order reference' });
    expect(screen.queryByRole('combobox', { name: 'Cost centre' })).not.toBeInTheDocument();
    expect(calls('/cost-center')).toHaveLength(0);
  });

  test('the flow budget shows what is left and the threshold; an order needing approval is sent as a request', async () => {
    serve(
      flowCart(true),
      v.parse(OrderApprovalRequestSchema, {
        apiAlias: 'order_approval_request',
        id: '0e'.repeat(16),
        approvalNumber: 'A-10007',
        status: 'pending',
      }),
    );
    const { navigate } = renderAt(['ROLE_PLACE_ORDERS']);
    const budget = await screen.findByRole('region', { name: 'Your budget' });
    // The period is 30 days from the flow's start, shown with its first and last day beside what is left.
    expect(within(budget).getByText(/€750.00 left of your flow budget/)).toHaveTextContent(
      '€750.00 left of your flow budget · current period 1 Nov 2026 – 30 Nov 2026',
    );
    expect(within(budget).getByText('Orders from €1,000.00 (net) need an approval.')).toBeInTheDocument();
    expect(
      within(budget).getByText(
        'Once your orders in this period sum above €3,000.00 (net; €1,200.00 so far), each further order needs an approval.',
      ),
    ).toBeInTheDocument();
    expect(within(budget).getByText(/This order needs an approval/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send for approval' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/checkout/success?approvalNumber=A-10007'));
    cleanup();
    renderCheckoutRoute('/checkout/success?approvalNumber=A-10007');
    expect(await screen.findByRole('heading', { name: 'Sent for approval' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('The request A-10007 has been sent to your approvers');
  });

  test('below the threshold the submit places the order', async () => {
    serve(flowCart(false));
    renderAt(['ROLE_PLACE_ORDERS']);
    expect(await screen.findByRole('button', { name: 'Place binding order' })).toBeInTheDocument();
    expect(screen.queryByText(/This order needs an approval/)).not.toBeInTheDocument();
  });

  test('a cart already booked to an order reference starts with it and its remaining budget', async () => {
    const cart = checkoutCart({ lines: [drill] });
    const booked = {
      ...cart,
      extensions: {
        orderReferenceBudget: v.parse(CartOrderReferenceBudgetSchema, {
          orderReferenceId: REFERENCE_ID,
          name: 'PO-4711',
          budget: 5000,
          remaining: 3200.5,
          period: { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' },
          apiAlias: 'cart_order_reference_budget',
        }),
      },
    };
    serve(booked);
    renderAt(['ROLE_PLACE_ORDERS', 'ROLE_ADD_ORDER_REFERENCES']);
    expect(await screen.findByRole('textbox', { name: 'Your order reference' })).toHaveValue('PO-4711');
    expect(screen.getByText(/Order reference PO-4711 is set on the cart · €3,200.50 left/)).toBeInTheDocument();
    expect(screen.getByText('€3,200.50 left of the budget of order reference PO-4711')).toBeInTheDocument();
  });
});
