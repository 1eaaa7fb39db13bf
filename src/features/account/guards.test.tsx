import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AccountGuard, RoleGuard } from './guards.tsx';
import { $customer, $sessionChecked } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  $customer.set(null);
  $sessionChecked.set(false);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  document.cookie = 'wb-logged-in=; path=/; max-age=0';
});

/** The page loads with the proxy's logged-in marker and `account/customer` answering `answer`. */
function loggedInServer(answer: () => Promise<Response>) {
  document.cookie = 'wb-logged-in=1; path=/';
  fetchMock.mockImplementation(answer);
}

const customerWith = (rights: string[]) => () => Promise.resolve(Response.json(accountCustomerBody(rights)));

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(<RouterProvider router={router} />);
}

describe('account guard', () => {
  test('a logged-in customer sees the section', async () => {
    loggedInServer(customerWith([]));
    const navigate = vi.fn();
    renderAt(
      '/account/profile',
      <AccountGuard prefix="/en" navigate={navigate}>
        <h1>Profile</h1>
      </AccountGuard>,
    );
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('an anonymous visitor goes to /auth of the domain with the page to come back to', async () => {
    const navigate = vi.fn();
    renderAt(
      '/account/customer?page=2',
      <AccountGuard prefix="/en" navigate={navigate}>
        <h1>Users</h1>
      </AccountGuard>,
    );
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/en/auth?redirect=%2Fen%2Faccount%2Fcustomer%3Fpage%3D2'),
    );
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('an anonymous visitor of the checkout comes back to the checkout after logging in', async () => {
    const navigate = vi.fn();
    renderAt(
      '/checkout',
      <AccountGuard prefix="/en" navigate={navigate}>
        <h1>Checkout</h1>
      </AccountGuard>,
    );
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/en/auth?redirect=%2Fen%2Fcheckout'));
  });

  test('a failing refresh counts as not logged in (failure ignored)', async () => {
    loggedInServer(() => Promise.reject(new TypeError('network down')));
    const navigate = vi.fn();
    renderAt(
      '/account/dashboard',
      <AccountGuard prefix="" navigate={navigate}>
        <h1>Dashboard</h1>
      </AccountGuard>,
    );
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth?redirect=%2Faccount%2Fdashboard'));
  });
});

describe('role guard', () => {
  const guarded = (navigate: (href: string) => void) => (
    <AccountGuard prefix="/nl" navigate={navigate}>
      <RoleGuard prefix="/nl" right="ROLE_MANAGE_CONTACTS" navigate={navigate}>
        <h1>Users</h1>
      </RoleGuard>
    </AccountGuard>
  );

  test('a customer holding the right sees the section', async () => {
    const navigate = vi.fn();
    loggedInServer(customerWith(['ROLE_MANAGE_CONTACTS']));
    renderAt('/customer', guarded(navigate));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('a customer without the right goes home', async () => {
    const navigate = vi.fn();
    loggedInServer(customerWith(['ROLE_VIEW_PRICES']));
    renderAt('/customer', guarded(navigate));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/nl/'));
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
  });
});
