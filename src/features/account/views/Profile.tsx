/**
 * The profile screen: edit the own contact data and change the password. A new e-mail address needs the current
 * password (the backend's `account/change-profile` re-authenticates an e-mail change as Shopware's
 * `account/change-email` does): the field shows only while the e-mail differs from the stored one. A punch-out
 * session (`$punchOut`) has neither an e-mail address nor a password to change: it shops for a procurement system's
 * user, who logs in there (the Store API refuses both changes too).
 */
import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Link } from 'react-router';
import { Button, Card, Form, PasswordField, TextField } from '../../../components/ui/form.tsx';
import { useScriptRequiredAction } from '../form-action.ts';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { validateForm, type FieldErrors } from '../../../lib/forms/validation.ts';
import { refreshSession } from '../../../lib/session/session-store.ts';
import { $punchOut } from '../../../lib/session/punchout-store.ts';
import { changePassword, changeProfile, type ProfileInput } from '../api.ts';
import { holds } from '../rights.ts';
import { useLoggedIn } from '../session.tsx';
import { emailChanged, PasswordSchema, profileSchema } from '../validation.ts';
import { SalutationField } from './salutation.tsx';

const PROFILE_FIELDS = ['salutation', 'firstName', 'lastName', 'email', 'phone', 'mobile', 'password'] as const;

/** Edit-profile form: salutation, first and last name, email, phone, mobile; the current password for a new email. */
export function ProfileForm() {
  const i18n = useI18n();
  const { t } = i18n;
  const formAction = useScriptRequiredAction();
  const { customer } = useLoggedIn();
  const punchOut = useStore($punchOut);
  const { notify } = useNotify();
  const [values, setValues] = useState({
    salutation: customer.salutation,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    mobile: customer.mobile,
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction(
    async (input: ProfileInput) => {
      await changeProfile(input);
      setValues((v) => ({ ...v, password: '' }));
      notify('success', t('general.success'), t('account.profile.saved'));
      // One session store: the header and the account area show the new name after this one refresh.
      await refreshSession();
    },
    { fields: PROFILE_FIELDS, onFieldErrors: setErrors },
  );
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const newEmail = emailChanged(customer.email, values.email);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(profileSchema(customer.email), values, i18n);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    const { password, ...profile } = result.output;
    run(newEmail ? { ...profile, password } : profile);
  }

  return (
    <Card title={t('account.profile.edit')}>
      <Form action={formAction} onSubmit={submit} className="grid gap-x-4 sm:grid-cols-2">
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
        {!punchOut && (
          <TextField
            label={t('account.field.email')}
            required
            type="email"
            value={values.email}
            onValue={set('email')}
            error={errors.email}
            autoComplete="email"
          />
        )}
        {newEmail && (
          <PasswordField
            label={t('account.profile.emailPassword')}
            required
            value={values.password}
            onValue={set('password')}
            error={errors.password}
            autoComplete="current-password"
          />
        )}
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
          <Button type="submit" busy={busy}>
            {t('account.profile.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

const EMPTY_PASSWORDS = { password: '', newPassword: '', newPasswordConfirm: '' };
const PASSWORD_FIELDS = ['password', 'newPassword', 'newPasswordConfirm'] as const;

/**
 * Change-password form: current, new, confirm. A wrong current password (400 CUSTOMER_PASSWORD_NOT_CORRECT with
 * `source.pointer` /password) shows at the current-password field.
 */
export function PasswordForm() {
  const i18n = useI18n();
  const { t } = i18n;
  const formAction = useScriptRequiredAction();
  const { notify } = useNotify();
  const [values, setValues] = useState(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useAction(
    async (input: typeof EMPTY_PASSWORDS) => {
      await changePassword(input);
      setValues(EMPTY_PASSWORDS);
      notify('success', t('general.success'), t('account.password.changed'));
    },
    { fields: PASSWORD_FIELDS, onFieldErrors: setErrors },
  );
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(PasswordSchema, values, i18n);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    run(result.output);
  }

  return (
    <Card title={t('account.password.title')}>
      <Form action={formAction} onSubmit={submit} className="grid gap-x-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <PasswordField
            label={t('account.password.current')}
            required
            value={values.password}
            onValue={set('password')}
            error={errors.password}
            autoComplete="current-password"
          />
        </div>
        <PasswordField
          label={t('account.password.new')}
          required
          value={values.newPassword}
          onValue={set('newPassword')}
          error={errors.newPassword}
          autoComplete="new-password"
        />
        <PasswordField
          label={t('account.password.confirm')}
          required
          value={values.newPasswordConfirm}
          onValue={set('newPasswordConfirm')}
          error={errors.newPasswordConfirm}
          autoComplete="new-password"
        />
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <Button type="submit" busy={busy}>
            {t('account.password.submit')}
          </Button>
          <Link to="/account/recover/password" className="text-sm text-primary underline">
            {t('account.password.forgot')}
          </Link>
        </div>
      </Form>
    </Card>
  );
}

/**
 * The profile page: the contact data (the page's right, ROLE_MANAGE_OWN_CONTACT_INFO) and, for a customer holding
 * ROLE_MANAGE_OWN_ACCOUNT, the password change (the server refuses it without that right, docs/decisions/024), which
 * a punch-out session does not offer.
 */
export function Profile() {
  const { t } = useI18n();
  const { rights } = useLoggedIn();
  const punchOut = useStore($punchOut);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('account.nav.profile')}</h1>
      <ProfileForm />
      {!punchOut && holds(rights, 'ROLE_MANAGE_OWN_ACCOUNT') && <PasswordForm />}
    </div>
  );
}
