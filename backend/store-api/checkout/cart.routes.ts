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
import type { Context, Hono, MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import {
  AddLineItemsRequestSchema,
  RemoveLineItemsRequestSchema,
  UpdateLineItemsRequestSchema,
} from '../../../contract/checkout.ts';
import { requireCustomer, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { validate } from '../../http/validate.ts';
import type { StoreApiEnv } from '../context.ts';
import { StoreApiError } from '../../http/errors.ts';
import { providerErrorCode } from '../../../contract/provider.ts';
import { calculateCart } from '../../commerce/cart/calculate-cart.ts';
import type { CartErrorEntry } from '../../commerce/cart/cart-model.ts';
import {
  addLineItems,
  clearCart,
  removeLineItems,
  removeMissingLines,
  updateLineItems,
} from '../../commerce/cart/cart-change.ts';
import { guestCart } from '../../commerce/cart/mapper.ts';
import { pricedFor } from '../../commerce/accounts/prices-hidden.ts';

export interface CartDeps {
  db: Db;
  config: BackendConfig;
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
      await removeMissingLines(db, customer.id, result.model.missingLineIds);
      result = await calculateCart(db, customer, context, { config, extraErrors: [...extraErrors, ...gone] });
    }
    c.header('cache-control', 'private, no-store');
    return c.json(pricedFor(customer, result.cart));
  }

  // A cXML inspect session shows the cart it was opened with and may not change it (cXML Reference Guide 1.2.051
  // §5.6.2.2: inspect is read-only); every change of the cart below is refused for it.
  const readOnlyGuard: MiddlewareHandler<StoreApiEnv> = async (c, next) => {
    if (c.get('context').punchOut?.readOnly) {
      throw new StoreApiError(
        403,
        providerErrorCode(config.provider, 'PUNCHOUT_CART_READ_ONLY'),
        'This punch-out session only shows the cart; it cannot be changed.',
      );
    }
    await next();
  };
  app.delete('/store-api/checkout/cart', readOnlyGuard);
  app.on(['POST', 'PATCH', 'DELETE'], '/store-api/checkout/cart/line-item/*', readOnlyGuard);
  app.on(['POST', 'PATCH', 'DELETE'], '/store-api/checkout/cart/line-item', readOnlyGuard);

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
    await clearCart(db, customer.id);
    c.header('cache-control', 'private, no-store');
    return c.body(null, 204);
  });

  app.post('/store-api/checkout/cart/line-item', validate('json', AddLineItemsRequestSchema), async (c) => {
    const customer = await requireCustomer(c, db);
    const extra = await addLineItems(db, customer.id, c.req.valid('json').items);
    return answer(c, customer, extra);
  });

  app.patch('/store-api/checkout/cart/line-item', validate('json', UpdateLineItemsRequestSchema), async (c) => {
    const customer = await requireCustomer(c, db);
    await updateLineItems(db, customer.id, c.req.valid('json').items);
    return answer(c, customer);
  });

  async function removeLines(
    c: Context<StoreApiEnv>,
    customer: AuthenticatedCustomer,
    ids: string[],
  ): Promise<Response> {
    await removeLineItems(db, customer.id, ids);
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
