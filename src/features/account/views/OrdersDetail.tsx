/**
 * One order of the history (`/account/orders/details/{orderNumber}`): its data, addresses (or pickup location),
 * lines and totals, and the reorder, which puts its product lines into the cart again, names every product it could
 * not add and then offers to go to the cart.
 */
import { useResource } from '../../../lib/use-resource.ts';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { OrderHistoryDetail } from '../../../../contract/provider/order-history.ts';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { PricesOnRequestTotals } from '../../../components/commerce/PricesOnRequest.tsx';
import { Button } from '../../../components/ui/form.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { fetchOrder, reorder, type ReorderResult } from '../order-history.ts';
import { ORDER_STATE_KEYS } from './Orders.tsx';

type OrderAddress = NonNullable<OrderHistoryDetail['shippingAddress']>;

function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
  return (
    <section className="text-sm">
      <h2 className="mb-1 font-semibold">{title}</h2>
      <address className="not-italic">
        {address.company && <span className="block">{address.company}</span>}
        {address.name && <span className="block">{address.name}</span>}
        <span className="block">{[address.street, address.houseNumber, address.box].filter(Boolean).join(' ')}</span>
        <span className="block">
          {address.zipcode} {address.city}, {address.countryCode}
        </span>
      </address>
    </section>
  );
}

export function OrdersDetail() {
  const { t, locale, number } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  const { notifyError } = useNotify();
  const { orderNumber = '' } = useParams();
  const { data: order, loading } = useResource(orderNumber, () => fetchOrder(orderNumber), {
    keep: true,
    onError: (failure) => {
      notifyError(failure);
      return null;
    },
  });
  const [reordered, setReordered] = useState<ReorderResult | null>(null);
  const missingId = useId();

  const { busy, run } = useAction(async (o: OrderHistoryDetail) => {
    setReordered(await reorder(o));
  });

  if (order === null && loading) return <Loading />;
  if (order === null)
    return (
      <div className="flex flex-col gap-4">
        <p>{t('orders.detail.notFound')}</p>
        <Link to="/account/orders" className="text-primary underline">
          {t('orders.detail.back')}
        </Link>
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('orders.detail.title', { orderNumber: order.orderNumber })}</h1>
        <Link to="/account/orders" className="text-sm text-primary underline">
          {t('orders.detail.back')}
        </Link>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t('orders.column.date')}</dt>
        <dd>{formatDate(order.orderDateTime, locale)}</dd>
        <dt className="font-semibold">{t('orders.column.state')}</dt>
        <dd>{t(ORDER_STATE_KEYS[order.state])}</dd>
        {order.orderReference && (
          <>
            <dt className="font-semibold">{t('orders.column.orderReference')}</dt>
            <dd>{order.orderReference}</dd>
          </>
        )}
        {order.fileNumber && (
          <>
            <dt className="font-semibold">{t('orders.detail.fileNumber')}</dt>
            <dd>{order.fileNumber}</dd>
          </>
        )}
        {order.remark && (
          <>
            <dt className="font-semibold">{t('orders.detail.remark')}</dt>
            <dd className="whitespace-pre-line">{order.remark}</dd>
          </>
        )}
        <dt className="font-semibold">{t('orders.detail.orderedBy')}</dt>
        <dd>
          {order.orderedBy.firstName} {order.orderedBy.lastName}
        </dd>
        {order.requestedShippingDate && (
          <>
            <dt className="font-semibold">{t('orders.detail.requestedShippingDate')}</dt>
            <dd>{formatDate(order.requestedShippingDate, locale)}</dd>
          </>
        )}
      </dl>

      <div className="grid gap-4 sm:grid-cols-2">
        {order.shippingOption === 'pickup' && order.pickupLocation ? (
          <AddressBlock
            title={t('orders.detail.pickupLocation')}
            address={{ ...order.pickupLocation, company: '', houseNumber: null, box: null }}
          />
        ) : (
          order.shippingAddress && (
            <AddressBlock title={t('orders.detail.shippingAddress')} address={order.shippingAddress} />
          )
        )}
        <AddressBlock title={t('orders.detail.billingAddress')} address={order.billingAddress} />
      </div>

      <ScrollTable label={t('orders.detail.lines')} minWidth="min-w-[600px]">
        <TableHead
          cell="py-2 pr-4"
          columns={[
            { label: t('orders.detail.product') },
            { label: t('orders.detail.quantity'), numeric: true },
            seesPrices && { label: t('orders.detail.unitPrice'), numeric: true },
            seesPrices && { label: t('orders.detail.lineTotal'), numeric: true },
          ]}
        />
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.lineNumber} className="border-b border-line align-top">
              <td className="py-2 pr-4">
                <span className="block font-semibold">{line.label}</span>
                {line.productNumber && <span className="block text-muted">{line.productNumber}</span>}
                {line.customerArticleNumber && (
                  <span className="block text-muted">
                    {t('orders.detail.customerSku', { number: line.customerArticleNumber })}
                  </span>
                )}
                {line.remark && <span className="block whitespace-pre-line">{line.remark}</span>}
                {line.backorderQuantity > 0 && (
                  <span className="block text-amber-800">
                    {t('orders.detail.backorder', { count: line.backorderQuantity })}
                  </span>
                )}
              </td>
              <td className="py-2 pr-4 text-right tabular-nums">{number(line.quantity)}</td>
              {seesPrices && (
                <>
                  <td className="py-2 pr-4 text-right tabular-nums">{amount(line.unitPrice)}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">{amount(line.totalPrice)}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </ScrollTable>

      {!seesPrices ? (
        <PricesOnRequestTotals className="ml-auto w-full max-w-sm text-sm" />
      ) : (
        <dl className="ml-auto w-full max-w-sm text-sm" aria-label={t('checkout.totals.label')}>
          {(
            [
              [t('checkout.totals.subtotal'), order.positionPrice],
              ...(order.surcharge > 0 ? [[t('checkout.totals.additionalCosts'), order.surcharge] as const] : []),
              [t('checkout.totals.shipping'), order.shippingTotal],
              [t('checkout.totals.net'), order.amountNet],
              ...order.taxes.map(
                (tax) =>
                  [
                    t('checkout.totals.vat', { rate: number(tax.taxRate, { maximumFractionDigits: 2 }) }),
                    tax.tax,
                  ] as const,
              ),
              [t('checkout.totals.total'), order.amountTotal],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-1">
              <dt>{label}</dt>
              <dd className="tabular-nums">{amount(value)}</dd>
            </div>
          ))}
        </dl>
      )}

      <div className="flex flex-col gap-3">
        <div>
          <Button busy={busy} onClick={() => run(order)}>
            {t('orders.reorder.submit')}
          </Button>
        </div>
        <div aria-live="polite">
          {reordered && (
            <div className="flex flex-col gap-2 rounded border border-line p-4 text-sm">
              {reordered.missing.length > 0 ? (
                <>
                  <p id={missingId}>{t('orders.reorder.missing')}</p>
                  <ul className="list-disc pl-5" aria-labelledby={missingId}>
                    {reordered.missing.map((line) => (
                      <li key={line.lineNumber}>
                        {line.label}
                        {line.productNumber ? ` (${line.productNumber})` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p>{t('orders.reorder.done')}</p>
              )}
              {reordered.cart && (
                <Link
                  to="/checkout"
                  reloadDocument
                  className="self-start rounded bg-primary px-4 py-2 font-semibold text-white"
                >
                  {t('orders.reorder.toCart')}
                </Link>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
