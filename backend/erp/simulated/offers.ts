/**
 * Offers in the simulated ERP (docs/decisions/016-erp.md): a request from a cart is written open, with its lines and
 * no prices; 2 hours after it was sent the ERP processes it (`processOffers`): every line is priced at the buyer's
 * price for its quantity (the tier the cart and `article/information` use, backend/lib/price.ts
 * `unitPriceForQuantity`) less 5 %, rounded half-up to 5 decimals, with a delivery day (the processing day plus the
 * article's longest delivery time, 3 days without one), and the offer is valid for 30 days from the processing day
 * (last day included). Histories filter like the order history (./read.ts): `customerReference` matches the client
 * reference, product and customer article numbers any line; dates are the request day.
 */
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offerLineTable, offerTable, productTable } from '../../db/schema/index.ts';
import { escapeLike } from '../../db/like.ts';
import { addDays, localDate } from '../../lib/budget-period.ts';
import { centsToNumber, formatUnitPrice, lineTotalCents, toScaled, unitPriceForQuantity } from '../../lib/price.ts';
import { loadPrices } from '../../commerce/catalog/product.repository.ts';
import type {
  OfferDetail,
  OfferHistoryFilter,
  OfferLine,
  OfferStatus,
  OfferSummary,
} from '../../../contract/provider/erp.ts';
import type { ErpPage, ErpScope, OfferForCart, OfferRequestInput } from '../port.ts';
import { offerLink, productNames } from './read.ts';

/** Hours between a request and its processing. */
export const OFFER_PROCESSING_HOURS = 2;
/** Percent off the buyer's price. */
export const OFFER_DISCOUNT_PERCENT = 5;
/** Days an offer stays valid after its processing day: its last valid day is the processing day plus 30. */
export const OFFER_VALID_DAYS = 30;
/** Delivery days of an offered article without a delivery time. */
const DEFAULT_DELIVERY_DAYS = 3;

type OfferRow = typeof offerTable.$inferSelect;
type OfferLineRow = typeof offerLineTable.$inferSelect;

function offerInScope(scope: ErpScope): SQL {
  return scope.customerId
    ? and(eq(offerTable.companyId, scope.companyId), eq(offerTable.customerId, scope.customerId))!
    : eq(offerTable.companyId, scope.companyId);
}

function summaryOf(provider: string, o: OfferRow, lineCount: number): OfferSummary {
  const processed = o.status === 'processed';
  return {
    offerNumber: o.offerNumber,
    offerDate: o.offerDate,
    status: o.status as OfferStatus,
    clientReference: o.clientReference,
    validUntil: o.validUntil,
    lineCount,
    totalPrice: processed && o.totalCents !== null ? centsToNumber(o.totalCents) : null,
    documentLink: processed ? offerLink(provider, o.offerNumber) : null,
  };
}

function lineOf(l: OfferLineRow, nameOf: (productId: string | null, stored: string) => string): OfferLine {
  return {
    lineNumber: l.lineNumber,
    productNumber: l.productNumber,
    description: nameOf(l.productId, l.description),
    customerArticleNumber: l.customerArticleNumber,
    quantity: l.quantity,
    unit: l.unit,
    deliveryDate: l.deliveryDate,
    unitPrice: l.unitPrice === null ? null : Number(l.unitPrice),
    totalPrice: l.totalCents === null ? null : centsToNumber(l.totalCents),
  };
}

function detailOf(
  provider: string,
  o: OfferRow,
  lines: OfferLineRow[],
  nameOf: (productId: string | null, stored: string) => string = (_id, stored) => stored,
): OfferDetail {
  return {
    ...summaryOf(provider, o, lines.length),
    comment: o.comment,
    requestedAt: o.requestedAt.toISOString(),
    processedAt: o.processedAt?.toISOString() ?? null,
    lines: lines.map((l) => lineOf(l, nameOf)),
  };
}

/**
 * Writes an open offer from a cart's lines (number from `offer_number_seq`), requested at `now`.
 *
 * @throws Error when the request has no line (the Store API refuses an empty cart before asking).
 */
export async function requestOffer(
  db: Db,
  provider: string,
  input: OfferRequestInput,
  now: Date,
  id: string,
): Promise<OfferDetail> {
  if (!input.lines.length) throw new Error('An offer request needs at least one line.');
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [offer] = await tx
      .insert(offerTable)
      .values({
        id,
        offerNumber: sql`nextval('offer_number_seq')::text`,
        companyId: input.companyId,
        customerId: input.customerId,
        clientReference: input.clientReference,
        comment: input.comment,
        locale: input.locale,
        offerDate: localDate(now),
        requestedAt: now,
      })
      .returning();
    const lines = await tx
      .insert(offerLineTable)
      .values(
        input.lines.map((l, i) => ({
          offerId: id,
          lineNumber: i + 1,
          productId: l.productId,
          productNumber: l.productNumber,
          description: l.label,
          customerArticleNumber: l.customerArticleNumber ?? null,
          quantity: l.quantity,
          unit: l.unit,
        })),
      )
      .returning();
    return detailOf(provider, offer!, lines);
  });
}

/**
 * Processes every open offer requested at least 2 hours before `now`, as of its processing instant (requested + 2
 * hours; module comment), in one transaction. The due offers are locked (`FOR UPDATE SKIP LOCKED`) and each is
 * written only while it is still open (`WHERE status = 'open'`), so two advances at once, in one process or in
 * several over one PostgreSQL, process every offer exactly once (PostgreSQL 15 documentation §SELECT "The Locking
 * Clause": SKIP LOCKED skips rows another transaction has locked).
 *
 * @returns how many offers this call processed.
 */
export async function processOffers(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - OFFER_PROCESSING_HOURS * 3_600_000);
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const open = await tx
      .select()
      .from(offerTable)
      .where(and(eq(offerTable.status, 'open'), lte(offerTable.requestedAt, cutoff)))
      .orderBy(asc(offerTable.requestedAt))
      .for('update', { skipLocked: true });
    if (!open.length) return 0;
    const lines = await tx
      .select()
      .from(offerLineTable)
      .where(
        inArray(
          offerLineTable.offerId,
          open.map((o) => o.id),
        ),
      );
    const productIds = [...new Set(lines.map((l) => l.productId).filter((id): id is string => Boolean(id)))];
    const products = productIds.length
      ? await tx
          .select({ id: productTable.id, taxRate: productTable.taxRate, days: productTable.deliveryTimeMax })
          .from(productTable)
          .where(inArray(productTable.id, productIds))
      : [];
    const productOf = new Map(products.map((p) => [p.id, p]));
    const prices = await loadPrices(tx, productIds);
    const factor = BigInt(100 - OFFER_DISCOUNT_PERCENT);
    let processed = 0;
    for (const offer of open) {
      const processedAt = new Date(offer.requestedAt.getTime() + OFFER_PROCESSING_HOURS * 3_600_000);
      const day = localDate(processedAt);
      let totalCents = 0;
      for (const line of lines.filter((l) => l.offerId === offer.id)) {
        const product = line.productId ? productOf.get(line.productId) : undefined;
        const unit = product
          ? unitPriceForQuantity(
              prices.get(product.id) ?? [],
              String(product.taxRate ?? '21'),
              line.quantity,
              'EUR',
              processedAt,
            )
          : undefined;
        if (unit === undefined) continue;
        const offered = (unit * factor * 2n + 100n) / 200n;
        const lineCents = lineTotalCents(offered, line.quantity);
        totalCents += lineCents;
        await tx
          .update(offerLineTable)
          .set({
            unitPrice: formatUnitPrice(offered),
            totalCents: lineCents,
            deliveryDate: addDays(day, product?.days ?? DEFAULT_DELIVERY_DAYS),
          })
          .where(and(eq(offerLineTable.offerId, offer.id), eq(offerLineTable.lineNumber, line.lineNumber)));
      }
      const written = await tx
        .update(offerTable)
        .set({
          status: 'processed',
          processedAt,
          validUntil: addDays(day, OFFER_VALID_DAYS),
          totalCents,
          updatedAt: now,
        })
        .where(and(eq(offerTable.id, offer.id), eq(offerTable.status, 'open')))
        .returning({ id: offerTable.id });
      processed += written.length;
    }
    return processed;
  });
}

/** One page of the scope's offers, newest first (module comment). */
export async function offerHistory(
  db: Db,
  provider: string,
  scope: ErpScope,
  filter: OfferHistoryFilter,
): Promise<ErpPage<OfferSummary>> {
  const conditions: SQL[] = [offerInScope(scope)];
  if (filter.offerNumber) conditions.push(eq(offerTable.offerNumber, filter.offerNumber));
  if (filter.status) conditions.push(eq(offerTable.status, filter.status));
  if (filter.dateFrom) conditions.push(sql`${offerTable.offerDate} >= ${filter.dateFrom}::date`);
  if (filter.dateTo) conditions.push(sql`${offerTable.offerDate} <= ${filter.dateTo}::date`);
  if (filter.customerReference) {
    conditions.push(
      sql`lower(${offerTable.clientReference}) LIKE ${`%${escapeLike(filter.customerReference.toLowerCase())}%`}`,
    );
  }
  if (filter.productNumber) {
    conditions.push(sql`EXISTS (SELECT 1 FROM offer_line l WHERE l.offer_id = ${offerTable.id}
      AND lower(l.product_number) = lower(${filter.productNumber}))`);
  }
  if (filter.customerArticleNumber) {
    conditions.push(sql`EXISTS (SELECT 1 FROM offer_line l WHERE l.offer_id = ${offerTable.id}
      AND lower(l.customer_article_number) = lower(${filter.customerArticleNumber}))`);
  }
  const where = and(...conditions);
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(offerTable)
    .where(where);
  const rows = await db
    .select({
      offer: offerTable,
      lineCount: sql<number>`(SELECT count(*)::int FROM offer_line l WHERE l.offer_id = ${offerTable.id})`,
    })
    .from(offerTable)
    .where(where)
    .orderBy(desc(offerTable.requestedAt), desc(offerTable.offerNumber))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  return {
    elements: rows.map((r) => summaryOf(provider, r.offer, Number(r.lineCount))),
    total: Number(total),
    page: filter.page,
    limit: filter.limit,
  };
}

/** The offer row and lines by number in the scope, or null. */
export async function loadOffer(
  db: Db,
  scope: ErpScope,
  offerNumber: string,
): Promise<{ offer: OfferRow; lines: OfferLineRow[] } | null> {
  const [offer] = await db
    .select()
    .from(offerTable)
    .where(and(offerInScope(scope), eq(offerTable.offerNumber, offerNumber)))
    .limit(1);
  if (!offer) return null;
  const lines = await db
    .select()
    .from(offerLineTable)
    .where(eq(offerLineTable.offerId, offer.id))
    .orderBy(asc(offerLineTable.lineNumber));
  return { offer, lines };
}

/** One offer by number in the scope, or null. */
export async function offerDetail(
  db: Db,
  provider: string,
  scope: ErpScope,
  offerNumber: string,
): Promise<OfferDetail | null> {
  const found = await loadOffer(db, scope, offerNumber);
  if (!found) return null;
  const nameOf = await productNames(
    db,
    found.lines.map((l) => l.productId),
    scope.locale,
  );
  return detailOf(provider, found.offer, found.lines, nameOf);
}

/**
 * The priced lines of a processed offer valid on the day of `at` (Europe/Brussels, last day included); null when
 * unknown, out of scope, open or expired. Lines without a product or a price are left out.
 */
export async function offerForCart(
  db: Db,
  scope: ErpScope,
  offerNumber: string,
  at: Date,
): Promise<OfferForCart | null> {
  const found = await loadOffer(db, scope, offerNumber);
  if (!found || found.offer.status !== 'processed' || !found.offer.validUntil) return null;
  if (found.offer.validUntil < localDate(at)) return null;
  return {
    offerNumber: found.offer.offerNumber,
    validUntil: found.offer.validUntil,
    lines: found.lines.flatMap((l) =>
      l.productId && l.unitPrice !== null
        ? [
            {
              lineNumber: l.lineNumber,
              productId: l.productId,
              quantity: l.quantity,
              unitPrice: formatUnitPrice(toScaled(l.unitPrice)),
            },
          ]
        : [],
    ),
  };
}
