/** Dashboard. */
import { useResource } from '../../../lib/use-resource.ts';
import { useHref } from 'react-router';
import type { Address } from '../../../lib/session/customer.ts';
import { listAddresses } from '../../../lib/address-book.ts';
import { Card } from '../../../components/ui/form.tsx';
import type { MessageKey } from '../../../i18n/locales.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { holds } from '../rights.ts';
import { useLoggedIn } from '../session.tsx';

/** Lines of an address as shown on cards. */
export function AddressLines({ address }: { address: Address }) {
  const { t, has } = useI18n();
  const countryKey = `account.country.${address.country}`;
  return (
    <address className="not-italic text-sm leading-6">
      <span className="block font-medium">{address.name}</span>
      <span className="block">{[address.street, address.number, address.box].filter(Boolean).join(' ')}</span>
      {address.additional && <span className="block">{address.additional}</span>}
      <span className="block">
        {address.zipcode} {address.city}
      </span>
      <span className="block">{has(countryKey) ? t(countryKey as MessageKey) : address.country}</span>
      {address.email && <span className="block">{address.email}</span>}
    </address>
  );
}

export function Dashboard() {
  const { t } = useI18n();
  const { customer, rights } = useLoggedIn();
  // /quick-order is a page of its own, not a route of this app: a plain link under the domain's prefix.
  const quickOrderHref = useHref('/quick-order');
  // The session's default shipping address, else the address book's (the default, the main one or the first).
  const known = customer.defaultShippingAddress ?? undefined;
  const { data: found, loading } = useResource(
    known === undefined ? 'addresses' : null,
    async () => {
      const list = await listAddresses();
      return (
        list.find((a) => a.id === customer.defaultShippingAddressId) ?? list.find((a) => a.isMain) ?? list[0] ?? null
      );
    },
    { onError: () => null },
  );
  const shipping: Address | null | undefined = known ?? (loading ? undefined : found);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('account.dashboard.title', { name: customer.firstName })}</h1>
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('account.dashboard.contact')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-gray-600">{t('account.field.name')}</dt>
            <dd>
              {customer.firstName} {customer.lastName}
            </dd>
            <dt className="text-gray-600">{t('account.field.username')}</dt>
            <dd>{customer.username}</dd>
            <dt className="text-gray-600">{t('account.field.email')}</dt>
            <dd>{customer.email}</dd>
            {customer.phone && (
              <>
                <dt className="text-gray-600">{t('account.field.phone')}</dt>
                <dd>{customer.phone}</dd>
              </>
            )}
            {customer.companyName && (
              <>
                <dt className="text-gray-600">{t('account.field.company')}</dt>
                <dd>{customer.companyName}</dd>
              </>
            )}
          </dl>
        </Card>
        <Card title={t('account.dashboard.shipping')}>
          {shipping === undefined ? (
            <p className="text-sm text-gray-600">{t('account.loading')}</p>
          ) : shipping ? (
            <AddressLines address={shipping} />
          ) : (
            <p className="text-sm text-gray-600">{t('account.dashboard.noAddress')}</p>
          )}
        </Card>
      </div>
      {holds(rights, 'ROLE_ACCESS_QUICK_ORDER_FORM') && (
        <p className="text-sm">
          <a href={quickOrderHref} className="font-semibold text-primary underline">
            {t('quickOrder.link')}
          </a>
          <span className="block text-gray-600">{t('quickOrder.linkHint')}</span>
        </p>
      )}
    </div>
  );
}
