/**
 * The account area's calls of the ERP endpoints (contract/provider/erp.ts, docs/decisions/016-erp.md): the order
 * history of every channel with its detail, the invoice history, the offer history with its detail and ordering an
 * offer; plus the filters of the three histories as the query string holds them (the same names as the Store API
 * query: `orderNumber`, `productNumber`, `customerArticleNumber`, `customerReference`, `dateFrom`, `dateTo`, …,
 * `page`) and the same-origin download paths of the PDFs.
 *
 * @throws StoreApiClientError from every call for a non-2xx answer (a `dateFrom` after `dateTo` answers 400
 *   `VIOLATION::TOO_HIGH_ERROR` at `/dateFrom`, an unknown or foreign number 404); an answer that is not the
 *   contract's shape throws valibot's ValiError.
 */
import {
  ERP_HISTORY_DEFAULT_LIMIT,
  ERP_ORDER_STATUS_FILTERS,
  OFFER_STATUSES,
  type ErpOrderDetail,
  type ErpOrderDetailQuery,
  type ErpOrderHistoryQuery,
  type ErpOrderHistoryResponse,
  type InvoiceHistoryQuery,
  type InvoiceHistoryResponse,
  type OfferDetail,
  type OfferHistoryQuery,
  type OfferHistoryResponse,
  type OfferToCartResponse,
} from '../../../contract/provider/erp.ts';
import { ORDER_REFERENCE_MAX_LENGTH } from '../../../contract/order.ts';
import { provider } from '../../lib/store-api/provider.ts';
import {
  choiceParam,
  dayParam,
  pageParam,
  textParam,
  urlCodec,
  type UrlCodec,
  type UrlParam,
} from '../../lib/url-state.ts';

/** Page size of the ERP histories (the contract's default, 20). */
export const HISTORY_PAGE_SIZE = ERP_HISTORY_DEFAULT_LIMIT;

/** One filter of a history: a text (at most `maxLength` characters), a calendar day or one of `choices`. */
export type FilterField =
  | { name: string; kind: 'text'; maxLength: number }
  | { name: 'dateFrom' | 'dateTo'; kind: 'date' }
  | { name: string; kind: 'choice'; choices: readonly string[] };

/** The filter state of a history: every field as a string ('' when unset) and the 1-based page. */
export type HistoryFilters<S extends readonly FilterField[]> = Record<S[number]['name'], string> & { page: number };

const text = <N extends string>(name: N, maxLength: number) => ({ name, kind: 'text' as const, maxLength });
const DATES = [
  { name: 'dateFrom', kind: 'date' },
  { name: 'dateTo', kind: 'date' },
] as const satisfies readonly FilterField[];
/** The filters every history shares, with the contract's lengths. */
const SHARED = [
  text('productNumber', 100),
  text('customerArticleNumber', 100),
  text('customerReference', ORDER_REFERENCE_MAX_LENGTH),
] as const;

/** Filters of the order history: number, the shared ones, dates and a status (or `not_open`). */
export const ORDER_FILTERS = [
  text('orderNumber', 50),
  ...SHARED,
  ...DATES,
  { name: 'status', kind: 'choice', choices: ERP_ORDER_STATUS_FILTERS },
] as const satisfies readonly FilterField[];

/** Filters of the invoice history: invoice and order number, the shared ones and dates. */
export const INVOICE_FILTERS = [
  text('invoiceNumber', 50),
  text('orderNumber', 50),
  ...SHARED,
  ...DATES,
] as const satisfies readonly FilterField[];

/** Filters of the offer history: number, status (open, processed), the shared ones and dates. */
export const OFFER_FILTERS = [
  text('offerNumber', 50),
  { name: 'status', kind: 'choice', choices: OFFER_STATUSES },
  ...SHARED,
  ...DATES,
] as const satisfies readonly FilterField[];

/** The codec of each filter list, built once. */
const codecs = new WeakMap<readonly FilterField[], UrlCodec<Record<string, string> & { page: number }>>();

/** The query-string codec of a history's filters (`spec` in its order, then `page`). */
export function historyUrl<S extends readonly FilterField[]>(spec: S): UrlCodec<HistoryFilters<S>> {
  let codec = codecs.get(spec);
  if (!codec) {
    const params: Record<string, UrlParam<string>> = {};
    for (const field of spec)
      params[field.name] =
        field.kind === 'text'
          ? textParam({ maxLength: field.maxLength })
          : field.kind === 'date'
            ? dayParam()
            : choiceParam(field.choices);
    codec = urlCodec({ ...params, page: pageParam() }) as unknown as UrlCodec<
      Record<string, string> & { page: number }
    >;
    codecs.set(spec, codec);
  }
  return codec as unknown as UrlCodec<HistoryFilters<S>>;
}

/** The filters as a query string in the order of `spec` (unset values and page 1 left out). */
export function serializeFilters<S extends readonly FilterField[]>(spec: S, filters: HistoryFilters<S>): string {
  return historyUrl(spec).serialize(filters);
}

/** The Store API query of a filter state: `page`, `limit` (20) and every set filter. */
function historySearch<S extends readonly FilterField[]>(spec: S, filters: HistoryFilters<S>): Record<string, string> {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(HISTORY_PAGE_SIZE) });
  for (const [name, value] of new URLSearchParams(serializeFilters(spec, { ...filters, page: 1 })))
    params.set(name, value);
  return Object.fromEntries(params);
}

/** GET `{provider}/order/history`: one page of the orders of every channel, newest first. */
export async function listErpOrders(filters: HistoryFilters<typeof ORDER_FILTERS>): Promise<ErpOrderHistoryResponse> {
  return provider.invoke('readErpOrderHistory', {
    query: historySearch(ORDER_FILTERS, filters) as ErpOrderHistoryQuery,
  });
}

/** GET `{provider}/order/history/detail?orderNumber=&firm=&warehouse=`: one order with lines, deliveries, invoices. */
export async function fetchErpOrder(key: ErpOrderDetailQuery): Promise<ErpOrderDetail> {
  const query: ErpOrderDetailQuery = { orderNumber: key.orderNumber };
  if (key.firm) query.firm = key.firm;
  if (key.warehouse) query.warehouse = key.warehouse;
  return provider.invoke('readErpOrderDetail', { query });
}

/** GET `{provider}/invoice/history`: one page of the company's invoices, newest first. */
export async function listInvoices(filters: HistoryFilters<typeof INVOICE_FILTERS>): Promise<InvoiceHistoryResponse> {
  return provider.invoke('readInvoiceHistory', {
    query: historySearch(INVOICE_FILTERS, filters) as InvoiceHistoryQuery,
  });
}

/** GET `{provider}/offer/history`: one page of offers, newest first. */
export async function listOffers(filters: HistoryFilters<typeof OFFER_FILTERS>): Promise<OfferHistoryResponse> {
  return provider.invoke('readOfferHistory', { query: historySearch(OFFER_FILTERS, filters) as OfferHistoryQuery });
}

/** GET `{provider}/offer/history/detail?offerNumber=`: one offer with its lines. */
export async function fetchOffer(offerNumber: string): Promise<OfferDetail> {
  return provider.invoke('readOfferDetail', { query: { offerNumber } });
}

/**
 * POST `{provider}/offer/cart` `{ offerNumber }`: puts the lines of a processed, valid offer into the caller's cart
 * at the offered prices; answers how many lines went in. The cart itself is not in the answer (read it again).
 */
export async function offerToCart(offerNumber: string): Promise<OfferToCartResponse> {
  return provider.invoke('offerToCart', { body: { offerNumber } });
}

/**
 * Same-origin download paths of the ERP's PDFs through the Store API proxy (`/store-api/{provider}/…`, answered as
 * `application/pdf` with the file name in `Content-Disposition`): an invoice, its proof of delivery, an offer. The
 * links carry `download`, so the browser saves the file instead of leaving the shop.
 */
export const documentHref = {
  invoice: (invoiceNumber: string) => provider.href('readInvoiceDocument', { params: { invoiceNumber } }),
  proofOfDelivery: (invoiceNumber: string) =>
    provider.href('readInvoiceProofOfDelivery', { params: { invoiceNumber } }),
  offer: (offerNumber: string) => provider.href('readOfferDocument', { params: { offerNumber } }),
};

/** Today as an ISO calendar day in Europe/Brussels, the ERP's calendar (an offer is valid through `validUntil`). */
export function brusselsToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(now);
}

/** The account route of an ERP order: `/account/orders/details/{number}/{firm}[/{warehouse}]`. */
export function erpOrderPath(order: { orderNumber: string; firm: string; warehouse: string | null }): string {
  return ['/account/orders/details', order.orderNumber, order.firm, ...(order.warehouse ? [order.warehouse] : [])]
    .map((s, i) => (i === 0 ? s : encodeURIComponent(s)))
    .join('/');
}
