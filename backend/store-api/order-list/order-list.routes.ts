/**
 * Order list endpoints of the provider API (contract/provider/order-list.ts, docs/decisions/017):
 * - `GET /store-api/{provider}/order/list` (OrderListQuery → one page of the lists the caller sees, newest first, with
 *   the tags of those lists);
 * - `POST …/order/list` (OrderListCreateRequest → the new list with its items: from `items`, from the cart with
 *   `fromCart`, or copied from a list with `sourceListId`);
 * - `GET`, `PATCH` (OrderListPatchRequest), `DELETE …/order/list/{id}`: one list, its name, sharing and tags;
 * - `POST …/order/list/{id}/items` (OrderListItemsRequest, `mode` add or set) and `DELETE …/order/list/{id}/items`
 *   (OrderListItemsDeleteRequest): its items.
 *
 * Every endpoint needs ROLE_MANAGE_ORDER_LISTS (403 `{PROVIDER}__MISSING_RIGHT`; anonymous callers 403
 * `CHECKOUT__CUSTOMER_NOT_LOGGED_IN`). A list the caller does not see answers 404 `{PROVIDER}__ORDER_LIST_NOT_FOUND`
 * (backend/commerce/order-lists/order-list.service.ts). Every answer is per caller: `cache-control: private, no-store`.
 */
import type { Context, Hono } from 'hono';
import {
  OrderListCreateRequestSchema,
  OrderListItemsDeleteRequestSchema,
  OrderListItemsRequestSchema,
  OrderListPatchRequestSchema,
  OrderListPathSchema,
  OrderListQuerySchema,
  type OrderListDetail,
  type OrderListListResponse,
} from '../../../contract/provider/order-list.ts';
import { requireCustomer, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { validate } from '../../http/validate.ts';
import type { StoreApiEnv } from '../context.ts';
import {
  createOrderList,
  deleteOrderList,
  listOrderLists,
  loadVisibleList,
  orderListDetail,
  patchOrderList,
  putOrderListItems,
  removeOrderListItems,
  type OrderListRow,
  type OrderListView,
} from '../../commerce/order-lists/order-list.service.ts';

export interface OrderListDeps {
  db: Db;
  config: BackendConfig;
}

/** Registers the order list endpoints (see the module comment). */
export function registerOrderListRoutes(app: Hono<StoreApiEnv>, deps: OrderListDeps): void {
  const { db, config } = deps;
  const { provider } = config;
  const base = `/store-api/${provider}/order/list`;

  /** The logged-in caller holding ROLE_MANAGE_ORDER_LISTS; the answer is marked private. */
  async function caller(c: Context<StoreApiEnv>): Promise<AuthenticatedCustomer> {
    c.header('cache-control', 'private, no-store');
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_ORDER_LISTS', provider);
    return me;
  }

  const view = (c: Context<StoreApiEnv>): OrderListView => ({
    locale: c.get('context').language.localeCode,
    mediaBaseUrl: config.mediaBaseUrl,
  });

  async function detail(c: Context<StoreApiEnv>, me: AuthenticatedCustomer, row: OrderListRow): Promise<Response> {
    const body: OrderListDetail = await orderListDetail(db, me, row, view(c));
    return c.json(body);
  }

  app.get(base, validate('query', OrderListQuerySchema), async (c) => {
    const me = await caller(c);
    const body: OrderListListResponse = await listOrderLists(db, me, c.req.valid('query'), view(c));
    return c.json(body);
  });

  app.post(base, validate('json', OrderListCreateRequestSchema), async (c) => {
    const me = await caller(c);
    return detail(c, me, await createOrderList(db, me, provider, c.req.valid('json')));
  });

  app.get(`${base}/:id`, validate('param', OrderListPathSchema), async (c) => {
    const me = await caller(c);
    return detail(c, me, await loadVisibleList(db, me, provider, c.req.valid('param').id));
  });

  app.patch(
    `${base}/:id`,
    validate('param', OrderListPathSchema),
    validate('json', OrderListPatchRequestSchema),
    async (c) => {
      const me = await caller(c);
      return detail(c, me, await patchOrderList(db, me, provider, c.req.valid('param').id, c.req.valid('json')));
    },
  );

  app.delete(`${base}/:id`, validate('param', OrderListPathSchema), async (c) => {
    const me = await caller(c);
    await deleteOrderList(db, me, provider, c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.post(
    `${base}/:id/items`,
    validate('param', OrderListPathSchema),
    validate('json', OrderListItemsRequestSchema),
    async (c) => {
      const me = await caller(c);
      const { items, mode } = c.req.valid('json');
      return detail(c, me, await putOrderListItems(db, me, provider, c.req.valid('param').id, items, mode));
    },
  );

  app.delete(
    `${base}/:id/items`,
    validate('param', OrderListPathSchema),
    validate('json', OrderListItemsDeleteRequestSchema),
    async (c) => {
      const me = await caller(c);
      const { productIds } = c.req.valid('json');
      return detail(c, me, await removeOrderListItems(db, me, provider, c.req.valid('param').id, productIds));
    },
  );
}
