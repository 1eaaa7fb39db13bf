import { describe, expect, test } from 'vitest';
import { enabledRightCodes, toAddress, toCustomer } from './customer.ts';
import { accountCustomerBody, companyUserBody } from './test-bodies.ts';

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

  test('a company user of the provider list', () => {
    expect(toCustomer(companyUserBody({ active: false }, ['ROLE_VIEW_PRICES']))).toMatchObject({
      active: false,
      salutation: 'male',
      username: 'tom.wuyts',
      companyId: 'f'.repeat(32),
      budget: null,
      budgetRemaining: null,
      rights: ['ROLE_VIEW_PRICES'],
    });
  });

  test("the provider's company address keeps number and box apart", () => {
    // backend/store-api/company/company.routes.ts mapCompanyAddress
    expect(
      toAddress({
        id: 'a2',
        companyId: 'f'.repeat(32),
        name: 'Lager',
        street: 'Kerkstraat',
        number: '12',
        houseNumber: '12',
        box: 'B',
        zipcode: '9000',
        city: 'Gent',
        country: 'BE',
        countryCode: 'BE',
        email: null,
        additional: null,
        mainAddress: false,
        isMain: false,
        apiAlias: 'company_address',
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

  test('rights: the customer list and the rights route answer give the enabled codes', () => {
    const entries = [
      { code: 'ROLE_VIEW_PRICES', enabled: true },
      { code: 'ROLE_PLACE_ORDERS', enabled: false },
    ];
    expect(enabledRightCodes(entries)).toEqual(['ROLE_VIEW_PRICES']);
    expect(enabledRightCodes({ roles: entries })).toEqual(['ROLE_VIEW_PRICES']);
    expect(enabledRightCodes('nonsense')).toEqual([]);
  });
});
