/**
 * The account SPA's Store API calls, all through the same-origin proxy `/store-api/*` (ARCHITECTURE §2: the proxy adds
 * the access key, language and the HttpOnly context token). Paths are Shopware's standard account calls and the
 * provider's B2B calls of spec §7 under `/store-api/{provider}/`. Responses are read leniently (valibot, unknown
 * fields ignored) into the small shapes the screens need.
 */
import * as v from 'valibot';
import { providerPath, storeApi } from '../../lib/store-api/browser.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { RIGHT_CODES, type RightCode } from './rights.ts';
import type { CustomerListCriteria } from './customer-list-query.ts';

const str = v.nullish(v.string(), '');
const optStr = v.nullish(v.string());

const ExtensionSchema = v.nullish(
  v.object({
    customerExtension: v.nullish(
      v.object({
        username: optStr,
        leadBuyer: v.nullish(v.boolean()),
        companyId: optStr,
        active: v.nullish(v.boolean()),
      }),
    ),
    company: v.nullish(v.object({ id: optStr, name: optStr })),
    rights: v.nullish(v.unknown()),
  }),
);

/** Shopware's salutation entity (`salutationKey` mr/mrs) or the provider's 'male'/'female'. */
const SalutationSchema = v.nullish(v.union([v.string(), v.object({ salutationKey: optStr })]));

/** 'female', 'male' or '' from either salutation shape. */
function salutationOf(input: v.InferOutput<typeof SalutationSchema>): string {
  const key = typeof input === 'string' ? input : (input?.salutationKey ?? '');
  if (key === 'mrs' || key === 'female') return 'female';
  if (key === 'mr' || key === 'male') return 'male';
  return '';
}

const AddressSchema = v.object({
  id: v.string(),
  name: optStr,
  company: optStr,
  firstName: optStr,
  lastName: optStr,
  street: str,
  number: optStr,
  houseNumber: optStr,
  box: optStr,
  zipcode: str,
  city: str,
  country: v.nullish(v.union([v.string(), v.object({ iso: optStr, name: optStr })])),
  countryCode: optStr,
  email: optStr,
  additional: optStr,
  additionalAddressLine1: optStr,
  isMain: v.nullish(v.boolean()),
  mainAddress: v.nullish(v.boolean()),
  companyId: optStr,
});

/** An address of the company (spec §3 "Address"). */
export interface Address {
  id: string;
  name: string;
  street: string;
  number: string;
  box: string;
  zipcode: string;
  city: string;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
  email: string;
  additional: string;
  isMain: boolean;
}

/** Reads one address in the provider's or Shopware's shape; null when it is not an address. */
export function toAddress(input: unknown): Address | null {
  const parsed = v.safeParse(AddressSchema, input);
  if (!parsed.success) return null;
  const a = parsed.output;
  const country = typeof a.country === 'string' ? a.country : (a.country?.iso ?? a.countryCode ?? '');
  // Shopware's shape writes number and box into `street`; the provider's keeps them apart in `number`.
  const suffix = a.number == null && a.houseNumber ? ` ${[a.houseNumber, a.box].filter(Boolean).join(' ')}` : '';
  const street = suffix && a.street.endsWith(suffix) ? a.street.slice(0, -suffix.length) : a.street;
  return {
    id: a.id,
    name: a.name || a.company || [a.firstName, a.lastName].filter(Boolean).join(' '),
    street,
    number: a.number ?? a.houseNumber ?? '',
    box: a.box ?? '',
    zipcode: a.zipcode,
    city: a.city,
    country: country || (a.countryCode ?? ''),
    email: a.email ?? '',
    additional: a.additional ?? a.additionalAddressLine1 ?? '',
    isMain: a.isMain ?? a.mainAddress ?? false,
  };
}

const CustomerSchema = v.object({
  id: v.string(),
  active: v.nullish(v.boolean()),
  salutation: SalutationSchema,
  firstName: str,
  lastName: str,
  email: str,
  phone: optStr,
  mobile: optStr,
  phoneNumber: optStr,
  username: optStr,
  leadBuyer: v.nullish(v.boolean()),
  companyId: optStr,
  company: v.nullish(v.union([v.string(), v.object({ id: optStr, name: optStr })])),
  defaultShippingAddressId: optStr,
  defaultShippingAddress: v.nullish(v.unknown()),
  flow: v.nullish(v.object({ name: optStr, budget: v.nullish(v.number()), budgetRemaining: v.nullish(v.number()) })),
  budget: v.nullish(v.number()),
  budgetRemaining: v.nullish(v.number()),
  remainingBudget: v.nullish(v.number()),
  rights: v.nullish(v.unknown()),
  extensions: ExtensionSchema,
});

/** A customer (user) as the account screens show it (spec §3 "Customer", "User"). */
export interface AccountCustomer {
  id: string;
  active: boolean;
  salutation: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  mobile: string;
  username: string;
  leadBuyer: boolean;
  companyId: string;
  companyName: string;
  defaultShippingAddressId: string;
  defaultShippingAddress: Address | null;
  /** Flow budget and remaining budget of the list view, in EUR; null without a flow. */
  budget: number | null;
  budgetRemaining: number | null;
  /** Enabled right codes when the answer carries them (`rights` or `extensions.rights`), else null. */
  rights: string[] | null;
}

/** Reads a customer in the standard or provider shape; null when the body is not a customer. */
export function toAccountCustomer(input: unknown): AccountCustomer | null {
  const parsed = v.safeParse(CustomerSchema, input);
  if (!parsed.success) return null;
  const c = parsed.output;
  const ext = c.extensions?.customerExtension;
  const company = typeof c.company === 'string' ? { id: c.extensions?.company?.id, name: c.company } : c.company;
  const rights = c.rights ?? c.extensions?.rights;
  return {
    id: c.id,
    active: c.active ?? ext?.active ?? false,
    salutation: salutationOf(c.salutation),
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone ?? c.phoneNumber ?? '',
    mobile: c.mobile ?? '',
    username: c.username ?? ext?.username ?? c.email,
    leadBuyer: c.leadBuyer ?? ext?.leadBuyer ?? false,
    companyId: c.companyId ?? company?.id ?? c.extensions?.company?.id ?? ext?.companyId ?? '',
    companyName: company?.name ?? c.extensions?.company?.name ?? '',
    defaultShippingAddressId: c.defaultShippingAddressId ?? '',
    defaultShippingAddress: c.defaultShippingAddress ? toAddress(c.defaultShippingAddress) : null,
    budget: c.flow?.budget ?? c.budget ?? null,
    budgetRemaining: c.flow?.budgetRemaining ?? c.budgetRemaining ?? c.remainingBudget ?? null,
    rights: rights === undefined || rights === null ? null : enabledRightCodes(rights),
  };
}

const RightEntry = v.union([v.string(), v.object({ code: v.string(), enabled: v.nullish(v.boolean(), true) })]);
const RightsBody = v.union([
  v.object({ roles: v.array(RightEntry) }),
  v.object({ rights: v.array(RightEntry) }),
  v.array(RightEntry),
]);

/** Enabled right codes of a rights answer (`{roles}`, `{rights}` or a bare list of entries or codes). */
export function enabledRightCodes(input: unknown): string[] {
  const parsed = v.safeParse(RightsBody, input);
  if (!parsed.success) return [];
  const out = parsed.output;
  const list = Array.isArray(out) ? out : 'roles' in out ? out.roles : out.rights;
  return list.flatMap((r) => (typeof r === 'string' ? [r] : r.enabled === false ? [] : [r.code]));
}

/** The logged-in customer with company; null for an anonymous context (401/403). */
export async function fetchCurrentCustomer(): Promise<AccountCustomer | null> {
  try {
    return toAccountCustomer(await storeApi('account/customer'));
  } catch (error) {
    if (error instanceof StoreApiClientError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** GET `{provider}/account/{id}/rights`: the enabled codes. */
export async function fetchRights(customerId: string): Promise<string[]> {
  return enabledRightCodes(await storeApi(providerPath('account', customerId, 'rights')));
}

/** PUT `{provider}/account/{id}/rights` with all 24 rights as `{roles: [{code, enabled}]}`. */
export async function saveRights(customerId: string, enabled: readonly string[]): Promise<void> {
  const roles = RIGHT_CODES.map((code: RightCode) => ({ code, enabled: enabled.includes(code) }));
  await storeApi(providerPath('account', customerId, 'rights'), { method: 'PUT', body: { roles } });
}

/** Profile fields of spec §2 "Profile" (salutation female or male). */
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

/** POST `account/recovery-password` with username and the storefront URL the mail's link is built on. */
export async function requestRecovery(username: string, storefrontUrl: string): Promise<void> {
  await storeApi('account/recovery-password', { method: 'POST', body: { username, storefrontUrl } });
}

function elementsOf(body: unknown, ...keys: string[]): unknown[] {
  if (Array.isArray(body)) return body;
  if (body && typeof body === 'object') {
    for (const key of ['elements', ...keys]) {
      const value = (body as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value;
    }
  }
  return [];
}

/** POST `account/list-address`: the company's addresses. */
export async function listAddresses(): Promise<Address[]> {
  const body = await storeApi('account/list-address', { method: 'POST', body: { limit: 500 } });
  return elementsOf(body, 'addresses').flatMap((a) => toAddress(a) ?? []);
}

/** Address fields sent on create and update (spec §3 "Address"). */
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
  customers: AccountCustomer[];
  total: number;
}

/** POST `{provider}/companies/customers` with the list criteria (page, limit, term, filter, sort). */
export async function listCustomers(criteria: CustomerListCriteria): Promise<CustomerPage> {
  const body = await storeApi(providerPath('companies', 'customers'), { method: 'POST', body: criteria });
  const customers = elementsOf(body, 'customers', 'data').flatMap((c) => toAccountCustomer(c) ?? []);
  let total = customers.length;
  if (body && typeof body === 'object') {
    const b = body as { total?: unknown; pager?: { totalResults?: unknown } };
    if (typeof b.total === 'number') total = b.total;
    else if (typeof b.pager?.totalResults === 'number') total = b.pager.totalResults;
  }
  return { customers, total };
}

/** GET `{provider}/companies/customers/{id}`. */
export async function fetchCustomer(id: string): Promise<AccountCustomer | null> {
  return toAccountCustomer(await storeApi(providerPath('companies', 'customers', id)));
}

/** User fields of spec §3 "User" that the create and edit screens send. */
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
  const id =
    body && typeof body === 'object'
      ? ((body as { customerId?: unknown; id?: unknown }).customerId ?? (body as { id?: unknown }).id)
      : undefined;
  return typeof id === 'string' ? id : '';
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
