import { useEffect, useState, type FormEvent } from 'react';
import { Button, Form, FormError, TextField } from '../../components/ui/form.tsx';
import { formPostPath } from '../../lib/forms/form-actions.ts';
import { useAction } from '../../components/ui/use-action.ts';
import { I18nProvider, useT, type IslandI18nProp } from '../../i18n/react.tsx';
import type { MessageKey } from '../../i18n/locales.ts';
import { loadViewer, loginAsCustomer, type Viewer } from './impersonation.ts';

/** The catalogue keys of the island, for `islandMessages(locale, LOGIN_AS_MESSAGES)`. */
export const LOGIN_AS_MESSAGES = [
  'impersonation.',
  'header.login',
  'validation.required',
  'errors.UNKNOWN_ERROR',
  'general.error',
] as const satisfies readonly (MessageKey | `${string}.`)[];

export interface LoginAsCustomerProps {
  /** `islandMessages(locale, LOGIN_AS_MESSAGES)`. */
  i18n: IslandI18nProp;
  /** Path prefix of the domain ('' or '/en'). */
  prefix: string;
  /** Customer id from `?customerId=`, filled in. */
  initialCustomerId?: string;
  /** Full page load after success (tests replace it). */
  navigate?: (href: string) => void;
}

/**
 * /loginascustomer: account managers enter the id or username of a customer of a company they look after and
 * continue as that customer on /account/dashboard (a full page load, so every island reads the new session). Others
 * see that the function is not allowed; anonymous visitors are asked to log in first. The server checks the role and
 * the managed companies and records each use in the audit log.
 */
export default function LoginAsCustomer({ i18n, ...props }: LoginAsCustomerProps) {
  return (
    <I18nProvider i18n={i18n}>
      <LoginAs {...props} />
    </I18nProvider>
  );
}

function LoginAs({
  prefix,
  initialCustomerId = '',
  navigate = (href) => window.location.assign(href),
}: Omit<LoginAsCustomerProps, 'i18n'>) {
  const t = useT();
  const [viewer, setViewer] = useState<Viewer | 'loading' | 'failed'>('loading');
  const [customerId, setCustomerId] = useState(initialCustomerId);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string[]>([]);
  const { busy, run } = useAction(async (id: string) => {
    const failure = await loginAsCustomer(id);
    if (!failure) return navigate(`${prefix}/account/dashboard`);
    if (!('key' in failure)) return setFormError([failure.text || t('errors.UNKNOWN_ERROR')]);
    if (failure.key === 'notAllowed') setViewer('other');
    else if (failure.key === 'loginFirst') setViewer('anonymous');
    else setFormError([t(`impersonation.${failure.key}`)]);
  });

  useEffect(() => {
    loadViewer().then(setViewer, () => setViewer('failed'));
  }, []);

  if (viewer === 'loading') return <p role="status">{t('impersonation.loading')}</p>;
  if (viewer === 'failed') return <p role="alert">{t('errors.UNKNOWN_ERROR')}</p>;
  if (viewer === 'anonymous') {
    return (
      <div role="alert">
        <p className="mb-4">{t('impersonation.loginFirst')}</p>
        <a
          href={`${prefix}/auth?redirect=${encodeURIComponent(`${prefix}/loginascustomer`)}`}
          className="inline-block rounded bg-primary px-4 py-2 font-semibold text-white"
        >
          {t('header.login')}
        </a>
      </div>
    );
  }
  if (viewer === 'other') return <p role="alert">{t('impersonation.notAllowed')}</p>;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError([]);
    const id = customerId.trim();
    if (!id) return setFieldError(t('validation.required'));
    setFieldError(undefined);
    run(id);
  };

  return (
    <Form action={formPostPath(prefix, 'script-required')} onSubmit={onSubmit} aria-busy={busy}>
      <p className="mb-4 text-sm text-muted">{t('impersonation.intro')}</p>
      <FormError title={t('general.error')} messages={formError} />
      <TextField
        label={t('impersonation.field.customerId')}
        name="customerId"
        value={customerId}
        onValue={(value) => {
          setCustomerId(value);
          setFieldError(undefined);
        }}
        error={fieldError}
        autoComplete="off"
      />
      <p className="-mt-3 mb-4 text-xs text-muted">{t('impersonation.field.customerIdHint')}</p>
      <Button type="submit" busy={busy}>
        {t('impersonation.submit')}
      </Button>
    </Form>
  );
}
