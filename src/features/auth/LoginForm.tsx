import { useState, type FormEvent } from 'react';
import { Button, Form, FormError, PasswordField, TextField } from '../../components/ui/form.tsx';
import { useAction } from '../../components/ui/use-action.ts';
import { useI18n } from '../../i18n/react.tsx';
import { formPostPath } from '../../lib/forms/form-actions.ts';
import { validateForm, type FieldErrors } from '../../lib/forms/validation.ts';
import { notifyAfterNavigation } from '../../lib/notifications.ts';
import { errorMessages } from '../../lib/store-api/error-messages.ts';
import { LoginSchema, login, sendLoginEvent } from './auth-flows.ts';

export interface LoginFormProps {
  /** Domain path prefix ('' or '/en'); every link and redirect goes below it. */
  prefix: string;
  /** Where to go after login; default `{prefix}/account/dashboard`. Must be a same-site path. */
  redirectTo?: string | undefined;
  /** Switches to the forgot-password form (the dialog); without it the link goes to /auth/password-forgot. */
  onForgot?: () => void;
  /** Called after a successful login, before the redirect (the dialog closes itself here). */
  onSuccess?: () => void;
  /** Navigation, replaceable in tests. */
  navigate?: (href: string) => void;
}

type Field = 'username' | 'password';

/**
 * The login form of the header dialog and the /auth page: username and password (show/hide), both required,
 * then login → customer and rights → analytics event → close → redirect to the dashboard → success notification
 * on the next page. Bad credentials and other errors show in the form's error block; the forced-recovery error
 * redirects to /auth/password-set?hash=….
 */
export default function LoginForm({
  prefix,
  redirectTo,
  onForgot,
  onSuccess,
  navigate = (href) => window.location.assign(href),
}: LoginFormProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string[]>([]);

  const { busy, run } = useAction(async (input: Record<Field, string>) => {
    const outcome = await login(input.username, input.password);
    if (outcome.kind === 'forced-recovery') {
      navigate(`${prefix}/auth/password-set?hash=${encodeURIComponent(outcome.hash)}`);
      return;
    }
    if (outcome.kind === 'error') {
      setFormError(errorMessages(outcome.error, i18n));
      return;
    }
    sendLoginEvent(outcome.customer);
    onSuccess?.();
    notifyAfterNavigation('success', t('general.success'), t('auth.loginSuccess'));
    navigate(redirectTo ?? `${prefix}/account/dashboard`);
  });

  const set = (field: Field) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError([]);
    const checked = validateForm(LoginSchema, values, i18n);
    if (!checked.ok) return setFieldErrors(checked.errors);
    run(checked.output);
  };

  return (
    <Form action={formPostPath(prefix, 'login')} onSubmit={onSubmit} aria-busy={busy}>
      {redirectTo && <input type="hidden" name="redirect" value={redirectTo} />}
      <FormError title={t('auth.loginFailed')} messages={formError} />
      <TextField
        label={t('auth.username')}
        name="username"
        value={values.username}
        onValue={set('username')}
        error={fieldErrors.username}
        autoComplete="username"
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        value={values.password}
        onValue={set('password')}
        error={fieldErrors.password}
        autoComplete="current-password"
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
          {t('auth.forgotLink')}
        </a>
      </div>
      <Button type="submit" busy={busy} wide>
        {t('auth.submit')}
      </Button>
      <p className="mt-4 text-sm">
        {t('auth.registerPrompt')}{' '}
        <a href={`${prefix}/register/company`} className="text-primary underline-offset-2 hover:underline">
          {t('auth.registerLink')}
        </a>
      </p>
    </Form>
  );
}
