import * as v from 'valibot';
import { expect, test } from 'vitest';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { emptyValues, isVatValid, normalizeVat, placeServerErrors, stepSchema } from './registration.ts';

test("the form checks VAT numbers with the Store API's rule: format and check digits (contract/vat.ts)", () => {
  expect(isVatValid('BE 0477.472.701')).toBe(true);
  expect(isVatValid('ATU13585627')).toBe(true);
  expect(isVatValid('DE136695976')).toBe(true);
  expect(isVatValid('FR40303265045')).toBe(true);
  expect(isVatValid('NL123456782B01')).toBe(true);
  expect(isVatValid('BE12345')).toBe(false);
  expect(isVatValid('NL123456782')).toBe(false);
  expect(isVatValid('AT13585627')).toBe(false);
  // Right format, wrong check digits: refused before the server is asked.
  expect(isVatValid('BE0477472702')).toBe(false);
  // A bare Belgian number is read with its prefix, as the server stores it.
  expect(isVatValid('0477472701')).toBe(true);
  expect(normalizeVat('be-0477.472.701')).toBe('BE0477472701');
  expect(normalizeVat('0477.472.701')).toBe('BE0477472701');
});

test('server errors are placed on fields by code and by violation pointer', () => {
  const error = new StoreApiClientError(
    400,
    [
      // backend/http/errors.ts: a violation item, and the registration's own code
      {
        status: '400',
        code: 'VIOLATION::ZIP_CODE_INVALID',
        title: 'Constraint violation error',
        detail: 'This postal code is not valid for the selected country.',
        source: { pointer: '/zipcode' },
        meta: { parameters: {} },
      },
      {
        status: '400',
        code: 'INVALID_VAT_NUMBER',
        title: 'Bad Request',
        detail: 'The VAT number is not valid.',
        meta: { parameters: {} },
      },
    ],
    'werkbank/register/company',
  );
  expect(placeServerErrors(error, 'company')).toEqual([
    {
      field: 'zipcode',
      step: 'company',
      code: 'VIOLATION::ZIP_CODE_INVALID',
      detail: 'This postal code is not valid for the selected country.',
    },
    { field: 'vatNumber', step: 'check', code: 'INVALID_VAT_NUMBER', detail: 'The VAT number is not valid.' },
  ]);
  expect(placeServerErrors(new Error('network'), 'customer')).toEqual([{ code: 'UNKNOWN', detail: '' }]);
  expect(Object.keys(emptyValues())).toContain('privacyConsent');
});

test("the company step checks the postal code in the chosen country's format, even before the other fields are filled", () => {
  const flags = {
    isNew: true,
    existingCompanyNumber: false,
    invoiceEmail: false,
    branchIndustry: false,
    customerFunction: false,
    mobile: false,
    fax: false,
    citySearch: false,
  };
  const schema = stepSchema('company', 'company', flags);
  const zipcodeIssues = (country: string, zipcode: string) =>
    (v.safeParse(schema, { ...emptyValues(country), zipcode }).issues ?? [])
      .filter((issue) => v.getDotPath(issue) === 'zipcode')
      .map((issue) => issue.message);
  expect(zipcodeIssues('BE', '90000')).toEqual(['register.validation.zipcode']);
  expect(zipcodeIssues('BE', '9000')).toEqual([]);
  expect(zipcodeIssues('NL', '1011 ab')).toEqual([]);
});
