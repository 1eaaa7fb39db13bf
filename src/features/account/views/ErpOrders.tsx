/**
 * The order history of every channel (`/account/orders` with the `order-history` flag, ROLE_MANAGE_ORDER_HISTORY):
 * the ERP's orders (shop, phone, e-mail, EDI, counter) with the specification's filters (order number, article
 * number, customer article number, customer reference, date from and to, status including "not open"), 20 per
 * page, each linking to its detail. With the `native-order-history` flag as well, tabs lead to the list of the
 * orders placed in the shop (`/account/orders/shop`).
 */
import { ListResult, Pager } from '../../../components/ui/ListKit.tsx';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { erpOrderPath, HISTORY_PAGE_SIZE, listErpOrders, ORDER_FILTERS } from '../erp-api.ts';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import {
  CHANNEL_KEYS,
  ERP_STATUS_KEYS,
  formatDay,
  HistoryFilterForm,
  StatusBadge,
  TD,
  TH,
  useHistoryList,
} from './history.tsx';
import type { ErpOrderStatusFilter } from '../../../../contract/provider/erp.ts';

/** The two order lists as tabs: every channel (the ERP) and the orders placed in the shop. */
export function OrdersTabs() {
  const { t } = useI18n();
  const tab = ({ isActive }: { isActive: boolean }) =>
    `block whitespace-nowrap border-b-2 px-3 py-2 text-sm ${
      isActive ? 'border-primary font-semibold text-primary' : 'border-transparent text-gray-800 hover:text-primary'
    }`;
  return (
    <nav aria-label={t('orders.tabs.label')} className="border-b border-line">
      <ul className="-mb-px flex gap-2 overflow-x-auto">
        <li>
          <NavLink end to="/account/orders" className={tab}>
            {t('orders.tabs.all')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/account/orders/shop" className={tab}>
            {t('orders.tabs.shop')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

export function ErpOrders({ tabs }: { tabs?: ReactNode }) {
  const { t, locale, number } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  const list = useHistoryList(ORDER_FILTERS, listErpOrders);
  const statusLabel = (status: string) => t(ERP_STATUS_KEYS[status as ErpOrderStatusFilter]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('account.nav.orders')}</h1>
      {tabs}
      <HistoryFilterForm
        spec={ORDER_FILTERS}
        label={t('orders.filters')}
        labels={{
          orderNumber: t('orders.filter.orderNumber'),
          productNumber: t('orders.filter.productNumber'),
          customerArticleNumber: t('history.filter.customerArticleNumber'),
          customerReference: t('orders.filter.orderReference'),
          dateFrom: t('orders.filter.dateFrom'),
          dateTo: t('orders.filter.dateTo'),
          status: t('orders.filter.state'),
        }}
        choiceLabel={statusLabel}
        draft={list.draft}
        errorOf={list.errorOf}
        update={list.update}
      />
      <ListResult result={list.result} emptyText={t('orders.none')} countText={(count) => t('orders.total', { count })}>
        {(orders) => (
          <ScrollTable label={t('orders.erp.caption')} minWidth="min-w-[60rem]">
            <TableHead
              cell={TH}
              columns={[
                { label: t('orders.column.orderNumber') },
                { label: t('orders.column.date') },
                { label: t('orders.column.state') },
                { label: t('history.column.channel') },
                { label: t('orders.column.orderReference') },
                { label: t('history.column.orderReferences') },
                { label: t('history.column.lines'), numeric: true },
                seesPrices && { label: t('history.column.totalNet'), numeric: true },
              ]}
            />
            <tbody>
              {orders.map((order) => (
                <tr
                  key={`${order.firm}-${order.warehouse ?? ''}-${order.orderNumber}`}
                  className="border-b border-line"
                >
                  <th scope="row" className={`${TD} font-normal`}>
                    <Link to={erpOrderPath(order)} className="font-semibold text-primary underline">
                      {order.orderNumber}
                    </Link>
                  </th>
                  <td className={`${TD} whitespace-nowrap`}>{formatDay(order.orderDate, locale)}</td>
                  <td className={TD}>
                    <StatusBadge status={order.status} label={statusLabel(order.status)} />
                  </td>
                  <td className={TD}>{t(CHANNEL_KEYS[order.channel])}</td>
                  <td className={TD}>{order.customerReference ?? ''}</td>
                  <td className={TD}>{order.orderReferences.join(', ')}</td>
                  <td className={`${TD} text-right tabular-nums`}>{number(order.lineCount)}</td>
                  {seesPrices && (
                    <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>{amount(order.totalPrice)}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </ListResult>
      <Pager
        page={list.query.page}
        total={list.result?.total ?? 0}
        pageSize={HISTORY_PAGE_SIZE}
        onPage={list.setPage}
      />
    </div>
  );
}
