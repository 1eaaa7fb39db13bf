import { useEffect, useState } from 'react';
import { TextField } from '../auth/fields.tsx';
import { loadViewer, loginAsCustomer, type Viewer } from './impersonation.ts';

/** Texts of the island (message keys below `impersonation.`, plus `required` and `unknown`). */
export interface LoginAsTexts {
  intro: string;
  customerId: string;
  customerIdHint: string;
  submit: string;
  notAllowed: string;
  loginFirst: string;
  login: string;
  invalidId: string;
  notFound: string;
  loading: string;
  required: string;
  unknown: string;
}

export interface LoginAsCustomerProps {
  texts: LoginAsTexts;
  /** Path prefix of the domain ('' or '/en'). */
  prefix: string;
  /** Customer id from `?customerId=`, filled in. */
  initialCustomerId?: string;
  /** Full page load after success (tests replace it). */
  navigate?: (href: string) => void;
}

/**
 * /loginascustomer (issue 3 §2): account managers enter the id of a customer of a company they look after and
 * continue as that customer on /account/dashboard (a full page load, so every island reads the new session). Others
 * see that the function is not allowed; anonymous visitors are asked to log in first. The server checks the role and
 * the managed companies and records each use in the audit log.
 */
export default function LoginAsCustomer({
  texts,
  prefix,
  initialCustomerId = '',
  navigate = (href) => window.location.assign(href),
}: LoginAsCustomerProps) {
  const [viewer, setViewer] = useState<Viewer | 'loading' | 'failed'>('loading');
  const [customerId, setCustomerId] = useState(initialCustomerId);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    loadViewer().then(setViewer, () => setViewer('failed'));
  }, []);

  if (viewer === 'loading') return <p role="status">{texts.loading}</p>;
  if (viewer === 'failed') return <p role="alert">{texts.unknown}</p>;
  if (viewer === 'anonymous') {
    return (
      <div role="alert">
        <p className="mb-4">{texts.loginFirst}</p>
        <a
          href={`${prefix}/auth?redirect=${encodeURIComponent(`${prefix}/loginascustomer`)}`}
          className="inline-block rounded bg-primary px-4 py-2 font-semibold text-white"
        >
          {texts.login}
        </a>
      </div>
    );
  }
  if (viewer === 'other') return <p role="alert">{texts.notAllowed}</p>;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFormError(null);
    const id = customerId.trim();
    if (!id) return setFieldError(texts.required);
    setFieldError(undefined);
    setBusy(true);
    const failure = await loginAsCustomer(id);
    if (!failure) {
      navigate(`${prefix}/account/dashboard`);
      return;
    }
    setBusy(false);
    if ('key' in failure) {
      if (failure.key === 'notAllowed') setViewer('other');
      else if (failure.key === 'loginFirst') setViewer('anonymous');
      else setFormError(texts[failure.key]);
    } else setFormError(failure.text || texts.unknown);
  }

  return (
    <form noValidate onSubmit={submit}>
      <p className="mb-4 text-sm text-muted">{texts.intro}</p>
      {formError && (
        <p role="alert" className="mb-4 rounded border border-primary bg-red-50 p-3 text-sm text-primary">
          {formError}
        </p>
      )}
      <TextField
        label={texts.customerId}
        name="customerId"
        value={customerId}
        onChange={(value) => {
          setCustomerId(value);
          setFieldError(undefined);
        }}
        error={fieldError}
        autoComplete="off"
      />
      <p className="-mt-3 mb-4 text-xs text-muted">{texts.customerIdHint}</p>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy || undefined}
        className="rounded bg-primary px-6 py-2 font-semibold text-white disabled:opacity-60"
      >
        {texts.submit}
      </button>
    </form>
  );
}
