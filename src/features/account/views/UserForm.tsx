/**
 * Create (/account/customer/create) and detail/edit (/account/customer/details/{id}) of one user of the company:
 * personal data, username, active status, lead buyer flag and the 24 rights as toggles; delete after a
 * confirmation. The server checks ROLE_MANAGE_CONTACTS and the company; another company's id answers 404. Editing
 * one's own user, a new e-mail address needs the current password (the backend re-authenticates an e-mail change as
 * Shopware's `account/change-email` does): the field shows only while the e-mail differs from the stored one.
 */
import { useResource } from '../../../lib/use-resource.ts';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { createCustomer, deleteCustomers, fetchCustomer, updateCustomer, type UserInput } from '../api.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { Button, Card, Checkbox, Form, FormActions, PasswordField, TextField } from '../../../components/ui/form.tsx';
import { useScriptRequiredAction } from '../form-action.ts';
import { SalutationField } from './salutation.tsx';
import { useI18n } from '../../../i18n/react.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { RIGHT_CODES } from '../rights.ts';
import { RIGHTS_WITHOUT_FUNCTION } from '../../../../contract/rights.ts';
import { useLoggedIn } from '../session.tsx';
import { CancelLink } from './CancelLink.tsx';
import { validateForm, type FieldErrors } from '../../../lib/forms/validation.ts';
import { emailChanged, ownUserSchema, UserSchema } from '../validation.ts';

/** Fields of the user form; the server's violations at these show at the field. */
const USER_FIELDS = ['salutation', 'firstName', 'lastName', 'email', 'username', 'password'] as const;

/** Rights a new user starts with: their own account and contact data, prices and ordering. */
export const NEW_USER_RIGHTS: readonly string[] = [
  'ROLE_MANAGE_OWN_ACCOUNT',
  'ROLE_MANAGE_OWN_CONTACT_INFO',
  'ROLE_VIEW_PRICES',
  'ROLE_PLACE_ORDERS',
];

const EMPTY_USER: UserInput = {
  salutation: 'female',
  firstName: '',
  lastName: '',
  email: '',
  username: '',
  active: true,
  leadBuyer: false,
};

/** True for a right that guards no function of this shop (contract/rights.ts RIGHTS_WITHOUT_FUNCTION). */
function withoutFunction(code: string): boolean {
  return (RIGHTS_WITHOUT_FUNCTION as readonly string[]).includes(code);
}

/**
 * The 24 right toggles, each labelled with its translated name. Rights the editor does not hold are read-only: the
 * server lets a user grant only rights they hold themselves.
 */
export function RightsFieldset({
  enabled,
  onChange,
  grantable,
  readOnly = false,
}: {
  enabled: string[];
  onChange: (codes: string[]) => void;
  grantable: readonly string[];
  /** Every toggle read-only: one's own rights (nobody changes them, backend/auth/guards.ts). */
  readOnly?: boolean;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-base font-semibold">{t('account.users.rights')}</legend>
      {RIGHT_CODES.map((code) => (
        <Checkbox
          key={code}
          label={t(`account.right.${code}`)}
          description={withoutFunction(code) ? t('account.users.rightWithoutFunction') : undefined}
          checked={enabled.includes(code)}
          disabled={readOnly || withoutFunction(code) || !grantable.includes(code)}
          onChecked={(on) => onChange(on ? [...enabled, code] : enabled.filter((c) => c !== code))}
        />
      ))}
    </fieldset>
  );
}

export function UserForm() {
  const i18n = useI18n();
  const { t } = i18n;
  const formAction = useScriptRequiredAction();
  const { slug } = useParams();
  const navigate = useNavigate();
  const { customer: me, rights: myRights } = useLoggedIn();
  const { notify, notifyError } = useNotify();
  const [values, setValues] = useState<UserInput | null>(slug ? null : EMPTY_USER);
  const [rights, setRights] = useState<string[]>(() =>
    slug ? [] : NEW_USER_RIGHTS.filter((code) => myRights.includes(code)),
  );
  const [loaded, setLoaded] = useState<{ values: UserInput; rights: string[] } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The editor's current password, asked when they change their own e-mail address. */
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const own = slug !== undefined && slug === me.id;
  const ownNewEmail = own && loaded !== null && values !== null && emailChanged(loaded.values.email, values.email);
  const { busy: saving, run: save } = useAction(
    async (output: UserInput) => {
      const rightsList = RIGHT_CODES.map((code) => ({ code, enabled: rights.includes(code) }));
      if (slug && loaded) {
        // Only changed fields: the server lets only a lead buyer touch the lead-buyer flag.
        const changes: Partial<UserInput> = {};
        for (const key of Object.keys(output) as (keyof UserInput)[])
          if (output[key] !== loaded.values[key]) Object.assign(changes, { [key]: output[key] });
        const rightsChanged = [...rights].sort().join() !== [...loaded.rights].sort().join();
        await updateCustomer(slug, {
          ...changes,
          ...(rightsChanged ? { rights: rightsList } : {}),
          ...(ownNewEmail ? { password } : {}),
        });
      } else {
        await createCustomer({ ...output, rights: rightsList });
      }
      notify('success', t('general.success'), t(slug ? 'account.users.saved' : 'account.users.created'));
      void navigate('/account/customer');
    },
    { fields: USER_FIELDS, onFieldErrors: setErrors },
  );
  const [confirming, setConfirming] = useState(false);

  useResource(slug ?? null, () => fetchCustomer(slug ?? ''), {
    onLoad: (user) => {
      const codes = user.rights ?? [];
      const initial: UserInput = {
        salutation: user.salutation === 'male' ? 'male' : 'female',
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        username: user.username,
        active: user.active,
        leadBuyer: user.leadBuyer,
      };
      setValues(initial);
      setRights(codes);
      setLoaded({ values: initial, rights: codes });
    },
    onError: (error) => {
      notifyError(error);
      void navigate('/account/customer');
      return null;
    },
  });

  if (!values) return <Loading />;
  const set = (key: 'firstName' | 'lastName' | 'email' | 'username') => (value: string) =>
    setValues((v) => (v ? { ...v, [key]: value } : v));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values) return;
    const result =
      own && loaded
        ? validateForm(ownUserSchema(loaded.values.email), { ...values, password }, i18n)
        : validateForm(UserSchema, values, i18n);
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    const { salutation, firstName, lastName, email, username, active, leadBuyer } = result.output;
    save({ salutation, firstName, lastName, email, username, active, leadBuyer });
  }

  async function remove() {
    if (!slug) return;
    setDeleting(true);
    try {
      await deleteCustomers([slug]);
      notify('success', t('general.success'), t('account.users.deleted'));
      void navigate('/account/customer');
    } catch (error) {
      notifyError(error);
      setDeleting(false);
      setConfirming(false);
    }
  }

  const fullName = `${values.firstName} ${values.lastName}`.trim();
  return (
    <Card
      title={slug ? t('account.users.detail', { name: fullName }) : t('account.users.create')}
      actions={
        slug && slug !== me.id ? (
          <Button kind="danger" onClick={() => setConfirming(true)}>
            {t('account.delete')}
          </Button>
        ) : undefined
      }
    >
      <Form action={formAction} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <SalutationField
            value={values.salutation}
            onValue={(salutation) => setValues((v) => (v ? { ...v, salutation } : v))}
            error={errors.salutation}
          />
        </div>
        <TextField
          label={t('account.field.firstName')}
          required
          value={values.firstName}
          onValue={set('firstName')}
          error={errors.firstName}
        />
        <TextField
          label={t('account.field.lastName')}
          required
          value={values.lastName}
          onValue={set('lastName')}
          error={errors.lastName}
        />
        <TextField
          label={t('account.field.email')}
          type="email"
          required
          value={values.email}
          onValue={set('email')}
          error={errors.email}
        />
        {ownNewEmail && (
          <PasswordField
            label={t('account.profile.emailPassword')}
            required
            className="sm:col-span-2"
            value={password}
            onValue={setPassword}
            error={errors.password}
            autoComplete="current-password"
          />
        )}
        <TextField
          label={t('account.field.username')}
          required
          value={values.username}
          onValue={set('username')}
          error={errors.username}
          autoComplete="off"
        />
        {!slug && <p className="text-sm text-gray-700 sm:col-span-2">{t('account.users.invitationHint')}</p>}
        {own && <p className="text-sm text-gray-700 sm:col-span-2">{t('account.users.ownAccessHint')}</p>}
        <Checkbox
          label={t('account.users.active')}
          disabled={own}
          checked={values.active}
          onChecked={(active) => setValues((v) => (v ? { ...v, active } : v))}
        />
        <Checkbox
          label={t('account.field.leadBuyer')}
          description={me.leadBuyer ? undefined : t('account.users.leadBuyerOnly')}
          disabled={own || !me.leadBuyer}
          checked={values.leadBuyer}
          onChecked={(leadBuyer) => setValues((v) => (v ? { ...v, leadBuyer } : v))}
        />
        <div className="sm:col-span-2">
          <RightsFieldset enabled={rights} onChange={setRights} grantable={myRights} readOnly={own} />
        </div>
        <FormActions busy={saving} submitLabel={t('account.save')} cancel={<CancelLink to="/account/customer" />} />
      </Form>
      {confirming && (
        <ConfirmDialog
          open
          confirmLabel={t('account.delete')}
          cancelLabel={t('account.cancel')}
          question={t('account.users.confirmDelete', { name: fullName })}
          busy={deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        />
      )}
    </Card>
  );
}
