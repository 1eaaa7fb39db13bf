import { describe, expect, test } from 'vitest';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { createT } from './i18n.ts';
import { errorNotices } from './notifications.tsx';

const messages = {
  'general.error': 'Fehler',
  'account.error.unknown': 'Unbekannter Fehler',
  'account.error.CUSTOMER_PASSWORD_NOT_CORRECT': 'Das aktuelle Passwort ist nicht korrekt.',
  'errors.werkbank__CUSTOMER_IS_INACTIVE': 'Konto inaktiv',
};
const t = createT(messages);
const apiError = (...items: { code: string; detail?: string }[]) =>
  new StoreApiClientError(
    400,
    items.map((i) => ({ status: '400', ...i })),
    'x',
  );

describe('error notices (spec §8)', () => {
  test('a code with a translation shows the translation', () => {
    expect(errorNotices(apiError({ code: 'CUSTOMER_PASSWORD_NOT_CORRECT', detail: 'wrong' }), t, messages)).toEqual([
      { title: 'Fehler', text: 'Das aktuelle Passwort ist nicht korrekt.' },
    ]);
    expect(errorNotices(apiError({ code: 'werkbank__CUSTOMER_IS_INACTIVE' }), t, messages)[0]?.text).toBe(
      'Konto inaktiv',
    );
  });

  test('otherwise the server text; each violation becomes its own notice', () => {
    expect(
      errorNotices(
        apiError(
          { code: 'VIOLATION::IS_BLANK_ERROR', detail: 'firstName: This value should not be blank.' },
          { code: 'VIOLATION::TOO_LONG', detail: 'lastName is too long.' },
        ),
        t,
        messages,
      ),
    ).toEqual([
      { title: 'Fehler', text: 'firstName: This value should not be blank.' },
      { title: 'Fehler', text: 'lastName is too long.' },
    ]);
  });

  test('anything else is an unknown error', () => {
    expect(errorNotices(new TypeError('Failed to fetch'), t, messages)).toEqual([
      { title: 'Fehler', text: 'Unbekannter Fehler' },
    ]);
    expect(errorNotices(apiError({ code: 'SOMETHING' }), t, messages)[0]?.text).toBe('Unbekannter Fehler');
  });
});
