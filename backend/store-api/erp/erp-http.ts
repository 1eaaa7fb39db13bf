/**
 * What the ERP endpoints of the Store API share (docs/decisions/016-erp.md): their dependencies, the scope they pass
 * to the ERP port, their 404 errors and the PDF answer.
 *
 * Scope: orders and offers are the caller's own, or the whole company's with ROLE_MANAGE_COMPANY_ORDER_HISTORY (the
 * rule of the shop's own order history, ../order/order.routes.ts `historyScope`); invoices are always the company's.
 * A number outside the scope is unknown to the port, so it answers exactly like a number that does not exist: 404.
 */
import type { Context } from 'hono';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ErpDocument, ErpPort, ErpScope } from '../../erp/port.ts';
import { StoreApiError } from '../../http/errors.ts';
import type { StoreApiEnv } from '../context.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

/** The simulated ERP's clock: processes everything due up to `now` (orders' steps, offer answers). */
export interface ErpSimulationClock {
  advance(now: Date): Promise<unknown>;
}

export interface ErpRouteDeps {
  db: Db;
  config: BackendConfig;
  /** The ERP behind the endpoints: the simulated one or a supplier's connector. */
  erp: ErpPort;
  /** The simulated ERP's clock when `erp` is the simulated one; absent (or null) for a real ERP. */
  erpSimulation?: ErpSimulationClock | null;
  /** Environment for WERKBANK_DEV_OUTBOX (default process.env). */
  env?: Record<string, string | undefined>;
  /** Current time of offer validity and of the development advance; defaults to `new Date()`. */
  now?: () => Date;
}

/** The scope of orders and offers: the company's with ROLE_MANAGE_COMPANY_ORDER_HISTORY, else the caller's own. */
export function historyScope(c: Context<StoreApiEnv>, me: AuthenticatedCustomer): ErpScope {
  return {
    companyId: me.companyId,
    customerId: me.rights.has('ROLE_MANAGE_COMPANY_ORDER_HISTORY') ? null : me.id,
    locale: c.get('context').language.localeCode,
  };
}

/** The scope of invoices: always the caller's company (invoices are addressed to the company). */
export function companyScope(c: Context<StoreApiEnv>, me: AuthenticatedCustomer): ErpScope {
  return { companyId: me.companyId, customerId: null, locale: c.get('context').language.localeCode };
}

/** 404 `{PROVIDER}__INVOICE_NOT_FOUND` for an invoice (or its proof of delivery) unknown or of another company. */
export function invoiceNotFound(provider: string, invoiceNumber: string): StoreApiError {
  return new StoreApiError(
    404,
    providerErrorCode(provider, 'INVOICE_NOT_FOUND'),
    `The invoice "${invoiceNumber}" was not found.`,
    { parameters: { invoice: invoiceNumber } },
  );
}

/** 404 `{PROVIDER}__OFFER_NOT_FOUND` for an offer unknown or outside the caller's scope. */
export function offerNotFound(provider: string, offerNumber: string): StoreApiError {
  return new StoreApiError(
    404,
    providerErrorCode(provider, 'OFFER_NOT_FOUND'),
    `The offer "${offerNumber}" was not found.`,
    {
      parameters: { offer: offerNumber },
    },
  );
}

/**
 * The answer of a PDF: `application/pdf` as a download (`Content-Disposition: attachment`, RFC 6266, with the
 * ERP's file name) that no cache keeps (`Cache-Control: private, no-store`: the document holds the company's data).
 */
export function pdfResponse(c: Context<StoreApiEnv>, document: ErpDocument): Response {
  const fileName = document.fileName.replace(/[^\w.-]/g, '_');
  return c.body(document.bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'private, no-store',
  });
}
