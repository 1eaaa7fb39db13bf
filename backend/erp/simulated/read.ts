/**
 * The simulated ERP's order and invoice histories and the order detail, answered in the provider contract's shapes
 * (contract/provider/erp.ts). Filters as the contract documents them: `status` one status or `not_open` (every
 * status but open); `dateFrom`/`dateTo` calendar days in Europe/Brussels, both included (the order day, the invoice
 * day); `customerReference` a part of the reference, case ignored; `productNumber` and `customerArticleNumber` exact,
 * case ignored, on any line; numbers exact. Newest first (day, then time, then number, descending), paged.
 * Amounts are cents in the database and EUR numbers in the answers. A line of an article in the catalogue is named
 * in the scope's language (`productNames`).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  erpDeliveryLineTable,
  erpDeliveryTable,
  erpInvoiceTable,
  erpOrderLineTable,
  erpOrderTable,
  productTable,
  type ErpTaxEntry,
} from '../../db/schema/index.ts';
import { translateFields } from '../../lib/translate.ts';
import { escapeLike } from '../../db/like.ts';
import { centsToNumber } from '../../lib/price.ts';
import type {
  ErpDelivery,
  ErpInvoice,
  ErpOrderDetail,
  ErpOrderHistoryFilter,
  ErpOrderLine,
  ErpOrderStatus,
  ErpOrderChannel,
  ErpOrderSummary,
  ErpOrderType,
  InvoiceHistoryFilter,
} from '../../../contract/provider/erp.ts';
import type { ErpPage, ErpScope } from '../port.ts';

/** The paths of the invoice PDFs below the Store API. */
export function invoiceLinks(provider: string, invoiceNumber: string, hasDelivery: boolean) {
  const base = `/store-api/${provider}/invoice/${encodeURIComponent(invoiceNumber)}`;
  return { invoiceLink: `${base}/document`, proofOfDeliveryLink: hasDelivery ? `${base}/proof-of-delivery` : null };
}

/** The offer PDF's path below the Store API. */
export function offerLink(provider: string, offerNumber: string): string {
  return `/store-api/${provider}/offer/${encodeURIComponent(offerNumber)}/document`;
}

/**
 * The catalogue names of products in `locale` (with the catalogue's fallback chain), by product id: the ERP prints an
 * article's name in the caller's language where the catalogue has it, else the text stored with the line.
 */
export async function productNames(db: Db, productIds: readonly (string | null)[], locale: string) {
  const ids = [...new Set(productIds.filter((id): id is string => Boolean(id)))];
  const rows = ids.length
    ? await db
        .select({ id: productTable.id, translated: productTable.translated })
        .from(productTable)
        .where(inArray(productTable.id, ids))
    : [];
  const names = new Map(rows.map((r) => [r.id, translateFields(r.translated, locale).name]));
  return (productId: string | null, stored: string): string => (productId && names.get(productId)) || stored;
}

/** Condition: the order is in the scope (company, and the customer unless the whole company's are wanted). */
export function orderInScope(scope: ErpScope): SQL {
  return scope.customerId
    ? and(eq(erpOrderTable.companyId, scope.companyId), eq(erpOrderTable.customerId, scope.customerId))!
    : eq(erpOrderTable.companyId, scope.companyId);
}

/** Conditions on an order's lines and reference shared by the order and invoice histories. */
function lineAndReferenceFilters(filter: {
  productNumber?: string | undefined;
  customerArticleNumber?: string | undefined;
  customerReference?: string | undefined;
}): SQL[] {
  const conditions: SQL[] = [];
  if (filter.productNumber) {
    conditions.push(sql`EXISTS (SELECT 1 FROM erp_order_line l WHERE l.erp_order_id = ${erpOrderTable.id}
      AND lower(l.product_number) = lower(${filter.productNumber}))`);
  }
  if (filter.customerArticleNumber) {
    conditions.push(sql`EXISTS (SELECT 1 FROM erp_order_line l WHERE l.erp_order_id = ${erpOrderTable.id}
      AND lower(l.customer_article_number) = lower(${filter.customerArticleNumber}))`);
  }
  if (filter.customerReference) {
    conditions.push(
      sql`lower(${erpOrderTable.customerReference}) LIKE ${`%${escapeLike(filter.customerReference.toLowerCase())}%`}`,
    );
  }
  return conditions;
}

const taxesOf = (taxes: ErpTaxEntry[]) =>
  taxes.map((t) => ({
    taxRate: Number(t.taxRate),
    price: centsToNumber(t.netCents),
    tax: centsToNumber(t.taxCents),
  }));

type OrderRow = typeof erpOrderTable.$inferSelect;

function summaryOf(o: OrderRow, lineCount: number): ErpOrderSummary {
  return {
    orderNumber: o.orderNumber,
    firm: o.firm,
    warehouse: o.warehouse,
    orderDate: o.orderDate,
    status: o.status as ErpOrderStatus,
    channel: o.channel as ErpOrderChannel,
    type: o.type as ErpOrderType,
    customerReference: o.customerReference,
    orderReferences: o.orderReferences,
    orderedBy: o.orderedBy,
    lineCount,
    totalPrice: centsToNumber(o.goodsCents),
    totalAmount: centsToNumber(o.totalCents),
    currency: 'EUR',
  };
}

const lineCountSql = sql<number>`(SELECT count(*)::int FROM erp_order_line l WHERE l.erp_order_id = ${erpOrderTable.id})`;

/** One page of the scope's orders (module comment). */
export async function orderHistory(
  db: Db,
  scope: ErpScope,
  filter: ErpOrderHistoryFilter,
): Promise<ErpPage<ErpOrderSummary>> {
  const conditions: SQL[] = [orderInScope(scope), ...lineAndReferenceFilters(filter)];
  if (filter.orderNumber) conditions.push(eq(erpOrderTable.orderNumber, filter.orderNumber));
  if (filter.status === 'not_open') conditions.push(sql`${erpOrderTable.status} <> 'open'`);
  else if (filter.status) conditions.push(eq(erpOrderTable.status, filter.status));
  if (filter.dateFrom) conditions.push(sql`${erpOrderTable.orderDate} >= ${filter.dateFrom}::date`);
  if (filter.dateTo) conditions.push(sql`${erpOrderTable.orderDate} <= ${filter.dateTo}::date`);
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(erpOrderTable)
    .where(where);
  const rows = await db
    .select({ order: erpOrderTable, lineCount: lineCountSql })
    .from(erpOrderTable)
    .where(where)
    .orderBy(desc(erpOrderTable.orderDate), desc(erpOrderTable.orderDateTime), desc(erpOrderTable.orderNumber))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  return {
    elements: rows.map((r) => summaryOf(r.order, Number(r.lineCount))),
    total: Number(total),
    page: filter.page,
    limit: filter.limit,
  };
}

type InvoiceRow = typeof erpInvoiceTable.$inferSelect;

function invoiceOf(
  provider: string,
  i: InvoiceRow,
  order: { orderNumber: string; customerReference: string | null },
  shippingNoteNumber: string | null,
): ErpInvoice {
  return {
    invoiceNumber: i.invoiceNumber,
    invoiceDate: i.invoiceDate,
    orderNumber: order.orderNumber,
    customerReference: order.customerReference,
    shippingNoteNumber,
    totalPrice: centsToNumber(i.netCents),
    totalAmount: centsToNumber(i.totalCents),
    ...invoiceLinks(provider, i.invoiceNumber, i.deliveryId !== null),
  };
}

/** One order by number (and firm and warehouse when given) in the scope, with lines, deliveries and invoices. */
export async function orderDetail(
  db: Db,
  provider: string,
  scope: ErpScope,
  key: { orderNumber: string; firm?: string | undefined; warehouse?: string | undefined },
): Promise<ErpOrderDetail | null> {
  const conditions: SQL[] = [orderInScope(scope), eq(erpOrderTable.orderNumber, key.orderNumber)];
  if (key.firm) conditions.push(eq(erpOrderTable.firm, key.firm));
  if (key.warehouse) conditions.push(eq(erpOrderTable.warehouse, key.warehouse));
  const [order] = await db
    .select()
    .from(erpOrderTable)
    .where(and(...conditions))
    .limit(1);
  if (!order) return null;
  const lines = await db
    .select()
    .from(erpOrderLineTable)
    .where(eq(erpOrderLineTable.erpOrderId, order.id))
    .orderBy(asc(erpOrderLineTable.lineNumber));
  const deliveries = await db
    .select()
    .from(erpDeliveryTable)
    .where(eq(erpDeliveryTable.erpOrderId, order.id))
    .orderBy(asc(erpDeliveryTable.shippedAt), asc(erpDeliveryTable.shippingNoteNumber));
  const deliveryLines = deliveries.length
    ? await db
        .select()
        .from(erpDeliveryLineTable)
        .where(
          inArray(
            erpDeliveryLineTable.deliveryId,
            deliveries.map((d) => d.id),
          ),
        )
        .orderBy(asc(erpDeliveryLineTable.lineNumber))
    : [];
  const invoices = await db.select().from(erpInvoiceTable).where(eq(erpInvoiceTable.erpOrderId, order.id));
  const nameOf = await productNames(
    db,
    lines.map((l) => l.productId),
    scope.locale,
  );
  const noteOf = new Map(deliveries.map((d) => [d.id, d.shippingNoteNumber]));
  const invoice = invoices[0] ?? null;
  const lastNoteOfLine = new Map<number, string>();
  for (const d of deliveries) {
    for (const l of deliveryLines) if (l.deliveryId === d.id) lastNoteOfLine.set(l.lineNumber, d.shippingNoteNumber);
  }
  const mappedDeliveries: ErpDelivery[] = deliveries.map((d) => ({
    shippingNoteNumber: d.shippingNoteNumber,
    deliveryDate: d.deliveryDate,
    sendingNumber: d.sendingNumber,
    lines: deliveryLines
      .filter((l) => l.deliveryId === d.id)
      .map((l) => ({ lineNumber: l.lineNumber, quantity: l.quantity })),
  }));
  const mappedLines: ErpOrderLine[] = lines.map((l) => ({
    lineNumber: l.lineNumber,
    productNumber: l.productNumber,
    name: nameOf(l.productId, l.name),
    customerArticleNumber: l.customerArticleNumber,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: Number(l.unitPrice),
    totalPrice: centsToNumber(l.totalCents),
    taxRate: Number(l.taxRate),
    deliveredQuantity: l.deliveredQuantity,
    deliveryDate: l.deliveryDate,
    shippingNoteNumber: lastNoteOfLine.get(l.lineNumber) ?? null,
    invoiceNumber: invoice?.invoiceNumber ?? null,
    invoiceDate: invoice?.invoiceDate ?? null,
  }));
  return {
    ...summaryOf(order, lines.length),
    deliveryAddress: order.deliveryAddress,
    billingAddress: order.billingAddress,
    deliveryCost: centsToNumber(order.deliveryCostCents),
    additionalCost: centsToNumber(order.additionalCostCents),
    taxes: taxesOf(order.taxes),
    sendingNumber: deliveries.at(-1)?.sendingNumber ?? null,
    lines: mappedLines,
    deliveries: mappedDeliveries,
    invoices: invoices.map((i) =>
      invoiceOf(provider, i, order, i.deliveryId ? (noteOf.get(i.deliveryId) ?? null) : null),
    ),
  };
}

/** One page of the company's invoices (module comment); `scope.customerId` is ignored. */
export async function invoiceHistory(
  db: Db,
  provider: string,
  scope: ErpScope,
  filter: InvoiceHistoryFilter,
): Promise<ErpPage<ErpInvoice>> {
  const conditions: SQL[] = [eq(erpInvoiceTable.companyId, scope.companyId), ...lineAndReferenceFilters(filter)];
  if (filter.invoiceNumber) conditions.push(eq(erpInvoiceTable.invoiceNumber, filter.invoiceNumber));
  if (filter.orderNumber) conditions.push(eq(erpOrderTable.orderNumber, filter.orderNumber));
  if (filter.dateFrom) conditions.push(sql`${erpInvoiceTable.invoiceDate} >= ${filter.dateFrom}::date`);
  if (filter.dateTo) conditions.push(sql`${erpInvoiceTable.invoiceDate} <= ${filter.dateTo}::date`);
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(erpInvoiceTable)
    .innerJoin(erpOrderTable, eq(erpOrderTable.id, erpInvoiceTable.erpOrderId))
    .where(where);
  const rows = await db
    .select({
      invoice: erpInvoiceTable,
      orderNumber: erpOrderTable.orderNumber,
      customerReference: erpOrderTable.customerReference,
      shippingNoteNumber: erpDeliveryTable.shippingNoteNumber,
    })
    .from(erpInvoiceTable)
    .innerJoin(erpOrderTable, eq(erpOrderTable.id, erpInvoiceTable.erpOrderId))
    .leftJoin(erpDeliveryTable, eq(erpDeliveryTable.id, erpInvoiceTable.deliveryId))
    .where(where)
    .orderBy(desc(erpInvoiceTable.invoiceDate), desc(erpInvoiceTable.invoiceNumber))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  return {
    elements: rows.map((r) => invoiceOf(provider, r.invoice, r, r.shippingNoteNumber)),
    total: Number(total),
    page: filter.page,
    limit: filter.limit,
  };
}
