// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AccountProviders, accountRoutes } from './AccountApp.tsx';
import { toCustomer, type Customer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/test-bodies.ts';

const messages: Record<string, string> = {
  'account.nav.label': 'Account area',
  'account.nav.dashboard': 'Dashboard',
  'account.nav.profile': 'Profile',
  'account.nav.addressbook': 'Address book',
  'account.nav.customer': 'Users',
  'account.nav.orders': 'Orders',
  'account.nav.offers': 'Offers',
  'account.coming': 'This section is coming soon.',
  'account.field.firstName': 'First name',
  'account.field.lastName': 'Last name',
  'account.field.username': 'Username',
  'account.field.email': 'Email address',
  'account.password.current': 'Current password',
  'account.password.new': 'New password',
  'account.password.confirm': 'Repeat new password',
  'account.password.submit': 'Change password',
  'account.validation.passwordsMatch': 'The passwords do not match',
  'account.error.CUSTOMER_PASSWORD_NOT_CORRECT': 'The current password is not correct.',
  'account.users.search': 'Search',
  'validation.required': 'Das ist ein Pflichtfeld',
  'general.error': 'Error',
};

const fetchMock = vi.fn<(url: URL | string, init?: RequestInit) => Promise<Response>>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderApp(path: string, rights: string[], patch: Partial<Customer> = {}) {
  $customer.set({ ...toCustomer(accountCustomerBody(rights))!, ...patch, rights });
  const router = createMemoryRouter(accountRoutes({ prefix: '', storefrontUrl: 'http://localhost' }), {
    initialEntries: [path],
  });
  render(
    <AccountProviders messages={messages} locale="en-GB">
      <RouterProvider router={router} />
    </AccountProviders>,
  );
  return router;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('sidebar', () => {
  test('shows the dashboard always and other entries only with their right', async () => {
    fetchMock.mockResolvedValue(json({ elements: [], total: 0 }));
    renderApp('/dashboard', ['ROLE_MANAGE_ORDER_HISTORY']);
    const nav = await screen.findByRole('navigation', { name: 'Account area' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(['Dashboard', 'Orders']);
  });

  test('a later section shows its route with the coming text', async () => {
    renderApp('/offers', ['ROLE_MANAGE_OFFER_HISTORY']);
    expect(await screen.findByRole('heading', { name: 'Offers' })).toBeInTheDocument();
    expect(screen.getByText('This section is coming soon.')).toBeInTheDocument();
  });
});

describe('users list', () => {
  test('filters in the URL fill the fields and become the criteria of the list call', async () => {
    fetchMock.mockResolvedValue(
      json({
        elements: [{ id: 'u2', firstName: 'Jan', lastName: 'Peeters', email: 'jan@x.be', active: true }],
        total: 1,
      }),
    );
    renderApp('/customer?firstName=Ja&leadBuyer=no&page=1', ['ROLE_MANAGE_CONTACTS']);
    expect(await screen.findByRole('link', { name: 'Jan Peeters' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ja');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url)).pathname).toBe('/store-api/werkbank/companies/customers');
    expect(JSON.parse(String(init?.body))).toEqual({
      page: 1,
      limit: 20,
      filter: [
        { type: 'contains', field: 'firstName', value: 'Ja' },
        { type: 'equals', field: 'customerExtension.leadBuyer', value: false },
      ],
    });
  });

  test('typing a filter writes it to the query string', async () => {
    fetchMock.mockResolvedValue(json({ elements: [], total: 0 }));
    const router = renderApp('/customer', ['ROLE_MANAGE_CONTACTS']);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Last name' }), 'Pee');
    await waitFor(() => expect(router.state.location.search).toBe('?lastName=Pee'), { timeout: 3000 });
  });
});

describe('users list navigation', () => {
  test('a URL change from outside (sidebar link, back) resets the filter fields', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ elements: [], total: 0 })));
    const router = renderApp('/customer?firstName=Ja', ['ROLE_MANAGE_CONTACTS']);
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Ja');
    await act(() => router.navigate('/customer'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue(''));
    const last = fetchMock.mock.calls.at(-1)!;
    expect(JSON.parse(String(last[1]?.body))).toEqual({ page: 1, limit: 20, filter: [] });
  });
});

describe('change password form', () => {
  test('empty fields and a mismatch are shown at their fields without calling the server', async () => {
    renderApp('/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO']);
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription('Das ist ein Pflichtfeld');
    await userEvent.type(screen.getByLabelText(/^New password/), 'long enough');
    await userEvent.type(screen.getByLabelText(/Repeat new password/), 'different!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText(/Repeat new password/)).toHaveAccessibleDescription('The passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a wrong current password is shown translated', async () => {
    fetchMock.mockResolvedValue(
      json({ errors: [{ status: '400', code: 'CUSTOMER_PASSWORD_NOT_CORRECT', detail: 'nope' }] }, 400),
    );
    renderApp('/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO']);
    await userEvent.type(await screen.findByLabelText(/Current password/), 'wrong-one');
    await userEvent.type(screen.getByLabelText(/^New password/), 'long enough');
    await userEvent.type(screen.getByLabelText(/Repeat new password/), 'long enough');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription(
      'The current password is not correct.',
    );
  });
});

describe('user create form', () => {
  const userMessages = {
    'account.right.ROLE_MANAGE_ADDRESSES': 'Manage addresses',
    'account.right.ROLE_VIEW_PRICES': 'View prices',
    'account.right.ROLE_MANAGE_CONTACTS': 'Manage users',
    'account.right.ROLE_APPROVE_ORDER_FLOWS': 'Approve orders',
    'account.field.leadBuyer': 'Lead buyer',
    'account.salutation.male': 'Mr',
    'account.save': 'Save',
  };
  Object.assign(messages, userMessages);

  test('rights the editor lacks are read-only; the new user is created with the chosen rights', async () => {
    fetchMock.mockResolvedValue(json({ id: 'new1' }));
    renderApp('/customer/create', ['ROLE_MANAGE_CONTACTS', 'ROLE_MANAGE_ADDRESSES', 'ROLE_VIEW_PRICES']);
    expect(await screen.findByRole('checkbox', { name: 'Approve orders' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'View prices' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Manage addresses' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Mr' }));
    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Wout');
    await userEvent.type(screen.getByRole('textbox', { name: /Last name/ }), 'Claes');
    await userEvent.type(screen.getByRole('textbox', { name: /Email address/ }), 'wout@example.be');
    await userEvent.type(screen.getByRole('textbox', { name: /Username/ }), 'wout.claes');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url)).pathname).toBe('/store-api/werkbank/companies/customers/create');
    const body = JSON.parse(String(init?.body)) as { rights: { code: string; enabled: boolean }[]; username: string };
    expect(body.username).toBe('wout.claes');
    expect(body.rights.filter((r) => r.enabled).map((r) => r.code)).toEqual([
      'ROLE_MANAGE_ADDRESSES',
      'ROLE_VIEW_PRICES',
    ]);
  });

  test('only a lead buyer may set the lead-buyer flag', async () => {
    renderApp('/customer/create', ['ROLE_MANAGE_CONTACTS'], { leadBuyer: false });
    expect(await screen.findByRole('checkbox', { name: /Lead buyer/ })).toBeDisabled();
    cleanup();
    renderApp('/customer/create', ['ROLE_MANAGE_CONTACTS'], { leadBuyer: true });
    expect(await screen.findByRole('checkbox', { name: /Lead buyer/ })).toBeEnabled();
  });
});
