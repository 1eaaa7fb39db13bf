import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { islandMessages } from '../../i18n/translator.ts';
import { $notifications } from '../../lib/notifications.ts';
import AuthPage from './AuthPage.tsx';
import { AUTH_MESSAGES } from './messages.ts';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(href: string) => void>();

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  navigate.mockReset();
  $notifications.set([]);
  sessionStorage.clear();
});

const renderForm = (hash: string) =>
  render(
    <AuthPage
      mode="set"
      i18n={islandMessages('nl-NL', AUTH_MESSAGES)}
      prefix=""
      storefrontUrl="http://localhost"
      hash={hash}
      navigate={navigate}
    />,
  );

test('checks length and match before calling the server, then confirms with the hash and goes to /auth', async () => {
  fetchMock.mockResolvedValue(Response.json({ success: true, apiAlias: 'array_struct' }));
  const user = userEvent.setup();
  renderForm('abc');
  await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
  expect(screen.getAllByText('Dit is een verplicht veld')).toHaveLength(2);
  await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'kort');
  await user.type(screen.getByLabelText('Nieuw wachtwoord bevestigen'), 'kort');
  await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
  expect(screen.getByText('Minimaal 8 tekens')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Nieuw wachtwoord'));
  await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'lang genoeg 1');
  await user.clear(screen.getByLabelText('Nieuw wachtwoord bevestigen'));
  await user.type(screen.getByLabelText('Nieuw wachtwoord bevestigen'), 'lang genoeg 2');
  await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
  expect(screen.getByText('De wachtwoorden komen niet overeen')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();

  await user.clear(screen.getByLabelText('Nieuw wachtwoord bevestigen'));
  await user.type(screen.getByLabelText('Nieuw wachtwoord bevestigen'), 'lang genoeg 1');
  await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/auth'));
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(new URL(String(url)).pathname).toBe('/store-api/account/recovery-password-confirm');
  expect(JSON.parse(String(init?.body))).toEqual({
    hash: 'abc',
    newPassword: 'lang genoeg 1',
    newPasswordConfirm: 'lang genoeg 1',
  });
});

test('an expired link shows the translated error as a notification and stays on the page', async () => {
  fetchMock.mockResolvedValue(
    new Response(
      JSON.stringify({
        errors: [
          {
            status: '404',
            code: 'CHECKOUT__CUSTOMER_RECOVERY_HASH_EXPIRED',
            title: 'Not Found',
            detail: 'The password link is invalid, already used or expired.',
            meta: { parameters: {} },
          },
        ],
      }),
      { status: 404, headers: { 'content-type': 'application/json' } },
    ),
  );
  const user = userEvent.setup();
  renderForm('abc');
  await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'lang genoeg 1');
  await user.type(screen.getByLabelText('Nieuw wachtwoord bevestigen'), 'lang genoeg 1');
  await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
  await waitFor(() =>
    expect($notifications.get()).toEqual([
      expect.objectContaining({ type: 'error', text: 'Deze link is verlopen of al gebruikt. Vraag een nieuwe aan.' }),
    ]),
  );
  expect(navigate).not.toHaveBeenCalled();
});

test('without a hash the page explains the link is incomplete', () => {
  renderForm('');
  expect(screen.getByRole('alert')).toHaveTextContent('Deze link is onvolledig.');
  expect(screen.queryByRole('button', { name: 'Wachtwoord opslaan' })).not.toBeInTheDocument();
});
