/**
 * Request validation of the account calls: valibot schemas whose issue messages are Shopware violation codes
 * (`IS_BLANK_ERROR`, `TOO_SHORT_ERROR`, …), turned into the 400 envelope with one `VIOLATION::…` item per field.
 */
import * as v from 'valibot';
import { violations } from '../../http/errors.ts';

const DETAILS: Record<string, string> = {
  IS_BLANK_ERROR: 'This value should not be blank.',
  TOO_SHORT_ERROR: 'This value is too short.',
  TOO_LONG_ERROR: 'This value is too long.',
  INVALID_EMAIL: 'This value is not a valid email address.',
  NOT_EQUAL_ERROR: 'The passwords do not match.',
  INVALID_UUID: 'This is not a valid UUID.',
  INVALID_ROLE: 'The role does not exist.',
  INVALID_VALUE: 'This value is not valid.',
};

/** Shortest password the shop accepts (Shopware's default minimum). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password hashed (bounds argon2 input). */
export const PASSWORD_MAX_LENGTH = 4096;

/** A required, non-blank string of at most `max` characters. */
export const requiredString = (max = 255) =>
  v.pipe(v.string('IS_BLANK_ERROR'), v.trim(), v.nonEmpty('IS_BLANK_ERROR'), v.maxLength(max, 'TOO_LONG_ERROR'));

/** An optional string (null, absent or text) of at most `max` characters; blank becomes null. */
export const optionalString = (max = 255) =>
  v.pipe(
    v.optional(v.nullable(v.pipe(v.string('INVALID_VALUE'), v.trim(), v.maxLength(max, 'TOO_LONG_ERROR')))),
    v.transform((s) => (s ? s : null)),
  );

/** A new password: required, 8 to 4096 characters (not trimmed). */
export const newPassword = v.pipe(
  v.string('IS_BLANK_ERROR'),
  v.nonEmpty('IS_BLANK_ERROR'),
  v.minLength(PASSWORD_MIN_LENGTH, 'TOO_SHORT_ERROR'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'TOO_LONG_ERROR'),
);

/**
 * Parses `input` with `schema`.
 *
 * @throws StoreApiError 400 with a `VIOLATION::<code>` item per failing field (pointer `/field`).
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const seen = new Set<string>();
  const list = [];
  for (const issue of result.issues) {
    const pointer = `/${(issue.path ?? []).map((p) => String(p.key)).join('/')}`;
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    const code =
      issue.input === undefined ? 'IS_BLANK_ERROR' : issue.message in DETAILS ? issue.message : 'INVALID_VALUE';
    list.push({ pointer, code, detail: DETAILS[code] ?? 'This value is not valid.' });
  }
  throw violations(list);
}

/** 400 `VIOLATION::NOT_EQUAL_ERROR` at `/newPasswordConfirm` unless both passwords are equal. */
export function assertPasswordsMatch(password: string, confirm: string, pointer = '/newPasswordConfirm'): void {
  if (password !== confirm) {
    throw violations([{ pointer, code: 'NOT_EQUAL_ERROR', detail: DETAILS.NOT_EQUAL_ERROR! }]);
  }
}
