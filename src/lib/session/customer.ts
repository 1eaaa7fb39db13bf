/**
 * The customer and address models of the storefront, read from the two shapes the Store API sends:
 * - Shopware's `customer` entity of `account/customer` (backend store-api/account/customer-view.ts): `salutation`
 *   as Shopware's salutation entity (`salutationKey` mr/mrs/not_specified), `company` as the company name,
 *   `extensions.company`, `extensions.customerExtension` { username, leadBuyer, role } and `extensions.rights`, all
 *   24 rights as `{ code, enabled }`;
 * - the provider's company user of `{provider}/companies/customers…` (backend store-api/company/customer-model.ts):
 *   `salutation` 'female'/'male'/null, `companyId`, `extensions.customerExtension`, `budget`, `remainingBudget`
 *   and `rights` as `{ code, enabled }`.
 * Addresses come as Shopware's `customer_address` (`street` with number and box appended, `houseNumber`,
 * `countryCode`) or as the provider's company address (`street` alone, `number`, `country`).
 * Unknown fields are ignored; a body without the required fields reads as null.
 */
import * as v from 'valibot';

const str = v.nullish(v.string(), '');
const optStr = v.nullish(v.string());

const RightEntry = v.object({ code: v.string(), enabled: v.boolean() });

/**
 * Enabled right codes of a rights list (`[{ code, enabled }]`, the customer's `rights`/`extensions.rights`) or of
 * the rights route's answer `{ roles: [{ code, enabled }] }` (backend store-api/account/rights.routes.ts).
 */
export function enabledRightCodes(input: unknown): string[] {
  const parsed = v.safeParse(v.union([v.array(RightEntry), v.object({ roles: v.array(RightEntry) })]), input);
  if (!parsed.success) return [];
  const list = Array.isArray(parsed.output) ? parsed.output : parsed.output.roles;
  return list.filter((r) => r.enabled).map((r) => r.code);
}

const AddressSchema = v.object({
  id: v.string(),
  name: str,
  street: str,
  number: optStr,
  houseNumber: optStr,
  box: optStr,
  zipcode: str,
  city: str,
  country: optStr,
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

/** Reads one address in either shape; null when it is not an address. */
export function toAddress(input: unknown): Address | null {
  const parsed = v.safeParse(AddressSchema, input);
  if (!parsed.success) return null;
  const a = parsed.output;
  // Shopware's shape writes number and box into `street`; the provider's keeps them apart in `number`.
  const suffix = a.number == null && a.houseNumber ? ` ${[a.houseNumber, a.box].filter(Boolean).join(' ')}` : '';
  const street = suffix && a.street.endsWith(suffix) ? a.street.slice(0, -suffix.length) : a.street;
  return {
    id: a.id,
    name: a.name,
    street,
    number: a.number ?? a.houseNumber ?? '',
    box: a.box ?? '',
    zipcode: a.zipcode,
    city: a.city,
    country: a.country ?? a.countryCode ?? '',
    email: a.email ?? '',
    additional: a.additional ?? '',
    isMain: a.isMain,
  };
}

const CustomerSchema = v.object({
  id: v.string(),
  active: v.nullish(v.boolean(), false),
  salutation: v.nullish(v.union([v.string(), v.object({ salutationKey: optStr })])),
  firstName: str,
  lastName: str,
  email: str,
  phone: optStr,
  mobile: optStr,
  companyId: optStr,
  company: optStr,
  defaultShippingAddressId: optStr,
  defaultShippingAddress: v.nullish(v.unknown()),
  budget: v.nullish(v.number()),
  remainingBudget: v.nullish(v.number()),
  rights: v.nullish(v.unknown()),
  extensions: v.nullish(
    v.object({
      customerExtension: v.nullish(v.object({ username: optStr, leadBuyer: v.nullish(v.boolean()), role: optStr })),
      company: v.nullish(v.object({ id: optStr, name: optStr })),
      rights: v.nullish(v.unknown()),
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

/** Salutation of either shape: Shopware's key mrs/mr or the provider's female/male. */
function salutationOf(input: v.InferOutput<typeof CustomerSchema>['salutation']): Customer['salutation'] {
  const key = typeof input === 'string' ? input : (input?.salutationKey ?? '');
  if (key === 'mrs' || key === 'female') return 'female';
  if (key === 'mr' || key === 'male') return 'male';
  return '';
}

/** Reads a customer in either shape; null when the body is not a customer. */
export function toCustomer(input: unknown): Customer | null {
  const parsed = v.safeParse(CustomerSchema, input);
  if (!parsed.success) return null;
  const c = parsed.output;
  const ext = c.extensions?.customerExtension;
  const rights = c.rights ?? c.extensions?.rights;
  return {
    id: c.id,
    active: c.active,
    salutation: salutationOf(c.salutation),
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone ?? '',
    mobile: c.mobile ?? '',
    username: ext?.username ?? c.email,
    leadBuyer: ext?.leadBuyer ?? false,
    role: ext?.role ?? '',
    companyId: c.companyId ?? c.extensions?.company?.id ?? '',
    companyName: c.extensions?.company?.name ?? c.company ?? '',
    defaultShippingAddressId: c.defaultShippingAddressId ?? '',
    defaultShippingAddress: c.defaultShippingAddress ? toAddress(c.defaultShippingAddress) : null,
    budget: c.budget ?? null,
    budgetRemaining: c.remainingBudget ?? null,
    rights: rights == null ? null : enabledRightCodes(rights),
  };
}
