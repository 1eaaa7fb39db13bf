/**
 * The simulated ERP's PDFs (docs/decisions/016-erp.md, "Documents"): the data of ../documents/types.ts built from the
 * same records the histories answer, rendered by ../documents/render.ts on request and never stored. The supplier is
 * ./supplier.ts's; the customer is the company (name, address, VAT number, client number, invoice e-mail, phone).
 * - invoice: by invoice number, the invoice's order lines and amounts, the delivery note of its delivery;
 * - proof of delivery: by invoice number, the delivery the invoice covers (none while an order paid in advance is not
 *   shipped: null);
 * - offer: by offer number, processed offers only, priced lines; VAT per rate of the delivery country (the company's)
 *   as the cart computes it (backend/lib/vat-rates.ts).
 * Invoices belong to the company, so their scope is the company alone; offers follow the scope's customer.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companyTable,
  erpDeliveryLineTable,
  erpDeliveryTable,
  erpInvoiceTable,
  erpOrderLineTable,
  erpOrderTable,
  productTable,
  type ErpAddress,
  type ErpTaxEntry,
} from '../../db/schema/index.ts';
import { percentOfCents } from '../../lib/price.ts';
import { vatRateFor } from '../../lib/vat-rates.ts';
import { renderDocument } from '../documents/render.ts';
import type { DocumentParty, DocumentTotals, PricedDocumentLine } from '../documents/types.ts';
import type { ErpDocument, ErpDocumentKind, ErpScope } from '../port.ts';
import { loadOffer } from './offers.ts';
import { productNames } from './read.ts';
import { SUPPLIER } from './supplier.ts';

type CompanyRow = typeof companyTable.$inferSelect;

/** The country's name in `locale` (ISO 3166-1 alpha-2 code when the runtime has no name). */
function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Printable lines of an address: street and number (and box), postal code and city, country. */
function addressLines(
  a: Pick<ErpAddress, 'street' | 'houseNumber' | 'box' | 'zipcode' | 'city' | 'countryCode'>,
  locale: string,
): string[] {
  const street = [a.street, a.houseNumber, a.box].filter(Boolean).join(' ');
  return [street, `${a.zipcode} ${a.city}`, countryName(a.countryCode, locale)].filter((l) => l.trim() !== '');
}

function customerOf(company: CompanyRow, locale: string): DocumentParty {
  return {
    name: company.name,
    addressLines: addressLines(
      {
        street: company.street ?? '',
        houseNumber: company.houseNumber,
        box: company.box,
        zipcode: company.zipcode ?? '',
        city: company.city ?? '',
        countryCode: company.countryCode,
      },
      locale,
    ),
    vatNumber: company.vatId,
    customerNumber: company.companyNumber,
    email: company.emailForInvoice,
    phone: company.phone,
  };
}

const taxesOf = (taxes: ErpTaxEntry[]) =>
  taxes.map((t) => ({ rate: Number(t.taxRate).toFixed(2), netCents: t.netCents, taxCents: t.taxCents }));

/** Whether two addresses are the same place (name and company aside). */
const samePlace = (a: ErpAddress, b: ErpAddress) =>
  a.street === b.street && a.houseNumber === b.houseNumber && a.zipcode === b.zipcode && a.city === b.city;

async function companyById(db: Db, companyId: string): Promise<CompanyRow | null> {
  const [company] = await db.select().from(companyTable).where(eq(companyTable.id, companyId));
  return company ?? null;
}

/** The invoice, its order and lines, and its delivery, of the scope's company. */
async function loadInvoice(db: Db, scope: ErpScope, invoiceNumber: string) {
  const [found] = await db
    .select({ invoice: erpInvoiceTable, order: erpOrderTable })
    .from(erpInvoiceTable)
    .innerJoin(erpOrderTable, eq(erpOrderTable.id, erpInvoiceTable.erpOrderId))
    .where(and(eq(erpInvoiceTable.companyId, scope.companyId), eq(erpInvoiceTable.invoiceNumber, invoiceNumber)))
    .limit(1);
  if (!found) return null;
  const lines = await db
    .select()
    .from(erpOrderLineTable)
    .where(eq(erpOrderLineTable.erpOrderId, found.order.id))
    .orderBy(asc(erpOrderLineTable.lineNumber));
  const [delivery] = found.invoice.deliveryId
    ? await db.select().from(erpDeliveryTable).where(eq(erpDeliveryTable.id, found.invoice.deliveryId))
    : [];
  return { ...found, lines, delivery: delivery ?? null };
}

/**
 * A PDF of the simulated ERP (module comment), or null when the number is unknown, of another company, or the
 * document does not exist (proof of delivery before shipping, offer still open).
 */
export async function erpDocument(
  db: Db,
  scope: ErpScope,
  kind: ErpDocumentKind,
  number: string,
): Promise<ErpDocument | null> {
  const locale = scope.locale;
  if (kind === 'offer') {
    const found = await loadOffer(db, scope, number);
    if (!found || found.offer.status !== 'processed' || !found.offer.validUntil) return null;
    const company = await companyById(db, found.offer.companyId);
    if (!company) return null;
    const priced = found.lines.filter((l) => l.unitPrice !== null && l.totalCents !== null);
    const nameOf = await productNames(
      db,
      priced.map((l) => l.productId),
      locale,
    );
    const productIds = priced.map((l) => l.productId).filter((id): id is string => Boolean(id));
    const rates = new Map(
      (productIds.length
        ? await db
            .select({ id: productTable.id, taxRate: productTable.taxRate })
            .from(productTable)
            .where(inArray(productTable.id, productIds))
        : []
      ).map((p) => [p.id, vatRateFor(String(p.taxRate ?? '21'), company.countryCode)]),
    );
    const netPerRate = new Map<string, number>();
    for (const l of priced) {
      const rate = (l.productId && rates.get(l.productId)) || vatRateFor('21', company.countryCode);
      netPerRate.set(rate, (netPerRate.get(rate) ?? 0) + l.totalCents!);
    }
    const taxes = [...netPerRate].map(([rate, netCents]) => ({
      rate,
      netCents,
      taxCents: percentOfCents(netCents, rate),
    }));
    const goodsCents = priced.reduce((s, l) => s + l.totalCents!, 0);
    const totals: DocumentTotals = {
      goodsCents,
      deliveryCostCents: 0,
      additionalCostCents: 0,
      netCents: goodsCents,
      taxes,
      totalCents: goodsCents + taxes.reduce((s, t) => s + t.taxCents, 0),
    };
    const bytes = await renderDocument({
      kind: 'offer',
      locale,
      supplier: SUPPLIER,
      customer: customerOf(company, locale),
      offerNumber: found.offer.offerNumber,
      offerDate: found.offer.offerDate,
      validUntil: found.offer.validUntil,
      clientReference: found.offer.clientReference,
      comment: found.offer.comment,
      lines: priced.map((l) => ({
        lineNumber: l.lineNumber,
        productNumber: l.productNumber,
        description: nameOf(l.productId, l.description),
        customerArticleNumber: l.customerArticleNumber,
        quantity: l.quantity,
        unit: l.unit,
        unitPrice: l.unitPrice!,
        totalCents: l.totalCents!,
        deliveryDate: l.deliveryDate,
      })),
      totals,
    });
    return { fileName: `offer-${found.offer.offerNumber}.pdf`, bytes };
  }

  const found = await loadInvoice(db, scope, number);
  if (!found) return null;
  const company = await companyById(db, found.order.companyId);
  if (!company) return null;
  const { invoice, order, lines, delivery } = found;
  const customer = customerOf(company, locale);
  const nameOf = await productNames(
    db,
    lines.map((l) => l.productId),
    locale,
  );
  if (kind === 'proof-of-delivery') {
    if (!delivery) return null;
    const deliveryLines = await db
      .select()
      .from(erpDeliveryLineTable)
      .where(eq(erpDeliveryLineTable.deliveryId, delivery.id))
      .orderBy(asc(erpDeliveryLineTable.lineNumber));
    const lineOf = new Map(lines.map((l) => [l.lineNumber, l]));
    const bytes = await renderDocument({
      kind: 'proof-of-delivery',
      locale,
      supplier: SUPPLIER,
      customer,
      shippingNoteNumber: delivery.shippingNoteNumber,
      deliveryDate: delivery.deliveryDate,
      orderNumber: order.orderNumber,
      customerReference: order.customerReference,
      invoiceNumber: invoice.invoiceNumber,
      sendingNumber: delivery.sendingNumber,
      deliveryAddressLines: addressLines(order.deliveryAddress ?? order.billingAddress, locale),
      lines: deliveryLines.map((d) => {
        const line = lineOf.get(d.lineNumber);
        return {
          lineNumber: d.lineNumber,
          productNumber: line?.productNumber ?? '',
          description: line ? nameOf(line.productId, line.name) : '',
          quantity: d.quantity,
          unit: line?.unit ?? null,
        };
      }),
      receivedBy: delivery.receivedBy,
      receivedAt: delivery.receivedAt.toISOString(),
    });
    return { fileName: `proof-of-delivery-${invoice.invoiceNumber}.pdf`, bytes };
  }

  const pricedLines: PricedDocumentLine[] = lines.map((l) => ({
    lineNumber: l.lineNumber,
    productNumber: l.productNumber,
    description: nameOf(l.productId, l.name),
    customerArticleNumber: l.customerArticleNumber,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: l.unitPrice,
    totalCents: l.totalCents,
    deliveryDate: l.deliveryDate,
  }));
  const elsewhere =
    order.deliveryAddress && !samePlace(order.deliveryAddress, order.billingAddress) ? order.deliveryAddress : null;
  const bytes = await renderDocument({
    kind: 'invoice',
    locale,
    supplier: SUPPLIER,
    customer,
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    orderNumber: order.orderNumber,
    orderDate: order.orderDate,
    customerReference: order.customerReference,
    shippingNoteNumber: delivery?.shippingNoteNumber ?? null,
    deliveryDate: delivery?.deliveryDate ?? null,
    deliveryAddressLines: elsewhere ? [elsewhere.company, elsewhere.name, ...addressLines(elsewhere, locale)] : null,
    lines: pricedLines,
    totals: {
      goodsCents: invoice.goodsCents,
      deliveryCostCents: invoice.deliveryCostCents,
      additionalCostCents: invoice.additionalCostCents,
      netCents: invoice.netCents,
      taxes: taxesOf(invoice.taxes),
      totalCents: invoice.totalCents,
    },
  });
  return { fileName: `invoice-${invoice.invoiceNumber}.pdf`, bytes };
}
