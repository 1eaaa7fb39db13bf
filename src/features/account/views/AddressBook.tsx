/**
 * Address book (route /account/addressbook): the company's addresses, searched on the page by name, street, zip code,
 * city, country and email, choosing the default address and deleting one after a confirmation. Create and edit are
 * AddressForm.tsx (routes /account/addressbook/create and /account/addressbook/details/{slug?}).
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/Dialog.tsx';
import { Button, TextField } from '../../../components/ui/form.tsx';
import { ListResult } from '../../../components/ui/ListKit.tsx';
import { useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { listAddresses } from '../../../lib/address-book.ts';
import type { Address } from '../../../lib/session/customer.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { deleteAddress, updateAddress } from '../api.ts';
import { useLoggedIn } from '../session.tsx';
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

/** The company's addresses (null while loading; empty after a failure, which is notified) and their reload. */
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

/** The list screen: search, the addresses with default and delete, and the link to create one. */
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
      <ListResult result={addresses && { elements: shown, total: shown.length }} emptyText={t('account.address.empty')}>
        {(found) => (
          <ul className="grid gap-4 md:grid-cols-2" aria-label={t('account.nav.addressbook')}>
            {found.map((address) => (
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
      </ListResult>
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
