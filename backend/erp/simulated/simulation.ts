/**
 * Runs the simulated ERP's due steps up to an instant (./schedule.ts), in batches: each batch loads up to
 * `ERP_BATCH_SIZE` orders whose next step is due (earliest first), runs every step of each order up to the instant
 * in memory and writes the outcome in one transaction: new deliveries (delivery note numbers from
 * `erp_shipping_note_number_seq` in the order they left) with their lines, new invoices (numbers from
 * `erp_invoice_number_seq` in the order they were written), the lines' delivered pieces and days, the orders' status
 * and next step, and the Shopware state of the shop orders they came from:
 * open → open; completed → completed; cancelled → cancelled; every other status → in_progress.
 */
import { asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  companyTable,
  erpDeliveryLineTable,
  erpDeliveryTable,
  erpInvoiceTable,
  erpOrderLineTable,
  erpOrderTable,
} from '../../db/schema/index.ts';
import { textArray, intArray } from '../../db/sql-params.ts';
import { localDate } from '../../lib/budget-period.ts';
import { stableId } from '../../lib/ids.ts';
import type { ErpOrderStatus, ErpOrderType } from '../../../contract/provider/erp.ts';
import { ERP_STEPS, invoiceDates, stepUntil, variation, type SimOrder } from './schedule.ts';
import { PAYMENT_TERM_DAYS, PREPAYMENT_TERM_DAYS } from './supplier.ts';

/** Orders loaded and written per batch: a few hundred keep each transaction short on PGlite. */
export const ERP_BATCH_SIZE = 250;

/** Stable ids of what the simulation writes, so the same order always gets the same rows. */
export const erpDeliveryId = (erpOrderId: string, index: number): string =>
  stableId('erp-delivery', `${erpOrderId}:${index}`);
export const erpInvoiceId = (erpOrderId: string): string => stableId('erp-invoice', erpOrderId);

/** The Shopware order state (state machine `order.state`) that follows from an ERP status. */
export function shopStateOf(status: ErpOrderStatus): 'open' | 'in_progress' | 'completed' | 'cancelled' {
  if (status === 'open' || status === 'completed' || status === 'cancelled') return status;
  return 'in_progress';
}

/**
 * A carrier tracking number in the shape of a DHL parcel number ('JJD' and 18 digits), from a hash of the delivery
 * id: stable for a delivery, never random.
 */
export function sendingNumberOf(deliveryId: string): string {
  const digits = BigInt(`0x${stableId('sending-number', deliveryId)}`)
    .toString()
    .slice(0, 18)
    .padStart(18, '0');
  return `JJD${digits}`;
}

const HOUR = 3_600_000;

/** A `timestamptz[]` / `date[]` bound parameter from ISO strings (null elements allowed). */
const isoArray = (values: readonly (string | null)[], type: 'timestamptz' | 'date'): SQL =>
  sql`${sql.param([...values])}::${sql.raw(type)}[]`;

/**
 * Runs every step due at or before `now` (module comment).
 *
 * @returns how many steps ran.
 */
export async function advanceOrders(db: Db, now: Date, batchSize = ERP_BATCH_SIZE): Promise<number> {
  let steps = 0;
  for (;;) {
    const ran = await advanceBatch(db, now, batchSize);
    if (ran === null) return steps;
    steps += ran;
  }
}

/**
 * One batch (module comment) in one transaction; null when nothing was due. The due orders are locked
 * (`FOR UPDATE SKIP LOCKED`), so on PostgreSQL two processes advancing at once take different orders and never the
 * same step twice.
 */
async function advanceBatch(db: Db, now: Date, batchSize: number): Promise<number | null> {
  return db.transaction(async (t) => runBatch(t as unknown as Db, now, batchSize));
}

async function runBatch(db: Db, now: Date, batchSize: number): Promise<number | null> {
  const due = await db
    .select({
      id: erpOrderTable.id,
      status: erpOrderTable.status,
      type: erpOrderTable.type,
      nextStepAt: erpOrderTable.nextStepAt,
      paidInAdvance: erpOrderTable.paidInAdvance,
      overCreditLimit: erpOrderTable.overCreditLimit,
      requestedShippingDate: erpOrderTable.requestedShippingDate,
      shopOrderId: erpOrderTable.shopOrderId,
      orderedBy: erpOrderTable.orderedBy,
      companyName: companyTable.name,
      companyId: erpOrderTable.companyId,
      goodsCents: erpOrderTable.goodsCents,
      deliveryCostCents: erpOrderTable.deliveryCostCents,
      additionalCostCents: erpOrderTable.additionalCostCents,
      netCents: erpOrderTable.netCents,
      taxes: erpOrderTable.taxes,
      totalCents: erpOrderTable.totalCents,
    })
    .from(erpOrderTable)
    .innerJoin(companyTable, eq(companyTable.id, erpOrderTable.companyId))
    .where(lte(erpOrderTable.nextStepAt, now))
    .orderBy(asc(erpOrderTable.nextStepAt), asc(erpOrderTable.id))
    .limit(batchSize)
    .for('update', { of: erpOrderTable, skipLocked: true });
  if (!due.length) return null;
  const ids = due.map((o) => o.id);
  const lines = await db
    .select({
      erpOrderId: erpOrderLineTable.erpOrderId,
      lineNumber: erpOrderLineTable.lineNumber,
      quantity: erpOrderLineTable.quantity,
      backorderQuantity: erpOrderLineTable.backorderQuantity,
      deliveredQuantity: erpOrderLineTable.deliveredQuantity,
      deliveryDate: erpOrderLineTable.deliveryDate,
    })
    .from(erpOrderLineTable)
    .where(inArray(erpOrderLineTable.erpOrderId, ids))
    .orderBy(asc(erpOrderLineTable.erpOrderId), asc(erpOrderLineTable.lineNumber));
  const deliveryCounts = await db
    .select({ erpOrderId: erpDeliveryTable.erpOrderId, count: sql<number>`count(*)::int` })
    .from(erpDeliveryTable)
    .where(inArray(erpDeliveryTable.erpOrderId, ids))
    .groupBy(erpDeliveryTable.erpOrderId);
  const invoices = await db
    .select({ erpOrderId: erpInvoiceTable.erpOrderId, invoiceDate: erpInvoiceTable.invoiceDate })
    .from(erpInvoiceTable)
    .where(inArray(erpInvoiceTable.erpOrderId, ids));
  const countOf = new Map(deliveryCounts.map((d) => [d.erpOrderId, Number(d.count)]));
  const invoiceOf = new Map(invoices.map((i) => [i.erpOrderId, i.invoiceDate]));
  const linesOf = new Map<string, typeof lines>();
  for (const l of lines) linesOf.set(l.erpOrderId, [...(linesOf.get(l.erpOrderId) ?? []), l]);

  let steps = 0;
  const simulated = due.map((o) => {
    const sim: SimOrder = {
      id: o.id,
      status: o.status as ErpOrderStatus,
      type: o.type as ErpOrderType,
      nextStepAt: o.nextStepAt,
      paidInAdvance: o.paidInAdvance,
      overCreditLimit: o.overCreditLimit,
      requestedShippingDate: o.requestedShippingDate,
      lines: (linesOf.get(o.id) ?? []).map((l) => ({
        lineNumber: l.lineNumber,
        quantity: l.quantity,
        backorderQuantity: l.backorderQuantity,
        deliveredQuantity: l.deliveredQuantity,
        deliveryDate: l.deliveryDate,
      })),
      deliveryCount: countOf.get(o.id) ?? 0,
      newDeliveries: [],
      invoicedAt: invoiceOf.has(o.id) ? new Date(`${invoiceOf.get(o.id)}T12:00:00Z`) : null,
      invoiceNew: false,
      invoiceDeliveryIndex: null,
    };
    const before = new Map(sim.lines.map((l) => [l.lineNumber, `${l.deliveredQuantity}:${l.deliveryDate}`]));
    steps += stepUntil(sim, now);
    const changedLines = sim.lines.filter(
      (l) => before.get(l.lineNumber) !== `${l.deliveredQuantity}:${l.deliveryDate}`,
    );
    return { row: o, sim, changedLines };
  });

  const deliveries = simulated
    .flatMap(({ row, sim }) =>
      sim.newDeliveries.map((d) => {
        const id = erpDeliveryId(row.id, d.index);
        const pickup = sim.type === 'pickup';
        const transit = pickup ? 0 : variation(id, 'transit', ...ERP_STEPS.transitHours) * HOUR;
        return {
          row: {
            id,
            erpOrderId: row.id,
            shippingNoteNumber: sql`nextval('erp_shipping_note_number_seq')::text`,
            deliveryDate: localDate(d.shippedAt),
            shippedAt: d.shippedAt,
            sendingNumber: pickup ? null : sendingNumberOf(id),
            receivedBy: row.orderedBy ?? row.companyName,
            receivedAt: new Date(d.shippedAt.getTime() + transit),
          },
          lines: d.lines.map((l) => ({ deliveryId: id, lineNumber: l.lineNumber, quantity: l.quantity })),
        };
      }),
    )
    .sort((a, b) => a.row.shippedAt.getTime() - b.row.shippedAt.getTime() || a.row.id.localeCompare(b.row.id));
  const newInvoices = simulated
    .filter(({ sim }) => sim.invoiceNew)
    .map(({ row, sim }) => ({
      id: erpInvoiceId(row.id),
      invoiceNumber: sql`nextval('erp_invoice_number_seq')::text`,
      ...invoiceDates(sim.invoicedAt!, row.paidInAdvance, PAYMENT_TERM_DAYS, PREPAYMENT_TERM_DAYS),
      erpOrderId: row.id,
      companyId: row.companyId,
      deliveryId: sim.invoiceDeliveryIndex === null ? null : erpDeliveryId(row.id, sim.invoiceDeliveryIndex),
      goodsCents: row.goodsCents,
      deliveryCostCents: row.deliveryCostCents,
      additionalCostCents: row.additionalCostCents,
      netCents: row.netCents,
      taxes: row.taxes,
      totalCents: row.totalCents,
      at: sim.invoicedAt!,
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id));
  const invoiceDeliveries = simulated.filter(
    ({ sim }) => !sim.invoiceNew && sim.invoicedAt && sim.invoiceDeliveryIndex !== null,
  );
  const lineUpdates = simulated.flatMap(({ row, changedLines }) => changedLines.map((l) => ({ id: row.id, ...l })));
  const shopStates = simulated.filter(({ row }) => row.shopOrderId);

  if (deliveries.length) {
    await db.insert(erpDeliveryTable).values(deliveries.map((d) => d.row));
    await db.insert(erpDeliveryLineTable).values(deliveries.flatMap((d) => d.lines));
  }
  if (newInvoices.length) await db.insert(erpInvoiceTable).values(newInvoices.map(({ at: _at, ...i }) => i));
  if (invoiceDeliveries.length) {
    await db.execute(sql`
      UPDATE erp_invoice i SET delivery_id = v.delivery_id, updated_at = now()
        FROM unnest(${textArray(invoiceDeliveries.map(({ row }) => row.id))},
                    ${textArray(invoiceDeliveries.map(({ row, sim }) => erpDeliveryId(row.id, sim.invoiceDeliveryIndex!)))})
             AS v(erp_order_id, delivery_id)
       WHERE i.erp_order_id = v.erp_order_id`);
  }
  if (lineUpdates.length) {
    await db.execute(sql`
      UPDATE erp_order_line l SET delivered_quantity = v.delivered, delivery_date = v.day
        FROM unnest(${textArray(lineUpdates.map((l) => l.id))}, ${intArray(lineUpdates.map((l) => l.lineNumber))},
                    ${intArray(lineUpdates.map((l) => l.deliveredQuantity))},
                    ${isoArray(
                      lineUpdates.map((l) => l.deliveryDate),
                      'date',
                    )}) AS v(erp_order_id, line_number, delivered, day)
       WHERE l.erp_order_id = v.erp_order_id AND l.line_number = v.line_number`);
  }
  await db.execute(sql`
    UPDATE erp_order o SET status = v.status, next_step_at = v.next_step_at, updated_at = now()
      FROM unnest(${textArray(simulated.map(({ row }) => row.id))}, ${textArray(simulated.map(({ sim }) => sim.status))},
                  ${isoArray(
                    simulated.map(({ sim }) => sim.nextStepAt?.toISOString() ?? null),
                    'timestamptz',
                  )}) AS v(id, status, next_step_at)
     WHERE o.id = v.id`);
  if (shopStates.length) {
    await db.execute(sql`
      UPDATE "order" o SET state = v.state, updated_at = now()
        FROM unnest(${textArray(shopStates.map(({ row }) => row.shopOrderId!))},
                    ${textArray(shopStates.map(({ sim }) => shopStateOf(sim.status)))}) AS v(id, state)
       WHERE o.id = v.id AND o.state <> v.state`);
  }
  return steps;
}
