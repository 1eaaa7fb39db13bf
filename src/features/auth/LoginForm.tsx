import { useState, type FormEvent } from 'react';
import { errorMessagesOf, notifyAfterNavigation, type ErrorMessages } from './notifications.ts';
import { LoginSchema, login, sendLoginEvent, validate, type FieldErrors } from './auth-flows.ts';
import { TextField } from './fields.tsx';
import type { AuthTexts } from './texts.ts';

export interface LoginFormProps {
  texts: AuthTexts;
  errors: ErrorMessages;
  /** Domain path prefix ('' or '/en'); every link and redirect goes below it. */
  prefix: string;
  /** Where to go after login; default `{prefix}/account/dashboard`. Must be a same-site path. */
  redirectTo?: string;
  /** Switches to the forgot-password form (the dialog); without it the link goes to /auth/password-forgot. */
  onForgot?: () => void;
  /** Called after a successful login, before the redirect (the dialog closes itself here). */
  onSuccess?: () => void;
  /** Navigation, replaceable in tests. */
  navigate?: (href: string) => void;
}

type Field = 'username' | 'password';

/**
 * The login form of the header dialog and the /auth page (spec §2, §4, §5): username and password (show/hide),
 * required-field validation, then login → customer and rights → analytics event → close → redirect to the
 * dashboard → success notification. Bad credentials and other errors show in the form's error state; the forced
 * recovery error redirects to /auth/password-set?hash=….
 */
export default function LoginForm({
  texts,
  errors: errorTexts,
  prefix,
  redirectTo,
  onForgot,
  onSuccess,
  navigate = (href) => window.location.assign(href),
}: LoginFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: Field) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const checked = validate(LoginSchema, values);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setBusy(true);
    const outcome = await login(checked.output.username, checked.output.password);
    if (outcome.kind === 'forced-recovery') {
      navigate(`${prefix}/auth/password-set?hash=${encodeURIComponent(outcome.hash)}`);
      return;
    }
    if (outcome.kind === 'error') {
      setBusy(false);
      setFormError(errorMessagesOf(outcome.error, errorTexts).join(' '));
      return;
    }
    sendLoginEvent(outcome.customer);
    onSuccess?.();
    notifyAfterNavigation('success', texts['general.success'], texts['auth.loginSuccess']);
    navigate(redirectTo ?? `${prefix}/account/dashboard`);
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
      {formError && (
        <div role="alert" className="mb-4 rounded border-l-4 border-primary bg-red-50 px-3 py-2 text-sm text-red-900">
          <p className="font-semibold">{texts['auth.loginFailed']}</p>
          <p>{formError}</p>
        </div>
      )}
      <TextField
        label={texts['auth.username']}
        name="username"
        value={values.username}
        onChange={set('username')}
        error={fieldErrors.username && texts[fieldErrors.username]}
        autoComplete="username"
      />
      <TextField
        label={texts['auth.password']}
        name="password"
        type="password"
        value={values.password}
        onChange={set('password')}
        error={fieldErrors.password && texts[fieldErrors.password]}
        autoComplete="current-password"
        toggleLabels={{ show: texts['auth.showPassword'], hide: texts['auth.hidePassword'] }}
      />
      <div className="mb-4 text-sm">
        <a
          href={`${prefix}/auth/password-forgot`}
          onClick={(event) => {
            if (!onForgot) return;
            event.preventDefault();
            onForgot();
          }}
          className="text-primary underline-offset-2 hover:underline"
        >
          {texts['auth.forgotLink']}
        </a>
      </div>
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded bg-primary px-4 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-60"
      >
        {texts['auth.submit']}
      </button>
      <p className="mt-4 text-sm">
        {texts['auth.registerPrompt']}{' '}
        <a href={`${prefix}/register/company`} className="text-primary underline-offset-2 hover:underline">
          {texts['auth.registerLink']}
        </a>
      </p>
    </form>
  );
}
