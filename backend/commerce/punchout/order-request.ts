/**
 * A cXML OrderRequest (server to server, after the procurement system approved a transferred cart; cXML Reference
 * Guide 1.2.051 §7.3) becomes an order of the configured user, when the buyer's configuration allows orders by cXML:
 *
 * - idempotent on `payloadID` (§3.1.6: "unchanged on retry"): the first answer is kept and repeated; a concurrent
 *   duplicate is refused with 409 while the first is still being placed, never placed twice;
 * - `type="update"` and `type="delete"` change an earlier order: recognised and answered with 450, never created as
 *   new orders (the supplier handles changes in its ERP);
 * - every line is the shop's own: by its SupplierPartAuxiliaryID (signed by the shop when it transferred the cart)
 *   or its SupplierPartID (the shop's article number); an unknown line refuses the request (400) instead of leaving
 *   it out;
 * - re-priced from the shop's own records: the order is calculated by the cart like any order, and a unit price in
 *   the request that differs from the shop's is reported in the answer's Status text (§5.6.4.4: ItemDetail "must not
 *   be removed when converting from ItemIn to ItemOut", so the buyer's price is there to compare);
 * - `deploymentMode="test"` never places an order: the request is checked and priced, and the answer says so.
 *
 * The order is placed through the normal checkout (order placement and its gates) as a punch-out session's own
 * customer marked for this one order, and booked to the configured user in the order's own transaction.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { loadAuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { cxmlOrderRequestTable, productTable } from '../../db/schema/index.ts';
import { addLineItems } from '../cart/cart-change.ts';
import { calculateCart } from '../cart/calculate-cart.ts';
import { isUniqueViolation, placeOrder, type PlaceOrderDeps } from '../orders/order-placement.ts';
import type { StoreContext } from '../sales-channel-context.ts';
import type { CxmlConfig } from './config.ts';
import { verifyAuxId } from './cxml/aux-id.ts';
import { buildStatusResponse } from './cxml/documents.ts';
import { CxmlRequestError } from './cxml/errors.ts';
import type { OrderRequest } from './cxml/order-request.ts';
import { endPunchOutSessions, openPunchOutSession, PUNCHOUT_SESSION_TTL_MS } from './sessions.ts';
import { pricePerUnit } from './cart-lines.ts';

/** What became of an OrderRequest: the cXML answer and, when one was placed, the order. */
export interface OrderRequestOutcome {
  xml: string;
  orderId: string | null;
  /** False when the answer is the one kept from an earlier request with the same payloadID. */
  created: boolean;
}

/** The answer kept for `payloadId`, or null. */
async function earlierAnswer(db: Db, payloadId: string): Promise<OrderRequestOutcome | null> {
  const [row] = await db
    .select()
    .from(cxmlOrderRequestTable)
    .where(eq(cxmlOrderRequestTable.payloadId, payloadId))
    .limit(1);
  if (!row) return null;
  if (row.response === '')
    throw new CxmlRequestError(409, 'This OrderRequest is being processed; send it again later.');
  return { xml: row.response, orderId: row.orderId, created: false };
}

/** The product ids of the request's lines, in order. */
async function linesOf(
  db: Db,
  request: OrderRequest,
  buyer: CxmlConfig,
): Promise<{ productId: string; quantity: number; unitPrice: string | null }[]> {
  const numbers = request.items.map((i) => i.supplierPartId);
  const byNumber = new Map(
    (
      await db
        .select({ id: productTable.id, productNumber: productTable.productNumber })
        .from(productTable)
        .where(and(inArray(productTable.productNumber, numbers.length ? numbers : ['']), eq(productTable.active, true)))
    ).map((p) => [p.productNumber, p.id]),
  );
  return request.items.map((item, index) => {
    const fromAux = item.supplierPartAuxiliaryId ? verifyAuxId(item.supplierPartAuxiliaryId, buyer.auxKey) : null;
    const productId = fromAux ?? byNumber.get(item.supplierPartId) ?? null;
    if (!productId) {
      throw new CxmlRequestError(
        400,
        `Line ${item.lineNumber ?? index + 1}: no article ${item.supplierPartId} in this shop.`,
      );
    }
    if (!(item.quantity > 0) || !Number.isInteger(item.quantity)) {
      throw new CxmlRequestError(
        400,
        `Line ${item.lineNumber ?? index + 1}: the quantity must be a whole number of order units.`,
      );
    }
    return { productId, quantity: item.quantity, unitPrice: item.unitPrice?.amount ?? null };
  });
}

/** Whether a unit price of the request (decimal text) differs from the shop's (decimal text of EUR). */
function differs(requested: string | null, shop: string): boolean {
  if (requested === null) return false;
  try {
    const a = pricePerUnit(requested);
    const b = pricePerUnit(shop);
    return a.cents * BigInt(b.priceUnit) !== b.cents * BigInt(a.priceUnit);
  } catch {
    return true;
  }
}

/**
 * Receives an OrderRequest of an authenticated buyer (module comment).
 *
 * @param context the Store API context of the call (sales channel, language), without a customer.
 * @throws CxmlRequestError 400 (unknown line, fractional quantity), 403 (orders by cXML not enabled), 409 (the same
 *   payloadID is being processed), 450 (update or delete); StoreApiError of order placement (a cart error, a credit
 *   limit) for the caller to answer as a Status.
 */
export async function receiveOrderRequest(
  deps: PlaceOrderDeps,
  input: { request: OrderRequest; buyer: CxmlConfig; context: StoreContext; now: Date },
): Promise<OrderRequestOutcome> {
  const { db, config } = deps;
  const { request, buyer, now } = input;
  const earlier = await earlierAnswer(db, request.payloadId);
  if (earlier) return earlier;
  if (!buyer.settings.allowOrderRequest) {
    throw new CxmlRequestError(403, 'Orders by cXML are not enabled for this buyer: transfer the cart by punch-out.');
  }
  if (request.header.type !== 'new') {
    throw new CxmlRequestError(
      450,
      `OrderRequest type "${request.header.type}" (order ${request.header.orderId}) is not processed automatically: the supplier handles changes of orders.`,
    );
  }
  const lines = await linesOf(db, request, buyer);
  // Reserve the payloadID first: a concurrent duplicate fails here instead of placing a second order.
  try {
    await db.insert(cxmlOrderRequestTable).values({ payloadId: request.payloadId, configId: buyer.id, response: '' });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new CxmlRequestError(409, 'This OrderRequest is being processed; send it again later.');
    throw error;
  }
  let sessionId: string | null = null;
  try {
    const session = await openPunchOutSession(db, {
      configId: buyer.id,
      configuredCustomerId: buyer.customerId,
      protocol: 'cxml',
      operation: 'create',
      returnUrl: 'cxml:order-request',
      data: { payloadId: request.payloadId, orderId: request.header.orderId },
      testMode: request.deploymentMode === 'test',
      now,
    });
    sessionId = session.id;
    const customer = await loadAuthenticatedCustomer(db, session.customerId!);
    if (!customer) throw new CxmlRequestError(403, 'The configured user or company is inactive.');
    const extra = await addLineItems(
      db,
      customer.id,
      lines.map((l) => ({
        type: 'product' as const,
        id: l.productId,
        referencedId: l.productId,
        quantity: l.quantity,
      })),
    );
    if (extra.some((e) => e.level === 20)) {
      throw new CxmlRequestError(400, `Not orderable: ${extra.map((e) => e.message).join('; ')}`);
    }
    const context: StoreContext = {
      ...input.context,
      customerId: customer.id,
      customer,
      punchOut: {
        sessionId: session.id,
        protocol: 'cxml',
        readOnly: false,
        expiresAt: new Date(now.getTime() + PUNCHOUT_SESSION_TTL_MS).toISOString(),
        orderRequest: true,
      },
    };
    const calculated = await calculateCart(db, customer, context, { config, now });
    const shopPrices = new Map(calculated.model.lines.map((l) => [l.productId, l.unitPrice]));
    const mismatches = lines
      .map((l, i) => (differs(l.unitPrice, shopPrices.get(l.productId) ?? '0') ? i + 1 : null))
      .filter((n): n is number => n !== null);
    const priceNote = mismatches.length
      ? ` Unit prices differ from the shop's on line ${mismatches.join(', ')}: the order uses the shop's prices.`
      : '';
    let orderId: string | null = null;
    let text: string;
    if (request.deploymentMode === 'test') {
      text = `Test request checked: ${lines.length} line(s) orderable, no order placed.${priceNote}`;
    } else {
      const key = `cxml:${createHash('sha256').update(request.payloadId).digest('hex').slice(0, 64)}`;
      const placed = await placeOrder(deps, {
        customer,
        context,
        data: {
          orderReference: request.header.orderId.slice(0, 30),
          customerComment: request.header.comments.join('\n').slice(0, 1000) || null,
          splitDelivery: 'together',
        },
        idempotencyKey: key,
        bookTo: buyer.customerId,
      });
      if (placed.kind !== 'order') throw new CxmlRequestError(409, 'The order was diverted; it was not placed.');
      orderId = placed.orderId;
      text = `Order ${request.header.orderId} accepted.${priceNote}`;
    }
    const xml = buildStatusResponse(200, 'OK', text, { now });
    await db
      .update(cxmlOrderRequestTable)
      .set({ response: xml, orderId })
      .where(eq(cxmlOrderRequestTable.payloadId, request.payloadId));
    return { xml, orderId, created: true };
  } catch (error) {
    await db.delete(cxmlOrderRequestTable).where(eq(cxmlOrderRequestTable.payloadId, request.payloadId));
    throw error;
  } finally {
    if (sessionId) await endPunchOutSessions(db, [sessionId], now);
  }
}
