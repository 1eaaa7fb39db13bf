import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Checkbox, Form, PasswordField, RadioGroup, Select, TextField } from '../../components/ui/form.tsx';
import { formPostPath } from '../../lib/forms/form-actions.ts';
import { useAction } from '../../components/ui/use-action.ts';
import { validateForm, type FieldErrors } from '../../lib/forms/validation.ts';
import { errorItemMessage } from '../../lib/store-api/error-messages.ts';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useI18n, type I18nValue, type IslandI18nProp } from '../../i18n/react.tsx';
import { BRANCH_CODES } from '../../../contract/branches.ts';
import { COUNTRY_CODES } from '../../../contract/countries.ts';
import {
  companyBody,
  companyExists,
  customerBody,
  emptyValues,
  placeServerErrors,
  registerCompany,
  registerCustomer,
  searchCities,
  stepsOf,
  stepSchema,
  type CityHit,
  type FieldName,
  type Mode,
  type RegistrationFlags,
  type RegistrationValues,
  type Step,
} from './registration.ts';

export interface RegistrationWizardProps {
  /** /register/company (a new company) or /register/customer (a user of an existing company). */
  mode: Mode;
  /** `islandMessages(locale, REGISTER_MESSAGES)`. */
  i18n: IslandI18nProp;
  flags: RegistrationFlags;
  /** Path prefix of the domain ('' or '/en'), for the links of the choice. */
  prefix: string;
  /** The domain's locale (de-DE, en-GB, fr-FR, nl-NL): the language of the new account. */
  locale: string;
  /** The domain's country, the address's default country. */
  country: string;
}

/** The catalogue keys of the island, for `islandMessages(locale, REGISTER_MESSAGES)`. */
export const REGISTER_MESSAGES = [
  'register.',
  'validation.required',
  'validation.minLength',
  'validation.maxLength',
  'errors.',
  'auth.showPassword',
  'auth.hidePassword',
] as const satisfies readonly (MessageKey | `${string}.`)[];

/** A text below `register.` (e.g. `tr('field.city')`). */
type Tr = (key: string, values?: Record<string, string | number>) => string;

/** The message of a placed server error through the shared resolver (src/lib/store-api/error-messages.ts). */
function serverMessage(code: string, detail: string, i18n: I18nValue): string {
  return errorItemMessage({ status: '400', code, title: '', detail }, i18n);
}

/**
 * The registration island of /register/company and /register/customer: the choice (new
 * customer, existing customer adding a user, login) and the steps company check, company data (new company only),
 * personal data and confirmation. Validates each step before it moves on and places the server's errors
 * on their fields, returning to the step that shows them.
 */
export default function RegistrationWizard({ i18n, ...props }: RegistrationWizardProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Wizard {...props} />
    </I18nProvider>
  );
}

function Wizard({ mode, flags, prefix, locale, country }: Omit<RegistrationWizardProps, 'i18n'>) {
  const i18n = useI18n();
  const tr: Tr = (key, values) => i18n.t(`register.${key}` as MessageKey, values);
  const steps = stepsOf(mode);
  const [step, setStep] = useState<Step>('check');
  const [values, setValues] = useState<RegistrationValues>(() => emptyValues(country));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
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
  const errorOf = (name: FieldName) => serverErrors[name] ?? errors[name];

  const index = steps.indexOf(step);

  // Registration errors are placed at their fields and steps here, so none is left for useAction to notify.
  const { busy: submitting, run: submit } = useAction(async () => {
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
        const message = serverMessage(p.code, p.detail, i18n);
        if (p.field && !byField[p.field]) {
          byField[p.field] = message;
          if (!target || steps.indexOf(p.step!) < steps.indexOf(target)) target = p.step;
        } else if (!p.field) general.push(message);
      }
      setServerErrors(byField);
      if (general.length > 0) setFormError(general.join(' '));
      if (target && target !== step) setStep(target);
    }
  });

  /** The company check of an extra user: asks the server whether the client number exists before moving on. */
  async function checkCompany(): Promise<boolean> {
    setChecking(true);
    setFormError(null);
    try {
      if (await companyExists(values.companyNumber, values.vatNumber)) return true;
      setServerErrors({ companyNumber: i18n.t('errors.COMPANY_DOESNT_EXIST') });
      return false;
    } catch (error) {
      const [first] = placeServerErrors(error, mode);
      setFormError(serverMessage(first!.code, first!.detail, i18n));
      return false;
    } finally {
      setChecking(false);
    }
  }

  const busy = submitting || checking;

  async function next(event: React.FormEvent) {
    event.preventDefault();
    const checked = validateForm(stepSchema(step, mode, flags), values, i18n);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    if (steps[index + 1] === 'done') return submit(undefined);
    if (mode === 'customer' && step === 'check' && !(await checkCompany())) return;
    setStep(steps[index + 1]!);
  }

  const field = (
    name: FieldName,
    label: string,
    opts: { type?: 'text' | 'password'; autoComplete?: string; optional?: boolean } = {},
  ) => {
    const Field = opts.type === 'password' ? PasswordField : TextField;
    return (
      <Field
        label={opts.optional ? `${label} (${tr('field.optional')})` : label}
        name={name}
        value={String(values[name])}
        onValue={(value) => set(name, value as never)}
        error={errorOf(name)}
        autoComplete={opts.autoComplete}
      />
    );
  };

  const title = tr(`step.${step}`);

  return (
    <div>
      <Choice mode={mode} tr={tr} prefix={prefix} />
      <ol aria-label={tr('steps.label')} className="mb-6 flex flex-wrap gap-2 text-sm">
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={`rounded-full border px-3 py-1 ${s === step ? 'border-primary bg-primary text-white' : i < index ? 'border-primary text-primary' : 'border-line text-muted'}`}
          >
            {i + 1}. {tr(`step.${s}`)}
          </li>
        ))}
      </ol>
      <h2 ref={headingRef} tabIndex={-1} className="mb-4 text-xl font-semibold focus:outline-none">
        {step === 'done' ? tr('done.title') : title}
      </h2>
      {step === 'done' ? (
        <div role="status">
          <p className="mb-6">{tr('done.text')}</p>
          <a href={`${prefix}/`} className="inline-block rounded bg-primary px-4 py-2 font-semibold text-white">
            {tr('done.home')}
          </a>
        </div>
      ) : (
        <Form
          action={formPostPath(prefix, 'script-required')}
          onSubmit={(event) => void next(event)}
          aria-label={title}
        >
          {formError && (
            <p role="alert" className="mb-4 rounded border border-primary bg-red-50 p-3 text-sm text-primary">
              {formError}
            </p>
          )}
          {step === 'check' && mode === 'company' && (
            <>
              <p className="mb-4 text-sm text-muted">{tr('check.introCompany')}</p>
              {field('vatNumber', tr('field.vatNumber'))}
              {flags.isNew && (
                <RadioGroup
                  legend={tr('field.isNew')}
                  value={values.isNew}
                  onValue={(v) => set('isNew', v)}
                  options={[
                    { value: 'yes', label: tr('field.isNewYes') },
                    { value: 'no', label: tr('field.isNewNo') },
                  ]}
                />
              )}
              {flags.isNew &&
                flags.existingCompanyNumber &&
                values.isNew === 'no' &&
                field('existingCompanyNumber', tr('field.existingCompanyNumber'))}
            </>
          )}
          {step === 'check' && mode === 'customer' && (
            <>
              <p className="mb-4 text-sm text-muted">{tr('check.introCustomer')}</p>
              {field('companyNumber', tr('field.companyNumber'))}
              {field('vatNumber', tr('field.vatNumber'), { optional: true })}
            </>
          )}
          {step === 'company' && (
            <>
              {field('companyName', tr('field.companyName'), { autoComplete: 'organization' })}
              <div className="grid gap-x-4 sm:grid-cols-[1fr_8rem_6rem]">
                {field('street', tr('field.street'), { autoComplete: 'address-line1' })}
                {field('number', tr('field.number'))}
                {field('box', tr('field.box'), { optional: true })}
              </div>
              <Select
                label={tr('field.country')}
                value={values.country}
                onValue={(v) => set('country', v)}
                options={COUNTRY_CODES.map((c) => ({ value: c, label: tr(`country.${c}`) }))}
              />
              <div className="grid gap-x-4 sm:grid-cols-[10rem_1fr]">
                {field('zipcode', tr('field.zipcode'), { autoComplete: 'postal-code' })}
                {field('city', tr('field.city'), { autoComplete: 'address-level2' })}
              </div>
              {flags.citySearch && cities && <CityChoice tr={tr} cities={cities} onPick={(c) => set('city', c)} />}
              <Select
                label={tr('field.branch')}
                value={values.branch}
                onValue={(v) => set('branch', v)}
                options={[
                  { value: '', label: tr('field.branchNone') },
                  ...BRANCH_CODES.map((c) => ({ value: c, label: tr(`branch.${c}`) })),
                ]}
              />
              {flags.branchIndustry && field('branchIndustry', tr('field.branchIndustry'), { optional: true })}
              {flags.invoiceEmail && field('emailForInvoice', tr('field.emailForInvoice'), { optional: true })}
              {field('phone', tr('field.phone'), { optional: true, autoComplete: 'tel' })}
            </>
          )}
          {step === 'person' && (
            <>
              <RadioGroup
                legend={tr('field.prefix')}
                value={values.prefix}
                onValue={(v) => set('prefix', v)}
                options={[
                  { value: 'female', label: tr('field.prefixFemale') },
                  { value: 'male', label: tr('field.prefixMale') },
                ]}
              />
              <div className="grid gap-x-4 sm:grid-cols-2">
                {field('firstName', tr('field.firstName'), { autoComplete: 'given-name' })}
                {field('lastName', tr('field.lastName'), { autoComplete: 'family-name' })}
              </div>
              {flags.customerFunction && field('customerFunction', tr('field.customerFunction'), { optional: true })}
              <div className="grid gap-x-4 sm:grid-cols-2">
                {field('email', tr('field.email'), { autoComplete: 'email' })}
                {field('emailConfirm', tr('field.emailConfirm'), { autoComplete: 'email' })}
              </div>
              {mode === 'customer' && field('phone', tr('field.phone'), { optional: true, autoComplete: 'tel' })}
              {flags.mobile && field('mobile', tr('field.mobile'), { optional: true })}
              {flags.fax && field('fax', tr('field.fax'), { optional: true })}
              {field('username', tr('field.username'), { autoComplete: 'username' })}
              <div className="grid gap-x-4 sm:grid-cols-2">
                {field('password', tr('field.password'), { type: 'password', autoComplete: 'new-password' })}
                {field('passwordConfirm', tr('field.passwordConfirm'), {
                  type: 'password',
                  autoComplete: 'new-password',
                })}
              </div>
              <Checkbox
                label={tr('field.privacyConsent')}
                checked={values.privacyConsent}
                onChecked={(c) => set('privacyConsent', c)}
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
                {tr('back')}
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
              {busy ? tr('submitting') : steps[index + 1] === 'done' ? tr('submit') : tr('next')}
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}

/** The choice of: new customer, existing customer adding a user, or login (the /auth page). */
function Choice({ mode, tr, prefix }: { mode: Mode; tr: Tr; prefix: string }) {
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
    <nav aria-label={tr('choice.label')} className="mb-6">
      <ul className="grid gap-3 sm:grid-cols-3">
        {item(`${prefix}/register/company`, tr('choice.new'), tr('choice.newText'), mode === 'company')}
        {item(`${prefix}/register/customer`, tr('choice.existing'), tr('choice.existingText'), mode === 'customer')}
        {item(`${prefix}/auth`, tr('choice.login'), tr('choice.loginText'), false)}
      </ul>
    </nav>
  );
}

function CityChoice({ tr, cities, onPick }: { tr: Tr; cities: CityHit[]; onPick: (city: string) => void }) {
  if (cities.length === 0) return <p className="-mt-2 mb-4 text-sm text-muted">{tr('citySearch.none')}</p>;
  return (
    <div className="-mt-2 mb-4" role="group" aria-label={tr('citySearch.label')}>
      <p className="mb-1 text-sm text-muted">{tr('citySearch.label')}</p>
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
