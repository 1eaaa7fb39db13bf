/**
 * The order history (`/account/orders`, ROLE_MANAGE_ORDER_HISTORY): filters for order number, article number,
 * customer reference (the order reference), date from and to (from not after to) and status, 20 orders per page.
 * The filters live in the query string, so a reload or a shared link shows the same list; text filters reach the
 * URL after a short pause, the others at once.
 */
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORDER_STATES, type OrderHistoryResponse } from '../../../../contract/provider/order-history.ts';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { Button, Select, TextField } from '../../../components/ui/form.tsx';
import { useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import type { MessageKey } from '../../../i18n/locales.ts';
import {
  isDateRangeValid,
  listOrders,
  ORDER_PAGE_SIZE,
  parseOrderListQuery,
  serializeOrderListQuery,
  type OrderListQuery,
} from '../order-history.ts';
import { DateField } from './DateField.tsx';

/** Pause after typing before a text filter reaches the URL, in milliseconds. */
const FILTER_DEBOUNCE_MS = 500;

/** The translation of each order state. */
export const ORDER_STATE_KEYS: Readonly<Record<(typeof ORDER_STATES)[number], MessageKey>> = {
  open: 'orders.state.open',
  in_progress: 'orders.state.in_progress',
  completed: 'orders.state.completed',
  cancelled: 'orders.state.cancelled',
};

/** The list of the orders placed in the shop; `tabs` (the order lists' tabs) show below the heading when given. */
export function Orders({ tabs }: { tabs?: ReactNode } = {}) {
  const { t, locale } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  const { notifyError } = useNotify();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseOrderListQuery(params), [params]);
  const serialized = serializeOrderListQuery(query);
  const [draft, setDraft] = useState<OrderListQuery>(query);
  const [result, setResult] = useState<OrderHistoryResponse | null>(null);
  const pushed = useRef(serialized);
  const rangeValid = isDateRangeValid(draft);

  // Draft → URL: text filters after a pause, dates, status and page at once; an invalid range stays in the form.
  useEffect(() => {
    const next = serializeOrderListQuery(draft);
    if (next === pushed.current || !isDateRangeValid(draft)) return;
    const typed = (['orderNumber', 'productNumber', 'orderReference'] as const).some((k) => draft[k] !== query[k]);
    const timer = setTimeout(
      () => {
        pushed.current = next;
        setParams(new URLSearchParams(next), { replace: true });
      },
      typed ? FILTER_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
    // Only draft changes schedule a URL update.
  }, [draft]);

  // URL → draft when the URL changes from outside (back and forward, the sidebar link).
  useEffect(() => {
    if (serialized === pushed.current) return;
    pushed.current = serialized;
    setDraft(parseOrderListQuery(serialized));
  }, [serialized]);

  useEffect(() => {
    let live = true;
    setResult(null);
    listOrders(parseOrderListQuery(serialized))
      .then((page) => live && setResult(page))
      .catch((error: unknown) => {
        if (!live) return;
        setResult({ elements: [], total: 0, page: 1, limit: ORDER_PAGE_SIZE });
        notifyError(error);
      });
    return () => {
      live = false;
    };
  }, [serialized, notifyError]);

  const update = (patch: Partial<OrderListQuery>) => setDraft((d) => ({ ...d, page: 1, ...patch }));
  const pages = Math.max(1, Math.ceil((result?.total ?? 0) / ORDER_PAGE_SIZE));

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('account.nav.orders')}</h1>
      {tabs}
      <form
        role="search"
        aria-label={t('orders.filters')}
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-x-4 rounded border border-line p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <TextField
          label={t('orders.filter.orderNumber')}
          value={draft.orderNumber}
          onValue={(orderNumber) => update({ orderNumber })}
        />
        <TextField
          label={t('orders.filter.productNumber')}
          value={draft.productNumber}
          onValue={(productNumber) => update({ productNumber })}
        />
        <TextField
          label={t('orders.filter.orderReference')}
          value={draft.orderReference}
          onValue={(orderReference) => update({ orderReference })}
          maxLength={30}
        />
        <DateField
          label={t('orders.filter.dateFrom')}
          value={draft.dateFrom}
          onValue={(dateFrom) => update({ dateFrom })}
        />
        <DateField
          label={t('orders.filter.dateTo')}
          value={draft.dateTo}
          onValue={(dateTo) => update({ dateTo })}
          error={rangeValid ? undefined : t('orders.filter.dateRange')}
        />
        <Select
          label={t('orders.filter.state')}
          value={draft.state}
          onValue={(state) => update({ state: state as OrderListQuery['state'] })}
          options={[
            { value: '', label: t('orders.filter.anyState') },
            ...ORDER_STATES.map((state) => ({ value: state, label: t(ORDER_STATE_KEYS[state]) })),
          ]}
        />
      </form>

      <div aria-live="polite" aria-busy={result === null}>
        {result === null ? (
          <p role="status" className="text-sm text-muted">
            {t('account.loading')}
          </p>
        ) : result.elements.length === 0 ? (
          <p className="text-sm">{t('orders.none')}</p>
        ) : (
          <>
            <p className="mb-2 text-sm text-muted">{t('orders.total', { count: result.total })}</p>
            <ScrollTable label={t('orders.tabs.shop')} minWidth="min-w-[600px]">
              <TableHead
                cell="py-2 pr-4"
                columns={[
                  { label: t('orders.column.orderNumber') },
                  { label: t('orders.column.date') },
                  { label: t('orders.column.orderReference') },
                  { label: t('orders.column.state') },
                  seesPrices && { label: t('orders.column.total'), numeric: true },
                ]}
              />
              <tbody>
                {result.elements.map((order) => (
                  <tr key={order.id} className="border-b border-line">
                    <td className="py-2 pr-4">
                      <Link
                        to={`/account/orders/details/${encodeURIComponent(order.orderNumber)}`}
                        className="text-primary underline"
                      >
                        {order.orderNumber}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">{formatDate(order.orderDateTime, locale)}</td>
                    <td className="py-2 pr-4">{order.orderReference ?? ''}</td>
                    <td className="py-2 pr-4">{t(ORDER_STATE_KEYS[order.state])}</td>
                    {seesPrices && <td className="py-2 pr-4 text-right tabular-nums">{amount(order.amountTotal)}</td>}
                  </tr>
                ))}
              </tbody>
            </ScrollTable>
          </>
        )}
      </div>

      {pages > 1 && (
        <nav aria-label={t('orders.paging')} className="flex items-center gap-2">
          <Button
            kind="secondary"
            disabled={query.page <= 1}
            onClick={() => setDraft((d) => ({ ...d, page: Math.max(1, query.page - 1) }))}
          >
            {t('orders.previous')}
          </Button>
          <span className="text-sm">{t('orders.page', { page: query.page, pages })}</span>
          <Button
            kind="secondary"
            disabled={query.page >= pages}
            onClick={() => setDraft((d) => ({ ...d, page: query.page + 1 }))}
          >
            {t('orders.next')}
          </Button>
        </nav>
      )}
    </div>
  );
}
