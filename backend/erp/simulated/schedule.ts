/**
 * The clock of the simulated ERP (docs/decisions/016-erp.md, "The simulated ERP"): the steps an order takes through
 * the specification's statuses, as a pure function of the order's state and the instant its step is due. Nothing
 * here reads the database or the wall clock, so a caller can run an order's steps in memory up to any instant and
 * write the outcome once; the same order always takes the same steps at the same instants.
 *
 * Steps (hours and days counted from the instant the previous step was due):
 * - open → in_progress after 1 hour; an order over the company's credit limit (not paid in advance) goes to blocked
 *   instead and is released to in_progress 24 hours later;
 * - in_progress → handling after 4 hours; an order paid in advance is invoiced instead (status invoiced) and its
 *   payment arrives 2 days later;
 * - handling (or invoiced) → ready 24 hours later (4 hours for a rush order): a pickup order then waits as
 *   not_yet_shipped until collected (1 to 3 days), an order with a later requested shipping date waits as
 *   not_yet_shipped until 07:00 of that day (Europe/Brussels); otherwise it ships;
 * - shipping: with backordered pieces the stocked pieces leave in a first delivery (status backorder) and the rest in
 *   a second one 3 to 6 days later; without, everything leaves in one delivery (status shipped);
 * - shipped → shipped_and_invoiced 24 hours after the last delivery (the invoice is dated that day);
 * - shipped_and_invoiced → completed 30 days after the invoice (for an order paid in advance, 30 days after its last
 *   delivery).
 * The choices within a range come from a hash of the order id (`variation`), never from a random generator.
 */
import { createHash } from 'node:crypto';
import { addDays, localDate, localMidnight } from '../../lib/budget-period.ts';
import type { ErpOrderStatus, ErpOrderType } from '../../../contract/provider/erp.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Durations of the steps (module comment), in milliseconds or days. */
export const ERP_STEPS = {
  confirmAfter: 1 * HOUR,
  creditHold: 24 * HOUR,
  pickAfter: 4 * HOUR,
  shipAfter: 24 * HOUR,
  rushShipAfter: 4 * HOUR,
  paymentAfter: 2 * DAY,
  /** Whole days a pickup waits to be collected: from … to (hash of the order id). */
  collectDays: [1, 3] as const,
  /** Whole days until backordered pieces follow: from … to (hash of the order id). */
  backorderDays: [3, 6] as const,
  invoiceAfter: 24 * HOUR,
  completeAfter: 30 * DAY,
  /** Hour (Europe/Brussels) an order waiting for its requested shipping date leaves on that day. */
  requestedDateHour: 7,
  /** Hours from leaving the warehouse to receipt: from … to (hash of the delivery). */
  transitHours: [2, 6] as const,
} as const;

/** A whole number in [from, to] from a hash of `key` and `salt`: the simulation's only source of variation. */
export function variation(key: string, salt: string, from: number, to: number): number {
  const digest = createHash('sha256').update(`${salt}:${key}`).digest();
  return from + (digest.readUInt32BE(0) % (to - from + 1));
}

/** An order line as the simulation sees it. Lines without pieces to deliver (discounts) start fully delivered. */
export interface SimLine {
  lineNumber: number;
  quantity: number;
  backorderQuantity: number;
  deliveredQuantity: number;
  deliveryDate: string | null;
}

/** A delivery the simulation wrote: when it left and the pieces per line. */
export interface SimDelivery {
  /** Deterministic id: order id and the delivery's index. */
  index: number;
  shippedAt: Date;
  lines: { lineNumber: number; quantity: number }[];
}

/** An order as the simulation sees it; `step` changes it in place. */
export interface SimOrder {
  id: string;
  status: ErpOrderStatus;
  type: ErpOrderType;
  nextStepAt: Date | null;
  paidInAdvance: boolean;
  overCreditLimit: boolean;
  requestedShippingDate: string | null;
  lines: SimLine[];
  /** Deliveries written before (count) and in this run (`newDeliveries`). */
  deliveryCount: number;
  newDeliveries: SimDelivery[];
  /** The invoice's instant, when invoiced (before or in this run). */
  invoicedAt: Date | null;
  /** True when the invoice was written in this run. */
  invoiceNew: boolean;
  /** The last delivery (its index) the invoice should point at, when it changed in this run. */
  invoiceDeliveryIndex: number | null;
}

const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** Runs the due step of `order` (its `nextStepAt`) and sets the next one. Does nothing without a due step. */
export function step(order: SimOrder): void {
  const at = order.nextStepAt;
  if (!at) return;
  switch (order.status) {
    case 'open':
      if (order.overCreditLimit && !order.paidInAdvance) return move(order, 'blocked', plus(at, ERP_STEPS.creditHold));
      return move(order, 'in_progress', plus(at, ERP_STEPS.pickAfter));
    case 'blocked':
      return move(order, 'in_progress', plus(at, ERP_STEPS.pickAfter));
    case 'in_progress':
      if (order.paidInAdvance && !order.invoicedAt) {
        invoice(order, at);
        return move(order, 'invoiced', plus(at, ERP_STEPS.paymentAfter));
      }
      return move(order, 'handling', plus(at, order.type === 'rush' ? ERP_STEPS.rushShipAfter : ERP_STEPS.shipAfter));
    case 'invoiced':
    case 'handling':
      return ready(order, at);
    case 'not_yet_shipped':
    case 'backorder':
      return ship(order, at);
    case 'shipped':
      invoice(order, at);
      return move(order, 'shipped_and_invoiced', plus(at, ERP_STEPS.completeAfter));
    case 'shipped_and_invoiced':
      return move(order, 'completed', null);
    default:
      return move(order, order.status, null);
  }
}

/** Runs every step of `order` due at or before `now`, in order; answers how many ran. */
export function stepUntil(order: SimOrder, now: Date): number {
  let steps = 0;
  while (order.nextStepAt && order.nextStepAt.getTime() <= now.getTime()) {
    step(order);
    steps += 1;
  }
  return steps;
}

function move(order: SimOrder, status: ErpOrderStatus, next: Date | null): void {
  order.status = status;
  order.nextStepAt = next;
}

function invoice(order: SimOrder, at: Date): void {
  order.invoicedAt = at;
  order.invoiceNew = true;
  const last = order.deliveryCount + order.newDeliveries.length - 1;
  order.invoiceDeliveryIndex = last >= 0 ? last : null;
}

/** Picked and ready: waits for the pickup or the requested date, or ships. */
function ready(order: SimOrder, at: Date): void {
  let until: Date | null = null;
  if (order.type === 'pickup') {
    const [from, to] = ERP_STEPS.collectDays;
    until = plus(at, variation(order.id, 'collect', from, to) * DAY);
  }
  if (order.requestedShippingDate && localDate(at) < order.requestedShippingDate) {
    const leaves = plus(localMidnight(order.requestedShippingDate), ERP_STEPS.requestedDateHour * HOUR);
    if (!until || leaves > until) until = leaves;
  }
  if (until) return move(order, 'not_yet_shipped', until);
  ship(order, at);
}

/** Ships: the stocked pieces first when some are backordered, else every piece still to deliver. */
function ship(order: SimOrder, at: Date): void {
  const first = order.deliveryCount + order.newDeliveries.length === 0;
  const backordered = first && order.lines.some((l) => l.backorderQuantity > 0);
  const pieces = order.lines
    .map((l) => {
      const open = l.quantity - l.deliveredQuantity;
      return { lineNumber: l.lineNumber, quantity: backordered ? open - l.backorderQuantity : open };
    })
    .filter((p) => p.quantity > 0);
  if (pieces.length) {
    const index = order.deliveryCount + order.newDeliveries.length;
    order.newDeliveries.push({ index, shippedAt: at, lines: pieces });
    const day = localDate(at);
    for (const p of pieces) {
      const line = order.lines.find((l) => l.lineNumber === p.lineNumber)!;
      line.deliveredQuantity += p.quantity;
      line.deliveryDate = day;
    }
    if (order.invoicedAt) order.invoiceDeliveryIndex = index;
  }
  if (backordered) {
    const [from, to] = ERP_STEPS.backorderDays;
    const follows = plus(at, variation(order.id, 'backorder', from, to) * DAY);
    for (const l of order.lines) if (l.quantity > l.deliveredQuantity) l.deliveryDate = localDate(follows);
    return move(order, 'backorder', follows);
  }
  if (order.invoicedAt) return move(order, 'shipped_and_invoiced', plus(at, ERP_STEPS.completeAfter));
  return move(order, 'shipped', plus(at, ERP_STEPS.invoiceAfter));
}

/**
 * The day each line is expected to be (fully) delivered, found by running a copy of the order to its end: the
 * simulation is deterministic, so the expectation is exactly what will happen.
 */
export function expectedDeliveryDates(order: SimOrder): Map<number, string | null> {
  const copy: SimOrder = structuredClone(order);
  for (let i = 0; copy.nextStepAt && i < 50; i++) step(copy);
  return new Map(copy.lines.map((l) => [l.lineNumber, l.deliveryDate]));
}

/** The ERP's calendar day of an instant and the due date of an invoice written then. */
export function invoiceDates(at: Date, paidInAdvance: boolean, termDays: number, prepaymentDays: number) {
  const invoiceDate = localDate(at);
  return { invoiceDate, dueDate: addDays(invoiceDate, paidInAdvance ? prepaymentDays : termDays) };
}
