import { useState, type FormEvent } from 'react';
import { notify, notifyError, type ErrorMessages } from './notifications.ts';
import { requestRecovery } from '../../lib/session/session-store.ts';
import { ForgotSchema, validate, type FieldErrors } from './auth-flows.ts';
import { TextField } from './fields.tsx';
import type { AuthTexts } from './texts.ts';

export interface ForgotFormProps {
  texts: AuthTexts;
  errors: ErrorMessages;
  prefix: string;
  /** The domain's storefront URL sent with the request (the backend accepts only configured domains). */
  storefrontUrl: string;
  /** Called after a successful request (the dialog closes; the page goes to /auth/password-recovery). */
  onSuccess?: () => void;
  /** Back to the login form (dialog); without it the link goes to /auth. */
  onLogin?: () => void;
}

/**
 * Spec §2/§4 forgot-password form: username (required, §5) → POST `account/recovery-password` → success notice,
 * field cleared, `onSuccess`. The answer never says whether the username exists. Errors as notifications (§8).
 */
export default function ForgotForm({ texts, errors, prefix, storefrontUrl, onSuccess, onLogin }: ForgotFormProps) {
  const [username, setUsername] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<'username'>>({});
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validate(ForgotSchema, { username });
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      await requestRecovery(checked.output.username, storefrontUrl);
      setUsername('');
      notify('success', texts['general.success'], texts['auth.forgot.success']);
      onSuccess?.();
    } catch (error) {
      notifyError(error, errors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
      <p className="mb-4 text-sm text-muted">{texts['auth.forgot.intro']}</p>
      <TextField
        label={texts['auth.username']}
        name="username"
        value={username}
        onChange={(value) => {
          setUsername(value);
          setFieldErrors({});
        }}
        error={fieldErrors.username && texts[fieldErrors.username]}
        autoComplete="username"
      />
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded bg-primary px-4 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-60"
      >
        {texts['auth.forgot.submit']}
      </button>
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
          {texts['auth.backToLogin']}
        </a>
        <a href={`${prefix}/register/company`} className="text-primary underline-offset-2 hover:underline">
          {texts['auth.registerLink']}
        </a>
      </p>
    </form>
  );
}
