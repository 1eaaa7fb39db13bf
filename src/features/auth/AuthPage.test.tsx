// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { MESSAGES } from '../../i18n/locales.ts';
import { toCustomer } from '../../lib/session/customer.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/test-bodies.ts';
import AuthPage from './AuthPage.tsx';
import { authTexts, errorTexts } from './texts.ts';

const en = MESSAGES['en-GB'] as Record<string, string>;
const raw = ((key: string) => en[key] ?? key) as never;

afterEach(() => {
  cleanup();
  $customer.set(null);
});

test('the login page shows the form to visitors and sends a logged-in buyer on to the redirect target', async () => {
  const navigate = vi.fn<(href: string) => void>();
  render(
    <AuthPage
      mode="login"
      texts={authTexts(raw)}
      errors={errorTexts(raw)}
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
