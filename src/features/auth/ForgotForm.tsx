import { useState, type FormEvent } from 'react';
import { Button, Form, TextField } from '../../components/ui/form.tsx';
import { useAction } from '../../components/ui/use-action.ts';
import { useI18n } from '../../i18n/react.tsx';
import { formPostPath } from '../../lib/forms/form-actions.ts';
import { validateForm, type FieldErrors } from '../../lib/forms/validation.ts';
import { notify } from '../../lib/notifications.ts';
import { requestRecovery } from '../../lib/session/session-store.ts';
import { ForgotSchema } from './auth-flows.ts';

export interface ForgotFormProps {
  prefix: string;
  /** The domain's storefront URL sent with the request (the backend accepts only configured domains). */
  storefrontUrl: string;
  /** Called after a successful request (the dialog closes; the page goes to /auth/password-recovery). */
  onSuccess?: () => void;
  /** Back to the login form (dialog); without it the link goes to /auth. */
  onLogin?: () => void;
}

/**
 * The forgot-password form: username (required) → POST `account/recovery-password` → success notice, field
 * cleared, `onSuccess`. The answer never says whether the username exists. Errors become notifications.
 */
export default function ForgotForm({ prefix, storefrontUrl, onSuccess, onLogin }: ForgotFormProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const [username, setUsername] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<'username'>>({});
  const { busy, run } = useAction(async (name: string) => {
    await requestRecovery(name, storefrontUrl);
    setUsername('');
    notify('success', t('general.success'), t('auth.forgot.success'));
    onSuccess?.();
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(ForgotSchema, { username }, i18n);
    if (!checked.ok) return setFieldErrors(checked.errors);
    run(checked.output.username);
  };

  return (
    <Form action={formPostPath(prefix, 'password-forgot')} onSubmit={onSubmit} aria-busy={busy}>
      <p className="mb-4 text-sm text-muted">{t('auth.forgot.intro')}</p>
      <TextField
        label={t('auth.username')}
        name="username"
        value={username}
        onValue={(value) => {
          setUsername(value);
          setFieldErrors({});
        }}
        error={fieldErrors.username}
        autoComplete="username"
      />
      <Button type="submit" busy={busy} wide>
        {t('auth.forgot.submit')}
      </Button>
      <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <a
          href={`${prefix}/auth`}
          onClick={(event) => {
            if (!onLogin) return;
            event.preventDefault();
            onLogin();
          }}
          className="text-primary underline-offset-2 hover:underline"
        >
          {t('auth.backToLogin')}
        </a>
        <a href={`${prefix}/register/company`} className="text-primary underline-offset-2 hover:underline">
          {t('auth.registerLink')}
        </a>
      </p>
    </Form>
  );
}
