import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { islandMessages } from '../../i18n/translator.ts';
import { PENDING_NOTIFICATION_KEY } from '../../lib/notifications.ts';
import { $customer } from '../../lib/session/session-store.ts';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import { $authDialog } from '../../lib/session/auth-dialog-store.ts';
import { $punchOut } from '../../lib/session/punchout-store.ts';
import HeaderAccount from './HeaderAccount.tsx';
import { AUTH_MESSAGES } from './messages.ts';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(href: string) => void>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const customer = (rights: string[]) => accountCustomerBody(rights);
/** The proxy's answer to a login or logout: the token moved into the HttpOnly cookie, the marker set or dropped. */
const tokenAnswer = (loggedIn: boolean) => {
  document.cookie = loggedIn ? 'wb-logged-in=1; path=/' : 'wb-logged-in=; path=/; max-age=0';
  return json(200, { apiAlias: 'array_struct' });
};

/** Routes fetch calls by path; each handler answers one path. */
function serve(routes: Record<string, (init?: RequestInit) => Response>) {
  fetchMock.mockImplementation(async (url, init) => {
    const path = new URL(String(url)).pathname.replace('/store-api/', '');
    const handler = routes[path];
    if (!handler) throw new Error(`unexpected call ${path}`);
    return handler(init);
  });
}

function renderHeader(displayOrderHistory = true, offerHistory = true) {
  return render(
    <HeaderAccount
      i18n={islandMessages('de-DE', AUTH_MESSAGES)}
      prefix="/de"
      storefrontUrl="http://localhost/de"
      displayOrderHistory={displayOrderHistory}
      offerHistory={offerHistory}
      navigate={navigate}
    />,
  );
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  navigate.mockReset();
  $customer.set(null);
  $authDialog.set(null);
  $punchOut.set(null);
  document.cookie = 'wb-logged-in=; path=/; max-age=0';
  document.cookie = 'wb-punchout=; path=/; max-age=0';
});

test('anonymous: the login icon opens a modal login dialog; Escape closes it and focus returns', async () => {
  serve({});
  const user = userEvent.setup();
  renderHeader();
  const opener = screen.getByRole('link', { name: 'Anmelden' });
  const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Anmelden' });
  // A modal <dialog>: the browser keeps focus inside and makes the page behind inert.
  expect(showModal).toHaveBeenCalledTimes(1);
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByLabelText('Benutzername')).toHaveFocus();
  expect(screen.getByRole('link', { name: 'Jetzt registrieren' })).toHaveAttribute('href', '/de/register/company');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('empty fields show the German required text; the password toggle reveals the password', async () => {
  serve({});
  const user = userEvent.setup();
  renderHeader();
  await user.click(screen.getByRole('link', { name: 'Anmelden' }));
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  expect(screen.getAllByText('Das ist ein Pflichtfeld')).toHaveLength(2);
  const password = screen.getByLabelText('Passwort');
  expect(password).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Passwort anzeigen' }));
  expect(password).toHaveAttribute('type', 'text');
  expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('account/login'))).toHaveLength(0);
});

test('bad credentials show the translated message in the form', async () => {
  serve({
    'account/login': () =>
      json(401, {
        errors: [
          {
            status: '401',
            code: 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS',
            title: 'Unauthorized',
            detail: 'Invalid username and/or password.',
            meta: { parameters: {} },
          },
        ],
      }),
  });
  const user = userEvent.setup();
  renderHeader();
  await user.click(screen.getByRole('link', { name: 'Anmelden' }));
  await user.type(screen.getByLabelText('Benutzername'), 'anna');
  await user.type(screen.getByLabelText('Passwort'), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Benutzername oder Passwort ist falsch.');
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  expect(navigate).not.toHaveBeenCalled();
});

test('login: posts the credentials, loads the customer, sends the analytics event, closes and goes to the dashboard', async () => {
  serve({
    'account/customer': () => json(200, customer(['ROLE_MANAGE_ORDER_LISTS'])),
    'account/login': (init) => {
      expect(JSON.parse(String(init?.body))).toEqual({ username: 'anna', password: 'secret' });
      return tokenAnswer(true);
    },
  });
  const events: unknown[] = [];
  const onEvent = (e: Event) => events.push((e as CustomEvent).detail);
  window.addEventListener('werkbank:analytics', onEvent);
  const user = userEvent.setup();
  renderHeader();
  await user.click(screen.getByRole('link', { name: 'Anmelden' }));
  await user.type(screen.getByLabelText('Benutzername'), 'anna');
  await user.type(screen.getByLabelText('Passwort'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/de/account/dashboard'));
  window.removeEventListener('werkbank:analytics', onEvent);
  expect(events).toEqual([expect.objectContaining({ event: 'login', customerId: 'c'.repeat(32) })]);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect($customer.get()?.id).toBe('c'.repeat(32));
  expect(JSON.parse(sessionStorage.getItem(PENDING_NOTIFICATION_KEY)!)).toMatchObject({ type: 'success' });
});

test('forced recovery redirects to the password-set page with the hash from the error meta', async () => {
  serve({
    'account/login': () =>
      json(401, {
        errors: [
          {
            status: '401',
            code: 'WERKBANK__FORCED_CUSTOMER_RECOVERY',
            title: 'Unauthorized',
            detail: 'A new password must be set before logging in.',
            meta: { parameters: { hash: 'abc123' } },
          },
        ],
      }),
  });
  const user = userEvent.setup();
  renderHeader();
  await user.click(screen.getByRole('link', { name: 'Anmelden' }));
  await user.type(screen.getByLabelText('Benutzername'), 'anna');
  await user.type(screen.getByLabelText('Passwort'), 'old');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/de/auth/password-set?hash=abc123'));
});

test('the forgot-password link switches dialogs; a request clears the field and closes the dialog', async () => {
  serve({
    'account/recovery-password': (init) => {
      expect(JSON.parse(String(init?.body))).toEqual({ username: 'anna', storefrontUrl: 'http://localhost/de' });
      return json(200, { success: true, apiAlias: 'array_struct' });
    },
  });
  const user = userEvent.setup();
  renderHeader();
  await user.click(screen.getByRole('link', { name: 'Anmelden' }));
  await user.click(screen.getByRole('link', { name: 'Passwort vergessen?' }));
  expect(screen.getByRole('dialog', { name: 'Passwort vergessen' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
  expect(screen.getByText('Das ist ein Pflichtfeld')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Benutzername'), 'anna');
  await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('logged in: the dropdown lists entries by right and the order-history flag; logout clears and goes home', async () => {
  serve({
    'account/customer': () => json(200, customer(['ROLE_MANAGE_ORDER_HISTORY', 'ROLE_MANAGE_OFFER_HISTORY'])),
    'account/logout': () => tokenAnswer(false),
  });
  document.cookie = 'wb-logged-in=1; path=/';
  const user = userEvent.setup();
  renderHeader(true);
  const button = await screen.findByRole('button', { name: 'Mein Konto' });
  await user.click(button);
  expect(screen.getByRole('link', { name: 'Bestellhistorie' })).toHaveAttribute('href', '/de/account/orders');
  expect(screen.getByRole('link', { name: 'Angebote' })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Übersicht' }).length).toBeGreaterThan(0);
  expect(screen.queryByRole('link', { name: 'Bestelllisten' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Abmelden' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/de/'));
  expect($customer.get()).toBeNull();
});

test('order history stays hidden without the display-order-history flag', async () => {
  serve({ 'account/customer': () => json(200, customer(['ROLE_MANAGE_ORDER_HISTORY', 'ROLE_MANAGE_ORDER_LISTS'])) });
  document.cookie = 'wb-logged-in=1; path=/';
  const user = userEvent.setup();
  renderHeader(false);
  await user.click(await screen.findByRole('button', { name: 'Mein Konto' }));
  // The account's order lists section, in the domain's prefix.
  expect(screen.getByRole('link', { name: 'Bestelllisten' })).toHaveAttribute('href', '/de/account/orderlist');
  expect(screen.queryByRole('link', { name: 'Bestellhistorie' })).not.toBeInTheDocument();
  // Outside click closes the dropdown.
  await act(async () => {
    document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
  });
  expect(screen.queryByRole('link', { name: 'Bestelllisten' })).not.toBeInTheDocument();
});

test('offers stay hidden without the offer-history flag, even with the right', async () => {
  serve({ 'account/customer': () => json(200, customer(['ROLE_MANAGE_OFFER_HISTORY', 'ROLE_MANAGE_ORDER_LISTS'])) });
  document.cookie = 'wb-logged-in=1; path=/';
  const user = userEvent.setup();
  renderHeader(true, false);
  await user.click(await screen.findByRole('button', { name: 'Mein Konto' }));
  expect(screen.getByRole('link', { name: 'Bestelllisten' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Angebote' })).not.toBeInTheDocument();
});

test('in a punch-out session the menu offers no logout: the session returns to the procurement system instead', async () => {
  serve({
    'account/customer': () => json(200, customer(['ROLE_MANAGE_ORDER_LISTS'])),
    'werkbank/punchout/session': () =>
      json(200, {
        protocol: 'oci',
        systemName: 'SAP SRM',
        operation: 'create',
        readOnly: false,
        testMode: false,
        expiresIn: 3600,
        apiAlias: 'punchout_session',
      }),
  });
  document.cookie = 'wb-logged-in=1; path=/';
  document.cookie = 'wb-punchout=1; path=/';
  const user = userEvent.setup();
  renderHeader(true);
  await waitFor(() => expect($punchOut.get()).not.toBeNull());
  await user.click(await screen.findByRole('button', { name: 'Mein Konto' }));
  expect(screen.getByRole('link', { name: 'Bestelllisten' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument();
});
