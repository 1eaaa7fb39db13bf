import { useState, type FormEvent } from 'react';
import { Button, Form, PasswordField } from '../../components/ui/form.tsx';
import { useAction } from '../../components/ui/use-action.ts';
import { useI18n } from '../../i18n/react.tsx';
import { formPostPath } from '../../lib/forms/form-actions.ts';
import { validateForm, type FieldErrors } from '../../lib/forms/validation.ts';
import { notifyAfterNavigation } from '../../lib/notifications.ts';
import { PasswordSetSchema, confirmRecovery } from './auth-flows.ts';

export interface PasswordSetFormProps {
  prefix: string;
  /** The recovery hash from `?hash=`; empty shows the "incomplete link" notice instead of the form. */
  hash: string;
  navigate?: (href: string) => void;
}

type Field = 'newPassword' | 'newPasswordConfirm';

/**
 * /auth/password-set: new password and confirmation (minimum length, must match) → POST
 * `account/recovery-password-confirm` → success notice on /auth. Expired or used links show the server's
 * translated error as a notification.
 */
export default function PasswordSetForm({
  prefix,
  hash,
  navigate = (href) => window.location.assign(href),
}: PasswordSetFormProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const [values, setValues] = useState<Record<Field, string>>({ newPassword: '', newPasswordConfirm: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const { busy, run } = useAction(async (input: Record<Field, string>) => {
    await confirmRecovery(hash, input.newPassword, input.newPasswordConfirm);
    notifyAfterNavigation('success', t('general.success'), t('auth.set.success'));
    navigate(`${prefix}/auth`);
  });

  if (!hash) {
    return (
      <p role="alert" className="rounded border-l-4 border-primary bg-red-50 px-3 py-2 text-sm">
        {t('auth.set.missingHash')}{' '}
        <a href={`${prefix}/auth/password-forgot`} className="text-primary underline">
          {t('auth.forgotLink')}
        </a>
      </p>
    );
  }

  const set = (field: Field) => (value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setFieldErrors((old) => ({ ...old, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateForm(PasswordSetSchema, values, i18n);
    if (!checked.ok) return setFieldErrors(checked.errors);
    run(checked.output);
  };

  return (
    <Form action={formPostPath(prefix, 'password-set')} onSubmit={onSubmit} aria-busy={busy}>
      <input type="hidden" name="hash" value={hash} />
      <PasswordField
        label={t('auth.set.newPassword')}
        name="newPassword"
        value={values.newPassword}
        onValue={set('newPassword')}
        error={fieldErrors.newPassword}
        autoComplete="new-password"
      />
      <PasswordField
        label={t('auth.set.confirmPassword')}
        name="newPasswordConfirm"
        value={values.newPasswordConfirm}
        onValue={set('newPasswordConfirm')}
        error={fieldErrors.newPasswordConfirm}
        autoComplete="new-password"
      />
      <Button type="submit" busy={busy} wide>
        {t('auth.set.submit')}
      </Button>
    </Form>
  );
}
