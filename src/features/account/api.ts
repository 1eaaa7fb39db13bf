/**
 * The account area's Store API calls through the browser client (src/lib/store-api/browser.ts): Shopware's standard
 * account calls and the provider's B2B calls under `/store-api/{provider}/` (backend store-api/account and
 * store-api/company). Request bodies are typed with the contract's request types and provider answers are read
 * with its response schemas (contract/provider/*.ts); Shopware's customer and address are read with the shared
 * models (src/lib/session/customer.ts), the address book with src/lib/address-book.ts.
 *
 * @throws StoreApiClientError from every call for a non-2xx answer; an answer that is not the contract's shape
 *   throws valibot's ValiError.
 */
import type { CompanyAddressRequest } from '../../../contract/provider/addresses.ts';
import type {
  CompanyCustomerCreateRequest,
  CompanyCustomerDeleteRequest,
  CompanyCustomerListRequest,
  CompanyCustomerPatchRequest,
} from '../../../contract/provider/company-users.ts';
import { invoke } from '../../lib/store-api/browser.ts';
import { provider } from '../../lib/store-api/provider.ts';
import type { StoreApiOperations } from '../../lib/store-api/types.ts';
import { fromCompanyCustomer, type Address, type Customer } from '../../lib/session/customer.ts';

/**
 * Profile fields (salutation female or male). `password` is the current password, needed (and sent) only when
 * `email` changes (Shopware's re-authentication of an e-mail change; backend store-api/account/account.routes.ts).
 */
export type ProfileInput = StoreApiOperations['changeProfile post /account/change-profile']['body'];

/**
 * POST `account/change-profile`. A new e-mail address without `password` answers the violation IS_BLANK_ERROR at
 * `/password`, a wrong one CUSTOMER_PASSWORD_NOT_CORRECT at `/password`.
 */
export async function changeProfile(input: ProfileInput): Promise<void> {
  await invoke('changeProfile post /account/change-profile', { body: input });
}

/** POST `account/change-password`; a wrong current password answers CUSTOMER_PASSWORD_NOT_CORRECT. */
export async function changePassword(input: {
  password: string;
  newPassword: string;
  newPasswordConfirm: string;
}): Promise<void> {
  await invoke('changePassword post /account/change-password', { body: input });
}

/** The address form's values; they are a CompanyAddressRequest (contract/provider/addresses.ts). */
export type AddressInput = Omit<Address, 'id'>;

/** POST `{provider}/companies/{companyId}/address`. */
export async function createAddress(companyId: string, input: CompanyAddressRequest): Promise<void> {
  await provider.invoke('createCompanyAddress', { params: { companyId }, body: input });
}

/** PUT `{provider}/companies/{companyId}/address/{addressId}`; `isMain: true` makes it the default address. */
export async function updateAddress(companyId: string, addressId: string, input: CompanyAddressRequest): Promise<void> {
  await provider.invoke('updateCompanyAddress', { params: { companyId, addressId }, body: input });
}

/** DELETE `{provider}/companies/{companyId}/address/{addressId}`. */
export async function deleteAddress(companyId: string, addressId: string): Promise<void> {
  await provider.invoke('deleteCompanyAddress', { params: { companyId, addressId } });
}

/** One page of the company's users. */
export interface CustomerPage {
  customers: Customer[];
  total: number;
}

/** POST `{provider}/companies/customers` with the list criteria (page, limit, term, filter, sort). */
export async function listCustomers(criteria: CompanyCustomerListRequest): Promise<CustomerPage> {
  const result = await provider.invoke('listCompanyCustomers', { body: criteria });
  return { customers: result.elements.map(fromCompanyCustomer), total: result.total };
}

/** GET `{provider}/companies/customers/{id}`; another company's user answers 404. */
export async function fetchCustomer(id: string): Promise<Customer> {
  return fromCompanyCustomer(await provider.invoke('readCompanyCustomer', { params: { id } }));
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

/**
 * Creates a user in the caller's company with its rights (`rights: [{code, enabled}]`); the server mails a
 * set-password invitation. Answers the new id. VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE when the username is taken.
 */
export async function createCustomer(input: CompanyCustomerCreateRequest): Promise<string> {
  return (await provider.invoke('createCompanyCustomer', { body: input })).id;
}

/**
 * PATCH `{provider}/companies/customers/{id}` with the changed fields and, when changed, all 24 rights. Changing
 * one's own e-mail address needs `password`, the caller's current password (violations at `/password` as for
 * `changeProfile`).
 */
export async function updateCustomer(id: string, input: CompanyCustomerPatchRequest): Promise<void> {
  await provider.invoke('updateCompanyCustomer', { params: { id }, body: input });
}

/** DELETE `{provider}/companies/customers` with `{customerIds}`. */
export async function deleteCustomers(customerIds: string[]): Promise<void> {
  const body: CompanyCustomerDeleteRequest = { customerIds };
  await provider.invoke('deleteCompanyCustomers', { body });
}
