/**
 * The invoice history (`/account/invoices`, ROLE_MANAGE_INVOICE_HISTORY, flag `invoice-history`): the company's
 * invoices with the specification's filters (invoice number, order number, article number, customer article
 * number, customer reference, date from and to), 20 per page, each with its PDF and, when it has a delivery, the
 * proof of delivery (same-origin downloads through the Store API proxy). Without ROLE_VIEW_PRICES the invoices show
 * without amounts and invoice PDFs, with a note why; the proofs of delivery stay (docs/decisions/014).
 */
import { ListResult, Pager } from '../../../components/ui/ListKit.tsx';
import { useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { HISTORY_PAGE_SIZE, INVOICE_FILTERS, listInvoices } from '../erp-api.ts';
import { InvoiceTable } from './ErpOrderDetail.tsx';
import { HistoryFilterForm, useHistoryList } from './history.tsx';

export function Invoices() {
  const { t } = useI18n();
  const list = useHistoryList(INVOICE_FILTERS, listInvoices);
  const seesPrices = useSeesPrices();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('account.nav.invoices')}</h1>
      {!seesPrices && <p className="text-sm text-muted">{t('invoices.pricesHidden')}</p>}
      <HistoryFilterForm
        spec={INVOICE_FILTERS}
        label={t('invoices.filters')}
        labels={{
          invoiceNumber: t('invoices.column.invoiceNumber'),
          orderNumber: t('orders.filter.orderNumber'),
          productNumber: t('orders.filter.productNumber'),
          customerArticleNumber: t('history.filter.customerArticleNumber'),
          customerReference: t('orders.filter.orderReference'),
          dateFrom: t('orders.filter.dateFrom'),
          dateTo: t('orders.filter.dateTo'),
        }}
        choiceLabel={(value) => value}
        draft={list.draft}
        errorOf={list.errorOf}
        update={list.update}
      />
      <ListResult
        result={list.result}
        emptyText={t('invoices.none')}
        countText={(count) => t('invoices.total', { count })}
      >
        {(invoices) => <InvoiceTable invoices={invoices} label={t('account.nav.invoices')} withOrder />}
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
