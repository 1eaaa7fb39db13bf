import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { TextField, fill } from '../auth/fields.tsx';
import {
  BRANCH_CODES,
  COUNTRIES,
  companyBody,
  companyExists,
  customerBody,
  emptyValues,
  placeServerErrors,
  registerCompany,
  registerCustomer,
  searchCities,
  stepsOf,
  validateStep,
  type CityHit,
  type FieldError,
  type FieldErrors,
  type FieldName,
  type Mode,
  type RegistrationFlags,
  type RegistrationValues,
  type Step,
} from './registration.ts';
import type { RegisterTexts } from './texts.ts';

export interface RegistrationWizardProps {
  /** /register/company (a new company) or /register/customer (a user of an existing company). */
  mode: Mode;
  texts: RegisterTexts;
  flags: RegistrationFlags;
  /** Path prefix of the domain ('' or '/en'), for the links of the choice. */
  prefix: string;
  /** The domain's locale (de-DE, en-GB, fr-FR, nl-NL): the language of the new account. */
  locale: string;
  /** The domain's country, the address's default country. */
  country: string;
}

type Texts = RegisterTexts;

/** The message of a validation error (§5; `required` is the verbatim text of validation.required). */
function messageOf(error: FieldError | undefined, texts: Texts): string | undefined {
  if (!error) return undefined;
  if (error.key === 'required') return texts.required;
  const key = `validation.${error.key}` as keyof Texts;
  return fill(texts[key], error.values ?? {});
}

/** The translated text of a server error (§8 registration codes), else the server's text, else UNKNOWN. */
function serverMessage(code: string, detail: string, texts: Texts): string {
  const key = `errors.${code}` as keyof Texts;
  return texts[key] ?? (detail || texts['errors.UNKNOWN']);
}

/**
 * The registration island of /register/company and /register/customer (spec §2 "Registration"): the choice (new
 * customer, existing customer adding a user, login) and the steps company check, company data (new company only),
 * personal data and confirmation. Validates each step before it moves on (§5) and places the server's errors (§8)
 * on their fields, returning to the step that shows them.
 */
export default function RegistrationWizard({ mode, texts, flags, prefix, locale, country }: RegistrationWizardProps) {
  const steps = stepsOf(mode);
  const [step, setStep] = useState<Step>('check');
  const [values, setValues] = useState<RegistrationValues>(() => emptyValues(country));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cities, setCities] = useState<CityHit[] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // City search by zipcode (feature flag city-search): suggestions once a plausible zipcode is typed.
  useEffect(() => {
    if (!flags.citySearch || mode !== 'company') return;
    const zip = values.zipcode.trim();
    if (zip.length < 4) {
      setCities(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void searchCities(zip, values.country).then((hits) => {
        if (!live) return;
        setCities(hits);
        if (hits.length === 1 && !values.city.trim()) setValues((v) => ({ ...v, city: hits[0]!.city }));
      });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // values.city is read only to avoid overwriting a typed city; it must not restart the search.
  }, [flags.citySearch, mode, values.zipcode, values.country]);

  const set = <K extends FieldName>(name: K, value: RegistrationValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    if (serverErrors[name]) setServerErrors((e) => ({ ...e, [name]: undefined }));
  };
  const errorOf = (name: FieldName) => serverErrors[name] ?? messageOf(errors[name], texts);

  const index = steps.indexOf(step);

  async function submit() {
    setBusy(true);
    setFormError(null);
    try {
      if (mode === 'company') await registerCompany(companyBody(values, flags, locale));
      else await registerCustomer(customerBody(values, flags, locale));
      setValues((v) => ({ ...v, password: '', passwordConfirm: '' }));
      setStep('done');
    } catch (error) {
      const placed = placeServerErrors(error, mode);
      const byField: Partial<Record<FieldName, string>> = {};
      const general: string[] = [];
      let target: Step | undefined;
      for (const p of placed) {
        const message = serverMessage(p.code, p.detail, texts);
        if (p.field && !byField[p.field]) {
          byField[p.field] = message;
          if (!target || steps.indexOf(p.step!) < steps.indexOf(target)) target = p.step;
        } else if (!p.field) general.push(message);
      }
      setServerErrors(byField);
      if (general.length > 0) setFormError(general.join(' '));
      if (target && target !== step) setStep(target);
    } finally {
      setBusy(false);
    }
  }

  /** The company check of an extra user: asks the server whether the client number exists before moving on. */
  async function checkCompany(): Promise<boolean> {
    setBusy(true);
    setFormError(null);
    try {
      if (await companyExists(values.companyNumber, values.vatNumber)) return true;
      setServerErrors({ companyNumber: texts['errors.COMPANY_DOESNT_EXIST'] });
      return false;
    } catch (error) {
      const [first] = placeServerErrors(error, mode);
      setFormError(serverMessage(first!.code, first!.detail, texts));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function next(event: React.FormEvent) {
    event.preventDefault();
    const found = validateStep(step, mode, values, flags);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (steps[index + 1] === 'done') return submit();
    if (mode === 'customer' && step === 'check' && !(await checkCompany())) return;
    setStep(steps[index + 1]!);
  }

  const field = (
    name: FieldName,
    label: string,
    opts: { type?: 'text' | 'password'; autoComplete?: string; optional?: boolean } = {},
  ) => (
    <TextField
      label={opts.optional ? `${label} (${texts['field.optional']})` : label}
      name={name}
      value={String(values[name])}
      onChange={(value) => set(name, value as never)}
      error={errorOf(name)}
      type={opts.type ?? 'text'}
      autoComplete={opts.autoComplete}
      toggleLabels={opts.type === 'password' ? { show: texts.showPassword, hide: texts.hidePassword } : undefined}
    />
  );

  const title = texts[`step.${step}`];

  return (
    <div>
      <Choice mode={mode} texts={texts} prefix={prefix} />
      <ol aria-label={texts['steps.label']} className="mb-6 flex flex-wrap gap-2 text-sm">
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={`rounded-full border px-3 py-1 ${s === step ? 'border-primary bg-primary text-white' : i < index ? 'border-primary text-primary' : 'border-line text-muted'}`}
          >
            {i + 1}. {texts[`step.${s}`]}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-xl font-semibold focus:outline-none">
        {step === 'done' ? texts['done.title'] : title}
      </h2>
      {step === 'done' ? (
        <div role="status">
          <p className="mb-6">{texts['done.text']}</p>
          <a href={`${prefix}/`} className="inline-block rounded bg-primary px-4 py-2 font-semibold text-white">
            {texts['done.home']}
          </a>
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void next(event)} aria-label={title}>
          {formError && (
            <p role="alert" className="mb-4 rounded border border-primary bg-red-50 p-3 text-sm text-primary">
              {formError}
            </p>
          )}
          {step === 'check' && mode === 'company' && (
            <>
              <p className="mb-4 text-sm text-muted">{texts['check.introCompany']}</p>
              {field('vatNumber', texts['field.vatNumber'])}
              {flags.isNew && (
                <Radios
                  legend={texts['field.isNew']}
                  name="isNew"
                  value={values.isNew}
                  onChange={(v) => set('isNew', v as 'yes' | 'no')}
                  options={[
                    ['yes', texts['field.isNewYes']],
                    ['no', texts['field.isNewNo']],
                  ]}
                />
              )}
              {flags.isNew &&
                flags.existingCompanyNumber &&
                values.isNew === 'no' &&
                field('existingCompanyNumber', texts['field.existingCompanyNumber'])}
            </>
          )}
          {step === 'check' && mode === 'customer' && (
            <>
              <p className="mb-4 text-sm text-muted">{texts['check.introCustomer']}</p>
              {field('companyNumber', texts['field.companyNumber'])}
              {field('vatNumber', texts['field.vatNumber'], { optional: true })}
            </>
          )}
          {step === 'company' && (
            <>
              {field('companyName', texts['field.companyName'], { autoComplete: 'organization' })}
              <div className="grid gap-x-4 sm:grid-cols-[1fr_8rem_6rem]">
                {field('street', texts['field.street'], { autoComplete: 'address-line1' })}
                {field('number', texts['field.number'])}
                {field('box', texts['field.box'], { optional: true })}
              </div>
              <Select
                label={texts['field.country']}
                name="country"
                value={values.country}
                onChange={(v) => set('country', v)}
                options={COUNTRIES.map((c) => [c, texts[`country.${c}`]])}
              />
              <div className="grid gap-x-4 sm:grid-cols-[10rem_1fr]">
                {field('zipcode', texts['field.zipcode'], { autoComplete: 'postal-code' })}
                {field('city', texts['field.city'], { autoComplete: 'address-level2' })}
              </div>
              {flags.citySearch && cities && (
                <CityChoice texts={texts} cities={cities} onPick={(c) => set('city', c)} />
              )}
              <Select
                label={texts['field.branch']}
                name="branch"
                value={values.branch}
                onChange={(v) => set('branch', v)}
                options={[
                  ['', texts['field.branchNone']],
                  ...BRANCH_CODES.map((c) => [c, texts[`branch.${c}`]] as const),
                ]}
              />
              {flags.branchIndustry && field('branchIndustry', texts['field.branchIndustry'], { optional: true })}
              {flags.invoiceEmail && field('emailForInvoice', texts['field.emailForInvoice'], { optional: true })}
              {field('phone', texts['field.phone'], { optional: true, autoComplete: 'tel' })}
            </>
          )}
          {step === 'person' && (
            <>
              <Radios
                legend={texts['field.prefix']}
                name="prefix"
                value={values.prefix}
                onChange={(v) => set('prefix', v as 'female' | 'male')}
                options={[
                  ['female', texts['field.prefixFemale']],
                  ['male', texts['field.prefixMale']],
                ]}
              />
              <div className="grid gap-x-4 sm:grid-cols-2">
                {field('firstName', texts['field.firstName'], { autoComplete: 'given-name' })}
                {field('lastName', texts['field.lastName'], { autoComplete: 'family-name' })}
              </div>
              {flags.customerFunction && field('customerFunction', texts['field.customerFunction'], { optional: true })}
              <div className="grid gap-x-4 sm:grid-cols-2">
                {field('email', texts['field.email'], { autoComplete: 'email' })}
                {field('emailConfirm', texts['field.emailConfirm'], { autoComplete: 'email' })}
              </div>
              {mode === 'customer' && field('phone', texts['field.phone'], { optional: true, autoComplete: 'tel' })}
              {flags.mobile && field('mobile', texts['field.mobile'], { optional: true })}
              {flags.fax && field('fax', texts['field.fax'], { optional: true })}
              {field('username', texts['field.username'], { autoComplete: 'username' })}
              <div className="grid gap-x-4 sm:grid-cols-2">
                {field('password', texts['field.password'], { type: 'password', autoComplete: 'new-password' })}
                {field('passwordConfirm', texts['field.passwordConfirm'], {
                  type: 'password',
                  autoComplete: 'new-password',
                })}
              </div>
              <Checkbox
                label={texts['field.privacyConsent']}
                checked={values.privacyConsent}
                onChange={(c) => set('privacyConsent', c)}
                error={errorOf('privacyConsent')}
              />
            </>
          )}
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            {index > 0 ? (
              <button
                type="button"
                onClick={() => setStep(steps[index - 1]!)}
                className="rounded border border-line px-4 py-2 font-semibold hover:border-primary"
              >
                {texts.back}
              </button>
            ) : (
              <span />
            )}
            <button
              type="submit"
              disabled={busy}
              aria-busy={busy || undefined}
              className="rounded bg-primary px-6 py-2 font-semibold text-white disabled:opacity-60"
            >
              {busy ? texts.submitting : steps[index + 1] === 'done' ? texts.submit : texts.next}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** The choice of §2: new customer, existing customer adding a user, or login (the /auth page). */
function Choice({ mode, texts, prefix }: { mode: Mode; texts: Texts; prefix: string }) {
  const item = (href: string, title: string, text: string, current: boolean): ReactNode => (
    <li>
      <a
        href={href}
        aria-current={current ? 'page' : undefined}
        className={`block h-full rounded border p-3 hover:border-primary ${current ? 'border-primary bg-red-50' : 'border-line'}`}
      >
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-muted">{text}</span>
      </a>
    </li>
  );
  return (
    <nav aria-label={texts['choice.label']} className="mb-6">
      <ul className="grid gap-3 sm:grid-cols-3">
        {item(`${prefix}/register/company`, texts['choice.new'], texts['choice.newText'], mode === 'company')}
        {item(
          `${prefix}/register/customer`,
          texts['choice.existing'],
          texts['choice.existingText'],
          mode === 'customer',
        )}
        {item(`${prefix}/auth`, texts['choice.login'], texts['choice.loginText'], false)}
      </ul>
    </nav>
  );
}

function Radios({
  legend,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: [string, string][];
}) {
  return (
    <fieldset className="mb-4">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-4">
        {options.map(([v, label]) => (
          <label key={v} className="flex items-center gap-2">
            <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Select({
  label,
  name,
  value,
  onChange,
  options,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="w-full rounded border border-line bg-white px-3 py-2 focus:outline-2 focus:outline-primary"
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function Checkbox({
  label,
  checked,
  onChange,
  error,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="mb-4">
      <label className="flex items-start gap-2">
        <input
          type="checkbox"
          name="privacyConsent"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1"
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-primary">
          {error}
        </p>
      )}
    </div>
  );
}

function CityChoice({ texts, cities, onPick }: { texts: Texts; cities: CityHit[]; onPick: (city: string) => void }) {
  if (cities.length === 0) return <p className="-mt-2 mb-4 text-sm text-muted">{texts['citySearch.none']}</p>;
  return (
    <div className="-mt-2 mb-4" role="group" aria-label={texts['citySearch.label']}>
      <p className="mb-1 text-sm text-muted">{texts['citySearch.label']}</p>
      <div className="flex flex-wrap gap-2">
        {cities.map((c) => (
          <button
            key={`${c.zipcode}-${c.city}`}
            type="button"
            onClick={() => onPick(c.city)}
            className="rounded border border-line px-2 py-1 text-sm hover:border-primary"
          >
            {c.city}
          </button>
        ))}
      </div>
    </div>
  );
}
