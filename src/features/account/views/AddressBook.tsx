/**
 * Address book (list, search, create, edit, delete, choose the default address): routes
 * /account/addressbook, /account/addressbook/create and /account/addressbook/details/{slug?} (slug = address id).
 */
import { useResource } from '../../../lib/use-resource.ts';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Address } from '../../../lib/session/customer.ts';
import { listAddresses } from '../../../lib/address-book.ts';
import { createAddress, deleteAddress, updateAddress, type AddressInput } from '../api.ts';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { Button, Card, Checkbox, Form, FormActions, TextField } from '../../../components/ui/form.tsx';
import { useScriptRequiredAction } from '../form-action.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { useAction, useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { useLoggedIn } from '../session.tsx';
import { CancelLink } from './CancelLink.tsx';
import { validateForm, type FieldErrors } from '../../../lib/forms/validation.ts';
import { AddressSchema } from '../validation.ts';
import { AddressLines } from './Dashboard.tsx';

/** Whether an address matches a search text (name, street, zip code, city, country, email). */
export function addressMatches(address: Address, term: string): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return [address.name, address.street, address.number, address.zipcode, address.city, address.country, address.email]
    .join(' ')
    .toLowerCase()
    .includes(needle);
}

function useAddresses() {
  const { notifyError } = useNotify();
  const { data: addresses, reload } = useResource('addresses', listAddresses, {
    keep: true,
    onError: (error) => {
      notifyError(error);
      return [];
    },
  });
  return { addresses, reload };
}

export function AddressBook() {
  const { t } = useI18n();
  const { customer } = useLoggedIn();
  const { notify, notifyError } = useNotify();
  const { addresses, reload } = useAddresses();
  const [term, setTerm] = useState('');
  const shown = useMemo(() => (addresses ?? []).filter((a) => addressMatches(a, term)), [addresses, term]);

  async function makeDefault(address: Address) {
    try {
      const { id: _id, ...input } = address;
      await updateAddress(customer.companyId, address.id, { ...input, isMain: true });
      notify('success', t('general.success'), t('account.address.defaultSaved'));
      reload();
    } catch (error) {
      notifyError(error);
    }
  }

  const remove = useConfirmedAction(async (address: Address) => {
    await deleteAddress(customer.companyId, address.id);
    notify('success', t('general.success'), t('account.address.deleted'));
    reload();
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('account.nav.addressbook')}</h1>
        <Link
          to="/account/addressbook/create"
          className="rounded bg-primary px-4 py-2 text-sm font-semibold text-white"
        >
          {t('account.address.create')}
        </Link>
      </div>
      <div className="max-w-md">
        <TextField type="search" label={t('account.address.search')} value={term} onValue={setTerm} />
      </div>
      {addresses === null ? (
        <Loading />
      ) : shown.length === 0 ? (
        <p className="text-sm text-gray-600">{t('account.address.empty')}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t('account.nav.addressbook')}>
          {shown.map((address) => (
            <li key={address.id} className="flex flex-col gap-3 rounded border border-gray-200 p-4">
              {address.isMain && (
                <span className="self-start rounded bg-gray-100 px-2 py-0.5 text-xs font-semibold">
                  {t('account.address.default')}
                </span>
              )}
              <AddressLines address={address} />
              <div className="mt-auto flex flex-wrap gap-2">
                <Link
                  to={`/account/addressbook/details/${encodeURIComponent(address.id)}`}
                  className="rounded border border-gray-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-gray-50"
                  aria-label={t('account.address.editNamed', { name: address.name })}
                >
                  {t('account.edit')}
                </Link>
                {!address.isMain && (
                  <Button kind="secondary" onClick={() => void makeDefault(address)}>
                    {t('account.address.makeDefault')}
                  </Button>
                )}
                {!address.isMain && (
                  <Button kind="danger" onClick={() => remove.ask(address)}>
                    {t('account.delete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {remove.target && (
        <ConfirmDialog
          open
          confirmLabel={t('account.delete')}
          cancelLabel={t('account.cancel')}
          question={t('account.address.confirmDelete', { name: remove.target.name })}
          busy={remove.busy}
          onCancel={remove.cancel}
          onConfirm={remove.confirm}
        />
      )}
    </div>
  );
}

const EMPTY_ADDRESS: AddressInput = {
  name: '',
  street: '',
  number: '',
  box: '',
  zipcode: '',
  city: '',
  country: 'BE',
  email: '',
  additional: '',
  isMain: false,
};

/** Countries offered in the address form (ISO codes of the shop's markets). */
export const ADDRESS_COUNTRIES = ['AT', 'BE', 'DE', 'FR', 'LU', 'NL'] as const;

/** Fields of the address form; the server's violations at these show at the field. */
const ADDRESS_FIELDS = [
  'name',
  'street',
  'number',
  'box',
  'zipcode',
  'city',
  'country',
  'email',
  'additional',
] as const;

/** Create (no slug) or edit (slug = address id) one address. */
export function AddressForm() {
  const i18n = useI18n();
  const { t } = i18n;
  const formAction = useScriptRequiredAction();
  const { slug } = useParams();
  const navigate = useNavigate();
  const { customer } = useLoggedIn();
  const { notify, notifyError } = useNotify();
  const [values, setValues] = useState<AddressInput | null>(slug ? null : EMPTY_ADDRESS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy: saving, run: save } = useAction(
    async (input: AddressInput) => {
      if (slug) await updateAddress(customer.companyId, slug, input);
      else await createAddress(customer.companyId, input);
      notify('success', t('general.success'), t('account.address.saved'));
      void navigate('/account/addressbook');
    },
    { fields: ADDRESS_FIELDS, onFieldErrors: setErrors },
  );

  useResource(slug ?? null, listAddresses, {
    onLoad: (list) => {
      const found = list.find((a) => a.id === slug);
      if (!found) {
        notify('warn', t('account.address.notFound'));
        void navigate('/account/addressbook');
        return;
      }
      const { id: _id, ...input } = found;
      setValues(input);
    },
    onError: (error) => {
      notifyError(error);
      return null;
    },
  });

  if (!values) return <Loading />;
  const set = (key: keyof AddressInput) => (value: string) => setValues((v) => (v ? { ...v, [key]: value } : v));

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = validateForm(AddressSchema, values, i18n);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    save(result.output);
  }

  return (
    <Card title={slug ? t('account.address.edit') : t('account.address.create')}>
      <Form action={formAction} onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label={t('account.field.addressName')}
            required
            value={values.name}
            onValue={set('name')}
            error={errors.name}
          />
        </div>
        <TextField
          label={t('account.field.street')}
          required
          value={values.street}
          onValue={set('street')}
          error={errors.street}
          autoComplete="address-line1"
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label={t('account.field.number')}
            value={values.number}
            onValue={set('number')}
            error={errors.number}
          />
          <TextField label={t('account.field.box')} value={values.box} onValue={set('box')} error={errors.box} />
        </div>
        <TextField
          label={t('account.field.zipcode')}
          required
          value={values.zipcode}
          onValue={set('zipcode')}
          error={errors.zipcode}
          autoComplete="postal-code"
        />
        <TextField
          label={t('account.field.city')}
          required
          value={values.city}
          onValue={set('city')}
          error={errors.city}
          autoComplete="address-level2"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor="address-country" className="text-sm font-medium text-gray-800">
            {t('account.field.country')}
          </label>
          <select
            id="address-country"
            value={values.country}
            onChange={(e) => set('country')(e.target.value)}
            className="rounded border border-gray-300 px-3 py-2 text-sm"
          >
            {ADDRESS_COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {t(`account.country.${code}`)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label={t('account.field.email')}
          type="email"
          value={values.email}
          onValue={set('email')}
          error={errors.email}
        />
        <div className="sm:col-span-2">
          <TextField
            label={t('account.field.additional')}
            value={values.additional}
            onValue={set('additional')}
            error={errors.additional}
          />
        </div>
        <div className="sm:col-span-2">
          <Checkbox
            label={t('account.address.default')}
            checked={values.isMain}
            onChecked={(isMain) => setValues((v) => (v ? { ...v, isMain } : v))}
          />
        </div>
        <FormActions busy={saving} submitLabel={t('account.save')} cancel={<CancelLink to="/account/addressbook" />} />
      </Form>
    </Card>
  );
}
