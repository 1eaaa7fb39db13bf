/**
 * The translated texts the registration island receives as props (islands get strings, not the translator), built
 * on the server with `rawMessage` so placeholders such as `{min}` stay. Keys are the message keys without their
 * `register.` prefix, plus `required` (`validation.required`, the §5 texts verbatim), the show/hide labels and the
 * rate-limit message.
 */
import type { MessageKey } from '../../i18n/locales.ts';
import { BRANCH_CODES, COUNTRIES } from './registration.ts';

/** Keys below `register.` that the island uses. */
export const REGISTER_TEXT_KEYS = [
  'title.company',
  'title.customer',
  'choice.label',
  'choice.new',
  'choice.newText',
  'choice.existing',
  'choice.existingText',
  'choice.login',
  'choice.loginText',
  'steps.label',
  'step.check',
  'step.company',
  'step.person',
  'step.done',
  'check.introCompany',
  'check.introCustomer',
  'field.vatNumber',
  'field.vatNumberHint',
  'field.companyNumber',
  'field.isNew',
  'field.isNewYes',
  'field.isNewNo',
  'field.existingCompanyNumber',
  'field.companyName',
  'field.street',
  'field.number',
  'field.box',
  'field.zipcode',
  'field.city',
  'field.country',
  'field.branch',
  'field.branchNone',
  'field.branchIndustry',
  'field.emailForInvoice',
  'field.phone',
  'field.prefix',
  'field.prefixFemale',
  'field.prefixMale',
  'field.firstName',
  'field.lastName',
  'field.email',
  'field.emailConfirm',
  'field.username',
  'field.password',
  'field.passwordConfirm',
  'field.mobile',
  'field.fax',
  'field.customerFunction',
  'field.privacyConsent',
  'field.optional',
  'citySearch.label',
  'citySearch.none',
  'next',
  'back',
  'submit',
  'submitting',
  'validation.email',
  'validation.emailsMatch',
  'validation.passwordsMatch',
  'validation.minLength',
  'validation.maxLength',
  'validation.numeric',
  'validation.vat',
  'validation.zipcode',
  'validation.consent',
  'errors.COMPANY_DOESNT_EXIST',
  'errors.INVALID_VAT_NUMBER',
  'errors.VAT_NUMBER_ALREADY_EXISTS',
  'errors.DUPLICATE_USERNAME',
  'errors.CLIENT_IS_BLOCKED',
  'errors.UNKNOWN',
  'done.title',
  'done.text',
  'done.home',
  ...COUNTRIES.map((c) => `country.${c}` as const),
  ...BRANCH_CODES.map((c) => `branch.${c}` as const),
] as const;

export type RegisterTextKey =
  | (typeof REGISTER_TEXT_KEYS)[number]
  | 'required'
  | 'showPassword'
  | 'hidePassword'
  | 'errors.FRAMEWORK__RATE_LIMIT_EXCEEDED';
export type RegisterTexts = Record<RegisterTextKey, string>;

/** The texts of REGISTER_TEXT_KEYS in one locale (via the domain's `raw` lookup). */
export function registerTexts(raw: (key: MessageKey) => string): RegisterTexts {
  const out = Object.fromEntries(REGISTER_TEXT_KEYS.map((k) => [k, raw(`register.${k}` as MessageKey)]));
  out.required = raw('validation.required');
  out['errors.FRAMEWORK__RATE_LIMIT_EXCEEDED'] = raw('errors.FRAMEWORK__RATE_LIMIT_EXCEEDED');
  out.showPassword = raw('auth.showPassword');
  out.hidePassword = raw('auth.hidePassword');
  return out as RegisterTexts;
}
