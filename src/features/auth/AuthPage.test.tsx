import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { islandMessages } from '../../i18n/translator.ts';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import AuthPage from './AuthPage.tsx';
import { AUTH_MESSAGES } from './messages.ts';

afterEach(() => {
  cleanup();
  $customer.set(null);
});

test('the login page shows the form to visitors and sends a logged-in buyer on to the redirect target', async () => {
  const navigate = vi.fn<(href: string) => void>();
  render(
    <AuthPage
      mode="login"
      i18n={islandMessages('en-GB', AUTH_MESSAGES)}
      prefix="/en"
      storefrontUrl="http://localhost/en"
      redirectTo="/en/account/orders"
      navigate={navigate}
    />,
  );
  expect(screen.getByLabelText('Username')).toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
  await act(async () => {
    $customer.set({ ...toCustomer(accountCustomerBody())!, rights: [] });
  });
  expect(navigate).toHaveBeenCalledWith('/en/account/orders');
});
