import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { CompanyCustomerListResponseSchema } from '../../../../contract/provider/company-users.ts';
import { OrderReferenceRequestSchema } from '../../../../contract/provider/order-reference.ts';
import { companyUserBody, searchResultBody } from '../../../lib/session/testing/test-bodies.ts';
import { orderReferenceBody, orderReferenceListBody, testId } from '../testing/spending-test-bodies.ts';
import { bodyOf, fetchMock, json, providerCalls, renderAccount, setUpBrowserTests } from '../testing/test-render.tsx';
import { providerBase } from '../../../testing/test-browser.ts';

const RIGHTS = ['ROLE_MANAGE_ORDER_REFERENCES'];
const usersBody = v.parse(
  CompanyCustomerListResponseSchema,
  searchResultBody('customer', [companyUserBody({ id: testId(900), firstName: 'Jan', lastName: 'Peeters' })]),
);

setUpBrowserTests({ loggedIn: false });

/** Answers the screens' calls like the backend; `write` answers create and change. */
function serve(write: () => Response = () => json(orderReferenceBody())) {
  fetchMock.mockImplementation((url, init) => {
    const path = new URL(String(url)).pathname.replace(`${providerBase()}`, '');
    const method = init?.method ?? 'GET';
    if (path === '/order-reference/list') return Promise.resolve(json(orderReferenceListBody([orderReferenceBody()])));
    if (path === '/companies/customers') return Promise.resolve(json(usersBody));
    if (path === '/order-reference' && method === 'POST') return Promise.resolve(write());
    if (path.startsWith('/order-reference/') && method === 'GET') return Promise.resolve(json(orderReferenceBody()));
    if (path.startsWith('/order-reference/') && method === 'PUT') return Promise.resolve(write());
    if (path.startsWith('/order-reference/') && method === 'DELETE')
      return Promise.resolve(new Response(null, { status: 204 }));
    return Promise.resolve(json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404));
  });
}

describe('order references', () => {
  test('the list shows the budget and what is left of it; delete asks first', async () => {
    serve();
    renderAccount('/account/orderreferences', RIGHTS);
    const row = (await screen.findByRole('link', { name: 'PO-4711' })).closest('tr')!;
    expect(within(row).getByText('€5,000.00')).toBeInTheDocument();
    expect(within(row).getByText('€3,200.50')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Delete PO-4711' }));
    const dialog = screen.getByRole('alertdialog');
    expect(providerCalls(`/order-reference/${testId(10)}`, 'DELETE')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Order reference PO-4711 deleted.')).toBeInTheDocument();
    expect(providerCalls(`/order-reference/${testId(10)}`, 'DELETE')).toHaveLength(1);
  });

  test('the name field says 30 characters, counts and stops at 30', async () => {
    serve();
    renderAccount('/account/orderreferences/create', RIGHTS);
    const name = await screen.findByRole('textbox', { name: /Name or number \(30 characters\)/ });
    expect(name).toHaveAttribute('maxlength', '30');
    await userEvent.type(name, 'Site A');
    expect(screen.getByText('6 of 30 characters')).toBeInTheDocument();
  });

  test('a custom period whose end lies before its start is refused with the rule’s text', async () => {
    serve();
    renderAccount('/account/orderreferences/create', RIGHTS);
    await userEvent.type(await screen.findByRole('textbox', { name: /Name or number/ }), 'Site A');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Budget period' }), 'custom');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/End date/)).toHaveAccessibleDescription('This field is required');
    const start = screen.getByLabelText(/Start date/);
    await userEvent.clear(start);
    await userEvent.type(start, '2026-12-10');
    await userEvent.type(screen.getByLabelText(/End date/), '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/End date/)).toHaveAccessibleDescription(
      'The end date must not be before the start date.',
    );
    expect(providerCalls('/order-reference', 'POST')).toHaveLength(0);
  });

  test('create sends the contract’s body with the chosen approver and goes back to the list', async () => {
    serve();
    const router = renderAccount('/account/orderreferences/create', RIGHTS);
    await userEvent.type(await screen.findByRole('textbox', { name: /Name or number/ }), ' Site A ');
    await userEvent.type(screen.getByRole('textbox', { name: /Budget per period/ }), '1500,50');
    const approvers = screen.getByRole('group', { name: 'Approvers' });
    await userEvent.click(await within(approvers).findByRole('checkbox', { name: /Jan Peeters/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/orderreferences'));
    const body = bodyOf(providerCalls('/order-reference', 'POST')[0]);
    expect(v.safeParse(OrderReferenceRequestSchema, body).success).toBe(true);
    expect(body).toMatchObject({
      name: 'Site A',
      budget: 1500.5,
      period: 'monthly',
      approvers: [testId(900)],
      users: [],
    });
  });

  test('a name in use is shown at the name field', async () => {
    serve(() =>
      json(
        {
          errors: [
            {
              status: '400',
              code: 'ORDER_REFERENCE_NAME_NOT_UNIQUE',
              title: 'Bad Request',
              detail: 'Name in use.',
              source: { pointer: '/name' },
            },
          ],
        },
        400,
      ),
    );
    renderAccount(`/account/orderreferences/details/${testId(10)}`, RIGHTS);
    const name = await screen.findByRole('textbox', { name: /Name or number/ });
    expect(name).toHaveValue('PO-4711');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('This order reference already exists.'));
    expect(providerCalls(`/order-reference/${testId(10)}`, 'PUT')).toHaveLength(1);
  });
});
