/**
 * Offers (`/account/offers` and `/account/offers/{offerNumber}`, ROLE_MANAGE_OFFER_HISTORY, flag `offer-history`):
 * the list with the specification's filters (offer number, status open or processed, article number, customer
 * article number, client reference, date from and to; a from-date after the to-date is refused), 20 per page; the
 * detail with its lines (line number, description, article number, customer article number, quantity, delivery
 * date, price, total excluding VAT), validity, the PDF once processed, and for a processed offer still valid in
 * Europe/Brussels "Put into the cart" (the lines at the offered prices; the cart badge follows). Without
 * ROLE_VIEW_PRICES no price, total or PDF is shown (the server answers 0 and refuses the PDF, docs/decisions/014).
 */
import { useResource } from '../../../lib/use-resource.ts';
import { ListResult, Loading, Pager } from '../../../components/ui/ListKit.tsx';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { OfferDetail as Offer, OfferStatus } from '../../../../contract/provider/erp.ts';
import { useAmount, useSeesPrices } from '../../../components/commerce/use-amount.ts';
import { Button, Card } from '../../../components/ui/form.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { refreshCart } from '../../../lib/cart/cart-store.ts';
import {
  brusselsToday,
  documentHref,
  fetchOffer,
  HISTORY_PAGE_SIZE,
  listOffers,
  OFFER_FILTERS,
  offerToCart,
} from '../erp-api.ts';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { formatDay, HistoryFilterForm, OFFER_STATUS_KEYS, StatusBadge, TD, TH, useHistoryList } from './history.tsx';

const offerPath = (offerNumber: string) => `/account/offers/${encodeURIComponent(offerNumber)}`;

/** Whether an offer can still be ordered: processed and valid through today (Europe/Brussels). */
export function orderable(offer: Pick<Offer, 'status' | 'validUntil'>, today = brusselsToday()): boolean {
  return offer.status === 'processed' && offer.validUntil !== null && offer.validUntil >= today;
}

function PdfLink({ offerNumber }: { offerNumber: string }) {
  const { t } = useI18n();
  return (
    <a href={documentHref.offer(offerNumber)} download className="whitespace-nowrap text-primary underline">
      <span aria-hidden="true">{t('offers.pdf')}</span>
      <span className="sr-only">{t('offers.pdfNamed', { number: offerNumber })}</span>
    </a>
  );
}

export function Offers() {
  const { t, locale, number } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  const list = useHistoryList(OFFER_FILTERS, listOffers);
  const statusLabel = (status: string) => t(OFFER_STATUS_KEYS[status as OfferStatus]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t('account.nav.offers')}</h1>
      {!seesPrices && <p className="text-sm text-muted">{t('offers.pricesHidden')}</p>}
      <HistoryFilterForm
        spec={OFFER_FILTERS}
        label={t('offers.filters')}
        labels={{
          offerNumber: t('offers.column.offerNumber'),
          status: t('orders.filter.state'),
          productNumber: t('orders.filter.productNumber'),
          customerArticleNumber: t('history.filter.customerArticleNumber'),
          customerReference: t('offers.column.clientReference'),
          dateFrom: t('orders.filter.dateFrom'),
          dateTo: t('orders.filter.dateTo'),
        }}
        choiceLabel={statusLabel}
        draft={list.draft}
        errorOf={list.errorOf}
        update={list.update}
      />
      <ListResult result={list.result} emptyText={t('offers.none')} countText={(count) => t('offers.total', { count })}>
        {(offers) => (
          <ScrollTable label={t('account.nav.offers')} minWidth="min-w-[52rem]">
            <TableHead
              cell={TH}
              columns={[
                { label: t('offers.column.offerNumber') },
                { label: t('offers.column.date') },
                { label: t('orders.column.state') },
                { label: t('offers.column.clientReference') },
                { label: t('offers.column.validUntil') },
                { label: t('history.column.lines'), numeric: true },
                seesPrices && { label: t('history.column.totalNet'), numeric: true },
                seesPrices && { label: t('invoices.column.documents') },
              ]}
            />
            <tbody>
              {offers.map((offer) => (
                <tr key={offer.offerNumber} className="border-b border-line">
                  <th scope="row" className={`${TD} font-normal`}>
                    <Link to={offerPath(offer.offerNumber)} className="font-semibold text-primary underline">
                      {offer.offerNumber}
                    </Link>
                  </th>
                  <td className={`${TD} whitespace-nowrap`}>{formatDay(offer.offerDate, locale)}</td>
                  <td className={TD}>
                    <StatusBadge status={offer.status} label={statusLabel(offer.status)} />
                  </td>
                  <td className={TD}>{offer.clientReference ?? ''}</td>
                  <td className={`${TD} whitespace-nowrap`}>
                    {offer.validUntil ? formatDay(offer.validUntil, locale) : '–'}
                  </td>
                  <td className={`${TD} text-right tabular-nums`}>{number(offer.lineCount)}</td>
                  {seesPrices && (
                    <>
                      <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>
                        {offer.totalPrice === null ? '–' : amount(offer.totalPrice)}
                      </td>
                      <td className={TD}>{offer.documentLink && <PdfLink offerNumber={offer.offerNumber} />}</td>
                    </>
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

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-1 sm:flex-row sm:gap-4">
      <dt className="font-semibold sm:w-48 sm:shrink-0">{label}</dt>
      <dd className="min-w-0 whitespace-pre-line break-words">{children}</dd>
    </div>
  );
}

export function OfferDetail() {
  const { t, locale, quantity } = useI18n();
  const amount = useAmount();
  const seesPrices = useSeesPrices();
  const { notify, notifyError } = useNotify();
  const { offerNumber = '' } = useParams();
  const { data: offer, loading } = useResource(offerNumber, () => fetchOffer(offerNumber), {
    onError: (failure) => {
      notifyError(failure);
      return null;
    },
  });
  const [added, setAdded] = useState(false);

  const { busy, run } = useAction(async (o: Offer) => {
    const answer = await offerToCart(o.offerNumber);
    await refreshCart();
    setAdded(true);
    notify(
      'success',
      t('general.success'),
      t('offers.toCart.done', { count: answer.added, offerNumber: answer.offerNumber }),
    );
  });

  const back = (
    <Link to="/account/offers" className="self-start text-sm text-primary underline">
      {t('offers.back')}
    </Link>
  );
  if (offer === null && loading) return <Loading />;
  if (offer === null)
    return (
      <div className="flex flex-col gap-4">
        <p>{t('offers.notFound')}</p>
        {back}
      </div>
    );

  const expired = offer.status === 'processed' && !orderable(offer);
  return (
    <div className="flex flex-col gap-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{t('offers.title', { offerNumber: offer.offerNumber })}</h1>
        <StatusBadge status={offer.status} label={t(OFFER_STATUS_KEYS[offer.status])} />
      </div>

      <Card title={t('offers.data')}>
        <dl className="text-sm">
          <Row label={t('offers.column.date')}>{formatDay(offer.offerDate, locale)}</Row>
          <Row label={t('orders.column.state')}>{t(OFFER_STATUS_KEYS[offer.status])}</Row>
          <Row label={t('offers.column.clientReference')}>{offer.clientReference ?? '–'}</Row>
          <Row label={t('offers.comment')}>{offer.comment ?? '–'}</Row>
          <Row label={t('offers.requestedAt')}>
            {formatDate(offer.requestedAt, locale, { dateStyle: 'medium', timeStyle: 'short' })}
          </Row>
          {offer.processedAt && (
            <Row label={t('offers.processedAt')}>
              {formatDate(offer.processedAt, locale, { dateStyle: 'medium', timeStyle: 'short' })}
            </Row>
          )}
          <Row label={t('offers.column.validUntil')}>
            {offer.validUntil ? formatDay(offer.validUntil, locale) : t('offers.notYetProcessed')}
            {expired && <span className="ml-2 font-semibold text-primary">{t('offers.expired')}</span>}
          </Row>
          {offer.totalPrice !== null && (
            <Row label={t('history.column.totalNet')}>
              {seesPrices ? amount(offer.totalPrice) : t('checkout.pricesOnRequest')}
            </Row>
          )}
          {seesPrices && offer.documentLink && (
            <Row label={t('invoices.column.documents')}>
              <PdfLink offerNumber={offer.offerNumber} />
            </Row>
          )}
        </dl>
      </Card>

      <section className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{t('offers.lines')}</h2>
        <ScrollTable label={t('offers.lines')} minWidth="min-w-[56rem]">
          <TableHead
            cell={TH}
            columns={[
              { label: t('history.column.lineNumber') },
              { label: t('offers.column.description') },
              { label: t('orders.filter.productNumber') },
              { label: t('history.filter.customerArticleNumber') },
              { label: t('orders.detail.quantity'), numeric: true },
              { label: t('orders.erp.deliveryDate') },
              seesPrices && { label: t('orders.detail.unitPrice'), numeric: true },
              seesPrices && { label: t('history.column.totalNet'), numeric: true },
            ]}
          />
          <tbody>
            {offer.lines.map((line) => (
              <tr key={line.lineNumber} className="border-b border-line">
                <td className={`${TD} tabular-nums`}>{line.lineNumber}</td>
                <th scope="row" className={`${TD} font-normal`}>
                  {line.description}
                </th>
                <td className={TD}>{line.productNumber}</td>
                <td className={TD}>{line.customerArticleNumber ?? '–'}</td>
                <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>
                  {quantity(line.quantity, line.unit)}
                </td>
                <td className={`${TD} whitespace-nowrap`}>
                  {line.deliveryDate ? formatDay(line.deliveryDate, locale) : '–'}
                </td>
                {seesPrices && (
                  <>
                    <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>
                      {line.unitPrice === null ? '–' : amount(line.unitPrice)}
                    </td>
                    <td className={`${TD} whitespace-nowrap text-right tabular-nums`}>
                      {line.totalPrice === null ? '–' : amount(line.totalPrice)}
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
          {seesPrices && offer.totalPrice !== null && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={7} className={`${TD} text-right`}>
                  {t('history.column.totalNet')}
                </th>
                <td className={`${TD} whitespace-nowrap text-right font-semibold tabular-nums`}>
                  {amount(offer.totalPrice)}
                </td>
              </tr>
            </tfoot>
          )}
        </ScrollTable>
      </section>

      {offer.status === 'open' && <p className="text-sm">{t('offers.openNote')}</p>}
      {orderable(offer) && (
        <div className="flex flex-wrap items-center gap-3">
          <Button busy={busy} onClick={() => run(offer)}>
            {t('offers.toCart.submit')}
          </Button>
          {added && (
            <Link to="/checkout" reloadDocument className="text-sm text-primary underline">
              {t('orders.reorder.toCart')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
