/**
 * The order history (`/account/orders`, ROLE_MANAGE_ORDER_HISTORY): filters for order number, article number,
 * customer reference (the order reference), date from and to (from not after to) and status, 20 orders per page.
 * The filters live in the query string, so a reload or a shared link shows the same list; text filters reach the
 * URL after a short pause, the others at once.
 */
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ORDER_STATES } from '../../../../contract/provider/order-history.ts';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { Select, TextField } from '../../../components/ui/form.tsx';
import { ListResult, Pager, type PagerTexts } from '../../../components/ui/ListKit.tsx';
import { useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import type { MessageKey } from '../../../i18n/locales.ts';
import { isDayRangeValid, useUrlState } from '../../../lib/url-state.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { listOrders, ORDER_PAGE_SIZE, orderHistoryUrl, type OrderListQuery } from '../order-history.ts';
import { DateField } from './DateField.tsx';

/** The pager's texts of the shop's order history. */
const ORDERS_PAGER: PagerTexts = {
  label: 'orders.paging',
  previous: 'orders.previous',
  next: 'orders.next',
  pageOf: 'orders.page',
};

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
  const { query, serialized, draft, update, setPage } = useUrlState(orderHistoryUrl, { valid: isDayRangeValid });
  const { data: result } = useResource(serialized, () => listOrders(query), {
    onError: (error) => {
      notifyError(error);
      return { elements: [], total: 0, page: 1, limit: ORDER_PAGE_SIZE };
    },
  });
  const rangeValid = isDayRangeValid(draft);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('account.nav.orders')}</h1>
      {tabs}
      <form
        method="get"
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

      <ListResult result={result} emptyText={t('orders.none')} countText={(count) => t('orders.total', { count })}>
        {(orders) => (
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
              {orders.map((order) => (
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
        )}
      </ListResult>

      <Pager
        page={query.page}
        total={result?.total ?? 0}
        pageSize={ORDER_PAGE_SIZE}
        onPage={setPage}
        texts={ORDERS_PAGER}
      />
    </div>
  );
}
