import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { $customer, hasRight, isLoggedIn, logout, refreshSession, toSessionCustomer } from './session-store.ts';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  $customer.set(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const customerBody = {
  id: 'c1',
  firstName: 'Anna',
  lastName: 'Berger',
  active: true,
  extensions: { customerExtension: { username: 'anna', leadBuyer: true } },
};

test('refreshSession loads the customer and the enabled rights through the same-origin proxy', async () => {
  fetchMock.mockResolvedValueOnce(json(200, customerBody)).mockResolvedValueOnce(
    json(200, {
      roles: [
        { code: 'ROLE_MANAGE_ORDER_LISTS', enabled: true },
        { code: 'ROLE_VIEW_PRICES', enabled: false },
      ],
    }),
  );
  const customer = await refreshSession();
  expect(customer).toEqual({
    id: 'c1',
    firstName: 'Anna',
    lastName: 'Berger',
    active: true,
    leadBuyer: true,
    username: 'anna',
    rights: ['ROLE_MANAGE_ORDER_LISTS'],
  });
  expect($customer.get()?.id).toBe('c1');
  const urls = fetchMock.mock.calls.map(([url]) => new URL(String(url)).pathname);
  expect(urls).toEqual(['/store-api/account/customer', '/store-api/werkbank/account/c1/rights']);
  expect(hasRight('ROLE_MANAGE_ORDER_LISTS')).toBe(true);
  expect(hasRight('ROLE_VIEW_PRICES')).toBe(false);
});

test('an anonymous context (403) and a failing server both leave the visitor logged out without throwing', async () => {
  $customer.set({ ...toSessionCustomer(customerBody)! });
  fetchMock.mockResolvedValueOnce(
    json(403, { errors: [{ status: '403', code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', detail: 'not logged in' }] }),
  );
  await expect(refreshSession()).resolves.toBeNull();
  expect($customer.get()).toBeNull();

  fetchMock.mockRejectedValueOnce(new TypeError('network down'));
  await expect(refreshSession()).resolves.toBeNull();
  expect(hasRight('ROLE_MANAGE_ORDER_LISTS')).toBe(false);
});

test('a customer without an id or not active does not count as logged in (spec §4)', () => {
  const c = toSessionCustomer(customerBody)!;
  expect(isLoggedIn(c)).toBe(true);
  expect(isLoggedIn({ ...c, active: false })).toBe(false);
  expect(isLoggedIn({ ...c, id: '' })).toBe(false);
  expect(hasRight('ROLE_MANAGE_ORDER_LISTS', { ...c, active: false, rights: ['ROLE_MANAGE_ORDER_LISTS'] })).toBe(false);
});

test('rights embedded in the customer answer need no second call', async () => {
  fetchMock.mockResolvedValueOnce(json(200, { ...customerBody, rights: ['ROLE_MANAGE_CONTACTS'] }));
  const customer = await refreshSession();
  expect(customer?.rights).toEqual(['ROLE_MANAGE_CONTACTS']);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('logout posts account/logout and clears the customer even when the call fails', async () => {
  $customer.set(toSessionCustomer(customerBody));
  fetchMock.mockResolvedValueOnce(json(500, { errors: [{ status: '500', code: 'X' }] }));
  await expect(logout()).rejects.toThrow();
  expect($customer.get()).toBeNull();
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(new URL(String(url)).pathname).toBe('/store-api/account/logout');
  expect(init?.method).toBe('POST');
});

test('rights in extensions.rights (the embedded backend) are read from the customer answer', async () => {
  fetchMock.mockResolvedValueOnce(
    json(200, {
      ...customerBody,
      extensions: {
        ...customerBody.extensions,
        rights: [
          { code: 'ROLE_MANAGE_OFFER_HISTORY', enabled: true },
          { code: 'ROLE_MANAGE_CONTACTS', enabled: false },
        ],
      },
    }),
  );
  const customer = await refreshSession();
  expect(customer?.rights).toEqual(['ROLE_MANAGE_OFFER_HISTORY']);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
