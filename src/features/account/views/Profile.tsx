/** Profile (spec §2 "profile (edit profile, change password)"). */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { changePassword, changeProfile } from '../api.ts';
import { Button, Card, SalutationField, TextField } from '../form.tsx';
import { useI18n } from '../i18n.ts';
import { useNotify } from '../notifications.tsx';
import { refreshSession } from '../../../lib/session/session-store.ts';
import { useAccountSession, useLoggedIn } from '../session.tsx';
import { PasswordSchema, ProfileSchema, validateForm, type FieldError } from '../validation.ts';

type Errors = Record<string, FieldError>;

/** Edit-profile form: salutation, first and last name, email, phone, mobile. */
export function ProfileForm() {
  const { t } = useI18n();
  const { customer } = useLoggedIn();
  const { refresh } = useAccountSession();
  const { notify, notifyError } = useNotify();
  const [values, setValues] = useState({
    salutation: customer.salutation,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    mobile: customer.mobile,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(ProfileSchema, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    setSaving(true);
    try {
      await changeProfile(result.output);
      notify('success', t('general.success'), t('account.profile.saved'));
      // The header's session store shows the name too.
      await Promise.all([refresh(), refreshSession()]);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t('account.profile.edit')}>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <SalutationField value={values.salutation} onValue={set('salutation')} error={errors.salutation} />
        </div>
        <TextField
          label={t('account.field.firstName')}
          required
          value={values.firstName}
          onValue={set('firstName')}
          error={errors.firstName}
          autoComplete="given-name"
        />
        <TextField
          label={t('account.field.lastName')}
          required
          value={values.lastName}
          onValue={set('lastName')}
          error={errors.lastName}
          autoComplete="family-name"
        />
        <TextField
          label={t('account.field.email')}
          required
          type="email"
          value={values.email}
          onValue={set('email')}
          error={errors.email}
          autoComplete="email"
        />
        <TextField
          label={t('account.field.phone')}
          type="tel"
          value={values.phone}
          onValue={set('phone')}
          error={errors.phone}
          autoComplete="tel"
        />
        <TextField
          label={t('account.field.mobile')}
          type="tel"
          value={values.mobile}
          onValue={set('mobile')}
          error={errors.mobile}
        />
        <div className="sm:col-span-2">
          <Button type="submit" loading={saving}>
            {t('account.profile.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

const EMPTY_PASSWORDS = { password: '', newPassword: '', newPasswordConfirm: '' };

/** Change-password form: current, new, confirm; CUSTOMER_PASSWORD_NOT_CORRECT marks the current password. */
export function PasswordForm() {
  const { t } = useI18n();
  const { notify, notifyError } = useNotify();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(PasswordSchema, values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    setSaving(true);
    try {
      await changePassword(result.output);
      setValues(EMPTY_PASSWORDS);
      notify('success', t('general.success'), t('account.password.changed'));
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'CUSTOMER_PASSWORD_NOT_CORRECT')
        setErrors({ password: { key: 'account.error.CUSTOMER_PASSWORD_NOT_CORRECT' } });
      notifyError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title={t('account.password.title')}>
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label={t('account.password.current')}
            type="password"
            revealable
            required
            value={values.password}
            onValue={set('password')}
            error={errors.password}
            autoComplete="current-password"
          />
        </div>
        <TextField
          label={t('account.password.new')}
          type="password"
          revealable
          required
          value={values.newPassword}
          onValue={set('newPassword')}
          error={errors.newPassword}
          autoComplete="new-password"
        />
        <TextField
          label={t('account.password.confirm')}
          type="password"
          revealable
          required
          value={values.newPasswordConfirm}
          onValue={set('newPasswordConfirm')}
          error={errors.newPasswordConfirm}
          autoComplete="new-password"
        />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <Button type="submit" loading={saving}>
            {t('account.password.submit')}
          </Button>
          <Link to="/recover/password" className="text-sm text-primary underline">
            {t('account.password.forgot')}
          </Link>
        </div>
      </form>
    </Card>
  );
}

export function Profile() {
  const { t } = useI18n();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('account.nav.profile')}</h1>
      <ProfileForm />
      <PasswordForm />
    </div>
  );
}
