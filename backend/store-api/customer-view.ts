/**
 * The logged-in customer as the Store API returns it (Shopware `customer` entity, read by `account/customer`), with
 * the provider's additions (docs/openapi/provider.json): `extensions.company` (the attached company),
 * `extensions.customerExtension` { username, leadBuyer, role }, `extensions.rights` (the 24 `{ code, enabled }`),
 * `customFields.oci_customer`. Company addresses map to Shopware's `customer_address` shape plus the provider's
 * fields (name, houseNumber, box, email, additional, isMain, companyId).
 *
 * Serialisation is an allow-list: password hashes, recovery data and flags like `forceRecovery` never leave here.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companyAddressTable, companyTable, customerRightTable, customerTable } from '../db/schema/index.ts';
import { rightsList } from '../auth/rights.ts';
import { stableId } from '../lib/ids.ts';
import { FIXED_IDS } from './system.mapper.ts';
import type { StoreSalutation } from '../http/shopware-schemas.ts';

type CompanyRow = typeof companyTable.$inferSelect;
type CustomerRow = typeof customerTable.$inferSelect;
type AddressRow = typeof companyAddressTable.$inferSelect;

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** Leaves out the listed keys whose value is null: Shopware's document types them as strings when present. */
function omitNull<T extends Record<string, unknown>>(value: T, keys: (keyof T)[]): T {
  const out = { ...value };
  for (const k of keys) if (out[k] === null) delete out[k];
  return out;
}

/** Shopware salutation for the stored prefix ('female' → mrs, 'male' → mr, else not_specified). */
export function salutationOf(prefix: string | null): StoreSalutation {
  const key = prefix === 'female' ? 'mrs' : prefix === 'male' ? 'mr' : 'not_specified';
  const name = { mrs: 'Mrs.', mr: 'Mr.', not_specified: 'Not specified' }[key];
  return {
    id: stableId('salutation', key),
    salutationKey: key,
    displayName: name,
    letterName: name,
    translated: { displayName: name, letterName: name },
    apiAlias: 'salutation',
  };
}

/** A company address in Shopware's `customer_address` shape (plus the provider's fields). */
export function mapAddress(row: AddressRow, company: { name: string }, customerId: string | null = null) {
  return omitNull(address(row, company, customerId), ['additionalAddressLine1', 'updatedAt']);
}

function address(row: AddressRow, company: { name: string }, customerId: string | null) {
  return {
    id: row.id,
    customerId,
    companyId: row.companyId,
    name: row.name,
    firstName: '',
    lastName: '',
    company: company.name,
    street: row.houseNumber ? `${row.street} ${row.houseNumber}${row.box ? ` ${row.box}` : ''}` : row.street,
    houseNumber: row.houseNumber,
    box: row.box,
    zipcode: row.zipcode,
    city: row.city,
    countryId: stableId('country', row.countryCode),
    countryCode: row.countryCode,
    email: row.email,
    additional: row.additional,
    additionalAddressLine1: row.additional,
    isMain: row.isMain,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    customFields: {},
    apiAlias: 'customer_address',
  };
}

/** The attached company (`extensions.company`). */
export function mapCompany(row: CompanyRow) {
  return {
    id: row.id,
    companyNumber: row.companyNumber,
    name: row.name,
    vatId: row.vatId,
    active: row.active,
    branch: row.branch,
    branchIndustry: row.branchIndustry,
    locale: row.locale,
    street: row.street,
    houseNumber: row.houseNumber,
    box: row.box,
    zipcode: row.zipcode,
    city: row.city,
    countryCode: row.countryCode,
    phone: row.phone,
    emailForInvoice: row.emailForInvoice,
    apiAlias: 'company',
  };
}

/** Maps customer, company, addresses and enabled right codes to the Store API customer. */
export function mapCustomer(input: Parameters<typeof customer>[0]) {
  return omitNull(customer(input), ['title', 'doubleOptInConfirmDate', 'lastLogin', 'updatedAt']);
}

function customer(input: {
  customer: CustomerRow;
  company: CompanyRow;
  addresses: AddressRow[];
  rights: Iterable<string>;
  salesChannelId: string;
  /** Language of the request, used when the customer has none stored. */
  languageId: string;
}) {
  const { customer: x, company, addresses } = input;
  const vatIds = company.vatId ? [company.vatId] : [];
  const main = addresses.find((a) => a.isMain) ?? addresses[0];
  const billing = addresses.find((a) => a.id === x.defaultBillingAddressId) ?? main;
  const shipping = addresses.find((a) => a.id === x.defaultShippingAddressId) ?? main;
  return {
    id: x.id,
    active: x.active,
    guest: false,
    customerNumber: company.companyNumber,
    email: x.email,
    salutationId: salutationOf(x.salutation).id,
    salutation: salutationOf(x.salutation),
    title: null,
    firstName: x.firstName,
    lastName: x.lastName,
    company: company.name,
    // Shopware's business accounts carry at least one VAT id; a company without one reads as 'private'.
    accountType: vatIds.length ? 'business' : 'private',
    vatIds,
    phone: x.phone,
    mobile: x.mobile,
    fax: x.fax,
    customerFunction: x.customerFunction,
    groupId: FIXED_IDS.customerGroup,
    salesChannelId: input.salesChannelId,
    languageId: x.languageId ?? input.languageId,
    defaultPaymentMethodId: FIXED_IDS.paymentMethod,
    defaultBillingAddressId: billing?.id ?? null,
    defaultShippingAddressId: shipping?.id ?? null,
    activeBillingAddress: billing ? mapAddress(billing, company, x.id) : null,
    activeShippingAddress: shipping ? mapAddress(shipping, company, x.id) : null,
    defaultBillingAddress: billing ? mapAddress(billing, company, x.id) : null,
    defaultShippingAddress: shipping ? mapAddress(shipping, company, x.id) : null,
    orderCount: x.orderCount,
    doubleOptInRegistration: x.doubleOptInRegistration,
    doubleOptInConfirmDate: iso(x.doubleOptInConfirmDate),
    lastLogin: iso(x.lastLogin),
    createdAt: iso(x.createdAt),
    updatedAt: iso(x.updatedAt),
    customFields: { oci_customer: x.isOciCustomer },
    extensions: {
      company: mapCompany(company),
      customerExtension: { username: x.username, leadBuyer: x.leadBuyer, role: x.role, apiAlias: 'customer_extension' },
      rights: rightsList(input.rights),
    },
    apiAlias: 'customer',
  };
}

export type CustomerView = ReturnType<typeof mapCustomer>;

/** Loads and maps a customer; null when the id is unknown. */
export async function loadCustomerView(
  db: Db,
  customerId: string,
  salesChannelId: string,
  languageId: string,
): Promise<CustomerView | null> {
  const [row] = await db
    .select({ customer: customerTable, company: companyTable })
    .from(customerTable)
    .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
    .where(eq(customerTable.id, customerId))
    .limit(1);
  if (!row) return null;
  const [addresses, rights] = await Promise.all([
    db.select().from(companyAddressTable).where(eq(companyAddressTable.companyId, row.company.id)),
    db
      .select({ code: customerRightTable.code })
      .from(customerRightTable)
      .where(and(eq(customerRightTable.customerId, customerId), eq(customerRightTable.enabled, true))),
  ]);
  return mapCustomer({
    customer: row.customer,
    company: row.company,
    addresses,
    rights: rights.map((r) => r.code),
    salesChannelId,
    languageId,
  });
}
