/**
 * One order of the shop's history (`/account/orders/details/{orderNumber}`), the shop's adapter of the order detail
 * (OrderDetail.tsx): its data, addresses (or pickup location), lines and totals; the reorder puts its product lines
 * into the cart again.
 */
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { useParams } from 'react-router';
import type { OrderHistoryDetail, OrderHistoryLine } from '../../../../contract/provider/order-history.ts';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { fetchOrder, reorder } from '../order-history.ts';
import { OrderDetail, type OrderDetailSource } from './OrderDetail.tsx';
import { ORDER_STATE_KEYS } from './Orders.tsx';

/** The shop's order as the order detail shows it: facts, addresses (or pickup location), lines and totals. */
export function OrdersDetail() {
  const { t, locale, number } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  const { orderNumber = '' } = useParams();
  const source: OrderDetailSource<OrderHistoryDetail, OrderHistoryLine> = {
    key: orderNumber,
    load: () => fetchOrder(orderNumber),
    model: (order) => ({
      orderNumber: order.orderNumber,
      facts: [
        { label: t('orders.column.date'), value: formatDate(order.orderDateTime, locale) },
        { label: t('orders.column.state'), value: t(ORDER_STATE_KEYS[order.state]) },
        ...(order.orderReference ? [{ label: t('orders.column.orderReference'), value: order.orderReference }] : []),
        ...(order.fileNumber ? [{ label: t('orders.detail.fileNumber'), value: order.fileNumber }] : []),
        ...(order.remark ? [{ label: t('orders.detail.remark'), value: order.remark, preLine: true }] : []),
        {
          label: t('orders.detail.orderedBy'),
          value: (
            <>
              {order.orderedBy.firstName} {order.orderedBy.lastName}
            </>
          ),
        },
        ...(order.requestedShippingDate
          ? [
              {
                label: t('orders.detail.requestedShippingDate'),
                value: formatDate(order.requestedShippingDate, locale),
              },
            ]
          : []),
      ],
      shipping:
        order.shippingOption === 'pickup' && order.pickupLocation
          ? {
              title: t('orders.detail.pickupLocation'),
              address: { ...order.pickupLocation, company: '', houseNumber: null, box: null },
            }
          : order.shippingAddress
            ? { title: t('orders.detail.shippingAddress'), address: order.shippingAddress }
            : null,
      billingAddress: order.billingAddress,
      lines: (
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
      ),
      totals: [
        [t('checkout.totals.subtotal'), order.positionPrice],
        ...(order.surcharge > 0 ? [[t('checkout.totals.additionalCosts'), order.surcharge] as const] : []),
        [t('checkout.totals.shipping'), order.shippingTotal],
        [t('checkout.totals.net'), order.amountNet],
        ...order.taxes.map(
          (tax) =>
            [t('checkout.totals.vat', { rate: number(tax.taxRate, { maximumFractionDigits: 2 }) }), tax.tax] as const,
        ),
        [t('checkout.totals.total'), order.amountTotal],
      ],
      reorder: () => reorder(order),
      lineName: (line) => `${line.label}${line.productNumber ? ` (${line.productNumber})` : ''}`,
      lineKey: (line) => line.lineNumber,
    }),
  };
  return <OrderDetail source={source} layout="shop" />;
}
