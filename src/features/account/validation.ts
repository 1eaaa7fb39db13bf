/**
 * The account area's form schemas (valibot). Each check names its catalogue key as the message; length checks
 * fill `{min}`/`{max}` from their requirement (src/lib/forms/validation.ts turns issues into field errors). Rules:
 * required fields, a valid email, username and password lengths of contract/credentials.ts (passwords confirmed
 * identically; the username read with the one normalisation, normalizeUsername), and the length limits of the
 * backend's schemas (backend/store-api/company, backend/store-api/account).
 */
import * as v from 'valibot';
import {
  normalizeUsername,
  PASSWORD_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../../../contract/credentials.ts';
import { NewPasswordField, postalCodeCheck, TEXT_MAX_LENGTH } from '../../lib/forms/validation.ts';

const required = (max = TEXT_MAX_LENGTH) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(max, 'validation.maxLength'));
const optional = (max = TEXT_MAX_LENGTH) => v.pipe(v.string(), v.trim(), v.maxLength(max, 'validation.maxLength'));
const email = v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.email('validation.email'));
const optionalEmail = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => s === '' || v.safeParse(v.pipe(v.string(), v.email()), s).success, 'validation.email'),
);

/**
 * True when `next` is another e-mail address than `current`, compared trimmed and case-insensitively as the backend
 * compares them (backend/store-api/account/email-change.ts `emailChanges`).
 */
export function emailChanged(current: string, next: string): boolean {
  return next.trim().toLowerCase() !== current.trim().toLowerCase();
}

/** The current password field of a form that may change the e-mail address. */
const currentPassword = v.pipe(v.string(), v.maxLength(PASSWORD_MAX_LENGTH, 'validation.maxLength'));

/**
 * A current password confirms a change of the e-mail address from `currentEmail` (Shopware's
 * `account/change-email` re-authenticates the same way): required when `email` differs, else not needed.
 */
const confirmsNewEmail =
  (currentEmail: string) =>
  (input: { email: string; password: string }): boolean =>
    !emailChanged(currentEmail, input.email) || input.password !== '';

/** The profile form of a customer whose stored e-mail address is `currentEmail`. */
export function profileSchema(currentEmail: string) {
  return v.pipe(
    v.object({
      salutation: v.picklist(['female', 'male'], 'validation.required'),
      firstName: required(),
      lastName: required(),
      email,
      phone: optional(50),
      mobile: optional(50),
      password: currentPassword,
    }),
    v.forward(v.partialCheck([['email'], ['password']], confirmsNewEmail(currentEmail), 'validation.required'), [
      'password',
    ]),
  );
}

export const PasswordSchema = v.pipe(
  v.object({
    password: v.pipe(v.string(), v.nonEmpty('validation.required')),
    newPassword: NewPasswordField,
    newPasswordConfirm: v.pipe(v.string(), v.nonEmpty('validation.required')),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['newPasswordConfirm']],
      (input) => input.newPassword === input.newPasswordConfirm,
      'validation.passwordsMatch',
    ),
    ['newPasswordConfirm'],
  ),
);

/** An address: the postal code in its country's format (contract/countries.ts, as the server checks it). */
export const AddressSchema = v.pipe(
  v.object({
    name: required(),
    street: required(),
    number: optional(20),
    box: optional(20),
    zipcode: required(20),
    city: required(),
    country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'validation.required')),
    email: optionalEmail,
    additional: optional(),
    isMain: v.boolean(),
  }),
  postalCodeCheck(),
);

const userFields = {
  salutation: v.picklist(['female', 'male'], 'validation.required'),
  firstName: required(),
  lastName: required(),
  email,
  username: v.pipe(
    v.string(),
    v.transform(normalizeUsername),
    v.nonEmpty('validation.required'),
    v.minLength(USERNAME_MIN_LENGTH, 'validation.minLength'),
    v.maxLength(USERNAME_MAX_LENGTH, 'validation.maxLength'),
  ),
  active: v.boolean(),
  leadBuyer: v.boolean(),
};

/** The user form (create, or edit of a colleague). */
export const UserSchema = v.object(userFields);

/** The user form of one's own user, stored with `currentEmail`: a new e-mail address needs the current password. */
export function ownUserSchema(currentEmail: string) {
  return v.pipe(
    v.object({
      ...userFields,
      password: currentPassword,
    }),
    v.forward(v.partialCheck([['email'], ['password']], confirmsNewEmail(currentEmail), 'validation.required'), [
      'password',
    ]),
  );
}
