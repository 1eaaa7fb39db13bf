/**
 * Field rules the request schemas share. Texts are trimmed; a required text must not be blank afterwards.
 * Lengths: names 100 characters, email addresses 254 (RFC 5321's limit on a forward path), phone numbers and other
 * short texts 50.
 */
import * as v from 'valibot';

/** Longest name, street or city. */
export const NAME_MAX_LENGTH = 100;
/** Longest email address (RFC 5321, section 4.5.3.1.3: a path is at most 256 octets including the brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest phone, mobile, fax or function text. */
export const SHORT_TEXT_MAX_LENGTH = 50;

/** A required, trimmed text of 1 to `max` characters. */
export function requiredText(max: number = NAME_MAX_LENGTH) {
  return v.pipe(v.string(), v.trim(), v.nonEmpty('IS_BLANK_ERROR'), v.maxLength(max, 'TOO_LONG_ERROR'));
}

/** An optional text (absent, null or a trimmed text of at most `max` characters). */
export function optionalText(max: number = SHORT_TEXT_MAX_LENGTH) {
  return v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(max, 'TOO_LONG_ERROR'))));
}

/** A required email address, trimmed. */
export const EmailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('IS_BLANK_ERROR'),
  v.email('INVALID_EMAIL'),
  v.maxLength(EMAIL_MAX_LENGTH, 'TOO_LONG_ERROR'),
);

/** An optional email address: absent, null, empty (no address) or a valid address. */
export const OptionalEmailSchema = v.optional(v.nullable(v.union([v.literal(''), EmailSchema], 'INVALID_EMAIL')));

/** The salutation of a person as the provider endpoints write it: 'female', 'male' or none. */
export const SALUTATIONS = ['female', 'male'] as const;
export const SalutationSchema = v.nullable(v.picklist(SALUTATIONS, 'NO_SUCH_CHOICE_ERROR'));
export type Salutation = (typeof SALUTATIONS)[number];

/** An ISO 8601 date-time as `Date.prototype.toISOString` writes it (UTC, milliseconds). */
export const TimestampSchema = v.pipe(v.string(), v.isoTimestamp());
