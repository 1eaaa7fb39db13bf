/**
 * Rules and calls of the registration pages. Pure functions apart from the two submit
 * calls, which go through the same-origin `/store-api/*` proxy.
 */
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { providerPath, storeApi } from '../../lib/store-api/browser.ts';

/** Branch codes of in the order the form lists them; the form shows `register.branch.<CODE>` names. */
export const BRANCH_CODES = ['IMH_ANT', 'IMH_HAS', 'IMI_IZE', 'IML_LIE', 'IML_WAL', 'IMM_MEL', 'VDB_IND'] as const;
export type BranchCode = (typeof BRANCH_CODES)[number];

/** Countries the company address may lie in (the backend validates their postal-code formats). */
export const COUNTRIES = ['BE', 'NL', 'DE', 'AT', 'FR'] as const;

/** Password length bounds of the backend (8–128 characters). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Username length bounds of the backend (3–100 characters). */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 100;
/** Maximum length of names and street (backend: 100) and of optional texts (backend: 50). */
export const NAME_MAX = 100;
export const SHORT_MAX = 50;

/** The registration feature flags of that decide which fields show. */
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

/** A validation error as a message key of `register.validation.*` / `validation.required` with its values. */
export interface FieldError {
  key:
    | 'required'
    | 'email'
    | 'emailsMatch'
    | 'passwordsMatch'
    | 'minLength'
    | 'maxLength'
    | 'numeric'
    | 'vat'
    | 'zipcode'
    | 'consent';
  values?: Record<string, number>;
}

export type FieldErrors = Partial<Record<FieldName, FieldError>>;

/** Format of a VAT number per country (after removing spaces, dots and dashes); the server also checks digits. */
const VAT_FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  DE: /^DE\d{9}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  NL: /^NL\d{9}B\d{2}$/,
  LU: /^LU\d{8}$/,
};

/** The VAT number without separators, upper case (`be 0123.456.789` → `BE0123456789`). */
export function normalizeVat(value: string): string {
  return value.replace(/[\s.\-/]/g, '').toUpperCase();
}

/**
 * Client-side VAT format check: a known country prefix with its format; other EU prefixes
 * pass when they have 2 letters and 2–13 characters. The backend is authoritative (INVALID_VAT_NUMBER).
 */
export function isVatFormatValid(value: string): boolean {
  const vat = normalizeVat(value);
  const format = VAT_FORMATS[vat.slice(0, 2)];
  if (format) return format.test(vat);
  return /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(vat);
}

/** Postal-code formats of the countries we deliver to (the backend checks the same formats). */
const ZIP_FORMATS: Record<string, RegExp> = {
  BE: /^\d{4}$/,
  AT: /^\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  DE: /^\d{5}$/,
  FR: /^\d{5}$/,
};

/** Whether `zipcode` has the postal-code format of `country` (ISO alpha-2); unknown countries pass. */
export function isZipcodeValid(country: string, zipcode: string): boolean {
  const format = ZIP_FORMATS[country.toUpperCase()];
  return !format || format.test(zipcode.trim().toUpperCase());
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Steps of the two flows: new company: check, company, person, done; extra user: check, person, done. */
export type Step = 'check' | 'company' | 'person' | 'done';
export type Mode = 'company' | 'customer';

/** The steps of a flow in order. */
export function stepsOf(mode: Mode): Step[] {
  return mode === 'company' ? ['check', 'company', 'person', 'done'] : ['check', 'person', 'done'];
}

function text(
  errors: FieldErrors,
  values: RegistrationValues,
  name: FieldName,
  opts: { required?: boolean; min?: number; max?: number },
) {
  const value = String(values[name]).trim();
  if (!value) {
    if (opts.required) errors[name] = { key: 'required' };
    return;
  }
  if (opts.min !== undefined && value.length < opts.min) errors[name] = { key: 'minLength', values: { min: opts.min } };
  else if (opts.max !== undefined && value.length > opts.max)
    errors[name] = { key: 'maxLength', values: { max: opts.max } };
}

/**
 * Validates the fields of one step; fields hidden by the flags are not checked. Returns the errors
 * by field (empty object: the step is valid).
 */
export function validateStep(
  step: Step,
  mode: Mode,
  values: RegistrationValues,
  flags: RegistrationFlags,
): FieldErrors {
  const e: FieldErrors = {};
  if (step === 'check') {
    if (mode === 'customer') {
      text(e, values, 'companyNumber', { required: true, max: 20 });
      if (!e.companyNumber && !/^\d+$/.test(values.companyNumber.trim())) e.companyNumber = { key: 'numeric' };
      if (values.vatNumber.trim() && !isVatFormatValid(values.vatNumber)) e.vatNumber = { key: 'vat' };
    } else {
      text(e, values, 'vatNumber', { required: true, max: 30 });
      if (!e.vatNumber && !isVatFormatValid(values.vatNumber)) e.vatNumber = { key: 'vat' };
      if (flags.isNew && flags.existingCompanyNumber && values.isNew === 'no') {
        text(e, values, 'existingCompanyNumber', { required: true, max: 20 });
        if (!e.existingCompanyNumber && !/^\d+$/.test(values.existingCompanyNumber.trim()))
          e.existingCompanyNumber = { key: 'numeric' };
      }
    }
  }
  if (step === 'company') {
    text(e, values, 'companyName', { required: true, max: NAME_MAX });
    text(e, values, 'street', { required: true, max: NAME_MAX });
    text(e, values, 'number', { required: true, max: 20 });
    text(e, values, 'box', { max: 20 });
    text(e, values, 'zipcode', { required: true, max: 10 });
    if (!e.zipcode && !isZipcodeValid(values.country, values.zipcode)) e.zipcode = { key: 'zipcode' };
    text(e, values, 'city', { required: true, max: NAME_MAX });
    text(e, values, 'country', { required: true });
    text(e, values, 'phone', { max: SHORT_MAX });
    if (flags.branchIndustry) text(e, values, 'branchIndustry', { max: SHORT_MAX });
    if (flags.invoiceEmail && values.emailForInvoice.trim() && !EMAIL.test(values.emailForInvoice.trim()))
      e.emailForInvoice = { key: 'email' };
  }
  if (step === 'person') {
    text(e, values, 'firstName', { required: true, max: NAME_MAX });
    text(e, values, 'lastName', { required: true, max: NAME_MAX });
    text(e, values, 'email', { required: true, max: 254 });
    if (!e.email && !EMAIL.test(values.email.trim())) e.email = { key: 'email' };
    text(e, values, 'emailConfirm', { required: true });
    if (!e.emailConfirm && values.emailConfirm.trim().toLowerCase() !== values.email.trim().toLowerCase())
      e.emailConfirm = { key: 'emailsMatch' };
    text(e, values, 'username', { required: true, min: USERNAME_MIN, max: USERNAME_MAX });
    if (!values.password) e.password = { key: 'required' };
    else if (values.password.length < PASSWORD_MIN) e.password = { key: 'minLength', values: { min: PASSWORD_MIN } };
    else if (values.password.length > PASSWORD_MAX) e.password = { key: 'maxLength', values: { max: PASSWORD_MAX } };
    if (!values.passwordConfirm) e.passwordConfirm = { key: 'required' };
    else if (values.passwordConfirm !== values.password) e.passwordConfirm = { key: 'passwordsMatch' };
    text(e, values, 'phone', { max: SHORT_MAX });
    if (flags.mobile) text(e, values, 'mobile', { max: SHORT_MAX });
    if (flags.fax) text(e, values, 'fax', { max: SHORT_MAX });
    if (flags.customerFunction) text(e, values, 'customerFunction', { max: SHORT_MAX });
    if (!values.privacyConsent) e.privacyConsent = { key: 'consent' };
  }
  return e;
}

const optional = (value: string) => (value.trim() ? value.trim() : null);

/** Body of `POST /store-api/{provider}/register/company` (backend registration.routes.ts) from the form. */
export function companyBody(values: RegistrationValues, flags: RegistrationFlags, language: string) {
  return {
    companyName: values.companyName.trim(),
    vatNumber: normalizeVat(values.vatNumber),
    street: values.street.trim(),
    number: values.number.trim(),
    box: optional(values.box),
    zipcode: values.zipcode.trim(),
    city: values.city.trim(),
    country: values.country,
    branch: values.branch || null,
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

/** The person part of both bodies; `language` is the domain's locale (de-DE, en-GB, fr-FR, nl-NL). */
export function personBody(values: RegistrationValues, flags: RegistrationFlags, language: string) {
  return {
    prefix: values.prefix || null,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    username: values.username.trim(),
    password: values.password,
    phone: optional(values.phone),
    mobile: flags.mobile ? optional(values.mobile) : null,
    fax: flags.fax ? optional(values.fax) : null,
    customerFunction: flags.customerFunction ? optional(values.customerFunction) : null,
    language,
    privacyConsent: values.privacyConsent,
  };
}

/** Body of `POST /store-api/{provider}/register/company/customer` (an extra user of an existing company). */
export function customerBody(values: RegistrationValues, flags: RegistrationFlags, language: string) {
  return {
    companyNumber: values.companyNumber.trim(),
    vatNumber: values.vatNumber.trim() ? normalizeVat(values.vatNumber) : null,
    ...personBody(values, flags, language),
  };
}

/** Registers a new company and its lead buyer; resolves `{ customerId }`. Throws StoreApiClientError. */
export async function registerCompany(body: ReturnType<typeof companyBody>): Promise<{ customerId: string }> {
  return (await storeApi(providerPath('register', 'company'), { body })) as { customerId: string };
}

/** Registers an extra user of an existing company; resolves `{ customerId }`. Throws StoreApiClientError. */
export async function registerCustomer(body: ReturnType<typeof customerBody>): Promise<{ customerId: string }> {
  return (await storeApi(providerPath('register', 'company', 'customer'), { body })) as { customerId: string };
}

/**
 * The company check of an extra user (`GET …/register/company/exists?companyNumber=…(&vatNumber=…)`): whether a
 * company with this client number (and VAT number, when given) exists.
 *
 * @throws StoreApiClientError for error answers (e.g. 429 FRAMEWORK__RATE_LIMIT_EXCEEDED).
 */
export async function companyExists(companyNumber: string, vatNumber: string): Promise<boolean> {
  const query = new URLSearchParams({ companyNumber: companyNumber.trim() });
  if (vatNumber.trim()) query.set('vatNumber', normalizeVat(vatNumber));
  const body = (await storeApi(`${providerPath('register', 'company', 'exists')}?${query.toString()}`)) as {
    exists?: boolean;
  };
  return body?.exists === true;
}

/** One city of the zipcode search (`GET …/register/cities/search`). */
export interface CityHit {
  zipcode: string;
  city: string;
  country: string;
}

/** Cities for a zipcode in a country (city-search flag); an empty list on any failure. */
export async function searchCities(zipcode: string, country: string): Promise<CityHit[]> {
  const query = new URLSearchParams({ zipcode: zipcode.trim(), country });
  try {
    const body = (await storeApi(`${providerPath('register', 'cities', 'search')}?${query.toString()}`)) as {
      elements?: CityHit[];
    };
    return Array.isArray(body?.elements) ? body.elements : [];
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
