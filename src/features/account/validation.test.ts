import { describe, expect, test } from 'vitest';
import { AddressSchema, PasswordSchema, ProfileSchema, UserSchema, validateForm } from './validation.ts';

describe('profile form', () => {
  test('names and email are required, salutation female or male', () => {
    const result = validateForm(ProfileSchema, {
      salutation: '',
      firstName: ' ',
      lastName: '',
      email: '',
      phone: '',
      mobile: '',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        salutation: { key: 'validation.required' },
        firstName: { key: 'validation.required' },
        lastName: { key: 'validation.required' },
        email: { key: 'validation.required' },
      },
    });
  });

  test('a malformed email is named as such; valid input comes back trimmed', () => {
    const base = { salutation: 'male', firstName: ' Jan ', lastName: 'Peeters', phone: '', mobile: '' };
    expect(validateForm(ProfileSchema, { ...base, email: 'jan@' })).toEqual({
      ok: false,
      errors: { email: { key: 'account.validation.email' } },
    });
    const ok = validateForm(ProfileSchema, { ...base, email: 'jan@example.be' });
    expect(ok).toEqual({ ok: true, output: { ...base, firstName: 'Jan', email: 'jan@example.be' } });
  });
});

describe('change password form', () => {
  test('a new password needs 8 characters and a matching repetition', () => {
    expect(
      validateForm(PasswordSchema, { password: 'old', newPassword: 'short', newPasswordConfirm: 'short' }),
    ).toEqual({
      ok: false,
      errors: { newPassword: { key: 'account.validation.minLength', values: { min: 8 } } },
    });
    expect(
      validateForm(PasswordSchema, { password: 'old', newPassword: 'long enough', newPasswordConfirm: 'different' }),
    ).toEqual({ ok: false, errors: { newPasswordConfirm: { key: 'account.validation.passwordsMatch' } } });
    expect(
      validateForm(PasswordSchema, { password: 'old', newPassword: 'long enough', newPasswordConfirm: 'long enough' })
        .ok,
    ).toBe(true);
  });

  test('all three fields are required', () => {
    const result = validateForm(PasswordSchema, { password: '', newPassword: '', newPasswordConfirm: '' });
    expect(result.ok || Object.keys(result.errors).sort()).toEqual(['newPassword', 'newPasswordConfirm', 'password']);
  });
});

describe('address and user forms', () => {
  const address = {
    name: 'Lager Gent',
    street: 'Kerkstraat',
    number: '12',
    box: '',
    zipcode: '9000',
    city: 'Gent',
    country: 'BE',
    email: '',
    additional: '',
    isMain: false,
  };

  test('an address needs name, street, zip code and city; the email is optional but must be valid', () => {
    expect(validateForm(AddressSchema, address).ok).toBe(true);
    const result = validateForm(AddressSchema, { ...address, street: '', city: '', email: 'nope' });
    expect(result).toEqual({
      ok: false,
      errors: {
        street: { key: 'validation.required' },
        city: { key: 'validation.required' },
        email: { key: 'account.validation.email' },
      },
    });
  });

  test('a username needs at least 3 characters', () => {
    const user = {
      salutation: 'female',
      firstName: 'Anna',
      lastName: 'Maes',
      email: 'anna@example.be',
      username: 'am',
      active: true,
      leadBuyer: false,
    };
    expect(validateForm(UserSchema, user)).toEqual({
      ok: false,
      errors: { username: { key: 'account.validation.minLength', values: { min: 3 } } },
    });
  });
});
