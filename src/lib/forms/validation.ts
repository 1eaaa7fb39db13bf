/**
 * The one valibot adapter of the storefront's forms: field errors from a schema's issues and from the server's
 * violations, both as translated text by field name.
 *
 * A schema names the catalogue key as each check's message (`v.nonEmpty('validation.required')`); a length check's
 * requirement fills the `{min}`/`{max}` placeholder (`validation.minLength` "At least {min} characters"). The
 * server names a broken field with the JSON pointer of its violation item (`source.pointer`, RFC 6901: `/email`).
 */
import * as v from 'valibot';
import { isValidPostalCode } from '../../../contract/countries.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contract/credentials.ts';
import type { MessageKey } from '../../i18n/locales.ts';
import { errorItemMessage, errorMessages, type ErrorTranslator } from '../store-api/error-messages.ts';
import { StoreApiClientError } from '../store-api/errors.ts';

/** Translated error text by field name; a field without error is absent. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** Upper bound of free-text fields. */
export const TEXT_MAX_LENGTH = 255;

/**
 * A new password as every form asks for it: required, PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH characters
 * (contract/credentials.ts, the rule the server applies).
 */
export const NewPasswordField = v.pipe(
  v.string(),
  v.nonEmpty('validation.required'),
  v.minLength(PASSWORD_MIN_LENGTH, 'validation.minLength'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'validation.maxLength'),
);

/** The fields of an address form that the postal-code check reads: ISO 3166-1 alpha-2 `country` and `zipcode`. */
type PostalAddress = { country: string; zipcode: string };

/**
 * The postal-code step of an address form's pipe: `zipcode` must have the format of `country`
 * (contract/countries.ts isValidPostalCode, the rule the server applies); a mismatch is the issue
 * `register.validation.zipcode` at `zipcode`. Runs as soon as both fields are valid, whatever the other fields.
 */
export function postalCodeCheck<TInput extends PostalAddress>(): v.BaseValidation<
  TInput,
  TInput,
  v.PartialCheckIssue<PostalAddress>
> {
  const check = v.forward(
    v.partialCheck(
      [['country'], ['zipcode']],
      (address: PostalAddress) => isValidPostalCode(address.country, address.zipcode),
      'register.validation.zipcode',
    ),
    ['zipcode'],
  );
  // The check reads only `country` and `zipcode` and passes the value on unchanged, so it fits any form holding them.
  return check as unknown as v.BaseValidation<TInput, TInput, v.PartialCheckIssue<PostalAddress>>;
}

/** The field name of a valibot issue (its dot path), '' for an issue of the whole form. */
function fieldOf(issue: v.BaseIssue<unknown>): string {
  return v.getDotPath(issue) ?? '';
}

/**
 * Validates form values: the parsed (e.g. trimmed) output, or the translated first issue of each failing field.
 */
export function validateForm<S extends v.GenericSchema>(
  schema: S,
  values: unknown,
  i18n: Pick<ErrorTranslator, 't'>,
): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, output: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const bound = typeof issue.requirement === 'number' ? issue.requirement : undefined;
    errors[fieldOf(issue)] ??= i18n.t(
      issue.message as MessageKey,
      bound === undefined ? {} : { min: bound, max: bound },
    );
  }
  return { ok: false, errors };
}

/**
 * Splits a failed call into field errors and the remaining messages: a violation whose `source.pointer` names one
 * of `fields` (`/email` → email) becomes that field's error, everything else a message for a notification.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  i18n: ErrorTranslator,
): { fieldErrors: FieldErrors<F>; messages: string[] } {
  if (!(error instanceof StoreApiClientError) || error.status !== 400) {
    return { fieldErrors: {}, messages: errorMessages(error, i18n) };
  }
  const fieldErrors: FieldErrors<F> = {};
  const messages: string[] = [];
  for (const item of error.errors) {
    const field = item.source?.pointer?.replace(/^\//, '').split('/')[0] as F | undefined;
    if (field && fields.includes(field) && fieldErrors[field] === undefined) {
      fieldErrors[field] = errorItemMessage(item, i18n);
    } else {
      messages.push(errorItemMessage(item, i18n));
    }
  }
  return { fieldErrors, messages };
}
