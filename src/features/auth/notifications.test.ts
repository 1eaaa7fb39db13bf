import { expect, test } from 'vitest';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { errorMessagesOf } from './notifications.ts';

const messages = {
  CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS: 'Benutzername oder Passwort ist falsch.',
  UNKNOWN_ERROR: 'Unbekannter Fehler',
  VIOLATION_FALLBACK: 'Bitte prüfen',
  TITLE: 'Fehler',
};

test('a known code shows its translation, an unknown code the server text (spec §8)', () => {
  const known = new StoreApiClientError(
    401,
    [{ status: '401', code: 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS', detail: 'Invalid username and/or password.' }],
    'account/login',
  );
  expect(errorMessagesOf(known, messages)).toEqual(['Benutzername oder Passwort ist falsch.']);
  const other = new StoreApiClientError(
    400,
    [{ status: '400', code: 'SOMETHING_ELSE', detail: 'Server says no.' }],
    'x',
  );
  expect(errorMessagesOf(other, messages)).toEqual(['Server says no.']);
});

test('violations become one message each; anything without an envelope is UNKNOWN_ERROR', () => {
  const violations = new StoreApiClientError(
    400,
    [
      {
        status: '400',
        code: 'VIOLATION::IS_BLANK_ERROR',
        detail: 'username is blank',
        source: { pointer: '/username' },
      },
      {
        status: '400',
        code: 'VIOLATION::TOO_SHORT_ERROR',
        detail: 'password too short',
        source: { pointer: '/password' },
      },
    ],
    'x',
  );
  expect(errorMessagesOf(violations, messages)).toEqual(['username is blank', 'password too short']);
  expect(errorMessagesOf(new TypeError('Failed to fetch'), messages)).toEqual(['Unbekannter Fehler']);
  expect(
    errorMessagesOf(new StoreApiClientError(502, [{ status: '502', code: 'UNKNOWN_ERROR' }], 'x'), messages),
  ).toEqual(['Unbekannter Fehler']);
});
