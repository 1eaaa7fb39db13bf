/**
 * Shopware's cart routes on the customer's one cart (docs/decisions/014-cart-and-orders.md):
 *
 * - `GET|POST /store-api/checkout/cart`: the calculated cart (Shopware Cart). Lines whose product has gone are
 *   reported once (`product-not-found`) and removed.
 * - `DELETE /store-api/checkout/cart`: empties the cart (lines and promotion codes), 204.
 * - `POST /store-api/checkout/cart/line-item` `{ items: [{ type: 'product', id, referencedId?, quantity? } |
 *   { type: 'promotion', referencedId: code }] }`: adds products (a line with the same id gets the quantity added, as
 *   Shopware stacks by id) and promotion codes. Unknown or inactive products answer `product-not-found-{id}` in the
 *   cart's errors and are not stored; unknown codes `promotion-not-found-{code}` (not stored); a valid new code the
 *   notice `promotion-discount-added-{code}`.
 * - `PATCH /store-api/checkout/cart/line-item` `{ items: [{ id, quantity?, payload?: { customFields: {
 *   order_detail_text } } }] }`: new quantities and line remarks.
 * - `POST /store-api/checkout/cart/line-item/delete` `{ ids }` and `DELETE /store-api/checkout/cart/line-item?ids[]=…`
 *   (Shopware's deprecated form): removes lines; a promotion is removed by its line id or its code.
 *
 * Every change adds 1 to the cart's `revision`. Unknown line ids answer 404 `CHECKOUT__CART_LINE_ITEM_NOT_FOUND`;
 * more than 500 lines 400 `CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED`; a stacked quantity above 100 000 the violation
 * TOO_HIGH_ERROR. Anonymous callers read an empty cart (as Shopware answers a guest, so headless frontends may read it
 * on every page) and get 403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN` for every change. Prices come only from the server:
 * price fields a client sends are dropped by the request schemas.
 *
 * A customer without ROLE_VIEW_PRICES gets the cart without prices (every amount 0, no tax breakdown,
 * ../prices-hidden.ts): such a buyer may order, an approver or a colleague with the right sees the prices
 * (docs/decisions/014, "Buyers without ROLE_VIEW_PRICES").
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as v from 'valibot';
import {
  AddLineItemsRequestSchema,
  MAX_CART_LINE_ITEMS,
  MAX_LINE_ITEM_QUANTITY,
  RemoveLineItemsRequestSchema,
  UpdateLineItemsRequestSchema,
} from '../../../contract/checkout.ts';
import { requireCustomer, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { textArray } from '../../db/sql-params.ts';
import { cartLineItemTable, cartTable, promotionTable } from '../../db/schema/index.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import { validate } from '../../http/validate.ts';
import type { StoreApiEnv } from '../context.ts';
import {
  bumpRevision,
  calculateCart,
  emptyCart,
  ensureCart,
  guestCart,
  type CartDb,
  type CartErrorEntry,
} from '../../commerce/cart/calculate-cart.ts';
import { pricedFor } from '../prices-hidden.ts';

export interface CartDeps {
  db: Db;
  config: BackendConfig;
}

function lineItemNotFound(id: string): StoreApiError {
  return new StoreApiError(404, 'CHECKOUT__CART_LINE_ITEM_NOT_FOUND', `Line item with identifier ${id} not found.`, {
    parameters: { identifier: id },
  });
}

/**
 * Locks the customer's cart row for the rest of the transaction, creating it first when the customer has none (one
 * statement when the row exists, as it does after the first change of a cart).
 */
async function lockCart(tx: CartDb, customerId: string): Promise<typeof cartTable.$inferSelect> {
  const lock = () => tx.select().from(cartTable).where(eq(cartTable.customerId, customerId)).for('update');
  const [row] = await lock();
  if (row) return row;
  await ensureCart(tx, customerId);
  return (await lock())[0]!;
}

/** Registers the cart routes (see the module comment). */
export function registerCartRoutes(app: Hono<StoreApiEnv>, deps: CartDeps): void {
  const { db, config } = deps;

  async function answer(
    c: Context<StoreApiEnv>,
    customer: AuthenticatedCustomer,
    extraErrors: CartErrorEntry[] = [],
  ): Promise<Response> {
    const context = c.get('context');
    let result = await calculateCart(db, customer, context, { config, extraErrors });
    if (result.model.missingLineIds.length) {
      const gone = result.model.errors.filter((e) => e.messageKey === 'product-not-found');
      await db.transaction(async (tx) => {
        await tx
          .delete(cartLineItemTable)
          .where(
            and(
              eq(cartLineItemTable.customerId, customer.id),
              inArray(cartLineItemTable.id, result.model.missingLineIds),
            ),
          );
        await bumpRevision(tx, customer.id);
      });
      result = await calculateCart(db, customer, context, { config, extraErrors: [...extraErrors, ...gone] });
    }
    c.header('cache-control', 'private, no-store');
    return c.json(pricedFor(customer, result.cart));
  }

  app.on(['GET', 'POST'], '/store-api/checkout/cart', async (c) => {
    const context = c.get('context');
    if (context.customerId === null) {
      // Reading the cart is open to guests (an empty cart, as Shopware answers); changing it is not.
      c.header('cache-control', 'private, no-store');
      return c.json(guestCart(context.token));
    }
    const customer = await requireCustomer(c, db);
    return answer(c, customer);
  });

  app.delete('/store-api/checkout/cart', async (c) => {
    const customer = await requireCustomer(c, db);
    await db.transaction(async (tx) => {
      await lockCart(tx, customer.id);
      await emptyCart(tx, customer.id);
    });
    c.header('cache-control', 'private, no-store');
    return c.body(null, 204);
  });

  app.post('/store-api/checkout/cart/line-item', validate('json', AddLineItemsRequestSchema), async (c) => {
    const customer = await requireCustomer(c, db);
    const { items } = c.req.valid('json');
    const extra: CartErrorEntry[] = [];
    const productIds = [
      ...new Set(items.flatMap((i) => (i.type === 'product' ? [i.referencedId ?? i.id.toLowerCase()] : []))),
    ];
    const codes = [...new Set(items.flatMap((i) => (i.type === 'promotion' ? [i.referencedId.toUpperCase()] : [])))];
    const now = new Date();
    const promotions = codes.length
      ? await db.select().from(promotionTable).where(inArray(promotionTable.code, codes))
      : [];
    const validCodes = new Set(
      promotions
        .filter((p) => p.active && (!p.validFrom || p.validFrom <= now) && (!p.validUntil || p.validUntil >= now))
        .map((p) => p.code),
    );

    await db.transaction(async (tx) => {
      const cart = await lockCart(tx, customer.id);
      // The cart's lines and which of the products can be bought (active, not a parent of variants), in one statement.
      const [state] = await queryRows<{
        lines: { id: string; quantity: number; position: number }[];
        buyable: string[];
      }>(
        tx,
        sql`SELECT coalesce((SELECT json_agg(json_build_object('id', id, 'quantity', quantity, 'position', position))
                               FROM cart_line_item WHERE customer_id = ${customer.id}), '[]') AS lines,
                   ARRAY(SELECT id FROM product
                          WHERE id = ANY(${textArray(productIds)}) AND active AND child_count = 0) AS buyable`,
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
          if (quantities.size >= MAX_CART_LINE_ITEMS) {
            throw new StoreApiError(
              400,
              'CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED',
              `A cart holds at most ${MAX_CART_LINE_ITEMS} line items.`,
              { parameters: { limit: MAX_CART_LINE_ITEMS } },
            );
          }
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
                      sql`(${customer.id}, ${id}, 'product', ${w.productId}, ${w.quantity}, ${w.position}, ${w.updated ? now.toISOString() : null}::timestamptz)`,
                  ),
                  sql`, `,
                )}
                ON CONFLICT (customer_id, id) DO UPDATE SET quantity = excluded.quantity, updated_at = excluded.updated_at
                RETURNING 1) `
        : sql``;
      await tx.execute(
        sql`${upsert}UPDATE cart SET revision = revision + 1, updated_at = ${now.toISOString()}::timestamptz
             ${addedCodes.length ? sql`, promotion_codes = ${textArray([...cart.promotionCodes, ...addedCodes])}` : sql``}
             WHERE customer_id = ${customer.id}`,
      );
    });
    return answer(c, customer, extra);
  });

  app.patch('/store-api/checkout/cart/line-item', validate('json', UpdateLineItemsRequestSchema), async (c) => {
    const customer = await requireCustomer(c, db);
    const { items } = c.req.valid('json');
    await db.transaction(async (tx) => {
      await lockCart(tx, customer.id);
      const existing = await tx
        .select({ id: cartLineItemTable.id })
        .from(cartLineItemTable)
        .where(eq(cartLineItemTable.customerId, customer.id));
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
          .where(and(eq(cartLineItemTable.customerId, customer.id), eq(cartLineItemTable.id, item.id)));
      }
      await bumpRevision(tx, customer.id);
    });
    return answer(c, customer);
  });

  async function removeLines(
    c: Context<StoreApiEnv>,
    customer: AuthenticatedCustomer,
    ids: string[],
  ): Promise<Response> {
    await db.transaction(async (tx) => {
      const cart = await lockCart(tx, customer.id);
      const existing = await tx
        .select({ id: cartLineItemTable.id })
        .from(cartLineItemTable)
        .where(eq(cartLineItemTable.customerId, customer.id));
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
          .where(and(eq(cartLineItemTable.customerId, customer.id), inArray(cartLineItemTable.id, dropLines)));
      }
      if (dropCodes.size) {
        await tx
          .update(cartTable)
          .set({ promotionCodes: cart.promotionCodes.filter((code) => !dropCodes.has(code)) })
          .where(eq(cartTable.customerId, customer.id));
      }
      await bumpRevision(tx, customer.id);
    });
    return answer(c, customer);
  }

  app.post('/store-api/checkout/cart/line-item/delete', validate('json', RemoveLineItemsRequestSchema), async (c) =>
    removeLines(c, await requireCustomer(c, db), c.req.valid('json').ids),
  );

  app.delete('/store-api/checkout/cart/line-item', async (c) => {
    const customer = await requireCustomer(c, db);
    const ids = [...(c.req.queries('ids') ?? []), ...(c.req.queries('ids[]') ?? [])].flatMap((s) => s.split(','));
    const parsed = v.parse(RemoveLineItemsRequestSchema, { ids });
    return removeLines(c, customer, parsed.ids);
  });
}
