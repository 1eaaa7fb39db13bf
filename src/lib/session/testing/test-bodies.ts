/**
 * Store API bodies for tests, in the shapes the embedded backend sends: `account/customer` as
 * backend/store-api/account/customer-view.ts maps it and a company user of `{provider}/companies/customers…` as
 * backend/store-api/company/customer-model.ts maps it. Only tests import this module.
 */
import { RIGHT_CODES } from '../../../../contract/rights.ts';

/** The 24 rights as the backend lists them (`{ code, enabled }` in contract order). */
export function rightsList(enabled: readonly string[]): { code: string; enabled: boolean }[] {
  return RIGHT_CODES.map((code) => ({ code, enabled: enabled.includes(code) }));
}

const address = {
  id: 'a'.repeat(32),
  customerId: 'c'.repeat(32),
  companyId: 'f'.repeat(32),
  name: 'Hoofdkantoor',
  firstName: '',
  lastName: '',
  company: 'Bouwbedrijf Peeters NV',
  street: 'Noorderlaan 112',
  houseNumber: '112',
  box: null,
  zipcode: '2030',
  city: 'Antwerpen',
  countryId: '1'.repeat(32),
  countryCode: 'BE',
  email: null,
  additional: null,
  isMain: true,
  createdAt: '2026-01-05T09:00:00.000Z',
  customFields: {},
  apiAlias: 'customer_address',
};

/** GET `account/customer` of a logged-in lead buyer (Anna Peeters) holding `rights`. */
export function accountCustomerBody(rights: readonly string[] = [], overrides: Record<string, unknown> = {}) {
  return {
    id: 'c'.repeat(32),
    active: true,
    guest: false,
    customerNumber: '100200',
    email: 'anna@peeters.example',
    salutationId: '2'.repeat(32),
    salutation: {
      id: '2'.repeat(32),
      salutationKey: 'mrs',
      displayName: 'Mrs.',
      letterName: 'Mrs.',
      translated: { displayName: 'Mrs.', letterName: 'Mrs.' },
      apiAlias: 'salutation',
    },
    firstName: 'Anna',
    lastName: 'Peeters',
    company: 'Bouwbedrijf Peeters NV',
    accountType: 'business',
    vatIds: ['BE0123456789'],
    phone: '+32 3 123 45 67',
    mobile: null,
    fax: null,
    customerFunction: null,
    defaultBillingAddressId: address.id,
    defaultShippingAddressId: address.id,
    activeBillingAddress: address,
    activeShippingAddress: address,
    defaultBillingAddress: address,
    defaultShippingAddress: address,
    orderCount: 0,
    doubleOptInRegistration: false,
    createdAt: '2026-01-05T09:00:00.000Z',
    customFields: { oci_customer: false },
    extensions: {
      company: { id: 'f'.repeat(32), companyNumber: '100200', name: 'Bouwbedrijf Peeters NV', active: true },
      customerExtension: {
        username: 'anna.peeters',
        leadBuyer: true,
        role: 'lead_buyer',
        apiAlias: 'customer_extension',
      },
      rights: rightsList(rights),
    },
    apiAlias: 'customer',
    ...overrides,
  };
}

/** A company user as `{provider}/companies/customers` lists it. */
export function companyUserBody(overrides: Record<string, unknown> = {}, rights: readonly string[] = []) {
  const customerExtension = { username: 'tom.wuyts', leadBuyer: false, apiAlias: 'customer_extension' };
  return {
    id: 'd'.repeat(32),
    companyId: 'f'.repeat(32),
    active: true,
    guest: false,
    salutation: 'male',
    firstName: 'Tom',
    lastName: 'Wuyts',
    email: 'tom@peeters.example',
    phone: null,
    mobile: null,
    fax: null,
    customerFunction: null,
    role: 'buyer',
    defaultBillingAddressId: null,
    defaultShippingAddressId: null,
    orderCount: 0,
    doubleOptInRegistration: false,
    doubleOptInConfirmDate: null,
    lastLogin: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    customFields: { isOciCustomer: false },
    customerExtension,
    extensions: { customerExtension },
    budget: null,
    remainingBudget: null,
    rights: rightsList(rights),
    apiAlias: 'customer',
    ...overrides,
  };
}

/**
 * Shopware's entity search result as the backend answers a list (backend/store-api/entities.ts `searchResult`):
 * `customer` for `{provider}/companies/customers`, `customer_address` for `account/list-address`.
 */
export function searchResultBody(entity: 'customer' | 'customer_address', elements: unknown[], page = 1, limit = 20) {
  return {
    entity,
    total: elements.length,
    aggregations: [],
    page,
    limit,
    elements,
    apiAlias: 'dal_entity_search_result',
  };
}

/** The backend's 403 for an anonymous context (backend/auth/guards.ts `notLoggedIn`). */
export const NOT_LOGGED_IN = {
  errors: [
    {
      status: '403',
      code: 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN',
      title: 'Forbidden',
      detail: 'Customer is not logged in.',
      meta: { parameters: {} },
    },
  ],
};
