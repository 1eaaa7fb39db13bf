/**
 * The customer and address models of the storefront, read from the shapes the Store API sends:
 * - Shopware's `customer` entity of `account/customer` (backend store-api/account/customer-view.ts) with
 *   `salutation` as Shopware's salutation entity (`salutationKey` mr/mrs/not_specified), `company` as the company
 *   name, `extensions.company`, `extensions.customerExtension` { username, leadBuyer, role } and
 *   `extensions.rights`, all 24 rights as `{ code, enabled }`: `toCustomer`;
 * - the provider's company user of `{provider}/companies/customers…`, already parsed with the contract's
 *   CompanyCustomerSchema (contract/provider/company-users.ts): `fromCompanyCustomer`;
 * - Shopware's `customer_address` of `account/list-address` and of the customer's addresses (`street` with house
 *   number and box appended, `houseNumber`, `countryCode`): `toAddress`.
 * Unknown fields are ignored; a body without the required fields reads as null.
 */
import * as v from 'valibot';
import type { CompanyCustomer } from '../../../contract/provider/company-users.ts';
import { RightListSchema, type Right } from '../../../contract/rights.ts';

const str = v.nullish(v.string(), '');
const optStr = v.nullish(v.string());

/** Enabled right codes of a rights list (`[{ code, enabled }]`, contract/rights.ts RightListSchema). */
export function enabledRightCodes(rights: readonly Right[]): string[] {
  return rights.filter((r) => r.enabled).map((r) => r.code);
}

const AddressSchema = v.object({
  id: v.string(),
  name: str,
  street: str,
  houseNumber: optStr,
  box: optStr,
  zipcode: str,
  city: str,
  countryCode: optStr,
  email: optStr,
  additional: optStr,
  isMain: v.nullish(v.boolean(), false),
});

/** An address of the company: name, street, number, box, zipcode, city, country, email, additional, main flag. */
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

/** Reads one of Shopware's `customer_address`; null when it is not an address. */
export function toAddress(input: unknown): Address | null {
  const parsed = v.safeParse(AddressSchema, input);
  if (!parsed.success) return null;
  const a = parsed.output;
  // Shopware's address writes house number and box into `street`; the form edits them apart.
  const suffix = a.houseNumber ? ` ${[a.houseNumber, a.box].filter(Boolean).join(' ')}` : '';
  const street = suffix && a.street.endsWith(suffix) ? a.street.slice(0, -suffix.length) : a.street;
  return {
    id: a.id,
    name: a.name,
    street,
    number: a.houseNumber ?? '',
    box: a.box ?? '',
    zipcode: a.zipcode,
    city: a.city,
    country: a.countryCode ?? '',
    email: a.email ?? '',
    additional: a.additional ?? '',
    isMain: a.isMain,
  };
}

const CustomerSchema = v.object({
  id: v.string(),
  active: v.nullish(v.boolean(), false),
  salutation: v.nullish(v.object({ salutationKey: optStr })),
  firstName: str,
  lastName: str,
  email: str,
  phone: optStr,
  mobile: optStr,
  company: optStr,
  defaultShippingAddressId: optStr,
  defaultShippingAddress: v.nullish(v.unknown()),
  extensions: v.nullish(
    v.object({
      customerExtension: v.nullish(v.object({ username: optStr, leadBuyer: v.nullish(v.boolean()), role: optStr })),
      company: v.nullish(v.object({ id: optStr, name: optStr })),
      rights: v.nullish(RightListSchema),
    }),
  ),
});

/** A customer (user) of a company as the storefront shows it. */
export interface Customer {
  id: string;
  active: boolean;
  /** 'female', 'male' or '' (not specified). */
  salutation: '' | 'female' | 'male';
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  mobile: string;
  username: string;
  leadBuyer: boolean;
  /** The provider's role name, e.g. 'lead_buyer', 'buyer', 'account_manager'; '' when the answer has none. */
  role: string;
  companyId: string;
  companyName: string;
  defaultShippingAddressId: string;
  defaultShippingAddress: Address | null;
  /** Budget and remaining budget of the user list, in EUR; null without a budget. */
  budget: number | null;
  budgetRemaining: number | null;
  /** Enabled right codes when the answer carries the rights list, else null. */
  rights: string[] | null;
}

/** Salutation from Shopware's key: mrs → female, mr → male, else not specified. */
function salutationOf(key: string | null | undefined): Customer['salutation'] {
  if (key === 'mrs') return 'female';
  if (key === 'mr') return 'male';
  return '';
}

/** Reads the customer of `account/customer`; null when the body is not a customer. */
export function toCustomer(input: unknown): Customer | null {
  const parsed = v.safeParse(CustomerSchema, input);
  if (!parsed.success) return null;
  const c = parsed.output;
  const ext = c.extensions?.customerExtension;
  const rights = c.extensions?.rights;
  return {
    id: c.id,
    active: c.active,
    salutation: salutationOf(c.salutation?.salutationKey),
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone ?? '',
    mobile: c.mobile ?? '',
    username: ext?.username ?? c.email,
    leadBuyer: ext?.leadBuyer ?? false,
    role: ext?.role ?? '',
    companyId: c.extensions?.company?.id ?? '',
    companyName: c.extensions?.company?.name ?? c.company ?? '',
    defaultShippingAddressId: c.defaultShippingAddressId ?? '',
    defaultShippingAddress: c.defaultShippingAddress ? toAddress(c.defaultShippingAddress) : null,
    budget: null,
    budgetRemaining: null,
    rights: rights == null ? null : enabledRightCodes(rights),
  };
}

/** The storefront's model of a company user as the provider's company endpoints answer it. */
export function fromCompanyCustomer(c: CompanyCustomer): Customer {
  return {
    id: c.id,
    active: c.active,
    salutation: c.salutation ?? '',
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone ?? '',
    mobile: c.mobile ?? '',
    username: c.customerExtension.username,
    leadBuyer: c.customerExtension.leadBuyer,
    role: c.role,
    companyId: c.companyId,
    companyName: '',
    defaultShippingAddressId: c.defaultShippingAddressId ?? '',
    defaultShippingAddress: null,
    budget: c.budget,
    budgetRemaining: c.remainingBudget,
    rights: enabledRightCodes(c.rights),
  };
}
