import { expect, test } from 'vitest';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { emptyValues, isVatFormatValid, normalizeVat, placeServerErrors } from './registration.ts';

test('VAT format check per country (client side; the server checks the digits too)', () => {
  expect(isVatFormatValid('BE 0477.472.701')).toBe(true);
  expect(isVatFormatValid('ATU13585627')).toBe(true);
  expect(isVatFormatValid('DE136695976')).toBe(true);
  expect(isVatFormatValid('FR40303265045')).toBe(true);
  expect(isVatFormatValid('NL123456782B01')).toBe(true);
  expect(isVatFormatValid('BE12345')).toBe(false);
  expect(isVatFormatValid('NL123456782')).toBe(false);
  expect(isVatFormatValid('AT13585627')).toBe(false);
  expect(isVatFormatValid('0477472701')).toBe(false);
  expect(normalizeVat('be-0477.472.701')).toBe('BE0477472701');
});

test('server errors are placed on fields by code and by violation pointer', () => {
  const error = new StoreApiClientError(
    400,
    [
      // backend/http/errors.ts: a violation item, and the registration's own code
      {
        status: '400',
        code: 'VIOLATION::INVALID_VALUE',
        title: 'Constraint violation error',
        detail: 'Enter a valid postal code.',
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
    { field: 'zipcode', step: 'company', code: 'VIOLATION::INVALID_VALUE', detail: 'Enter a valid postal code.' },
    { field: 'vatNumber', step: 'check', code: 'INVALID_VAT_NUMBER', detail: 'The VAT number is not valid.' },
  ]);
  expect(placeServerErrors(new Error('network'), 'customer')).toEqual([{ code: 'UNKNOWN', detail: '' }]);
  expect(Object.keys(emptyValues())).toContain('privacyConsent');
});
