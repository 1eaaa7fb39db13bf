/**
 * Username and password rules, the same on the registration and user forms and in the Store API.
 *
 * - Username: 3 to 100 characters without white space. Usernames are compared case-insensitively: the shop stores
 *   and looks them up trimmed and lower-cased (`normalizeUsername`), on registration, user creation, login, password
 *   recovery and activation alike.
 * - Password: 8 to 4096 characters, taken as typed (not trimmed). 8 is Shopware's default minimum
 *   (`core.loginRegistration.passwordMinLength`); 4096 is the longest password Symfony's password hashers accept
 *   (`PasswordHasherInterface::MAX_PASSWORD_LENGTH`), which bounds the work of hashing.
 */
import * as v from 'valibot';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 4096;

/** The one username normalisation: surrounding white space removed, lower case. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** A new username (registration, user creation, rename): normalised, then 3 to 100 characters, no white space. */
export const UsernameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('IS_BLANK_ERROR'),
  v.minLength(USERNAME_MIN_LENGTH, 'TOO_SHORT_ERROR'),
  v.maxLength(USERNAME_MAX_LENGTH, 'TOO_LONG_ERROR'),
  v.regex(/^\S+$/, 'REGEX_FAILED_ERROR'),
  v.description('3 to 100 characters without white space; stored and compared lower-case.'),
);

/**
 * The username of a login, recovery or "login as customer" request: normalised and required, at most the longest
 * username (a longer one cannot exist).
 */
export const LoginUsernameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty('IS_BLANK_ERROR'),
  v.maxLength(USERNAME_MAX_LENGTH, 'TOO_LONG_ERROR'),
);

/** A new password: 8 to 4096 characters as typed. */
export const NewPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty('IS_BLANK_ERROR'),
  v.minLength(PASSWORD_MIN_LENGTH, 'TOO_SHORT_ERROR'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'TOO_LONG_ERROR'),
  v.description('8 to 4096 characters, not trimmed.'),
);

/** The current password of a login or password change: required, at most 4096 characters. */
export const PasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty('IS_BLANK_ERROR'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'TOO_LONG_ERROR'),
);
