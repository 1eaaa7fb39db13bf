/**
 * Creating and editing an address of the company's address book (routes /account/addressbook/create and
 * /account/addressbook/details/{slug?}, slug = the address's id): name, street, number and box, zip code, city,
 * country (ADDRESS_COUNTRIES), email, additional line and whether it is the default address, checked by the shared
 * AddressSchema (validation.ts) before the call; the server's violations show at their field. After saving, the list
 * (AddressBook.tsx) shows again.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Card, Checkbox, Form, FormActions, TextField } from '../../../components/ui/form.tsx';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { listAddresses } from '../../../lib/address-book.ts';
import { validateForm, type FieldErrors } from '../../../lib/forms/validation.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { createAddress, updateAddress, type AddressInput } from '../api.ts';
import { useScriptRequiredAction } from '../form-action.ts';
import { useLoggedIn } from '../session.tsx';
import { AddressSchema } from '../validation.ts';
import { CancelLink } from './CancelLink.tsx';

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
