/**
 * Request validation of the account calls, on the shared path: the rules come from the contract
 * (contract/credentials.ts, contract/fields.ts) and a failed parse answers Shopware's violation envelope
 * (backend/http/validate.ts: one `VIOLATION::…` item per issue, pointer `/field`).
 */
import * as v from 'valibot';
import { NewPasswordSchema } from '../../../contract/credentials.ts';
import { optionalText, requiredText } from '../../../contract/fields.ts';
import { violations } from '../../http/errors.ts';
import { parseRequest } from '../../http/validate.ts';

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contract/credentials.ts';

/** A required, non-blank, trimmed string of at most `max` characters. */
export const requiredString = requiredText;

/** An optional string (null, absent or text) of at most `max` characters, trimmed; blank becomes null. */
export const optionalString = (max = 255) =>
  v.pipe(
    optionalText(max),
    v.transform((s) => s || null),
  );

/** A new password: 8 to 4096 characters, not trimmed (contract/credentials.ts). */
export const newPassword = NewPasswordSchema;

/**
 * Parses `input` (an absent body reads as `{}`) with `schema`.
 *
 * @throws StoreApiError 400 with a `VIOLATION::<code>` item per issue (pointer `/field`).
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  return parseRequest(schema, input ?? {});
}

/** 400 `VIOLATION::NOT_EQUAL_ERROR` at `/newPasswordConfirm` (Symfony's EqualTo) unless both passwords are equal. */
export function assertPasswordsMatch(password: string, confirm: string, pointer = '/newPasswordConfirm'): void {
  if (password !== confirm) {
    throw violations([{ pointer, code: 'NOT_EQUAL_ERROR', detail: 'The passwords do not match.' }]);
  }
}
