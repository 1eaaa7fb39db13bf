import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, test } from 'vitest';
import { I18nProvider } from '../../../i18n/react.tsx';
import { islandMessages } from '../../../i18n/translator.ts';
import { toCustomer } from '../../../lib/session/customer.ts';
import { $customer } from '../../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../../lib/session/testing/test-bodies.ts';
import { ACCOUNT_MESSAGES, accountRoutes } from '../AccountApp.tsx';
import { externalContactsBody } from '../testing/spending-test-bodies.ts';
import { bodyOf, fetchMock, json, providerCalls, setUpBrowserTests } from '../testing/test-render.tsx';
import { providerBase } from '../../../testing/test-browser.ts';

const RIGHTS = ['ROLE_MANAGE_COST_CENTER'];
const contacts = [
  { name: 'Site manager North', connected: true },
  { name: 'Site manager South', connected: false },
];

setUpBrowserTests({ loggedIn: false });
beforeEach(() => {
  fetchMock.mockImplementation((url) => {
    const path = new URL(String(url)).pathname.replace(`${providerBase()}`, '');
    if (path === '/cost-center/external-contact') return Promise.resolve(json(externalContactsBody(contacts)));
    if (path === '/cost-center/external-contact-assign')
      return Promise.resolve(json(externalContactsBody(contacts.map((c) => ({ ...c, connected: true })))));
    if (path === '/cost-center/external-contact-dismiss')
      return Promise.resolve(json(externalContactsBody(contacts.map((c) => ({ ...c, connected: false })))));
    return Promise.resolve(json({ errors: [{ status: '404', code: 'NOT_FOUND', title: 'Not Found' }] }, 404));
  });
});

function renderAt(path: string, features: 'cost-center-module'[]) {
  $customer.set({ ...toCustomer(accountCustomerBody(RIGHTS))!, rights: RIGHTS });
  const router = createMemoryRouter([accountRoutes({ prefix: '', storefrontUrl: 'http://localhost', features })], {
    initialEntries: [path],
  });
  render(
    <I18nProvider i18n={islandMessages('en-GB', ACCOUNT_MESSAGES)}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

describe('cost centres', () => {
  test('lists the external contacts with their connected state; link all sends no ids', async () => {
    renderAt('/account/costcenter', ['cost-center-module']);
    expect(await screen.findByText('1 of 2 connected')).toBeInTheDocument();
    const south = screen.getByText('Site manager South').closest('tr')!;
    expect(within(south).getByText('No')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Link all' }));
    expect(await screen.findByText('2 of 2 connected')).toBeInTheDocument();
    expect(bodyOf(providerCalls('/cost-center/external-contact-assign', 'POST')[0])).toEqual({});
    expect(screen.getByRole('button', { name: 'Link all' })).toBeDisabled();
  });

  test('unlinking one contact sends its id', async () => {
    renderAt('/account/costcenter', ['cost-center-module']);
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink Site manager North' }));
    const [call] = providerCalls('/cost-center/external-contact-dismiss', 'POST');
    const ids = (bodyOf(call) as { ids: string[] }).ids;
    expect(ids).toHaveLength(1);
    expect(await screen.findByText('0 of 2 connected')).toBeInTheDocument();
  });

  test('without the cost-center module the section is neither in the sidebar nor reachable', async () => {
    renderAt('/account/costcenter', []);
    expect(await screen.findByText('This page does not exist in the account area.')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Account area' });
    expect(within(nav).queryByRole('link', { name: 'Cost centres' })).not.toBeInTheDocument();
    expect(providerCalls('/cost-center/external-contact')).toHaveLength(0);
  });

  test('with the module the sidebar offers it to holders of ROLE_MANAGE_COST_CENTER', async () => {
    renderAt('/account/dashboard', ['cost-center-module']);
    const nav = await screen.findByRole('navigation', { name: 'Account area' });
    expect(within(nav).getByRole('link', { name: 'Cost centres' })).toHaveAttribute('href', '/account/costcenter');
  });
});
