import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, test } from 'vitest';
import Notifications from '../../components/ui/Notifications.tsx';
import { I18nProvider } from '../../i18n/react.tsx';
import { islandMessages } from '../../i18n/translator.ts';
import type { FeatureFlag } from '../../lib/feature-flags.ts';
import { $notifications } from '../../lib/notifications.ts';
import { ACCOUNT_MESSAGES, accountRoutes } from './AccountApp.tsx';
import { toCustomer, type Customer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { $punchOut } from '../../lib/session/punchout-store.ts';
import * as v from 'valibot';
import { StoreApiErrorEnvelopeSchema } from '../../../contract/errors.ts';
import { CompanyCustomerListResponseSchema, CompanyCustomerSchema } from '../../../contract/provider/company-users.ts';
import { accountCustomerBody, companyUserBody, searchResultBody } from '../../lib/session/testing/test-bodies.ts';
import { fetchMock, json, setUpBrowserTests } from './testing/test-render.tsx';
import { providerBase } from '../../testing/test-browser.ts';

setUpBrowserTests({ loggedIn: false });

function renderApp(path: string, rights: string[], patch: Partial<Customer> = {}, features: FeatureFlag[] = []) {
  $customer.set({ ...toCustomer(accountCustomerBody(rights))!, ...patch, rights });
  const router = createMemoryRouter([accountRoutes({ prefix: '', storefrontUrl: 'http://localhost', features })], {
    initialEntries: [path],
  });
  render(
    <I18nProvider i18n={islandMessages('en-GB', ACCOUNT_MESSAGES)}>
      <RouterProvider router={router} />
      <Notifications closeLabel="Close" regionLabel="Notifications" />
    </I18nProvider>,
  );
  return router;
}

describe('sidebar', () => {
  test('shows the dashboard always and other entries only with their right', async () => {
    fetchMock.mockResolvedValue(json(searchResultBody('customer_address', [])));
    renderApp('/account/dashboard', ['ROLE_MANAGE_ORDER_HISTORY'], {}, ['native-order-history']);
    const nav = await screen.findByRole('navigation', { name: 'Account area' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(['Dashboard', 'Orders']);
  });

  test('the dashboard links to the quick order page only with its right', async () => {
    fetchMock.mockResolvedValue(json(searchResultBody('customer_address', [])));
    renderApp('/account/dashboard', ['ROLE_ACCESS_QUICK_ORDER_FORM']);
    expect(await screen.findByRole('link', { name: 'Quick order' })).toHaveAttribute('href', '/quick-order');
    cleanup();
    renderApp('/account/dashboard', []);
    expect(await screen.findByRole('heading', { name: /Anna/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Quick order' })).not.toBeInTheDocument();
  });

  test('the order lists entry opens its section, no longer a placeholder', async () => {
    renderApp('/account/orderlist', ['ROLE_MANAGE_ORDER_LISTS']);
    expect(await screen.findByRole('heading', { name: 'Order lists' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by name' })).toBeInTheDocument();
    expect(screen.queryByText('This section is coming soon.')).not.toBeInTheDocument();
  });
});

describe('users list', () => {
  test('filters in the URL fill the fields and become the criteria of the list call', async () => {
    fetchMock.mockResolvedValue(
      json(
        v.parse(
          CompanyCustomerListResponseSchema,
          searchResultBody('customer', [companyUserBody({ firstName: 'Jan', lastName: 'Peeters' })]),
        ),
      ),
    );
    renderApp('/account/customer?firstName=Ja&leadBuyer=no&page=1', ['ROLE_MANAGE_CONTACTS']);
    expect(await screen.findByRole('link', { name: 'Jan Peeters' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue('Ja');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url)).pathname).toBe(`${providerBase()}/companies/customers`);
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
    fetchMock.mockResolvedValue(json(searchResultBody('customer', [])));
    const router = renderApp('/account/customer', ['ROLE_MANAGE_CONTACTS']);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Last name' }), 'Pee');
    await waitFor(() => expect(router.state.location.search).toBe('?lastName=Pee'), { timeout: 3000 });
  });
});

describe('users list navigation', () => {
  test('a URL change from outside (sidebar link, back) resets the filter fields', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(searchResultBody('customer', []))));
    const router = renderApp('/account/customer?firstName=Ja', ['ROLE_MANAGE_CONTACTS']);
    expect(await screen.findByRole('textbox', { name: 'First name' })).toHaveValue('Ja');
    await act(() => router.navigate('/account/customer'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'First name' })).toHaveValue(''));
    const last = fetchMock.mock.calls.at(-1)!;
    expect(JSON.parse(String(last[1]?.body))).toEqual({ page: 1, limit: 20, filter: [] });
  });
});

describe('change password form', () => {
  test('is offered only with ROLE_MANAGE_OWN_ACCOUNT', async () => {
    renderApp('/account/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO']);
    expect(await screen.findByRole('textbox', { name: /First name/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    cleanup();
    renderApp('/account/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO', 'ROLE_MANAGE_OWN_ACCOUNT']);
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });

  test('a punch-out session offers neither the password change nor an e-mail address to change', async () => {
    document.cookie = 'wb-punchout=1; path=/';
    fetchMock.mockImplementation(async (url) =>
      new URL(String(url)).pathname === '/store-api/werkbank/punchout/session'
        ? json({
            protocol: 'oci',
            systemName: 'SAP SRM',
            operation: 'create',
            readOnly: false,
            testMode: false,
            expiresIn: 3600,
            apiAlias: 'punchout_session',
          })
        : json({}, 404),
    );
    try {
      renderApp('/account/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO', 'ROLE_MANAGE_OWN_ACCOUNT']);
      await waitFor(() => expect($punchOut.get()).not.toBeNull());
      expect(await screen.findByRole('textbox', { name: /First name/ })).toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: /Email/i })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    } finally {
      document.cookie = 'wb-punchout=; path=/; max-age=0';
      $punchOut.set(null);
    }
  });

  test('empty fields and a mismatch are shown at their fields without calling the server', async () => {
    renderApp('/account/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO', 'ROLE_MANAGE_OWN_ACCOUNT']);
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription('This field is required');
    await userEvent.type(screen.getByLabelText(/^New password/), 'long enough');
    await userEvent.type(screen.getByLabelText(/Repeat new password/), 'different!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText(/Repeat new password/)).toHaveAccessibleDescription('The passwords do not match');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a wrong current password is shown translated', async () => {
    fetchMock.mockResolvedValue(
      // backend/store-api/account/account.routes.ts, account/change-password with a wrong current password
      json(
        {
          errors: [
            {
              status: '400',
              code: 'CUSTOMER_PASSWORD_NOT_CORRECT',
              title: 'Bad Request',
              detail: 'The current password is not correct.',
              source: { pointer: '/password' },
              meta: { parameters: {} },
            },
          ],
        },
        400,
      ),
    );
    renderApp('/account/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO', 'ROLE_MANAGE_OWN_ACCOUNT']);
    await userEvent.type(await screen.findByLabelText(/Current password/), 'wrong-one');
    await userEvent.type(screen.getByLabelText(/^New password/), 'long enough');
    await userEvent.type(screen.getByLabelText(/Repeat new password/), 'long enough');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Current password/)).toHaveAccessibleDescription(
        'The current password is not correct.',
      ),
    );
    // A violation at a field shows there, not a second time as a notification.
    expect($notifications.get()).toEqual([]);
  });
});

/** Answer of `account/change-profile` (backend/store-api/account/account.routes.ts). */
const PROFILE_SAVED = { success: true, apiAlias: 'array_struct' };
/** Label of the current-password field that confirms a new e-mail address (followed by the required mark). */
const EMAIL_PASSWORD = /^Current password \(confirms the new email address\)/;

describe('profile form', () => {
  test('the current password is asked only for a new email address and sent with it', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        String(url).endsWith('/account/change-profile')
          ? json(PROFILE_SAVED)
          : json(accountCustomerBody(['ROLE_MANAGE_OWN_CONTACT_INFO'], { email: 'anna.peeters@peeters.example' })),
      ),
    );
    renderApp('/account/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO']);
    const email = await screen.findByRole('textbox', { name: /Email address/ });
    expect(screen.queryByLabelText(EMAIL_PASSWORD)).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'anna.peeters@peeters.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(screen.getByLabelText(EMAIL_PASSWORD)).toHaveAccessibleDescription('This field is required');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(EMAIL_PASSWORD), 'Werkbank!2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url)).pathname).toBe('/store-api/account/change-profile');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      email: 'anna.peeters@peeters.example',
      password: 'Werkbank!2026',
    });
  });

  test('an unchanged email address is saved without a password', async () => {
    fetchMock.mockImplementation((url) =>
      Promise.resolve(
        String(url).endsWith('/account/change-profile')
          ? json(PROFILE_SAVED)
          : json(accountCustomerBody(['ROLE_MANAGE_OWN_CONTACT_INFO'])),
      ),
    );
    renderApp('/account/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO']);
    const first = await screen.findByRole('textbox', { name: /First name/ });
    await userEvent.clear(first);
    await userEvent.type(first, 'Annelies');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ firstName: 'Annelies', email: 'anna@peeters.example' });
    expect(body).not.toHaveProperty('password');
  });

  test("the server's wrong-password violation shows at the password field", async () => {
    fetchMock.mockResolvedValue(
      // backend/auth/guards.ts requireCurrentPassword, as account/change-profile answers a wrong current password
      json(
        v.parse(StoreApiErrorEnvelopeSchema, {
          errors: [
            {
              status: '400',
              code: 'CUSTOMER_PASSWORD_NOT_CORRECT',
              title: 'Bad Request',
              detail: 'The current password is not correct.',
              source: { pointer: '/password' },
              meta: { parameters: {} },
            },
          ],
        }),
        400,
      ),
    );
    renderApp('/account/profile', ['ROLE_MANAGE_OWN_CONTACT_INFO']);
    const email = await screen.findByRole('textbox', { name: /Email address/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'anna.peeters@peeters.example');
    const password = screen.getByLabelText(EMAIL_PASSWORD);
    await userEvent.type(password, 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('The current password is not correct.'));
    expect($notifications.get()).toEqual([]);
  });
});

describe('user form of oneself', () => {
  test('one’s own rights, active state and lead-buyer flag are read-only, with the reason', async () => {
    const me = 'c'.repeat(32);
    fetchMock.mockResolvedValue(json(v.parse(CompanyCustomerSchema, companyUserBody({ id: me }))));
    renderApp(`/account/customer/details/${me}`, ['ROLE_MANAGE_CONTACTS', 'ROLE_VIEW_PRICES'], { leadBuyer: true });
    expect(await screen.findByRole('checkbox', { name: 'View prices' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Active/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Lead buyer/ })).toBeDisabled();
    expect(screen.getByText(/Only another user who manages contacts/)).toBeInTheDocument();
  });

  test('a new own email address asks for the current password and sends it with the change', async () => {
    const me = 'c'.repeat(32);
    fetchMock.mockImplementation((_url, init) =>
      Promise.resolve(
        json(
          v.parse(
            CompanyCustomerSchema,
            companyUserBody({
              id: me,
              firstName: 'Anna',
              lastName: 'Peeters',
              salutation: 'female',
              email: init?.method === 'PATCH' ? 'anna.peeters@peeters.example' : 'anna@peeters.example',
            }),
          ),
        ),
      ),
    );
    renderApp(`/account/customer/details/${me}`, ['ROLE_MANAGE_CONTACTS']);
    const email = await screen.findByRole('textbox', { name: /Email address/ });
    expect(screen.queryByLabelText(EMAIL_PASSWORD)).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'anna.peeters@peeters.example');
    await userEvent.type(screen.getByLabelText(EMAIL_PASSWORD), 'Werkbank!2026');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // After the save the form goes back to the users list, which reads the list: only the one change counts here.
    const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
    await waitFor(() => expect(patches()).toHaveLength(1));
    const [url, init] = patches()[0]!;
    expect(new URL(String(url)).pathname).toBe(`${providerBase()}/companies/customers/${me}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'anna.peeters@peeters.example',
      password: 'Werkbank!2026',
    });
  });
});

describe('user create form', () => {
  test('rights the editor lacks are read-only; the new user is created with the chosen rights', async () => {
    fetchMock.mockResolvedValue(
      json(v.parse(CompanyCustomerSchema, companyUserBody({ firstName: 'Wout', lastName: 'Claes' }))),
    );
    renderApp('/account/customer/create', ['ROLE_MANAGE_CONTACTS', 'ROLE_MANAGE_ADDRESSES', 'ROLE_VIEW_PRICES']);
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
    expect(new URL(String(url)).pathname).toBe(`${providerBase()}/companies/customers/create`);
    const body = JSON.parse(String(init?.body)) as { rights: { code: string; enabled: boolean }[]; username: string };
    expect(body.username).toBe('wout.claes');
    expect(body.rights.filter((r) => r.enabled).map((r) => r.code)).toEqual([
      'ROLE_MANAGE_ADDRESSES',
      'ROLE_VIEW_PRICES',
    ]);
  });

  test('the company’s invitation quota reached: the translated message, the form stays', async () => {
    // backend/store-api/company/customer-model.ts countInvitation, as the create route answers it
    fetchMock.mockResolvedValue(
      json(
        {
          errors: [
            {
              status: '429',
              code: 'WERKBANK__INVITATION_LIMIT_EXCEEDED',
              title: 'Too Many Requests',
              detail: 'The company has sent 25 invitations this hour; try again in 1200 seconds.',
              meta: { parameters: { seconds: 1200, limit: 25, period: 'hour' } },
            },
          ],
        },
        429,
      ),
    );
    renderApp('/account/customer/create', ['ROLE_MANAGE_CONTACTS']);
    await userEvent.type(await screen.findByRole('textbox', { name: /First name/ }), 'Wout');
    await userEvent.type(screen.getByRole('textbox', { name: /Last name/ }), 'Claes');
    await userEvent.type(screen.getByRole('textbox', { name: /Email address/ }), 'wout@example.be');
    await userEvent.type(screen.getByRole('textbox', { name: /Username/ }), 'wout.claes');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Your company has sent too many invitations/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveValue('wout.claes');
  });

  test('rights that guard no function of the shop are read-only, with the reason, even for a lead buyer', async () => {
    renderApp('/account/customer/create', [
      'ROLE_MANAGE_CONTACTS',
      'ROLE_MANAGE_COST_POSTS',
      'ROLE_MANAGE_NEWS_LETTERS',
    ]);
    for (const name of [/^Manage cost posts/, /^Manage newsletters/]) {
      const toggle = await screen.findByRole('checkbox', { name });
      expect(toggle).toBeDisabled();
      expect(toggle).toHaveAccessibleName(/Not used in this shop\./);
    }
  });

  test('only a lead buyer may set the lead-buyer flag', async () => {
    renderApp('/account/customer/create', ['ROLE_MANAGE_CONTACTS'], { leadBuyer: false });
    expect(await screen.findByRole('checkbox', { name: /Lead buyer/ })).toBeDisabled();
    cleanup();
    renderApp('/account/customer/create', ['ROLE_MANAGE_CONTACTS'], { leadBuyer: true });
    expect(await screen.findByRole('checkbox', { name: /Lead buyer/ })).toBeEnabled();
  });
});
