import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { beforeEach, describe, expect, test } from 'vitest';
import { CompanyCustomerListResponseSchema } from '../../../../contract/provider/company-users.ts';
import { OrderFlowRequestSchema } from '../../../../contract/provider/order-flow.ts';
import { companyUserBody, searchResultBody } from '../../../lib/session/testing/test-bodies.ts';
import { orderFlowBody, orderFlowListBody, testId } from '../testing/spending-test-bodies.ts';
import { bodyOf, fetchMock, json, providerCalls, renderAccount, setUpBrowserTests } from '../testing/test-render.tsx';
import { providerBase } from '../../../testing/test-browser.ts';

const ALL = ['ROLE_MANAGE_ORDER_FLOWS', 'ROLE_MANAGE_BUDGETS', 'ROLE_MANAGE_APPROVERS'];
const usersBody = v.parse(
  CompanyCustomerListResponseSchema,
  searchResultBody('customer', [
    companyUserBody({ id: testId(900), firstName: 'Jan', lastName: 'Peeters' }),
    companyUserBody({ id: testId(901), firstName: 'Eva', lastName: 'Gruber', username: 'eva.gruber' }),
  ]),
);

setUpBrowserTests({ loggedIn: false });
beforeEach(() => {
  fetchMock.mockImplementation((url, init) => {
    const path = new URL(String(url)).pathname.replace(`${providerBase()}`, '');
    const method = init?.method ?? 'GET';
    if (path === '/order-flow/list') return Promise.resolve(json(orderFlowListBody([orderFlowBody()])));
    if (path === '/companies/customers') return Promise.resolve(json(usersBody));
    if (path === '/order-flow' && method === 'POST')
      return Promise.resolve(json(orderFlowBody({ name: 'Site crew', id: testId(801) })));
    if (path.startsWith('/order-flow/') && method === 'DELETE')
      return Promise.resolve(new Response(null, { status: 204 }));
    return Promise.resolve(json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404));
  });
});

describe('flows', () => {
  test('the list shows budget and threshold; delete asks first', async () => {
    renderAccount('/account/flows', ALL);
    const row = (await screen.findByText('Workshop')).closest('tr')!;
    expect(within(row).getByText('€2,000.00')).toBeInTheDocument();
    expect(within(row).getByText('€1,000.00')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Delete Workshop' }));
    expect(providerCalls(`/order-flow/${testId(800)}`, 'DELETE')).toHaveLength(0);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Flow Workshop deleted.')).toBeInTheDocument();
    expect(providerCalls(`/order-flow/${testId(800)}`, 'DELETE')).toHaveLength(1);
  });

  test('the wizard walks name, budget, approvers and users and ends with the success step', async () => {
    renderAccount('/account/flows/create', ALL);
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription('This field is required');
    await userEvent.type(screen.getByRole('textbox', { name: /Name/ }), 'Site crew');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await userEvent.type(screen.getByRole('textbox', { name: /Budget per user and period/ }), '2500');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Budget period' }), 'custom');
    const start = screen.getByLabelText(/Start date/);
    await userEvent.clear(start);
    await userEvent.type(start, '2026-12-10');
    await userEvent.type(screen.getByLabelText(/End date/), '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText(/End date/)).toHaveAccessibleDescription(
      'The end date must not be before the start date.',
    );
    const end = screen.getByLabelText(/End date/);
    await userEvent.clear(end);
    await userEvent.type(end, '2026-12-31');
    await userEvent.type(screen.getByRole('textbox', { name: /need approval from/ }), '1000');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await userEvent.click(await screen.findByRole('checkbox', { name: /Eva Gruber/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: /Jan Peeters/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create flow' }));

    expect(await screen.findByText('The flow Site crew has been created.')).toBeInTheDocument();
    const body = bodyOf(providerCalls('/order-flow', 'POST')[0]);
    expect(v.safeParse(OrderFlowRequestSchema, body).success).toBe(true);
    expect(body).toEqual({
      name: 'Site crew',
      startDate: '2026-12-10',
      endDate: '2026-12-31',
      users: [testId(900)],
      budget: 2500,
      budgetPeriod: 'custom',
      budgetTransfer: false,
      budgetRenewable: true,
      approveFrom: 1000,
      approveFromPeriod: null,
      approvers: [testId(901)],
    });
  });

  test('without the budget and approver rights the wizard sends neither', async () => {
    renderAccount('/account/flows/create', ['ROLE_MANAGE_ORDER_FLOWS']);
    await userEvent.type(await screen.findByRole('textbox', { name: /Name/ }), 'Office');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(/Setting budgets needs the right to manage budgets/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create flow' }));
    expect(await screen.findByText('The flow Site crew has been created.')).toBeInTheDocument();
    const body = bodyOf(providerCalls('/order-flow', 'POST')[0]) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['endDate', 'name', 'startDate', 'users']);
  });
});
