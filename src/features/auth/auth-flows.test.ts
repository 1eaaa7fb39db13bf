import { expect, test } from 'vitest';
import { ForgotSchema, LoginSchema, PasswordSetSchema, safeRedirect, validate } from './auth-flows.ts';

test('login requires username and password (spec §5)', () => {
  expect(validate(LoginSchema, { username: '  ', password: '' })).toEqual({
    ok: false,
    errors: { username: 'validation.required', password: 'validation.required' },
  });
  expect(validate(LoginSchema, { username: ' anna ', password: 'x' })).toEqual({
    ok: true,
    output: { username: 'anna', password: 'x' },
  });
  expect(validate(ForgotSchema, { username: '' })).toMatchObject({
    ok: false,
    errors: { username: 'validation.required' },
  });
});

test('a new password needs the minimum length and a matching confirmation', () => {
  expect(validate(PasswordSetSchema, { newPassword: 'short', newPasswordConfirm: 'short' })).toMatchObject({
    ok: false,
    errors: { newPassword: 'auth.validation.minLength' },
  });
  expect(
    validate(PasswordSetSchema, { newPassword: 'long enough 1', newPasswordConfirm: 'long enough 2' }),
  ).toMatchObject({
    ok: false,
    errors: { newPasswordConfirm: 'auth.validation.passwordsMatch' },
  });
  expect(validate(PasswordSetSchema, { newPassword: 'long enough 1', newPasswordConfirm: 'long enough 1' }).ok).toBe(
    true,
  );
});

test('redirect targets are limited to same-site relative paths', () => {
  expect(safeRedirect('/en/account/orders?x=1', '/d')).toBe('/en/account/orders?x=1');
  for (const bad of ['https://evil.example/', '//evil.example/', '/\\evil.example', 'account', '/\tx', null, '']) {
    expect(safeRedirect(bad, '/d')).toBe('/d');
  }
});
