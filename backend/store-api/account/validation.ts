/**
 * Field rules of the account calls beyond the contract's (contract/credentials.ts, contract/fields.ts): an optional
 * text that reads blank as null, and the equality of a new password and its confirmation. Bodies are validated on
 * the shared path (backend/http/validate.ts).
 */
import * as v from 'valibot';
import { optionalText } from '../../../contract/fields.ts';
import { violations } from '../../http/errors.ts';

/** An optional string (null, absent or text) of at most `max` characters, trimmed; blank becomes null. */
export const optionalString = (max = 255) =>
  v.pipe(
    optionalText(max),
    v.transform((s) => s || null),
  );

/** 400 `VIOLATION::NOT_EQUAL_ERROR` at `/newPasswordConfirm` (Symfony's EqualTo) unless both passwords are equal. */
export function assertPasswordsMatch(password: string, confirm: string, pointer = '/newPasswordConfirm'): void {
  if (password !== confirm) {
    throw violations([{ pointer, code: 'NOT_EQUAL_ERROR', detail: 'The passwords do not match.' }]);
  }
}
