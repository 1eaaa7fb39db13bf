import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import {
  approvalActionsBody,
  approvalBody,
  approvalDecisionBody,
  approvalListBody,
  testId,
} from '../testing/spending-test-bodies.ts';
import { bodyOf, fetchMock, json, providerCalls, renderAccount, setUpBrowserTests } from '../testing/test-render.tsx';

setUpBrowserTests({ loggedIn: false });

const renderAt = (path: string, rights: string[] = ['ROLE_APPROVE_ORDER_FLOWS']) => renderAccount(path, rights);
const calls = (path: string) => providerCalls(path);

const first = approvalBody();
const second = approvalBody({
  id: testId(2),
  approvalNumber: 'A-10002',
  requester: { id: testId(901), firstName: 'Eva', lastName: 'Gruber', username: 'eva.gruber' },
});
const decided = approvalBody({
  id: testId(3),
  approvalNumber: 'A-10003',
  status: 'approved',
  orderNumber: '10040',
  canDecide: false,
});

describe('approvals list', () => {
  test('filters in the query string become the list criteria; a status change writes the query string', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(approvalListBody([first, decided]))));
    const router = renderAt('/account/approvals?status=pending&term=Peeters&page=2');
    expect(await screen.findByRole('link', { name: 'A-10001' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: /Search/ })).toHaveValue('Peeters');
    expect(bodyOf(calls('/order/approvals')[0])).toEqual({ page: 2, limit: 20, status: 'pending', term: 'Peeters' });
    // The approved request shows its order number and offers no decision.
    const row = screen.getByRole('link', { name: '10040' }).closest('tr')!;
    expect(within(row).queryByRole('checkbox')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'declined');
    await waitFor(() => expect(router.state.location.search).toBe('?status=declined&term=Peeters'));
  });

  test('approving one request asks first, then calls approve and names the new order', async () => {
    fetchMock.mockImplementation((url) => {
      const { pathname } = new URL(String(url));
      if (pathname.endsWith('/order/approve/' + first.id)) return Promise.resolve(json(approvalDecisionBody()));
      return Promise.resolve(json(approvalListBody([first])));
    });
    renderAt('/account/approvals');
    await userEvent.click(await screen.findByRole('button', { name: 'Approve A-10001' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Approve the request A-10001 of Jan Peeters?');
    expect(calls(`/order/approve/${first.id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Request A-10001 approved: order 10042 has been placed.')).toBeInTheDocument();
    expect(calls(`/order/approve/${first.id}`)).toHaveLength(1);
    // The list is read again after the decision.
    await waitFor(() => expect(calls('/order/approvals')).toHaveLength(2));
  });

  test('cancelling the confirmation decides nothing', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(approvalListBody([first]))));
    renderAt('/account/approvals');
    await userEvent.click(await screen.findByRole('button', { name: 'Disapprove A-10001' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls('/order/approvals/actions')).toHaveLength(0);
  });

  test('bulk disapproval of the selected requests reports each outcome and each refusal', async () => {
    fetchMock.mockImplementation((url) => {
      const { pathname } = new URL(String(url));
      if (pathname.endsWith('/order/approvals/actions'))
        return Promise.resolve(
          json(
            approvalActionsBody([
              {
                id: first.id,
                action: 'decline',
                outcome: {
                  id: first.id,
                  approvalNumber: 'A-10001',
                  status: 'declined',
                  orderId: null,
                  orderNumber: null,
                },
                error: null,
              },
              {
                id: second.id,
                action: 'decline',
                outcome: null,
                error: { status: '409', code: 'WERKBANK__APPROVAL_ALREADY_DECIDED', detail: 'Already decided.' },
              },
            ]),
          ),
        );
      return Promise.resolve(json(approvalListBody([first, second])));
    });
    renderAt('/account/approvals');
    const disapproveSelected = await screen.findByRole('button', { name: 'Disapprove selected' });
    expect(disapproveSelected).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all requests that can be decided' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await userEvent.click(disapproveSelected);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Disapprove the 2 selected requests?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disapprove' }));
    expect(await screen.findByText('Request A-10001 disapproved.')).toBeInTheDocument();
    expect(screen.getByText('Request A-10002: This request has already been decided.')).toBeInTheDocument();
    expect(bodyOf(calls('/order/approvals/actions')[0])).toEqual({
      actions: [
        { id: first.id, action: 'decline' },
        { id: second.id, action: 'decline' },
      ],
    });
  });

  test('without ROLE_APPROVE_ORDER_FLOWS the section is not offered', async () => {
    renderAt('/account/approvals', []);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Approvals' })).not.toBeInTheDocument());
    expect(calls('/order/approvals')).toHaveLength(0);
  });
});

describe('approval detail', () => {
  test('is titled with the number and the full name and lists the snapshot lines', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(approvalListBody([first]))));
    renderAt(`/account/approvals/${first.id}`);
    expect(await screen.findByRole('heading', { name: 'A-10001 – Jan Peeters' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Torque wrench' })).toBeInTheDocument();
    expect(screen.getByText('Kerkstraat 12', { exact: false })).toBeInTheDocument();
    expect(bodyOf(calls('/order/approvals')[0])).toEqual({ ids: [first.id], limit: 1 });
  });

  test('the requester withdraws their own pending request after confirming; it shows when it expires', async () => {
    const own = approvalBody({ canDecide: false, canWithdraw: true });
    let withdrawn = false;
    fetchMock.mockImplementation((url) => {
      const { pathname } = new URL(String(url));
      if (pathname.endsWith(`/order/withdraw/${own.id}`)) {
        withdrawn = true;
        return Promise.resolve(json(approvalDecisionBody({ status: 'withdrawn', orderId: null, orderNumber: null })));
      }
      const now = withdrawn ? { ...own, status: 'withdrawn' as const, canWithdraw: false, expiresAt: null } : own;
      return Promise.resolve(json(approvalListBody([now])));
    });
    renderAt(`/account/approvals/${own.id}`, ['ROLE_PLACE_ORDERS']);
    expect(await screen.findByText('Expires on')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Withdraw the request A-10001? Its reserved budget is released.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('The request A-10001 was withdrawn.')).toBeInTheDocument();
    expect(calls(`/order/withdraw/${own.id}`)).toHaveLength(1);
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Withdraw request' })).not.toBeInTheDocument();
  });

  test('without ROLE_VIEW_PRICES the amounts read "Prices on request" and the lines have no price; budgets stay', async () => {
    const withoutPrices = approvalBody({
      amountNet: 0,
      amountTotal: 0,
      lines: first.lines.map((line) => ({ ...line, unitPrice: 0, totalPrice: 0 })),
    });
    fetchMock.mockImplementation(() => Promise.resolve(json(approvalListBody([withoutPrices]))));
    renderAt(`/account/approvals/${first.id}`);
    expect(await screen.findByRole('heading', { name: 'A-10001 – Jan Peeters' })).toBeInTheDocument();
    const row = screen.getByRole('cell', { name: 'Torque wrench' }).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Torque wrench', 'TW-100', '5', '']);
    expect(screen.getAllByText('Prices on request')).toHaveLength(1);
    expect(screen.getByText('€2,000.00')).toBeInTheDocument();
    expect(screen.queryByText('€0.00')).not.toBeInTheDocument();
  });

  test('with ROLE_VIEW_PRICES the net and gross amounts and the line prices show', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(approvalListBody([first]))));
    renderAt(`/account/approvals/${first.id}`, ['ROLE_APPROVE_ORDER_FLOWS', 'ROLE_VIEW_PRICES']);
    expect(await screen.findByRole('heading', { name: 'A-10001 – Jan Peeters' })).toBeInTheDocument();
    expect(screen.getByText('€1,512.50')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Torque wrench' }).closest('tr')).toHaveTextContent('€250.00');
    expect(screen.queryByText('Prices on request')).not.toBeInTheDocument();
  });

  test('an unknown request says so', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(approvalListBody([]))));
    renderAt(`/account/approvals/${testId(99)}`);
    expect(await screen.findByText('This approval request does not exist.')).toBeInTheDocument();
  });
});
