/**
 * One order of the ERP's history (`/account/orders/details/{orderNumber}/{firm}/{warehouse?}`): its data (date,
 * status, channel, type, references, ordered by, tracking number), addresses, lines (customer article number,
 * quantity, delivered quantity, price, delivery date, invoice number and date, delivery note), deliveries with
 * their tracking numbers, invoices with their PDFs (invoice, proof of delivery), totals with delivery and
 * additional costs and VAT, and the reorder, which puts the lines into the cart again by article number: the ERP's
 * adapter of the order detail (OrderDetail.tsx).
 */
import { useParams } from 'react-router';
import type { ErpOrderDetail as ErpOrder, ErpOrderLine } from '../../../../contract/provider/erp.ts';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import type { MessageKey } from '../../../i18n/locales.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { documentHref, fetchErpOrder } from '../erp-api.ts';
import { reorderLines } from '../order-history.ts';
import { holds } from '../rights.ts';
import { useLoggedIn } from '../session.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { CHANNEL_KEYS, ERP_STATUS_KEYS, formatDay, StatusBadge, TD, TH } from './history.tsx';
import { OrderDetail, type OrderDetailSource } from './OrderDetail.tsx';

const TYPE_KEYS: Readonly<Record<ErpOrder['type'], MessageKey>> = {
  standard: 'orders.erp.type.standard',
  pickup: 'orders.erp.type.pickup',
  rush: 'orders.erp.type.rush',
};

/** The ERP's order as the order detail shows it, with its deliveries and invoices. */
export function ErpOrderDetail() {
  const { t, locale, number, quantity } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  const { orderNumber = '', firm = '', warehouse } = useParams();
  const { rights } = useLoggedIn();
  const day = (value: string | null) => (value ? formatDay(value, locale) : '–');
  const source: OrderDetailSource<ErpOrder, ErpOrderLine> = {
    key: JSON.stringify([orderNumber, firm, warehouse]),
    load: () => fetchErpOrder({ orderNumber, firm, ...(warehouse ? { warehouse } : {}) }),
    model: (order) => {
      const taxTotal = order.taxes.reduce((sum, tax) => sum + tax.tax, 0);
      return {
        orderNumber: order.orderNumber,
        badge: <StatusBadge status={order.status} label={t(ERP_STATUS_KEYS[order.status])} />,
        facts: [
          { label: t('orders.column.date'), value: day(order.orderDate) },
          { label: t('orders.column.state'), value: t(ERP_STATUS_KEYS[order.status]) },
          { label: t('history.column.channel'), value: t(CHANNEL_KEYS[order.channel]) },
          { label: t('orders.erp.type'), value: t(TYPE_KEYS[order.type]) },
          { label: t('orders.column.orderReference'), value: order.customerReference ?? '–' },
          {
            label: t('history.column.orderReferences'),
            value: order.orderReferences.length > 0 ? order.orderReferences.join(', ') : '–',
          },
          { label: t('orders.detail.orderedBy'), value: order.orderedBy ?? '–' },
          { label: t('orders.erp.sendingNumber'), value: order.sendingNumber ?? '–' },
        ],
        shipping: order.deliveryAddress
          ? { title: t('orders.detail.shippingAddress'), address: order.deliveryAddress }
          : {
              title: t('orders.detail.shippingAddress'),
              note: t(order.type === 'pickup' ? 'orders.erp.pickup' : 'orders.erp.noDeliveryAddress'),
            },
        billingAddress: order.billingAddress,
        lines: (
          <ScrollTable label={t('orders.detail.lines')} minWidth="min-w-[64rem]">
            <TableHead
              cell={TH}
              columns={[
                { label: t('history.column.lineNumber') },
                { label: t('orders.detail.product') },
                { label: t('history.filter.customerArticleNumber') },
                { label: t('orders.detail.quantity'), numeric: true },
                { label: t('orders.erp.delivered'), numeric: true },
                seesPrices && { label: t('orders.detail.unitPrice'), numeric: true },
                seesPrices && { label: t('orders.detail.lineTotal'), numeric: true },
                { label: t('orders.erp.deliveryDate') },
                { label: t('orders.erp.invoice') },
                { label: t('orders.erp.shippingNote') },
              ]}
            />
            <tbody>
              {order.lines.map((line) => (
                <tr key={line.lineNumber} className="border-b border-line">
                  <td className={`${TD} tabular-nums`}>{line.lineNumber}</td>
                  <th scope="row" className={`${TD} font-normal`}>
                    <span className="block font-semibold">{line.name}</span>
                    <span className="block text-muted">{line.productNumber}</span>
                  </th>
                  <td className={TD}>{line.customerArticleNumber ?? '–'}</td>
                  <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>
                    {quantity(line.quantity, line.unit)}
                  </td>
                  <td
                    className={`${TD} whitespace-nowrap text-right tabular-nums ${
                      line.deliveredQuantity < line.quantity ? 'text-amber-800' : ''
                    }`}
                  >
                    {number(line.deliveredQuantity)}
                  </td>
                  {seesPrices && (
                    <>
                      <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>{amount(line.unitPrice)}</td>
                      <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>{amount(line.totalPrice)}</td>
                    </>
                  )}
                  <td className={`${TD} whitespace-nowrap`}>{day(line.deliveryDate)}</td>
                  <td className={`${TD} whitespace-nowrap`}>
                    {line.invoiceNumber ? (
                      <>
                        <span className="block">{line.invoiceNumber}</span>
                        {line.invoiceDate && <span className="block text-muted">{day(line.invoiceDate)}</span>}
                      </>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td className={TD}>{line.shippingNoteNumber ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        ),
        totals: [
          [t('checkout.totals.subtotal'), order.totalPrice],
          [t('checkout.totals.shipping'), order.deliveryCost],
          ...(order.additionalCost > 0 ? [[t('checkout.totals.additionalCosts'), order.additionalCost] as const] : []),
          [t('checkout.totals.net'), Math.round((order.totalAmount - taxTotal) * 100) / 100],
          ...order.taxes.map(
            (tax) =>
              [t('checkout.totals.vat', { rate: number(tax.taxRate, { maximumFractionDigits: 2 }) }), tax.tax] as const,
          ),
          [t('checkout.totals.total'), order.totalAmount],
        ],
        sections: (
          <>
            <section className="flex flex-col gap-2">
              <h2 className="text-lg font-semibold">{t('orders.erp.deliveries')}</h2>
              {order.deliveries.length === 0 ? (
                <p className="text-sm">{t('orders.erp.noDeliveries')}</p>
              ) : (
                <ScrollTable label={t('orders.erp.deliveries')} minWidth="min-w-[36rem]">
                  <TableHead
                    cell={TH}
                    columns={[
                      { label: t('orders.erp.shippingNote') },
                      { label: t('orders.erp.deliveryDate') },
                      { label: t('orders.erp.sendingNumber') },
                      { label: t('orders.erp.deliveredLines') },
                    ]}
                  />
                  <tbody>
                    {order.deliveries.map((delivery) => (
                      <tr key={delivery.shippingNoteNumber} className="border-b border-line">
                        <th scope="row" className={`${TD} font-normal`}>
                          {delivery.shippingNoteNumber}
                        </th>
                        <td className={`${TD} whitespace-nowrap`}>{day(delivery.deliveryDate)}</td>
                        <td className={TD}>{delivery.sendingNumber ?? '–'}</td>
                        <td className={TD}>
                          {delivery.lines
                            .map((l) =>
                              t('orders.erp.deliveredLine', { line: l.lineNumber, quantity: number(l.quantity) }),
                            )
                            .join(', ')}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </ScrollTable>
              )}
            </section>

            <section className="flex flex-col gap-2">
              <h2 className="text-lg font-semibold">{t('account.nav.invoices')}</h2>
              {order.invoices.length === 0 ? (
                <p className="text-sm">{t('orders.erp.noInvoices')}</p>
              ) : (
                <InvoiceTable
                  invoices={order.invoices}
                  label={t('account.nav.invoices')}
                  documents={holds(rights, 'ROLE_MANAGE_INVOICE_HISTORY')}
                />
              )}
            </section>
          </>
        ),
        reorder: () => reorderLines(order.lines),
        lineName: (line) => `${line.name} (${line.productNumber})`,
        lineKey: (line) => line.lineNumber,
      };
    },
  };
  return <OrderDetail source={source} layout="erp" />;
}

/**
 * Invoices with their amounts and PDF downloads (invoice, and the proof of delivery when the invoice has a
 * delivery); shared by the order detail and the invoice history. The downloads need ROLE_MANAGE_INVOICE_HISTORY
 * (`documents`); `withOrder` adds the order number and customer reference. Without ROLE_VIEW_PRICES the amounts and
 * the invoice PDF are left out (the server answers 0 and refuses the PDF, docs/decisions/014); the proof of delivery
 * stays.
 */
export function InvoiceTable({
  invoices,
  label,
  withOrder = false,
  documents = true,
}: {
  invoices: ErpOrder['invoices'];
  label: string;
  withOrder?: boolean;
  documents?: boolean;
}) {
  const { t, locale } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  return (
    <ScrollTable label={label} minWidth={withOrder ? 'min-w-[60rem]' : 'min-w-[44rem]'}>
      <TableHead
        cell={TH}
        columns={[
          { key: 'invoiceNumber', label: t('invoices.column.invoiceNumber') },
          { key: 'date', label: t('invoices.column.date') },
          withOrder && { key: 'orderNumber', label: t('orders.column.orderNumber') },
          withOrder && { key: 'orderReference', label: t('orders.column.orderReference') },
          { key: 'shippingNote', label: t('orders.erp.shippingNote') },
          seesPrices && { key: 'totalNet', label: t('history.column.totalNet'), numeric: true },
          seesPrices && { key: 'totalGross', label: t('history.column.totalGross'), numeric: true },
          documents && { key: 'documents', label: t('invoices.column.documents') },
        ]}
      />
      <tbody>
        {invoices.map((invoice) => (
          <tr key={invoice.invoiceNumber} className="border-b border-line">
            <th scope="row" className={`${TD} font-normal`}>
              {invoice.invoiceNumber}
            </th>
            <td className={`${TD} whitespace-nowrap`}>{formatDay(invoice.invoiceDate, locale)}</td>
            {withOrder && (
              <>
                <td className={TD}>{invoice.orderNumber}</td>
                <td className={TD}>{invoice.customerReference ?? ''}</td>
              </>
            )}
            <td className={TD}>{invoice.shippingNoteNumber ?? '–'}</td>
            {seesPrices && (
              <>
                <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>{amount(invoice.totalPrice)}</td>
                <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>{amount(invoice.totalAmount)}</td>
              </>
            )}
            {documents && (
              <td className={TD}>
                {!seesPrices && !invoice.proofOfDeliveryLink && '–'}
                <ul className="flex flex-col gap-1">
                  {seesPrices && (
                    <li>
                      <a
                        href={documentHref.invoice(invoice.invoiceNumber)}
                        download
                        className="whitespace-nowrap text-primary underline"
                      >
                        <span aria-hidden="true">{t('invoices.pdf.invoice')}</span>
                        <span className="sr-only">
                          {t('invoices.pdf.invoiceNamed', { number: invoice.invoiceNumber })}
                        </span>
                      </a>
                    </li>
                  )}
                  {invoice.proofOfDeliveryLink && (
                    <li>
                      <a
                        href={documentHref.proofOfDelivery(invoice.invoiceNumber)}
                        download
                        className="whitespace-nowrap text-primary underline"
                      >
                        <span aria-hidden="true">{t('invoices.pdf.proofOfDelivery')}</span>
                        <span className="sr-only">
                          {t('invoices.pdf.proofOfDeliveryNamed', { number: invoice.invoiceNumber })}
                        </span>
                      </a>
                    </li>
                  )}
                </ul>
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
