/**
 * Self-registration (`/store-api/{provider}/register/…`). A new company registers with its first user, who becomes
 * its lead buyer with all rights; an extra user joins an existing company by its client number with the buyer
 * rights. Both wait inactive until the supplier activates them (`npm run account:activate`), and both get the
 * "registration received" mail. Registration and the client-number look-up are rate-limited per client address
 * (429 `FRAMEWORK__RATE_LIMIT_EXCEEDED`). Errors beside the field violations: `INVALID_VAT_NUMBER`,
 * `VAT_NUMBER_ALREADY_EXISTS`, `DUPLICATE_USERNAME`, `COMPANY_DOESNT_EXIST`, `CLIENT_IS_BLOCKED`, `UNKNOWN`.
 */
import * as v from 'valibot';
import { BranchCodeSchema } from '../branches.ts';
import { CountryInputSchema, DEFAULT_COUNTRY, isValidPostalCode } from '../countries.ts';
import { NewPasswordSchema, UsernameSchema } from '../credentials.ts';
import { EmailSchema, optionalText, OptionalEmailSchema, requiredText, SalutationSchema } from '../fields.ts';
import { LocaleCodeSchema } from '../locales.ts';
import { IdSchema } from '../ids.ts';

/** Longest VAT number as typed (with spaces and dots): the longest EU VAT number is 14 characters. */
const VAT_NUMBER_MAX_LENGTH = 30;
/** Longest client number. */
const COMPANY_NUMBER_MAX_LENGTH = 20;

/** The person fields both registrations take. `language` is the mail language; default the request's. */
const personFields = {
  prefix: v.optional(SalutationSchema),
  firstName: requiredText(),
  lastName: requiredText(),
  email: EmailSchema,
  username: UsernameSchema,
  password: NewPasswordSchema,
  phone: optionalText(),
  mobile: optionalText(),
  fax: optionalText(),
  customerFunction: optionalText(),
  language: v.optional(LocaleCodeSchema),
  privacyConsent: v.literal(true, 'NOT_TRUE_ERROR'),
};

/**
 * Request of `POST …/register/company`. The VAT number is checked for its country's format and check digits
 * (European Commission VIES algorithms; contract/vat.ts) and must not be registered yet; the postal code must
 * have the country's format (`ZIP_CODE_INVALID` on `/zipcode`).
 */
export const CompanyRegistrationRequestSchema = v.pipe(
  v.object({
    ...personFields,
    companyName: requiredText(),
    vatNumber: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('IS_BLANK_ERROR'),
      v.maxLength(VAT_NUMBER_MAX_LENGTH, 'TOO_LONG_ERROR'),
      v.description('EU VAT number; spaces and dots allowed.'),
    ),
    street: requiredText(),
    number: requiredText(20),
    box: optionalText(20),
    zipcode: v.pipe(v.string(), v.trim(), v.toUpperCase(), v.nonEmpty('IS_BLANK_ERROR')),
    city: requiredText(),
    country: v.optional(CountryInputSchema, DEFAULT_COUNTRY),
    branch: v.optional(v.nullable(BranchCodeSchema)),
    isNew: v.optional(v.boolean(), true),
    existingCompanyNumber: optionalText(COMPANY_NUMBER_MAX_LENGTH),
    emailForInvoice: OptionalEmailSchema,
    branchIndustry: optionalText(),
  }),
  v.forward(
    v.partialCheck([['country'], ['zipcode']], (b) => isValidPostalCode(b.country, b.zipcode), 'ZIP_CODE_INVALID'),
    ['zipcode'],
  ),
);
export type CompanyRegistrationRequest = v.InferInput<typeof CompanyRegistrationRequestSchema>;

/** Answer of `POST …/register/company`; a fresh anonymous `sw-context-token` comes in the header. */
export const CompanyRegistrationResponseSchema = v.object({
  customerId: IdSchema,
  companyId: IdSchema,
  active: v.literal(false),
  apiAlias: v.literal('company_registration'),
});
export type CompanyRegistrationResponse = v.InferOutput<typeof CompanyRegistrationResponseSchema>;

/**
 * Request of `POST …/register/company/customer`: a user for the company with this client number; when a VAT number
 * is given it must be the company's (else `COMPANY_DOESNT_EXIST`, as for an unknown client number).
 */
export const CustomerRegistrationRequestSchema = v.object({
  ...personFields,
  companyNumber: requiredText(COMPANY_NUMBER_MAX_LENGTH),
  vatNumber: optionalText(VAT_NUMBER_MAX_LENGTH),
});
export type CustomerRegistrationRequest = v.InferInput<typeof CustomerRegistrationRequestSchema>;

/** Answer of `POST …/register/company/customer`. */
export const CustomerRegistrationResponseSchema = v.object({ customerId: IdSchema });
export type CustomerRegistrationResponse = v.InferOutput<typeof CustomerRegistrationResponseSchema>;

/** Query of `GET …/register/company/exists`. */
export const CompanyExistsQuerySchema = v.object({
  companyNumber: requiredText(COMPANY_NUMBER_MAX_LENGTH),
  vatNumber: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(VAT_NUMBER_MAX_LENGTH, 'TOO_LONG_ERROR'))),
});
export type CompanyExistsQuery = v.InferInput<typeof CompanyExistsQuerySchema>;

/** Answer of `GET …/register/company/exists`: whether the client number (and VAT number) is known, nothing else. */
export const CompanyExistsResponseSchema = v.object({ exists: v.boolean() });
export type CompanyExistsResponse = v.InferOutput<typeof CompanyExistsResponseSchema>;

/** Query of `GET …/register/cities/search`: a postal-code prefix or a place name, optionally one country. */
export const CitySearchQuerySchema = v.pipe(
  v.object({
    zipcode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(10, 'TOO_LONG_ERROR'))),
    city: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, 'TOO_LONG_ERROR'))),
    country: v.optional(CountryInputSchema),
  }),
  v.check((q) => Boolean(q.zipcode || q.city), 'IS_BLANK_ERROR'),
);
export type CitySearchQuery = v.InferInput<typeof CitySearchQuerySchema>;

/** A place of the built-in list (backend/data/cities.ts). */
export const CitySchema = v.object({
  zipcode: v.string(),
  city: v.string(),
  country: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
});
export type City = v.InferOutput<typeof CitySchema>;

/** Answer of `GET …/register/cities/search`: at most 20 places. */
export const CitySearchResponseSchema = v.object({
  elements: v.pipe(v.array(CitySchema), v.maxLength(20)),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type CitySearchResponse = v.InferOutput<typeof CitySearchResponseSchema>;
