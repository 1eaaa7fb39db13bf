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
import { type OrderListDetail, type OrderListListResponse } from '../../../contract/provider/order-list.ts';
import { requireCustomer, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { providerRoute } from '../../http/provider-route.ts';
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

  async function detail(
    c: Context<StoreApiEnv>,
    me: AuthenticatedCustomer,
    row: OrderListRow,
  ): Promise<OrderListDetail> {
    return orderListDetail(db, me, row, view(c));
  }

  providerRoute(app, provider, 'listOrderLists', async (c) => {
    const me = await caller(c);
    const body: OrderListListResponse = await listOrderLists(db, me, c.req.valid('query'), view(c));
    return body;
  });

  providerRoute(app, provider, 'createOrderList', async (c) => {
    const me = await caller(c);
    return detail(c, me, await createOrderList(db, me, provider, c.req.valid('json')));
  });

  providerRoute(app, provider, 'readOrderList', async (c) => {
    const me = await caller(c);
    return detail(c, me, await loadVisibleList(db, me, provider, c.req.valid('param').id));
  });

  providerRoute(app, provider, 'updateOrderList', async (c) => {
    const me = await caller(c);
    return detail(c, me, await patchOrderList(db, me, provider, c.req.valid('param').id, c.req.valid('json')));
  });

  providerRoute(app, provider, 'deleteOrderList', async (c) => {
    const me = await caller(c);
    await deleteOrderList(db, me, provider, c.req.valid('param').id);
    return null;
  });

  providerRoute(app, provider, 'putOrderListItems', async (c) => {
    const me = await caller(c);
    const { items, mode } = c.req.valid('json');
    return detail(c, me, await putOrderListItems(db, me, provider, c.req.valid('param').id, items, mode));
  });

  providerRoute(app, provider, 'deleteOrderListItems', async (c) => {
    const me = await caller(c);
    const { productIds } = c.req.valid('json');
    return detail(c, me, await removeOrderListItems(db, me, provider, c.req.valid('param').id, productIds));
  });
}
