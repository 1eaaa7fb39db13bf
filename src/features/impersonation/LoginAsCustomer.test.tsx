import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { accountCustomerBody } from '../../lib/session/testing/test-bodies.ts';
import { islandMessages } from '../../i18n/translator.ts';
import LoginAsCustomer, { LOGIN_AS_MESSAGES } from './LoginAsCustomer.tsx';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(href: string) => void>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // The proxy's marker of a logged-in context: the island asks `account/customer` who is calling.
  document.cookie = 'wb-logged-in=1; path=/';
});
afterEach(() => {
  document.cookie = 'wb-logged-in=; path=/; max-age=0';
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  navigate.mockReset();
});

const ID = 'a'.repeat(32);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const customer = (role: string) => {
  const body = accountCustomerBody();
  return json({
    ...body,
    extensions: { ...body.extensions, customerExtension: { ...body.extensions.customerExtension, role } },
  });
};
/** The login-as answer after the proxy moved the new context token into the HttpOnly cookie. */
/** login-as-customer's answer as the browser gets it: the proxy keeps `contextToken` in the HttpOnly cookie. */
const switched = () => json({ apiAlias: 'array_struct' });
const renderIsland = () =>
  render(<LoginAsCustomer i18n={islandMessages('en-GB', LOGIN_AS_MESSAGES)} prefix="/en" navigate={navigate} />);

test('an account manager logs in as a customer and lands on the dashboard with a full page load', async () => {
  fetchMock.mockResolvedValueOnce(customer('account_manager')).mockResolvedValueOnce(switched());
  const user = userEvent.setup();
  renderIsland();
  const submit = await screen.findByRole('button', { name: 'Log in as this customer' });
  await user.click(submit);
  expect(screen.getByText('This field is required')).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await user.type(screen.getByLabelText('Username or customer id'), ID);
  await user.click(submit);
  await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/en/account/dashboard'));
  const [url, init] = fetchMock.mock.calls[1]!;
  expect(String(url)).toMatch(/\/store-api\/werkbank\/account\/login-as-customer$/);
  expect(JSON.parse(String(init!.body))).toEqual({ customerId: ID });
});

test('an account manager may name the customer by username instead of id', async () => {
  fetchMock.mockResolvedValueOnce(customer('account_manager')).mockResolvedValueOnce(switched());
  const user = userEvent.setup();
  renderIsland();
  await user.type(await screen.findByLabelText('Username or customer id'), ' jan.janssens ');
  await user.click(screen.getByRole('button', { name: 'Log in as this customer' }));
  await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/en/account/dashboard'));
  expect(JSON.parse(String(fetchMock.mock.calls[1]![1]!.body))).toEqual({ username: 'jan.janssens' });
});

test('a customer of another company answers not found and stays on the page', async () => {
  fetchMock.mockResolvedValueOnce(customer('account_manager')).mockResolvedValueOnce(
    json(
      {
        errors: [
          {
            status: '404',
            code: 'CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID',
            title: 'Not Found',
            detail: `No matching customer for the id "${ID}" was found.`,
            meta: { parameters: { id: ID } },
          },
        ],
      },
      404,
    ),
  );
  const user = userEvent.setup();
  renderIsland();
  await user.type(await screen.findByLabelText('Username or customer id'), ID);
  await user.click(screen.getByRole('button', { name: 'Log in as this customer' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This customer does not exist');
  expect(navigate).not.toHaveBeenCalled();
});

test('other customers see that the function is not allowed; visitors are asked to log in', async () => {
  fetchMock.mockResolvedValueOnce(customer('buyer'));
  renderIsland();
  expect(await screen.findByRole('alert')).toHaveTextContent('Only account managers may use this function.');
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  cleanup();

  // An anonymous visitor has no logged-in marker: nothing is asked.
  document.cookie = 'wb-logged-in=; path=/; max-age=0';
  fetchMock.mockClear();
  renderIsland();
  expect(await screen.findByRole('alert')).toHaveTextContent('Please log in as an account manager first.');
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/en/auth?redirect=%2Fen%2Floginascustomer',
  );
  expect(fetchMock).not.toHaveBeenCalled();
});
