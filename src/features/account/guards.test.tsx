// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { AccountCustomer } from './api.ts';
import { AccountGuard, RoleGuard } from './guards.tsx';
import { SessionProvider, type AccountSession } from './session.tsx';

afterEach(cleanup);

const customer: AccountCustomer = {
  id: 'c1',
  active: true,
  salutation: 'female',
  firstName: 'Anna',
  lastName: 'Maes',
  email: 'anna@example.be',
  phone: '',
  mobile: '',
  username: 'anna',
  leadBuyer: false,
  companyId: 'co1',
  companyName: 'Maes BV',
  defaultShippingAddressId: '',
  defaultShippingAddress: null,
  budget: null,
  budgetRemaining: null,
  rights: null,
};

function renderAt(path: string, element: React.ReactNode, load: () => Promise<AccountSession | null>) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <SessionProvider load={load}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
}

describe('account guard', () => {
  test('a logged-in customer sees the section', async () => {
    const navigate = vi.fn();
    renderAt(
      '/profile',
      <AccountGuard prefix="/en" navigate={navigate}>
        <h1>Profile</h1>
      </AccountGuard>,
      () => Promise.resolve({ customer, rights: [] }),
    );
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('an anonymous visitor goes to /auth of the domain with the page to come back to', async () => {
    const navigate = vi.fn();
    renderAt(
      '/customer?page=2',
      <AccountGuard prefix="/en" navigate={navigate}>
        <h1>Users</h1>
      </AccountGuard>,
      () => Promise.resolve(null),
    );
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/en/auth?redirect=%2Fen%2Faccount%2Fcustomer%3Fpage%3D2'),
    );
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
  });

  test('a failing refresh counts as not logged in (failure ignored)', async () => {
    const navigate = vi.fn();
    renderAt(
      '/dashboard',
      <AccountGuard prefix="" navigate={navigate}>
        <h1>Dashboard</h1>
      </AccountGuard>,
      () => Promise.reject(new Error('network down')),
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
    renderAt('/customer', guarded(navigate), () => Promise.resolve({ customer, rights: ['ROLE_MANAGE_CONTACTS'] }));
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  test('a customer without the right goes home', async () => {
    const navigate = vi.fn();
    renderAt('/customer', guarded(navigate), () => Promise.resolve({ customer, rights: ['ROLE_VIEW_PRICES'] }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/nl/'));
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
  });
});
