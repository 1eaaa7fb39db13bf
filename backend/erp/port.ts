/**
 * The ERP port: everything the Store API asks of the supplier's ERP (docs/decisions/016-erp.md). The history, invoice
 * and offer endpoints read and write only through this interface; the embedded Store API plugs in the simulated ERP
 * (`backend/erp/simulated/`), a supplier plugs in a connector to their real ERP behind the same interface.
 *
 * Shapes: the answers are the provider contract's (contract/provider/erp.ts), so a connector maps its ERP's records
 * once, here. Scope is always given by the caller (the Store API checks rights and company before it asks): an
 * `ErpScope` names the company and, unless the whole company's documents are wanted, the customer. A number of
 * another company is answered as unknown (`null`), never as "forbidden".
 */
import type {
  ErpInvoice,
  ErpOrderDetail,
  ErpOrderHistoryFilter,
  ErpOrderSummary,
  InvoiceHistoryFilter,
  OfferDetail,
  OfferHistoryFilter,
  OfferSummary,
} from '../../contract/provider/erp.ts';

/** Whose documents a call may see: the company's, or only one customer's of it. */
export interface ErpScope {
  companyId: string;
  /** Only this customer's orders and offers; null for the whole company (ROLE_MANAGE_COMPANY_ORDER_HISTORY). */
  customerId: string | null;
  /** The caller's locale (e.g. 'de-DE'): product names and documents in that language where the ERP has it. */
  locale: string;
}

/** One page of a history: the elements, the total matching and the page asked for. */
export interface ErpPage<T> {
  elements: T[];
  total: number;
  page: number;
  limit: number;
}

/** A PDF made by the ERP: its file name (e.g. `invoice-926000123.pdf`) and bytes. */
export interface ErpDocument {
  fileName: string;
  bytes: Uint8Array;
}

/** The kinds of PDF the ERP keeps. */
export type ErpDocumentKind = 'invoice' | 'proof-of-delivery' | 'offer';

/** An offer request from a cart: who asks, the product lines at their quantities and the buyer's texts. */
export interface OfferRequestInput {
  companyId: string;
  customerId: string;
  locale: string;
  comment: string | null;
  clientReference: string | null;
  /**
   * The cart's product lines in cart order; `customerArticleNumber` is the company's own number for the article
   * (article links, docs/decisions/017), null or absent without one.
   */
  lines: {
    productId: string;
    productNumber: string;
    label: string;
    quantity: number;
    unit: string | null;
    customerArticleNumber?: string | null;
  }[];
}

/** The lines of a processed, valid offer at their offered prices, for the cart. */
export interface OfferForCart {
  offerNumber: string;
  validUntil: string;
  lines: { lineNumber: number; productId: string; quantity: number; unitPrice: string }[];
}

export interface ErpPort {
  /**
   * Hands a shop order to the ERP after the order's transaction committed. Idempotent per order id: a second call
   * for the same order changes nothing.
   */
  transferOrder(orderId: string): Promise<void>;

  /** One page of orders of every channel, newest first (ties by number, descending). */
  orderHistory(scope: ErpScope, filter: ErpOrderHistoryFilter): Promise<ErpPage<ErpOrderSummary>>;
  /** One order by number (and firm and warehouse when given); null when unknown or out of scope. */
  orderDetail(
    scope: ErpScope,
    key: { orderNumber: string; firm?: string | undefined; warehouse?: string | undefined },
  ): Promise<ErpOrderDetail | null>;

  /** One page of the company's invoices, newest first. `scope.customerId` is ignored: invoices are the company's. */
  invoiceHistory(scope: ErpScope, filter: InvoiceHistoryFilter): Promise<ErpPage<ErpInvoice>>;

  /** Sends an offer request; answers the new offer (status open, no prices yet). */
  requestOffer(input: OfferRequestInput): Promise<OfferDetail>;
  /** One page of offers, newest first. */
  offerHistory(scope: ErpScope, filter: OfferHistoryFilter): Promise<ErpPage<OfferSummary>>;
  /** One offer by number; null when unknown or out of scope. */
  offerDetail(scope: ErpScope, offerNumber: string): Promise<OfferDetail | null>;
  /**
   * The offered lines of a processed offer that is valid at `at` (its last day included, Europe/Brussels); null when
   * unknown, out of scope, still open or expired.
   */
  offerForCart(scope: ErpScope, offerNumber: string, at: Date): Promise<OfferForCart | null>;

  /**
   * A PDF: an invoice or its proof of delivery by invoice number, an offer by offer number (processed only). Null
   * when unknown or of another company (invoices: `scope.customerId` ignored).
   */
  document(scope: ErpScope, kind: ErpDocumentKind, number: string): Promise<ErpDocument | null>;
}
