import { useState, type FormEvent } from 'react';
import { notifyAfterNavigation, notifyError, type ErrorMessages } from './notifications.ts';
import { PASSWORD_MIN_LENGTH, PasswordSetSchema, confirmRecovery, validate, type FieldErrors } from './auth-flows.ts';
import { TextField, fill } from './fields.tsx';
import type { AuthTexts } from './texts.ts';

export interface PasswordSetFormProps {
  texts: AuthTexts;
  errors: ErrorMessages;
  prefix: string;
  /** The recovery hash from `?hash=`; empty shows the "incomplete link" notice instead of the form. */
  hash: string;
  navigate?: (href: string) => void;
}

type Field = 'newPassword' | 'newPasswordConfirm';

/**
 * /auth/password-set (spec §2, §5): new password and confirmation (minimum length, must match) → POST
 * `account/recovery-password-confirm` → success notice on /auth. Expired or used links show the server's
 * translated error.
 */
export default function PasswordSetForm({
  texts,
  errors,
  prefix,
  hash,
  navigate = (href) => window.location.assign(href),
}: PasswordSetFormProps) {
  const [values, setValues] = useState<Record<Field, string>>({ newPassword: '', newPasswordConfirm: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [busy, setBusy] = useState(false);

  if (!hash) {
    return (
      <p role="alert" className="rounded border-l-4 border-primary bg-red-50 px-3 py-2 text-sm">
        {texts['auth.set.missingHash']}{' '}
        <a href={`${prefix}/auth/password-forgot`} className="text-primary underline">
          {texts['auth.forgotLink']}
        </a>
      </p>
    );
  }

  const message = (key: FieldErrors<Field>[Field]) => key && fill(texts[key], { min: PASSWORD_MIN_LENGTH });
  const set = (field: Field) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setFieldErrors((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validate(PasswordSetSchema, values);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      await confirmRecovery(hash, values.newPassword, values.newPasswordConfirm);
      notifyAfterNavigation('success', texts['general.success'], texts['auth.set.success']);
      navigate(`${prefix}/auth`);
    } catch (error) {
      setBusy(false);
      notifyError(error, errors);
    }
  };

  const toggle = { show: texts['auth.showPassword'], hide: texts['auth.hidePassword'] };
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
      <TextField
        label={texts['auth.set.newPassword']}
        name="newPassword"
        type="password"
        value={values.newPassword}
        onChange={set('newPassword')}
        error={message(fieldErrors.newPassword)}
        autoComplete="new-password"
        toggleLabels={toggle}
      />
      <TextField
        label={texts['auth.set.confirmPassword']}
        name="newPasswordConfirm"
        type="password"
        value={values.newPasswordConfirm}
        onChange={set('newPasswordConfirm')}
        error={message(fieldErrors.newPasswordConfirm)}
        autoComplete="new-password"
        toggleLabels={toggle}
      />
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded bg-primary px-4 py-2.5 font-semibold text-white hover:opacity-90 disabled:opacity-60"
      >
        {texts['auth.set.submit']}
      </button>
    </form>
  );
}
