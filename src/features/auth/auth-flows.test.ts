import { expect, test } from 'vitest';
import { createTranslator } from '../../i18n/format.ts';
import { MESSAGES } from '../../i18n/locales.ts';
import { validateForm } from '../../lib/forms/validation.ts';
import { ForgotSchema, LoginSchema, PasswordSetSchema } from './auth-flows.ts';

const i18n = { t: createTranslator('en-GB', MESSAGES['en-GB']) };

test('login requires username and password', () => {
  expect(validateForm(LoginSchema, { username: '  ', password: '' }, i18n)).toEqual({
    ok: false,
    errors: { username: 'This field is required', password: 'This field is required' },
  });
  expect(validateForm(LoginSchema, { username: ' anna ', password: 'x' }, i18n)).toEqual({
    ok: true,
    output: { username: 'anna', password: 'x' },
  });
  expect(validateForm(ForgotSchema, { username: '' }, i18n)).toMatchObject({
    ok: false,
    errors: { username: 'This field is required' },
  });
});

test('a new password needs the minimum length and a matching confirmation', () => {
  expect(validateForm(PasswordSetSchema, { newPassword: 'short', newPasswordConfirm: 'short' }, i18n)).toMatchObject({
    ok: false,
    errors: { newPassword: 'At least 8 characters' },
  });
  expect(
    validateForm(PasswordSetSchema, { newPassword: 'long enough 1', newPasswordConfirm: 'long enough 2' }, i18n),
  ).toMatchObject({
    ok: false,
    errors: { newPasswordConfirm: 'The passwords do not match' },
  });
  expect(
    validateForm(PasswordSetSchema, { newPassword: 'long enough 1', newPasswordConfirm: 'long enough 1' }, i18n).ok,
  ).toBe(true);
});
