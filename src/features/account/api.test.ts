import { describe, expect, test } from 'vitest';
import { enabledRightCodes, toAccountCustomer, toAddress } from './api.ts';

describe('reading the Store API answers', () => {
  test('account/customer: salutation entity, company and rights from the extensions', () => {
    const customer = toAccountCustomer({
      id: 'c1',
      active: true,
      email: 'anna@example.com',
      salutation: { id: 's1', salutationKey: 'mrs', displayName: 'Mrs.' },
      firstName: 'Anna',
      lastName: 'Peeters',
      company: 'Bouwbedrijf Peeters NV',
      phone: '+32 3 555 01 23',
      mobile: null,
      defaultShippingAddressId: 'a1',
      defaultShippingAddress: {
        id: 'a1',
        name: 'Hoofdzetel',
        street: 'Noorderlaan 112',
        houseNumber: '112',
        box: null,
        zipcode: '2030',
        city: 'Antwerpen',
        country: { id: 'x', iso: 'BE' },
        isMain: true,
      },
      extensions: {
        company: { id: 'co1', name: 'Bouwbedrijf Peeters NV' },
        customerExtension: { username: 'anna.peeters', leadBuyer: true },
        rights: [
          { code: 'ROLE_MANAGE_CONTACTS', enabled: true },
          { code: 'ROLE_PLACE_ORDERS', enabled: false },
        ],
      },
    });
    expect(customer).toMatchObject({
      id: 'c1',
      salutation: 'female',
      username: 'anna.peeters',
      leadBuyer: true,
      companyId: 'co1',
      companyName: 'Bouwbedrijf Peeters NV',
      mobile: '',
      rights: ['ROLE_MANAGE_CONTACTS'],
    });
    // Shopware's address writes the number into the street; the form edits them apart.
    expect(customer?.defaultShippingAddress).toMatchObject({ street: 'Noorderlaan', number: '112', country: 'BE' });
  });

  test('provider user and address shapes', () => {
    expect(
      toAccountCustomer({
        id: 'u2',
        companyId: 'co1',
        active: false,
        salutation: 'male',
        firstName: 'Tom',
        lastName: 'Wuyts',
        email: 'tom@example.com',
        customerExtension: { username: 'tom.wuyts', leadBuyer: false },
        extensions: { customerExtension: { username: 'tom.wuyts', leadBuyer: false } },
        budget: null,
        remainingBudget: 250.5,
        rights: [{ code: 'ROLE_VIEW_PRICES', enabled: true }],
      }),
    ).toMatchObject({
      active: false,
      salutation: 'male',
      username: 'tom.wuyts',
      companyId: 'co1',
      budget: null,
      budgetRemaining: 250.5,
      rights: ['ROLE_VIEW_PRICES'],
    });
    expect(
      toAddress({
        id: 'a2',
        name: 'Lager',
        street: 'Kerkstraat',
        number: '12',
        box: 'B',
        zipcode: '9000',
        city: 'Gent',
        country: 'BE',
        email: null,
        additional: null,
        mainAddress: false,
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

  test('rights answers in every shape give the enabled codes', () => {
    expect(
      enabledRightCodes({
        roles: [
          { code: 'A', enabled: true },
          { code: 'B', enabled: false },
        ],
      }),
    ).toEqual(['A']);
    expect(enabledRightCodes({ rights: ['A', 'C'] })).toEqual(['A', 'C']);
    expect(enabledRightCodes('nonsense')).toEqual([]);
  });
});
