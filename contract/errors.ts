/**
 * Shopware's Store API error envelope, the one shape every failing call answers (Shopware Store API documentation,
 * "Error handling"; the items follow JSON:API error objects, https://jsonapi.org/format/#error-objects):
 * `{ errors: [{ status, code, title, detail, meta: { parameters }, source: { pointer } }] }`.
 *
 * A request that breaks a field rule answers 400 with one item per broken rule: `code` is `VIOLATION::` plus the
 * name of the broken constraint (Shopware's ConstraintViolationException prefixes the Symfony constraint's error
 * name), `source.pointer` the JSON pointer (RFC 6901) of the field, `meta.parameters` the constraint's values in
 * Symfony's `{{ name }}` form (e.g. `{{ limit }}` for a length).
 */
import * as v from 'valibot';

/** One error of the envelope. `status` is the HTTP status as a string, as Shopware writes it. */
export const StoreApiErrorItemSchema = v.object({
  status: v.pipe(v.string(), v.regex(/^\d{3}$/)),
  code: v.pipe(
    v.string(),
    v.description('Shopware error code, e.g. CHECKOUT__CUSTOMER_NOT_LOGGED_IN or VIOLATION::IS_BLANK_ERROR.'),
  ),
  title: v.string(),
  detail: v.string(),
  meta: v.optional(
    v.looseObject({
      parameters: v.optional(v.record(v.string(), v.unknown())),
    }),
  ),
  source: v.optional(v.object({ pointer: v.pipe(v.string(), v.description('JSON pointer (RFC 6901) of the field.')) })),
});

/** The envelope: at least one error. */
export const StoreApiErrorEnvelopeSchema = v.object({
  errors: v.pipe(v.array(StoreApiErrorItemSchema), v.minLength(1)),
});

export type StoreApiErrorItem = v.InferOutput<typeof StoreApiErrorItemSchema>;
export type StoreApiErrorEnvelope = v.InferOutput<typeof StoreApiErrorEnvelopeSchema>;

/** Prefix of every field-rule violation code (Shopware's ConstraintViolationException). */
export const VIOLATION_PREFIX = 'VIOLATION::';

/**
 * The field-rule violation codes the request schemas of this contract produce, with the Symfony constraint they are
 * named after (Symfony Validator documentation, "Constraints"). A schema names its code as the issue message; rules
 * without one get their code from the kind of check (see backend/http/validate.ts).
 */
export const VIOLATION_CODES = {
  /** NotBlank: missing, null or empty. */
  IS_BLANK_ERROR: 'This value should not be blank.',
  /** Length min. */
  TOO_SHORT_ERROR: 'This value is too short. It should have {{ limit }} characters or more.',
  /** Length max. */
  TOO_LONG_ERROR: 'This value is too long. It should have {{ limit }} characters or less.',
  /** Count min. */
  TOO_FEW_ERROR: 'This collection should contain {{ limit }} elements or more.',
  /** Count max. */
  TOO_MANY_ERROR: 'This collection should contain {{ limit }} elements or less.',
  /** Range min. */
  TOO_LOW_ERROR: 'This value should be {{ limit }} or more.',
  /** Range max. */
  TOO_HIGH_ERROR: 'This value should be {{ limit }} or less.',
  /** Type. */
  INVALID_TYPE_ERROR: 'This value should be of type {{ type }}.',
  /** Choice. */
  NO_SUCH_CHOICE_ERROR: 'The value you selected is not a valid choice.',
  /** Regex. */
  REGEX_FAILED_ERROR: 'This value is not valid.',
  /** IsTrue. */
  NOT_TRUE_ERROR: 'This value should be true.',
  /** EqualTo (password confirmation). */
  NOT_EQUAL_ERROR: 'The passwords do not match.',
  /** Email (the code Shopware's customer routes answer). */
  INVALID_EMAIL: 'This value is not a valid email address.',
  /** Shopware's Uuid constraint. */
  INVALID_UUID: 'The value is not a valid uuid.',
  /** A right or role name that does not exist. */
  INVALID_ROLE: 'The role does not exist.',
  /** A postal code that does not have its country's format. */
  ZIP_CODE_INVALID: 'This postal code is not valid for the selected country.',
  /** A request body that is not JSON. */
  INVALID_JSON: 'The request body is not valid JSON.',
  /**
   * A NUL character (U+0000) in a string of the body, the query or the path: PostgreSQL text cannot hold it, and no
   * field of a shop has a use for it.
   */
  NUL_CHARACTER_ERROR: 'This value must not contain a NUL character (U+0000).',
  /** A value a spreadsheet would run as a formula (begins with `=`, `+`, `-` or `@`; OWASP CSV Injection). */
  FORMULA_ERROR: 'This value must not begin with =, +, - or @.',
  /** Any other rule. */
  INVALID_VALUE: 'This value is not valid.',
} as const;

export type ViolationCode = keyof typeof VIOLATION_CODES;

/** True when `value` is one of the violation codes above (without the `VIOLATION::` prefix). */
export function isViolationCode(value: unknown): value is ViolationCode {
  return typeof value === 'string' && Object.hasOwn(VIOLATION_CODES, value);
}
