/**
 * The order and invoice history of the supplier's ERP (contract/provider/erp.ts, docs/decisions/016-erp.md), every
 * channel's orders and not only the shop's:
 *
 * - `GET /store-api/{provider}/order/history` (ErpOrderHistoryQuery → one page of ErpOrderSummary, newest first) and
 *   `GET …/order/history/detail?orderNumber=` (→ ErpOrderDetail; 404 `{PROVIDER}__ORDER_NOT_FOUND`): need
 *   ROLE_MANAGE_ORDER_HISTORY; the caller's own orders, the company's with ROLE_MANAGE_COMPANY_ORDER_HISTORY.
 * - `GET …/invoice/history` (InvoiceHistoryQuery → one page of ErpInvoice, newest first): needs
 *   ROLE_MANAGE_INVOICE_HISTORY; the company's invoices.
 * - `GET …/invoice/{invoiceNumber}/document` and `…/proof-of-delivery`: the invoice and its proof of delivery as
 *   `application/pdf` downloads; need ROLE_MANAGE_INVOICE_HISTORY, the invoice also ROLE_VIEW_PRICES; 404
 *   `{PROVIDER}__INVOICE_NOT_FOUND` for an unknown number, another company's, or an invoice without a delivery (no
 *   proof of delivery).
 *
 * A customer without ROLE_VIEW_PRICES gets every history without amounts (0, ../prices-hidden.ts) and no invoice PDF
 * (docs/decisions/014, "Buyers without ROLE_VIEW_PRICES").
 *
 * Without a login 403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN`, without the right 403 `{PROVIDER}__MISSING_RIGHT` naming it;
 * a broken query rule 400 with one `VIOLATION::…` item per rule (a `limit` above 100, a `dateFrom` after `dateTo`).
 */
import type { Hono } from 'hono';
import {
  type ErpOrderDetail,
  type ErpOrderHistoryResponse,
  type InvoiceHistoryResponse,
} from '../../../contract/provider/erp.ts';
import { requireCustomer, requireRight } from '../../auth/guards.ts';
import type { ErpDocumentKind } from '../../erp/port.ts';
import { providerRoute } from '../../http/provider-route.ts';
import type { StoreApiEnv } from '../context.ts';
import { orderNotFound } from '../../commerce/orders/order-records.ts';
import { companyScope, historyScope, invoiceNotFound, pdfResponse, type ErpRouteDeps } from './erp-http.ts';
import { pricedFor } from '../../commerce/accounts/prices-hidden.ts';

/** Registers the order and invoice history routes (see the module comment). */
export function registerErpHistoryRoutes(app: Hono<StoreApiEnv>, deps: ErpRouteDeps): void {
  const { db, config, erp } = deps;

  providerRoute(app, config.provider, 'readErpOrderHistory', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_ORDER_HISTORY', config.provider);
    const page = await erp.orderHistory(historyScope(c, me), c.req.valid('query'));
    c.header('cache-control', 'private, no-store');
    return pricedFor(me, page satisfies ErpOrderHistoryResponse);
  });

  providerRoute(app, config.provider, 'readErpOrderDetail', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_ORDER_HISTORY', config.provider);
    const key = c.req.valid('query');
    const order = await erp.orderDetail(historyScope(c, me), key);
    if (!order) throw orderNotFound(config.provider, key.orderNumber);
    c.header('cache-control', 'private, no-store');
    return pricedFor(me, order satisfies ErpOrderDetail);
  });

  providerRoute(app, config.provider, 'readInvoiceHistory', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_INVOICE_HISTORY', config.provider);
    const page = await erp.invoiceHistory(companyScope(c, me), c.req.valid('query'));
    c.header('cache-control', 'private, no-store');
    return pricedFor(me, page satisfies InvoiceHistoryResponse);
  });

  const kinds = {
    readInvoiceDocument: 'invoice',
    readInvoiceProofOfDelivery: 'proof-of-delivery',
  } as const satisfies Record<string, ErpDocumentKind>;
  for (const [operationId, kind] of Object.entries(kinds)) {
    providerRoute(app, config.provider, operationId as keyof typeof kinds, async (c) => {
      const me = await requireCustomer(c, db);
      requireRight(me, 'ROLE_MANAGE_INVOICE_HISTORY', config.provider);
      // An invoice is a document of amounts, rendered by the ERP: nothing to take out, so refused without the right
      // to see prices. The proof of delivery names no price (docs/decisions/014, "Buyers without ROLE_VIEW_PRICES").
      if (kind === 'invoice') requireRight(me, 'ROLE_VIEW_PRICES', config.provider);
      const { invoiceNumber } = c.req.valid('param');
      const document = await erp.document(companyScope(c, me), kind, invoiceNumber);
      if (!document) throw invoiceNotFound(config.provider, invoiceNumber);
      return pdfResponse(c, document);
    });
  }
}
