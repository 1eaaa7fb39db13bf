/**
 * Form validation of the account screens with valibot (spec §5 "Rule kinds": required, valid email, passwords must
 * match, minimum and maximum length). Each failing field gets one message key of the catalogue (`validation.required`, `account.validation.*`),
 * with `{min}`/`{max}` values where the text names them.
 */
import * as v from 'valibot';

/** Minimum password length (Shopware's default for customer passwords). */
export const PASSWORD_MIN_LENGTH = 8;
/** Upper bound of free-text fields. */
export const TEXT_MAX_LENGTH = 255;

/** A field's error: the message key and its values. */
export interface FieldError {
  key: string;
  values?: Record<string, number>;
}

export type FieldErrors<K extends string> = Partial<Record<K, FieldError>>;

const required = (max = TEXT_MAX_LENGTH) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(max, `account.validation.maxLength:${max}`),
  );
const optional = (max = TEXT_MAX_LENGTH) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, `account.validation.maxLength:${max}`));
const email = v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.email('account.validation.email'));
const optionalEmail = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => s === '' || v.safeParse(v.pipe(v.string(), v.email()), s).success, 'account.validation.email'),
);

export const ProfileSchema = v.object({
  salutation: v.picklist(['female', 'male'], 'validation.required'),
  firstName: required(),
  lastName: required(),
  email,
  phone: optional(50),
  mobile: optional(50),
});

export const PasswordSchema = v.pipe(
  v.object({
    password: v.pipe(v.string(), v.nonEmpty('validation.required')),
    newPassword: v.pipe(
      v.string(),
      v.nonEmpty('validation.required'),
      v.minLength(PASSWORD_MIN_LENGTH, `account.validation.minLength:${PASSWORD_MIN_LENGTH}`),
      v.maxLength(TEXT_MAX_LENGTH, `account.validation.maxLength:${TEXT_MAX_LENGTH}`),
    ),
    newPasswordConfirm: v.pipe(v.string(), v.nonEmpty('validation.required')),
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['newPasswordConfirm']],
      (input) => input.newPassword === input.newPasswordConfirm,
      'account.validation.passwordsMatch',
    ),
    ['newPasswordConfirm'],
  ),
);

export const AddressSchema = v.object({
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
});

export const UserSchema = v.object({
  salutation: v.picklist(['female', 'male'], 'validation.required'),
  firstName: required(),
  lastName: required(),
  email,
  username: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.minLength(3, 'account.validation.minLength:3'),
    v.maxLength(100, 'account.validation.maxLength:100'),
  ),
  active: v.boolean(),
  leadBuyer: v.boolean(),
});

export const RecoverySchema = v.object({ username: required() });

function toFieldError(message: string): FieldError {
  const [key, bound] = message.split(':');
  if (bound === undefined) return { key: key ?? message };
  const name = key === 'account.validation.minLength' ? 'min' : 'max';
  return { key: key ?? message, values: { [name]: Number(bound) } };
}

/**
 * Validates form values; answers either the parsed (trimmed) output or one error per failing field (the first
 * issue of each field).
 */
export function validateForm<S extends v.GenericSchema>(
  schema: S,
  values: unknown,
): { ok: true; output: v.InferOutput<S> } | { ok: false; errors: Record<string, FieldError> } {
  const result = v.safeParse(schema, values);
  if (result.success) return { ok: true, output: result.output };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? '_';
    errors[field] ??= toFieldError(issue.message);
  }
  return { ok: false, errors };
}
