import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { toCustomer } from './customer.ts';
import { $customer, $sessionChecked, hasRight, isLoggedIn, logout, refreshSession } from './session-store.ts';
import { NOT_LOGGED_IN, accountCustomerBody } from './testing/test-bodies.ts';

const fetchMock = vi.fn<typeof fetch>();

function setMarker(on: boolean): void {
  document.cookie = on ? 'wb-logged-in=1; path=/' : 'wb-logged-in=; path=/; max-age=0';
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  $customer.set(null);
  $sessionChecked.set(false);
  setMarker(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  setMarker(false);
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

test('without the logged-in marker cookie the visitor is anonymous and no request is made', async () => {
  setMarker(false);
  await expect(refreshSession()).resolves.toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
  expect($customer.get()).toBeNull();
  expect($sessionChecked.get()).toBe(true);
});

test('with the marker, one account/customer call loads the customer with its embedded rights', async () => {
  fetchMock.mockResolvedValueOnce(json(200, accountCustomerBody(['ROLE_MANAGE_ORDER_LISTS'])));
  const customer = await refreshSession();
  expect(customer).toMatchObject({
    firstName: 'Anna',
    lastName: 'Peeters',
    username: 'anna.peeters',
    leadBuyer: true,
    salutation: 'female',
    companyName: 'Bouwbedrijf Peeters NV',
    rights: ['ROLE_MANAGE_ORDER_LISTS'],
  });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(new URL(String(fetchMock.mock.calls[0]![0])).pathname).toBe('/store-api/account/customer');
  expect(hasRight('ROLE_MANAGE_ORDER_LISTS')).toBe(true);
  expect(hasRight('ROLE_VIEW_PRICES')).toBe(false);
});

test('concurrent refreshes share one request', async () => {
  fetchMock.mockResolvedValue(json(200, accountCustomerBody()));
  await Promise.all([refreshSession(), refreshSession()]);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

test('an anonymous context (a stale marker) and a failing server both leave the visitor logged out', async () => {
  $customer.set({ ...toCustomer(accountCustomerBody())!, rights: [] });
  fetchMock.mockResolvedValueOnce(json(403, NOT_LOGGED_IN));
  await expect(refreshSession()).resolves.toBeNull();
  expect($customer.get()).toBeNull();

  fetchMock.mockRejectedValueOnce(new TypeError('network down'));
  await expect(refreshSession()).resolves.toBeNull();
  expect(hasRight('ROLE_MANAGE_ORDER_LISTS')).toBe(false);
});

test('a customer without an id or not active does not count as logged in', async () => {
  const c = { ...toCustomer(accountCustomerBody())!, rights: ['ROLE_MANAGE_ORDER_LISTS'] };
  expect(isLoggedIn(c)).toBe(true);
  expect(isLoggedIn({ ...c, active: false })).toBe(false);
  expect(isLoggedIn({ ...c, id: '' })).toBe(false);
  expect(hasRight('ROLE_MANAGE_ORDER_LISTS', { ...c, active: false })).toBe(false);
  fetchMock.mockResolvedValueOnce(json(200, accountCustomerBody([], { active: false })));
  await expect(refreshSession()).resolves.toBeNull();
});

test('logout posts account/logout and clears the customer even when the call fails', async () => {
  $customer.set({ ...toCustomer(accountCustomerBody())!, rights: [] });
  fetchMock.mockResolvedValueOnce(
    json(500, {
      errors: [
        {
          status: '500',
          code: 'FRAMEWORK__INTERNAL_ERROR',
          title: 'Internal Server Error',
          detail: 'Internal Server Error',
        },
      ],
    }),
  );
  await expect(logout()).rejects.toThrow();
  expect($customer.get()).toBeNull();
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(new URL(String(url)).pathname).toBe('/store-api/account/logout');
  expect(init?.method).toBe('POST');
});
