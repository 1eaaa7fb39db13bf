import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { CompanyCustomerSchema } from '../../../contract/provider/company-users.ts';
import { enabledRightCodes, fromCompanyCustomer, toAddress, toCustomer } from './customer.ts';
import { accountCustomerBody, companyUserBody } from './testing/test-bodies.ts';

describe('customer model', () => {
  test("account/customer: Shopware's customer with the provider's extensions", () => {
    const customer = toCustomer(accountCustomerBody(['ROLE_MANAGE_CONTACTS']));
    expect(customer).toMatchObject({
      salutation: 'female',
      firstName: 'Anna',
      username: 'anna.peeters',
      leadBuyer: true,
      role: 'lead_buyer',
      companyId: 'f'.repeat(32),
      companyName: 'Bouwbedrijf Peeters NV',
      phone: '+32 3 123 45 67',
      mobile: '',
      rights: ['ROLE_MANAGE_CONTACTS'],
    });
    // Shopware's address writes the number into the street; the form edits them apart.
    expect(customer?.defaultShippingAddress).toMatchObject({ street: 'Noorderlaan', number: '112', country: 'BE' });
  });

  test('a company user of the provider list, parsed with the contract schema', () => {
    const user = v.parse(CompanyCustomerSchema, companyUserBody({ active: false }, ['ROLE_VIEW_PRICES']));
    expect(fromCompanyCustomer(user)).toMatchObject({
      active: false,
      salutation: 'male',
      username: 'tom.wuyts',
      companyId: 'f'.repeat(32),
      budget: null,
      budgetRemaining: null,
      rights: ['ROLE_VIEW_PRICES'],
    });
  });

  test("Shopware's customer_address: house number and box come out of the street", () => {
    // backend/store-api/account/customer-view.ts mapAddress, as account/list-address answers it
    expect(
      toAddress({
        id: 'a2',
        companyId: 'f'.repeat(32),
        name: 'Lager',
        street: 'Kerkstraat 12 B',
        houseNumber: '12',
        box: 'B',
        zipcode: '9000',
        city: 'Gent',
        countryCode: 'BE',
        email: null,
        additional: null,
        isMain: false,
        apiAlias: 'customer_address',
      }),
    ).toEqual({
      id: 'a2',
      name: 'Lager',
      street: 'Kerkstraat',
      number: '12',
      box: 'B',
      zipcode: '9000',
      city: 'Gent',
      country: 'BE',
      email: '',
      additional: '',
      isMain: false,
    });
  });

  test('rights: the enabled codes of a rights list', () => {
    const entries = [
      { code: 'ROLE_VIEW_PRICES', enabled: true },
      { code: 'ROLE_PLACE_ORDERS', enabled: false },
    ] as const;
    expect(enabledRightCodes(entries)).toEqual(['ROLE_VIEW_PRICES']);
  });
});
