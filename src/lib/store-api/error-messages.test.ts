import { afterEach, expect, test } from 'vitest';
import { i18nValue } from '../../i18n/react.tsx';
import { islandMessages } from '../../i18n/translator.ts';
import { errorMessages } from './error-messages.ts';
import { StoreApiClientError, type StoreApiErrorItem } from './errors.ts';

const de = i18nValue(islandMessages('de-DE', ['errors.', 'general.']));
const item = (status: number, code: string, detail: string, pointer?: string): StoreApiErrorItem => ({
  status: String(status),
  code,
  title: 'Error',
  detail,
  meta: { parameters: {} },
  ...(pointer ? { source: { pointer } } : {}),
});
const failure = (status: number, ...items: StoreApiErrorItem[]) => new StoreApiClientError(status, items, 'x');

afterEach(() => {
  delete document.documentElement.dataset.storeApiProvider;
});

test('a known code shows its translation, an unknown code the server detail', () => {
  const bad = failure(401, item(401, 'CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS', 'Invalid username and/or password.'));
  expect(errorMessages(bad, de)).toEqual([de.t('errors.CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS')]);
  expect(errorMessages(bad, de)[0]).not.toBe('Invalid username and/or password.');
  const other = failure(413, item(413, 'FRAMEWORK__PAYLOAD_TOO_LARGE', 'The request body is too large.'));
  expect(errorMessages(other, de)).toEqual(['The request body is too large.']);
});

test("the provider's own codes are translated whatever the configured provider segment", () => {
  const inactive = (code: string) => failure(401, item(401, code, 'The customer account is not active.'));
  expect(errorMessages(inactive('WERKBANK__CUSTOMER_IS_INACTIVE'), de)).toEqual([de.t('errors.CUSTOMER_IS_INACTIVE')]);
  document.documentElement.dataset.storeApiProvider = 'acme';
  expect(errorMessages(inactive('ACME__CUSTOMER_IS_INACTIVE'), de)).toEqual([de.t('errors.CUSTOMER_IS_INACTIVE')]);
});

test('each violation of a 400 is its own message; anything without an envelope is UNKNOWN_ERROR', () => {
  const violations = failure(
    400,
    item(400, 'VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE', 'The username is taken.', '/username'),
    item(400, 'VIOLATION::INVALID_EMAIL', 'This value is not a valid email address.', '/email'),
  );
  expect(errorMessages(violations, de)).toEqual([
    de.t('errors.VIOLATION::CUSTOMER_USERNAME_NOT_UNIQUE'),
    'This value is not a valid email address.',
  ]);
  expect(errorMessages(new TypeError('Failed to fetch'), de)).toEqual([de.t('errors.UNKNOWN_ERROR')]);
  // A proxy's HTML error page: the client makes it one UNKNOWN_ERROR item without detail.
  expect(errorMessages(failure(502, { status: '502', code: 'UNKNOWN_ERROR', title: 'Error', detail: '' }), de)).toEqual(
    [de.t('errors.UNKNOWN_ERROR')],
  );
});
