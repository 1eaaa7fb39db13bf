/**
 * The one order detail of the account area, for both histories: the shop's orders (OrdersDetail.tsx) and the ERP's
 * orders of every channel (ErpOrderDetail.tsx) are two data adapters that read their order and turn it into an
 * OrderDetailModel; this view reads through useResource, shows loading and "not found", the order's data, addresses,
 * lines and totals (or "prices on request" without ROLE_VIEW_PRICES), the history's own sections, and the reorder,
 * which puts the order's lines into the cart again by article number, names every line it could not add and then
 * offers to go to the cart. `layout` keeps each history's arrangement: the ERP's puts the status badge and the
 * reorder above its data card, the shop's the reorder below the totals.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { OrderHistoryDetail } from '../../../../contract/provider/order-history.ts';
import { PricesOnRequestTotals } from '../../../components/commerce/PricesOnRequest.tsx';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { Button, Card } from '../../../components/ui/form.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { useResource } from '../../../lib/use-resource.ts';
import type { ReorderResult } from '../order-history.ts';

/** A postal address of an order (the contract's order-history address, shared by the ERP's orders). */
export type OrderAddress = OrderHistoryDetail['billingAddress'];

/** A line the reorder puts into the cart again: by article number, with its ordered quantity. */
interface ReorderLine {
  productNumber: string | null;
  quantity: number;
}

/** One order as the detail shows it, whichever history it comes from. */
export interface OrderDetailModel<L extends ReorderLine> {
  orderNumber: string;
  /** Next to the title (the ERP's status badge). */
  badge?: ReactNode;
  /** The order's data as label and value, in order. */
  facts: { label: string; value: ReactNode; preLine?: boolean }[];
  /** The shipping side: an address (delivery or pickup location) or a note why there is none; null shows nothing. */
  shipping: { title: string; address: OrderAddress } | { title: string; note: string } | null;
  billingAddress: OrderAddress;
  /** The lines table. */
  lines: ReactNode;
  /** The totals as label and amount in the currency's major unit (EUR), the grand total last. */
  totals: (readonly [string, number])[];
  /** Sections after the totals (the ERP's deliveries and invoices). */
  sections?: ReactNode;
  /** The lines the reorder puts into the cart again. */
  reorder: () => Promise<ReorderResult<L>>;
  /** How a line the reorder could not add is named: its label and article number. */
  lineName: (line: L) => string;
  lineKey: (line: L) => string | number;
}

/** A history's order: the resource key of its route parameters, its read and its model. */
export interface OrderDetailSource<O, L extends ReorderLine> {
  key: string;
  load: () => Promise<O | null>;
  model: (order: O) => OrderDetailModel<L>;
}

export function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1 sm:flex-row sm:gap-4">
      <dt className="font-semibold sm:w-48 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The reorder button and what the reorder did (the lines it could not add, the way to the cart). */
function Reorder<L extends ReorderLine>({ model }: { model: OrderDetailModel<L> }) {
  const { t } = useI18n();
  const missingId = useId();
  const [reordered, setReordered] = useState<ReorderResult<L> | null>(null);
  const { busy, run } = useAction(async () => setReordered(await model.reorder()));
  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button busy={busy} onClick={() => run(undefined)}>
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
                    <li key={model.lineKey(line)}>{model.lineName(line)}</li>
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
  );
}

/** The totals, or "prices on request" without ROLE_VIEW_PRICES; `strong` sets the grand total apart. */
function Totals({
  rows,
  className,
  strong,
}: {
  rows: readonly (readonly [string, number])[];
  className: string;
  strong: boolean;
}) {
  const { t } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  if (!seesPrices) return <PricesOnRequestTotals className={className} />;
  return (
    <dl className={className} aria-label={t('checkout.totals.label')}>
      {rows.map(([label, value]) => (
        <div
          key={label}
          className={`flex justify-between gap-4 py-1${strong ? ' last:border-t last:border-line last:font-semibold' : ''}`}
        >
          <dt>{label}</dt>
          <dd className="tabular-nums">{amount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The addresses side by side from 640 px. */
function Addresses({ shipping, billingAddress }: Pick<OrderDetailModel<ReorderLine>, 'shipping' | 'billingAddress'>) {
  const { t } = useI18n();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {shipping &&
        ('address' in shipping ? (
          <AddressBlock title={shipping.title} address={shipping.address} />
        ) : (
          <section className="text-sm">
            <h2 className="mb-1 font-semibold">{shipping.title}</h2>
            <p>{shipping.note}</p>
          </section>
        ))}
      <AddressBlock title={t('orders.detail.billingAddress')} address={billingAddress} />
    </div>
  );
}

/** One order of a history, read from `source` and laid out as `layout`'s history does. */
export function OrderDetail<O, L extends ReorderLine>({
  source,
  layout,
}: {
  source: OrderDetailSource<O, L>;
  layout: 'erp' | 'shop';
}) {
  const { t } = useI18n();
  const { notifyError } = useNotify();
  const { data: order, loading } = useResource(source.key, source.load, {
    keep: layout === 'shop',
    onError: (failure) => {
      notifyError(failure);
      return null;
    },
  });
  const back = (className: string) => (
    <Link to="/account/orders" className={className}>
      {t('orders.detail.back')}
    </Link>
  );
  if (order === null && loading) return <Loading />;
  if (order === null)
    return (
      <div className="flex flex-col gap-4">
        <p>{t('orders.detail.notFound')}</p>
        {back(layout === 'erp' ? 'self-start text-sm text-primary underline' : 'text-primary underline')}
      </div>
    );
  const model = source.model(order);
  const title = <h1 className="text-2xl font-bold">{t('orders.detail.title', { orderNumber: model.orderNumber })}</h1>;

  if (layout === 'shop')
    return (
      <div className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          {title}
          {back('text-sm text-primary underline')}
        </div>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {model.facts.map((fact) => (
            <Fact key={fact.label} {...fact} />
          ))}
        </dl>
        <Addresses shipping={model.shipping} billingAddress={model.billingAddress} />
        {model.lines}
        <Totals rows={model.totals} className="ml-auto w-full max-w-sm text-sm" strong={false} />
        {model.sections}
        <Reorder model={model} />
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      {back('self-start text-sm text-primary underline')}
      <div className="flex flex-wrap items-center gap-3">
        {title}
        {model.badge}
      </div>
      <Reorder model={model} />
      <Card title={t('orders.erp.data')}>
        <dl className="text-sm">
          {model.facts.map((fact) => (
            <Row key={fact.label} label={fact.label}>
              {fact.value}
            </Row>
          ))}
        </dl>
      </Card>
      <Addresses shipping={model.shipping} billingAddress={model.billingAddress} />
      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('orders.detail.lines')}</h2>
        {model.lines}
      </section>
      <Totals rows={model.totals} className="w-full max-w-sm self-end text-sm" strong />
      {model.sections}
    </div>
  );
}

/** One fact of the shop's data list: its term and value (a remark keeps its line breaks). */
function Fact({ label, value, preLine }: { label: string; value: ReactNode; preLine?: boolean }) {
  return (
    <>
      <dt className="font-semibold">{label}</dt>
      <dd className={preLine ? 'whitespace-pre-line' : undefined}>{value}</dd>
    </>
  );
}
