/**
 * The account area's Store API calls through the browser client (src/lib/store-api/browser.ts): Shopware's standard
 * account calls and the provider's B2B calls under `/store-api/{provider}/` (backend store-api/account and
 * store-api/company). Bodies are read with the shared customer and address models (src/lib/session/customer.ts).
 *
 * @throws StoreApiClientError from every call for a non-2xx answer; a list body without `elements` throws
 *   valibot's ValiError.
 */
import * as v from 'valibot';
import { providerPath, storeApi } from '../../lib/store-api/browser.ts';
import { toAddress, toCustomer, type Address, type Customer } from '../../lib/session/customer.ts';
import type { CustomerListCriteria } from './customer-list-query.ts';

/** Profile fields (salutation female or male). */
export interface ProfileInput {
  salutation: 'female' | 'male';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  mobile: string;
}

/** POST `account/change-profile`. */
export async function changeProfile(input: ProfileInput): Promise<void> {
  await storeApi('account/change-profile', { method: 'POST', body: input });
}

/** POST `account/change-password`; a wrong current password answers CUSTOMER_PASSWORD_NOT_CORRECT. */
export async function changePassword(input: {
  password: string;
  newPassword: string;
  newPasswordConfirm: string;
}): Promise<void> {
  await storeApi('account/change-password', { method: 'POST', body: input });
}

/** Shopware's search result `{ elements, total }` (`dal_entity_search_result`), as both list calls answer. */
const SearchResult = v.object({ elements: v.array(v.unknown()), total: v.nullish(v.number()) });

/** POST `account/list-address`: the company's addresses. */
export async function listAddresses(): Promise<Address[]> {
  const body = await storeApi('account/list-address', { method: 'POST', body: { limit: 500 } });
  return v.parse(SearchResult, body).elements.flatMap((a) => toAddress(a) ?? []);
}

/** Address fields sent on create and update. */
export type AddressInput = Omit<Address, 'id'>;

/** POST `{provider}/companies/{companyId}/address`. */
export async function createAddress(companyId: string, input: AddressInput): Promise<void> {
  await storeApi(providerPath('companies', companyId, 'address'), { method: 'POST', body: input });
}

/** PUT `{provider}/companies/{companyId}/address/{addressId}`; `isMain: true` makes it the default address. */
export async function updateAddress(companyId: string, addressId: string, input: AddressInput): Promise<void> {
  await storeApi(providerPath('companies', companyId, 'address', addressId), { method: 'PUT', body: input });
}

/** DELETE `{provider}/companies/{companyId}/address/{addressId}`. */
export async function deleteAddress(companyId: string, addressId: string): Promise<void> {
  await storeApi(providerPath('companies', companyId, 'address', addressId), { method: 'DELETE' });
}

/** One page of the company's users. */
export interface CustomerPage {
  customers: Customer[];
  total: number;
}

/** POST `{provider}/companies/customers` with the list criteria (page, limit, term, filter, sort). */
export async function listCustomers(criteria: CustomerListCriteria): Promise<CustomerPage> {
  const body = await storeApi(providerPath('companies', 'customers'), { method: 'POST', body: criteria });
  const result = v.parse(SearchResult, body);
  const customers = result.elements.flatMap((c) => toCustomer(c) ?? []);
  return { customers, total: result.total ?? customers.length };
}

/** GET `{provider}/companies/customers/{id}`. */
export async function fetchCustomer(id: string): Promise<Customer | null> {
  return toCustomer(await storeApi(providerPath('companies', 'customers', id)));
}

/** User fields that the create and edit screens send. */
export interface UserInput {
  salutation: 'female' | 'male';
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  active: boolean;
  leadBuyer: boolean;
}

/** Path of the user-create call (provider OpenAPI document). */
export const createCustomerPath = (): string => providerPath('companies', 'customers', 'create');

/**
 * Creates a user in the caller's company with its rights (`rights: [{code, enabled}]`); the server mails a
 * set-password invitation. Answers the new id. VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE when the username is taken.
 */
export async function createCustomer(
  input: UserInput & { rights: { code: string; enabled: boolean }[] },
): Promise<string> {
  const body = await storeApi(createCustomerPath(), { method: 'POST', body: input });
  return toCustomer(body)?.id ?? '';
}

/** PATCH `{provider}/companies/customers/{id}` with the changed fields and, when changed, all 24 rights. */
export async function updateCustomer(
  id: string,
  input: Partial<UserInput> & { rights?: { code: string; enabled: boolean }[] },
): Promise<void> {
  await storeApi(providerPath('companies', 'customers', id), { method: 'PATCH', body: input });
}

/** DELETE `{provider}/companies/customers` with `{customerIds}`. */
export async function deleteCustomers(customerIds: string[]): Promise<void> {
  await storeApi(providerPath('companies', 'customers'), { method: 'DELETE', body: { customerIds } });
}
