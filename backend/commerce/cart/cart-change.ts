/**
 * Every change of a customer's stored cart (`cart`, `cart_line_item`; docs/decisions/014-cart-and-orders.md): adding,
 * updating and removing line items and promotion codes, putting an offer's lines in the cart, emptying it. The cart
 * routes, ERP offers to cart and the order placement change the cart only through here. Each change runs in one
 * transaction holding the cart row's lock (`lockCart`) and adds 1 to the cart's `revision`, which tells every device.
 *
 * Rules: a product is added only when it can be ordered (backend/commerce/catalog/orderable.ts), a code only while it
 * is valid (./promotion-validity.ts); a line holds at most MAX_LINE_ITEM_QUANTITY (100 000) units and a cart at most
 * MAX_CART_LINE_ITEMS (500) lines (contract/checkout.ts). Prices are never stored: the calculation prices every line.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import {
  MAX_CART_LINE_ITEMS,
  MAX_LINE_ITEM_QUANTITY,
  type AddLineItemsRequestSchema,
  type UpdateLineItemsRequestSchema,
} from '../../../contract/checkout.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { textArray } from '../../db/sql-params.ts';
import {
  cartLineItemTable,
  cartTable,
  productTable,
  promotionTable,
  type CartLineOffer,
} from '../../db/schema/index.ts';
import type { OfferForCart } from '../../erp/port.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import { orderableProductCondition } from '../catalog/orderable.ts';
import type { CartDb, CartErrorEntry } from './cart-model.ts';
import { isPromotionValid } from './promotion-validity.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

/** 404 `CHECKOUT__CART_LINE_ITEM_NOT_FOUND` for a line id the cart does not hold (Shopware's code). */
function lineItemNotFound(id: string): StoreApiError {
  return new StoreApiError(
    404,
    SHOPWARE_ERROR_CODES.CHECKOUT__CART_LINE_ITEM_NOT_FOUND,
    `Line item with identifier ${id} not found.`,
    {
      parameters: { identifier: id },
    },
  );
}

/** 400 `CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED`: the cart would hold more than MAX_CART_LINE_ITEMS lines. */
function lineLimitReached(): StoreApiError {
  return new StoreApiError(
    400,
    SHOPWARE_ERROR_CODES.CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED,
    `A cart holds at most ${MAX_CART_LINE_ITEMS} line items.`,
    { parameters: { limit: MAX_CART_LINE_ITEMS } },
  );
}

/** Creates the customer's cart row when missing (revision 0). */
export async function ensureCart(db: CartDb, customerId: string): Promise<void> {
  await db.insert(cartTable).values({ customerId }).onConflictDoNothing();
}

/**
 * Locks the customer's cart row for the rest of the transaction, creating it first when the customer has none (one
 * statement when the row exists, as it does after the first change of a cart).
 */
export async function lockCart(tx: CartDb, customerId: string): Promise<typeof cartTable.$inferSelect> {
  const lock = () => tx.select().from(cartTable).where(eq(cartTable.customerId, customerId)).for('update');
  const [row] = await lock();
  if (row) return row;
  await ensureCart(tx, customerId);
  return (await lock())[0]!;
}

/** Marks a change of the cart: revision + 1. */
export async function bumpRevision(db: CartDb, customerId: string): Promise<void> {
  await db
    .update(cartTable)
    .set({ revision: sql`${cartTable.revision} + 1`, updatedAt: new Date() })
    .where(eq(cartTable.customerId, customerId));
}

/**
 * Empties the customer's cart after an order, an approval request or `DELETE /checkout/cart`: its lines, its
 * promotion codes and its order reference and cost centre choices (a new cart is booked to nothing until the buyer
 * chooses again); the revision + 1 tells every device. Runs in the caller's transaction.
 */
export async function emptyCart(db: CartDb, customerId: string): Promise<void> {
  await db.delete(cartLineItemTable).where(eq(cartLineItemTable.customerId, customerId));
  await db
    .update(cartTable)
    .set({
      promotionCodes: [],
      orderReferenceId: null,
      costCenterId: null,
      revision: sql`${cartTable.revision} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(cartTable.customerId, customerId));
}

/** `DELETE /checkout/cart`: locks the cart (creating it when missing) and empties it, in one transaction. */
export async function clearCart(db: Db, customerId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCart(tx, customerId);
    await emptyCart(tx, customerId);
  });
}

/**
 * Adds line items (Shopware's `POST /checkout/cart/line-item`): a product line with an id the cart holds gets the
 * quantity added (Shopware stacks by id), a new one goes to the end; a valid promotion code not yet stored is added.
 * Products that cannot be ordered are not stored and answer `product-not-found-{id}` (level 20); invalid codes
 * `promotion-not-found-{code}` (level 20, not stored); a code added the notice `promotion-discount-added-{code}`.
 * The line writes and the revision + 1 are one statement.
 *
 * @returns the errors of this request, to be shown with the cart's own (`calculateCart` `extraErrors`).
 * @throws StoreApiError 400 `VIOLATION::TOO_HIGH_ERROR` at `/items/{i}/quantity` for a line above 100 000 units;
 *   400 `CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED` for more than 500 lines.
 */
export async function addLineItems(
  db: Db,
  customerId: string,
  items: v.InferOutput<typeof AddLineItemsRequestSchema>['items'],
): Promise<CartErrorEntry[]> {
  const extra: CartErrorEntry[] = [];
  const productIds = [
    ...new Set(items.flatMap((i) => (i.type === 'product' ? [i.referencedId ?? i.id.toLowerCase()] : []))),
  ];
  const codes = [...new Set(items.flatMap((i) => (i.type === 'promotion' ? [i.referencedId.toUpperCase()] : [])))];
  const now = new Date();
  const promotions = codes.length
    ? await db.select().from(promotionTable).where(inArray(promotionTable.code, codes))
    : [];
  const validCodes = new Set(promotions.filter((p) => isPromotionValid(p, now)).map((p) => p.code));

  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, customerId);
    // The cart's lines and which of the products can be ordered, in one statement.
    const [state] = await queryRows<{
      lines: { id: string; quantity: number; position: number }[];
      buyable: string[];
    }>(
      tx,
      sql`SELECT coalesce((SELECT json_agg(json_build_object('id', id, 'quantity', quantity, 'position', position))
                             FROM cart_line_item WHERE customer_id = ${customerId}), '[]') AS lines,
                 ARRAY(SELECT id FROM product
                        WHERE id = ANY(${textArray(productIds)}) AND ${orderableProductCondition()}) AS buyable`,
    );
    const existing = state!.lines;
    const buyableIds = new Set(state!.buyable);
    const quantities = new Map(existing.map((l) => [l.id, l.quantity]));
    let position = (existing.length ? Math.max(...existing.map((l) => l.position)) : 0) + 1;
    /** The lines to write: new ones with their position, changed ones (updated) with their new quantity. */
    const writes = new Map<string, { productId: string; quantity: number; position: number; updated: boolean }>();
    const addedCodes: string[] = [];
    for (const [index, item] of items.entries()) {
      if (item.type === 'promotion') {
        const code = item.referencedId.toUpperCase();
        if (!validCodes.has(code)) {
          extra.push({
            key: `promotion-not-found-${code}`,
            messageKey: 'promotion-not-found',
            level: 20,
            message: `The promotion code ${code} is not valid.`,
            id: code,
          });
        } else if (!cart.promotionCodes.includes(code) && !addedCodes.includes(code)) {
          addedCodes.push(code);
          extra.push({
            key: `promotion-discount-added-${code}`,
            messageKey: 'promotion-discount-added',
            level: 0,
            message: `The promotion ${code} was added to the cart.`,
            id: code,
          });
        }
        continue;
      }
      const productId = item.referencedId ?? item.id.toLowerCase();
      if (!buyableIds.has(productId)) {
        extra.push({
          key: `product-not-found-${item.id}`,
          messageKey: 'product-not-found',
          level: 20,
          message: `The product ${productId} is not available.`,
          id: item.id,
        });
        continue;
      }
      const before = quantities.get(item.id);
      const quantity = (before ?? 0) + item.quantity;
      if (quantity > MAX_LINE_ITEM_QUANTITY) {
        throw violations([
          {
            pointer: `/items/${index}/quantity`,
            code: 'TOO_HIGH_ERROR',
            detail: `A line holds at most ${MAX_LINE_ITEM_QUANTITY} units.`,
          },
        ]);
      }
      if (before === undefined) {
        if (quantities.size >= MAX_CART_LINE_ITEMS) throw lineLimitReached();
        writes.set(item.id, { productId, quantity, position: position++, updated: false });
      } else {
        // A stored line keeps its product and position; a line new in this request stays new.
        const written = writes.get(item.id);
        writes.set(
          item.id,
          written ? { ...written, quantity, updated: true } : { productId, quantity, position: 0, updated: true },
        );
      }
      quantities.set(item.id, quantity);
    }
    if (!writes.size && !addedCodes.length) return;
    // The line writes and the revision + 1 in one statement; a new line is inserted, a stored one gets its quantity.
    const upsert = writes.size
      ? sql`WITH written AS (
              INSERT INTO cart_line_item (customer_id, id, type, referenced_id, quantity, position, updated_at)
              VALUES ${sql.join(
                [...writes].map(
                  ([id, w]) =>
                    sql`(${customerId}, ${id}, 'product', ${w.productId}, ${w.quantity}, ${w.position}, ${w.updated ? now.toISOString() : null}::timestamptz)`,
                ),
                sql`, `,
              )}
              ON CONFLICT (customer_id, id) DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at
              RETURNING 1) `
      : sql``;
    await tx.execute(
      sql`${upsert}UPDATE cart SET revision = revision + 1, updated_at = ${now.toISOString()}::timestamptz
           ${addedCodes.length ? sql`, promotion_codes = ${textArray([...cart.promotionCodes, ...addedCodes])}` : sql``}
           WHERE customer_id = ${customerId}`,
    );
  });
  return extra;
}

/**
 * Updates line items (Shopware's `PATCH /checkout/cart/line-item`): new quantities and line remarks
 * (`payload.customFields.order_detail_text`; an empty remark clears it).
 *
 * @throws StoreApiError 404 `CHECKOUT__CART_LINE_ITEM_NOT_FOUND` for a line id the cart does not hold.
 */
export async function updateLineItems(
  db: Db,
  customerId: string,
  items: v.InferOutput<typeof UpdateLineItemsRequestSchema>['items'],
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCart(tx, customerId);
    const existing = await tx
      .select({ id: cartLineItemTable.id })
      .from(cartLineItemTable)
      .where(eq(cartLineItemTable.customerId, customerId));
    const ids = new Set(existing.map((l) => l.id));
    for (const item of items) {
      if (!ids.has(item.id)) throw lineItemNotFound(item.id);
      const remark = item.payload?.customFields?.order_detail_text;
      const set: Partial<typeof cartLineItemTable.$inferInsert> = { updatedAt: new Date() };
      if (item.quantity !== undefined) set.quantity = item.quantity;
      if (remark !== undefined) set.remark = remark ? remark : null;
      await tx
        .update(cartLineItemTable)
        .set(set)
        .where(and(eq(cartLineItemTable.customerId, customerId), eq(cartLineItemTable.id, item.id)));
    }
    await bumpRevision(tx, customerId);
  });
}

/**
 * Removes line items (Shopware's `POST /checkout/cart/line-item/delete`): product lines by id, promotions by their
 * line id (the promotion's id) or their code.
 *
 * @throws StoreApiError 404 `CHECKOUT__CART_LINE_ITEM_NOT_FOUND` for an id that is neither.
 */
export async function removeLineItems(db: Db, customerId: string, ids: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const cart = await lockCart(tx, customerId);
    const existing = await tx
      .select({ id: cartLineItemTable.id })
      .from(cartLineItemTable)
      .where(eq(cartLineItemTable.customerId, customerId));
    const lineIds = new Set(existing.map((l) => l.id));
    const promotions = cart.promotionCodes.length
      ? await tx
          .select({ id: promotionTable.id, code: promotionTable.code })
          .from(promotionTable)
          .where(inArray(promotionTable.code, cart.promotionCodes))
      : [];
    const dropCodes = new Set<string>();
    for (const id of ids) {
      if (lineIds.has(id)) continue;
      const promotion = promotions.find((p) => p.id === id || p.code === id.toUpperCase());
      const storedCode = cart.promotionCodes.find((code) => code === id.toUpperCase());
      if (promotion) dropCodes.add(promotion.code);
      else if (storedCode) dropCodes.add(storedCode);
      else throw lineItemNotFound(id);
    }
    const dropLines = ids.filter((id) => lineIds.has(id));
    if (dropLines.length) {
      await tx
        .delete(cartLineItemTable)
        .where(and(eq(cartLineItemTable.customerId, customerId), inArray(cartLineItemTable.id, dropLines)));
    }
    if (dropCodes.size) {
      await tx
        .update(cartTable)
        .set({ promotionCodes: cart.promotionCodes.filter((code) => !dropCodes.has(code)) })
        .where(eq(cartTable.customerId, customerId));
    }
    await bumpRevision(tx, customerId);
  });
}

/**
 * Removes the lines the calculation reported as gone (`CartModel.missingLineIds`: product missing, inactive or
 * unpriced), without asking whether they exist, with revision + 1.
 */
export async function removeMissingLines(db: Db, customerId: string, lineIds: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(cartLineItemTable)
      .where(and(eq(cartLineItemTable.customerId, customerId), inArray(cartLineItemTable.id, [...lineIds])));
    await bumpRevision(tx, customerId);
  });
}

/** Line item id of an offer's line in the cart: the same offer line always lands on the same cart line. */
export function offerLineItemId(offerNumber: string, lineNumber: number): string {
  return `offer-${offerNumber}-${lineNumber}`;
}

/**
 * Puts the lines of a processed, valid offer (`ErpPort.offerForCart`) in the customer's cart as product lines that
 * carry the offer (./processors/offers.ts): line id `offer-{offerNumber}-{lineNumber}`, the offered quantity, and the
 * offer's number, line, unit price and last valid day as the ERP answered them. A line of the same offer line
 * already in the cart gets the offered quantity again; the rest of the cart stays as it is. Articles that can no
 * longer be ordered (backend/commerce/catalog/orderable.ts) are left out. The revision + 1 tells every device.
 *
 * @returns the number of offer lines now in the cart.
 * @throws StoreApiError 400 `CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED` when the cart would hold more than 500 lines.
 */
export async function addOfferLines(db: Db, customerId: string, offer: OfferForCart): Promise<number> {
  return db.transaction(async (tx) => {
    await ensureCart(tx, customerId);
    await tx
      .select({ id: cartTable.customerId })
      .from(cartTable)
      .where(eq(cartTable.customerId, customerId))
      .for('update');
    const existing = await tx
      .select({ id: cartLineItemTable.id, position: cartLineItemTable.position })
      .from(cartLineItemTable)
      .where(eq(cartLineItemTable.customerId, customerId));
    const productIds = [...new Set(offer.lines.map((l) => l.productId))];
    const buyable = productIds.length
      ? await tx
          .select({ id: productTable.id })
          .from(productTable)
          .where(and(inArray(productTable.id, productIds), orderableProductCondition()))
      : [];
    const buyableIds = new Set(buyable.map((p) => p.id));
    const lines = offer.lines.filter((l) => buyableIds.has(l.productId));
    const ids = new Set(existing.map((l) => l.id));
    const added = lines.filter((l) => !ids.has(offerLineItemId(offer.offerNumber, l.lineNumber))).length;
    if (ids.size + added > MAX_CART_LINE_ITEMS) throw lineLimitReached();
    let position = existing.reduce((last, l) => Math.max(last, l.position), 0) + 1;
    for (const line of lines) {
      const stored: CartLineOffer = {
        offerNumber: offer.offerNumber,
        lineNumber: line.lineNumber,
        unitPrice: line.unitPrice,
        quantity: line.quantity,
        validUntil: offer.validUntil,
      };
      await tx
        .insert(cartLineItemTable)
        .values({
          customerId,
          id: offerLineItemId(offer.offerNumber, line.lineNumber),
          type: 'product',
          referencedId: line.productId,
          quantity: line.quantity,
          position: position++,
          offer: stored,
        })
        .onConflictDoUpdate({
          target: [cartLineItemTable.customerId, cartLineItemTable.id],
          set: { referencedId: line.productId, quantity: line.quantity, offer: stored, updatedAt: new Date() },
        });
    }
    await bumpRevision(tx, customerId);
    return lines.length;
  });
}
