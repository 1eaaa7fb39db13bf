import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { beforeEach, describe, expect, test } from 'vitest';
import { CompanyCustomerListResponseSchema } from '../../../../contract/provider/company-users.ts';
import { OrderFlowAssignRequestSchema } from '../../../../contract/provider/order-flow.ts';
import { companyUserBody, searchResultBody } from '../../../lib/session/testing/test-bodies.ts';
import { orderFlowBody, orderFlowListBody, testId } from '../testing/spending-test-bodies.ts';
import { bodyOf, fetchMock, json, providerCalls, renderAccount, setUpBrowserTests } from '../testing/test-render.tsx';
import { providerBase } from '../../../testing/test-browser.ts';

const usersBody = v.parse(
  CompanyCustomerListResponseSchema,
  searchResultBody('customer', [
    companyUserBody({ id: testId(900), firstName: 'Jan', lastName: 'Peeters', budget: 2000, remainingBudget: 750 }),
    companyUserBody({ id: testId(902), firstName: 'Lies', lastName: 'Janssens', username: 'lies.janssens' }),
  ]),
);
const flows = [orderFlowBody(), orderFlowBody({ id: testId(801), name: 'Office', users: [] })];

setUpBrowserTests({ loggedIn: false });
beforeEach(() => {
  fetchMock.mockImplementation((url) => {
    const path = new URL(String(url)).pathname.replace(`${providerBase()}`, '');
    if (path === '/companies/customers') return Promise.resolve(json(usersBody));
    if (path === '/order-flow/list') return Promise.resolve(json(orderFlowListBody(flows)));
    if (path === '/order-flow/assign')
      return Promise.resolve(json(orderFlowBody({ id: testId(801), name: 'Office', users: [testId(902)] })));
    return Promise.resolve(json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404));
  });
});

describe('users with their flows', () => {
  test('each user shows the flow, its budget and what is left', async () => {
    renderAccount('/account/customer', ['ROLE_MANAGE_CONTACTS', 'ROLE_MANAGE_ORDER_FLOWS']);
    const row = (await screen.findByRole('link', { name: 'Jan Peeters' })).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Workshop')).toBeInTheDocument());
    expect(within(row).getByText('€2,000.00')).toBeInTheDocument();
    expect(within(row).getByText('€750.00')).toBeInTheDocument();
  });

  test('assigning needs a user and a flow, then sends both', async () => {
    renderAccount('/account/customer', ['ROLE_MANAGE_CONTACTS', 'ROLE_MANAGE_ORDER_FLOWS']);
    const form = await screen.findByRole('form', { name: 'Assign a flow' });
    await userEvent.click(within(form).getByRole('button', { name: 'Assign to 0 users' }));
    expect(within(form).getByRole('combobox')).toHaveAccessibleDescription('Choose at least one user and one flow.');
    expect(providerCalls('/order-flow/assign')).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Lies Janssens' }));
    await userEvent.selectOptions(within(form).getByRole('combobox'), testId(801));
    await userEvent.click(within(form).getByRole('button', { name: 'Assign to 1 user' }));
    expect(await screen.findByText('1 user is now in the flow Office.')).toBeInTheDocument();
    const body = bodyOf(providerCalls('/order-flow/assign', 'POST')[0]);
    expect(v.safeParse(OrderFlowAssignRequestSchema, body).success).toBe(true);
    expect(body).toEqual({ flowId: testId(801), users: [testId(902)] });
  });

  test('without ROLE_MANAGE_ORDER_FLOWS neither the flows nor the assignment are offered', async () => {
    renderAccount('/account/customer', ['ROLE_MANAGE_CONTACTS']);
    await screen.findByRole('link', { name: 'Jan Peeters' });
    expect(screen.queryByRole('form', { name: 'Assign a flow' })).not.toBeInTheDocument();
    expect(providerCalls('/order-flow/list')).toHaveLength(0);
  });
});
