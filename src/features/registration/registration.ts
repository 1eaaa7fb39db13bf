/**
 * Rules and calls of the registration pages. Pure functions apart from the two submit
 * calls, which go through the same-origin `/store-api/*` proxy.
 */
import * as v from 'valibot';
import { normalizeUsername, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from '../../../contract/credentials.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, SHORT_TEXT_MAX_LENGTH } from '../../../contract/fields.ts';
import { isLocaleCode } from '../../../contract/locales.ts';
import {
  type City,
  type CompanyExistsQuery,
  type CompanyRegistrationRequest,
  type CompanyRegistrationResponse,
  type CustomerRegistrationRequest,
  type CustomerRegistrationResponse,
} from '../../../contract/provider/registration.ts';
import { validateVatNumber } from '../../../contract/vat.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { provider } from '../../lib/store-api/provider.ts';
import { NewPasswordField, postalCodeCheck } from '../../lib/forms/validation.ts';

/** The registration feature flags (env FEATURE_FLAGS) that decide which fields show. */
export interface RegistrationFlags {
  isNew: boolean;
  existingCompanyNumber: boolean;
  invoiceEmail: boolean;
  branchIndustry: boolean;
  customerFunction: boolean;
  mobile: boolean;
  fax: boolean;
  citySearch: boolean;
}

/** Every field of both forms, as strings (checkboxes as 'true' / ''). */
export interface RegistrationValues {
  vatNumber: string;
  companyNumber: string;
  isNew: 'yes' | 'no';
  existingCompanyNumber: string;
  companyName: string;
  street: string;
  number: string;
  box: string;
  zipcode: string;
  city: string;
  country: string;
  branch: string;
  branchIndustry: string;
  emailForInvoice: string;
  phone: string;
  prefix: '' | 'female' | 'male';
  firstName: string;
  lastName: string;
  email: string;
  emailConfirm: string;
  username: string;
  password: string;
  passwordConfirm: string;
  mobile: string;
  fax: string;
  customerFunction: string;
  privacyConsent: boolean;
}

export type FieldName = keyof RegistrationValues;

/** Empty form values; the country defaults to the domain's country. */
export function emptyValues(country = 'BE'): RegistrationValues {
  return {
    vatNumber: '',
    companyNumber: '',
    isNew: 'yes',
    existingCompanyNumber: '',
    companyName: '',
    street: '',
    number: '',
    box: '',
    zipcode: '',
    city: '',
    country,
    branch: '',
    branchIndustry: '',
    emailForInvoice: '',
    phone: '',
    prefix: '',
    firstName: '',
    lastName: '',
    email: '',
    emailConfirm: '',
    username: '',
    password: '',
    passwordConfirm: '',
    mobile: '',
    fax: '',
    customerFunction: '',
    privacyConsent: false,
  };
}

/**
 * The VAT number as the company record stores it: upper case, without spaces, dots and dashes, a bare Belgian number
 * with its prefix (`be 0123.456.789` → `BE0123456789`; contract/vat.ts).
 */
export function normalizeVat(value: string): string {
  return validateVatNumber(value).normalized;
}

/** The VAT rule of the Store API (contract/vat.ts: the country's format and, where known, its check digits). */
export function isVatValid(value: string): boolean {
  return validateVatNumber(value).valid;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Steps of the two flows: new company: check, company, person, done; extra user: check, person, done. */
export type Step = 'check' | 'company' | 'person' | 'done';
export type Mode = 'company' | 'customer';

/** The steps of a flow in order. */
export function stepsOf(mode: Mode): Step[] {
  return mode === 'company' ? ['check', 'company', 'person', 'done'] : ['check', 'person', 'done'];
}

const req = (max: number) =>
  v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(max, 'validation.maxLength'));
const opt = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max, 'validation.maxLength'));
const digits = (max: number) => v.pipe(req(max), v.regex(/^\d+$/, 'register.validation.numeric'));
const email = (max: number) => v.pipe(req(max), v.regex(EMAIL, 'register.validation.email'));
const optionalEmail = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => s === '' || EMAIL.test(s), 'register.validation.email'),
);
/** A field the flags show is checked by `schema`; a hidden one passes as any string. */
const when = (shown: boolean, schema: v.GenericSchema<string, string>): v.GenericSchema<string, string> =>
  shown ? schema : v.string();
const vat = v.pipe(req(30), v.check(isVatValid, 'register.validation.vat'));
const optionalVat = v.pipe(
  v.string(),
  v.check((s) => s.trim() === '' || isVatValid(s), 'register.validation.vat'),
);

/**
 * The valibot schema of one step's fields (messages are catalogue keys, src/lib/forms/validation.ts turns the
 * issues into field errors): required fields, the contract's lengths, digits-only client numbers, the VAT rule and
 * the postal-code format of the chosen country (contract/vat.ts, contract/countries.ts), matching email and password repetitions and the privacy consent.
 * Fields the flags hide are not checked.
 */
export function stepSchema(step: Step, mode: Mode, flags: RegistrationFlags): v.GenericSchema {
  if (step === 'check') {
    if (mode === 'customer') return v.object({ companyNumber: digits(20), vatNumber: optionalVat });
    const existing = flags.isNew && flags.existingCompanyNumber;
    return v.pipe(
      v.object({
        vatNumber: vat,
        isNew: v.string(),
        existingCompanyNumber: v.string(),
      }),
      v.forward(
        v.partialCheck(
          [['isNew'], ['existingCompanyNumber']],
          (x) => !existing || x.isNew !== 'no' || x.existingCompanyNumber.trim() !== '',
          'validation.required',
        ),
        ['existingCompanyNumber'],
      ),
      v.forward(
        v.partialCheck(
          [['isNew'], ['existingCompanyNumber']],
          (x) => !existing || x.isNew !== 'no' || /^\d{0,20}$/.test(x.existingCompanyNumber.trim()),
          'register.validation.numeric',
        ),
        ['existingCompanyNumber'],
      ),
    );
  }
  if (step === 'company') {
    return v.pipe(
      v.object({
        companyName: req(NAME_MAX_LENGTH),
        street: req(NAME_MAX_LENGTH),
        number: req(20),
        box: opt(20),
        zipcode: req(10),
        city: req(NAME_MAX_LENGTH),
        country: req(2),
        phone: opt(SHORT_TEXT_MAX_LENGTH),
        branchIndustry: when(flags.branchIndustry, opt(SHORT_TEXT_MAX_LENGTH)),
        emailForInvoice: when(flags.invoiceEmail, optionalEmail),
      }),
      postalCodeCheck(),
    );
  }
  return v.pipe(
    v.object({
      firstName: req(NAME_MAX_LENGTH),
      lastName: req(NAME_MAX_LENGTH),
      email: email(EMAIL_MAX_LENGTH),
      emailConfirm: req(EMAIL_MAX_LENGTH),
      username: v.pipe(
        v.string(),
        v.transform(normalizeUsername),
        v.nonEmpty('validation.required'),
        v.minLength(USERNAME_MIN_LENGTH, 'validation.minLength'),
        v.maxLength(USERNAME_MAX_LENGTH, 'validation.maxLength'),
      ),
      password: NewPasswordField,
      passwordConfirm: v.pipe(v.string(), v.nonEmpty('validation.required')),
      phone: opt(SHORT_TEXT_MAX_LENGTH),
      mobile: when(flags.mobile, opt(SHORT_TEXT_MAX_LENGTH)),
      fax: when(flags.fax, opt(SHORT_TEXT_MAX_LENGTH)),
      customerFunction: when(flags.customerFunction, opt(SHORT_TEXT_MAX_LENGTH)),
      privacyConsent: v.literal(true, 'register.validation.consent'),
    }),
    v.forward(
      // Checked once the repetition itself is valid, also while the first entry is still invalid.
      v.partialCheck(
        [['emailConfirm']],
        (x) => {
          const { email, emailConfirm } = x as unknown as Pick<RegistrationValues, 'email' | 'emailConfirm'>;
          return email.trim().toLowerCase() === emailConfirm.trim().toLowerCase();
        },
        'register.validation.emailsMatch',
      ),
      ['emailConfirm'],
    ),
    v.forward(
      v.partialCheck(
        [['passwordConfirm']],
        (x) => {
          const { password, passwordConfirm } = x as unknown as Pick<
            RegistrationValues,
            'password' | 'passwordConfirm'
          >;
          return password === passwordConfirm;
        },
        'register.validation.passwordsMatch',
      ),
      ['passwordConfirm'],
    ),
  );
}

const optional = (value: string) => (value.trim() ? value.trim() : null);

/** Body of `POST /store-api/{provider}/register/company` (contract/provider/registration.ts) from the form. */
export function companyBody(
  values: RegistrationValues,
  flags: RegistrationFlags,
  language: string,
): CompanyRegistrationRequest {
  return {
    companyName: values.companyName.trim(),
    vatNumber: normalizeVat(values.vatNumber),
    street: values.street.trim(),
    number: values.number.trim(),
    box: optional(values.box),
    zipcode: values.zipcode.trim(),
    city: values.city.trim(),
    country: values.country,
    branch: (values.branch || null) as CompanyRegistrationRequest['branch'],
    isNew: flags.isNew ? values.isNew === 'yes' : true,
    existingCompanyNumber:
      flags.isNew && flags.existingCompanyNumber && values.isNew === 'no'
        ? optional(values.existingCompanyNumber)
        : null,
    emailForInvoice: flags.invoiceEmail ? optional(values.emailForInvoice) : null,
    branchIndustry: flags.branchIndustry ? optional(values.branchIndustry) : null,
    ...personBody(values, flags, language),
  };
}

/**
 * The person part of both bodies; `language` is the domain's locale (de-DE, en-GB, fr-FR, nl-NL; another value is
 * left out, and the server takes the request's language). The username goes with the one normalisation.
 */
export function personBody(
  values: RegistrationValues,
  flags: RegistrationFlags,
  language: string,
): Omit<CustomerRegistrationRequest, 'companyNumber' | 'vatNumber'> {
  return {
    prefix: values.prefix || null,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    username: normalizeUsername(values.username),
    password: values.password,
    phone: optional(values.phone),
    mobile: flags.mobile ? optional(values.mobile) : null,
    fax: flags.fax ? optional(values.fax) : null,
    customerFunction: flags.customerFunction ? optional(values.customerFunction) : null,
    ...(isLocaleCode(language) ? { language } : {}),
    // Only a checked consent passes the person step's schema; the server answers NOT_TRUE_ERROR to anything else.
    privacyConsent: values.privacyConsent as true,
  };
}

/** Body of `POST /store-api/{provider}/register/company/customer` (an extra user of an existing company). */
export function customerBody(
  values: RegistrationValues,
  flags: RegistrationFlags,
  language: string,
): CustomerRegistrationRequest {
  return {
    companyNumber: values.companyNumber.trim(),
    vatNumber: values.vatNumber.trim() ? normalizeVat(values.vatNumber) : null,
    ...personBody(values, flags, language),
  };
}

/**
 * Registers a new company and its lead buyer (inactive until the supplier activates it).
 *
 * @throws StoreApiClientError for an error answer; valibot's ValiError when the answer is not the contract's.
 */
export async function registerCompany(body: CompanyRegistrationRequest): Promise<CompanyRegistrationResponse> {
  return provider.invoke('registerCompany', { body });
}

/**
 * Registers an extra user of an existing company; resolves `{ customerId }`.
 *
 * @throws StoreApiClientError for an error answer; valibot's ValiError when the answer is not the contract's.
 */
export async function registerCustomer(body: CustomerRegistrationRequest): Promise<CustomerRegistrationResponse> {
  return provider.invoke('registerCompanyCustomer', { body });
}

/**
 * The company check of an extra user (`GET …/register/company/exists?companyNumber=…(&vatNumber=…)`): whether a
 * company with this client number (and VAT number, when given) exists.
 *
 * @throws StoreApiClientError for error answers (e.g. 429 FRAMEWORK__RATE_LIMIT_EXCEEDED).
 */
export async function companyExists(companyNumber: string, vatNumber: string): Promise<boolean> {
  const query: CompanyExistsQuery = { companyNumber: companyNumber.trim() };
  if (vatNumber.trim()) query.vatNumber = normalizeVat(vatNumber);
  return (await provider.invoke('companyExists', { query })).exists;
}

/** One city of the zipcode search (`GET …/register/cities/search`; contract/provider/registration.ts City). */
export type CityHit = City;

/** Cities for a zipcode in a country (city-search flag); an empty list on any failure. */
export async function searchCities(zipcode: string, country: string): Promise<CityHit[]> {
  try {
    return (await provider.invoke('searchCities', { query: { zipcode: zipcode.trim(), country } })).elements;
  } catch {
    return [];
  }
}

/** Where a server error belongs: a field of the form (with the step that shows it) or the form as a whole. */
export interface ServerErrorPlacement {
  field?: FieldName;
  step?: Step;
  /** Upper-case error code for the translation lookup (`errors.<CODE>`). */
  code: string;
  /** The server's text, used when no translation exists. */
  detail: string;
}

const FIELD_STEP: Partial<Record<FieldName, Step>> = {
  vatNumber: 'check',
  companyNumber: 'check',
  existingCompanyNumber: 'check',
  companyName: 'company',
  street: 'company',
  number: 'company',
  box: 'company',
  zipcode: 'company',
  city: 'company',
  country: 'company',
  branch: 'company',
  branchIndustry: 'company',
  emailForInvoice: 'company',
};

/**
 * Places the errors of a failed registration call: INVALID_VAT_NUMBER and VAT_NUMBER_ALREADY_EXISTS on the VAT
 * field, DUPLICATE_USERNAME on the username, COMPANY_DOESNT_EXIST and CLIENT_IS_BLOCKED on the client number,
 * `VIOLATION::…` items on the field their pointer names; anything else on the form (UNKNOWN).
 */
export function placeServerErrors(error: unknown, mode: Mode): ServerErrorPlacement[] {
  if (!(error instanceof StoreApiClientError) || error.errors.length === 0) return [{ code: 'UNKNOWN', detail: '' }];
  return error.errors.map((item) => {
    const code = (item.code ?? 'UNKNOWN').toUpperCase();
    const detail = item.detail ?? '';
    let field: FieldName | undefined;
    if (code === 'INVALID_VAT_NUMBER' || code === 'VAT_NUMBER_ALREADY_EXISTS') field = 'vatNumber';
    else if (code === 'DUPLICATE_USERNAME') field = 'username';
    else if (code === 'COMPANY_DOESNT_EXIST' || code === 'CLIENT_IS_BLOCKED') field = 'companyNumber';
    else if (item.source?.pointer) {
      const name = item.source.pointer.replace(/^\//, '').split('/')[0] as FieldName;
      if (name in emptyValues()) field = name;
    }
    if (!field) return { code, detail };
    const step: Step = FIELD_STEP[field] ?? 'person';
    return { field, step: mode === 'customer' && step === 'company' ? 'person' : step, code, detail };
  });
}
