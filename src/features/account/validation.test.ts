import { describe, expect, test } from 'vitest';
import { createTranslator } from '../../i18n/format.ts';
import { MESSAGES } from '../../i18n/locales.ts';
import { validateForm as validate } from '../../lib/forms/validation.ts';
import { AddressSchema, ownUserSchema, PasswordSchema, profileSchema, UserSchema } from './validation.ts';

const ProfileSchema = profileSchema('jan@example.be');

const i18n = { t: createTranslator('en-GB', MESSAGES['en-GB']) };
const validateForm = (schema: Parameters<typeof validate>[0], values: unknown) => validate(schema, values, i18n);

describe('profile form', () => {
  test('names and email are required, salutation female or male', () => {
    const result = validateForm(ProfileSchema, {
      salutation: '',
      firstName: ' ',
      lastName: '',
      email: '',
      phone: '',
      mobile: '',
      password: '',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        salutation: 'This field is required',
        firstName: 'This field is required',
        lastName: 'This field is required',
        email: 'This field is required',
      },
    });
  });

  test('a malformed email is named as such; valid input comes back trimmed', () => {
    const base = { salutation: 'male', firstName: ' Jan ', lastName: 'Peeters', phone: '', mobile: '', password: '' };
    expect(validateForm(ProfileSchema, { ...base, email: 'jan@', password: 'Werkbank!2026' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address' },
    });
    const ok = validateForm(ProfileSchema, { ...base, email: 'jan@example.be' });
    expect(ok).toEqual({ ok: true, output: { ...base, firstName: 'Jan', email: 'jan@example.be' } });
  });

  test('a new email address needs the current password; the same address in another case does not', () => {
    const base = { salutation: 'male', firstName: 'Jan', lastName: 'Peeters', phone: '', mobile: '', password: '' };
    expect(validateForm(ProfileSchema, { ...base, email: 'jan.peeters@example.be' })).toEqual({
      ok: false,
      errors: { password: 'This field is required' },
    });
    expect(validateForm(ProfileSchema, { ...base, email: ' Jan@Example.be ' })).toMatchObject({ ok: true });
    expect(
      validateForm(ProfileSchema, { ...base, email: 'jan.peeters@example.be', password: 'Werkbank!2026' }),
    ).toMatchObject({ ok: true, output: { email: 'jan.peeters@example.be', password: 'Werkbank!2026' } });
  });
});

describe('change password form', () => {
  test('a new password needs 8 characters and a matching repetition', () => {
    expect(
      validateForm(PasswordSchema, { password: 'old', newPassword: 'short', newPasswordConfirm: 'short' }),
    ).toEqual({
      ok: false,
      errors: { newPassword: 'At least 8 characters' },
    });
    expect(
      validateForm(PasswordSchema, { password: 'old', newPassword: 'long enough', newPasswordConfirm: 'different' }),
    ).toEqual({ ok: false, errors: { newPasswordConfirm: 'The passwords do not match' } });
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
        street: 'This field is required',
        city: 'This field is required',
        email: 'Please enter a valid email address',
      },
    });
  });

  test("the postal code needs its country's format", () => {
    expect(validateForm(AddressSchema, { ...address, zipcode: '90000' })).toEqual({
      ok: false,
      errors: { zipcode: 'Please enter a valid postcode' },
    });
    expect(validateForm(AddressSchema, { ...address, country: 'NL', zipcode: '1011 AB' }).ok).toBe(true);
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
      errors: { username: 'At least 3 characters' },
    });
  });

  test('the username is sent as the shop stores it: trimmed and lower-case', () => {
    const user = {
      salutation: 'male',
      firstName: 'Tom',
      lastName: 'Wuyts',
      email: 'tom@peeters.example',
      username: '  Tom.Wuyts ',
      active: true,
      leadBuyer: false,
    };
    expect(validateForm(UserSchema, user)).toMatchObject({ ok: true, output: { username: 'tom.wuyts' } });
  });

  test('editing oneself, a new email address needs the current password', () => {
    const me = {
      salutation: 'female',
      firstName: 'Anna',
      lastName: 'Peeters',
      email: 'anna.p@peeters.example',
      username: 'anna.peeters',
      active: true,
      leadBuyer: true,
      password: '',
    };
    expect(validateForm(ownUserSchema('anna@peeters.example'), me)).toEqual({
      ok: false,
      errors: { password: 'This field is required' },
    });
    expect(validateForm(ownUserSchema('anna.p@peeters.example'), me)).toMatchObject({ ok: true });
  });
});
