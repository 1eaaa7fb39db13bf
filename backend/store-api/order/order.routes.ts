/**
 * Reading orders:
 * - `POST /store-api/order` (Shopware's readOrder): the logged-in customer's own orders as Shopware's
 *   OrderRouteResponse, newest first, with ROLE_MANAGE_ORDER_HISTORY (the right of the order history; without it
 *   403 `{PROVIDER}__MISSING_RIGHT`, docs/decisions/024). Criteria: `page`, `limit` (default 10, as Shopware's account order page),
 *   `filter` on `id`, `orderNumber` and `stateMachineState.technicalName` (equals, equalsAny; contains on
 *   `orderNumber`), `sort` on `orderDateTime` or `orderNumber`. Other filter or sort fields answer 400
 *   `VIOLATION::INVALID_FILTER` / `INVALID_SORT`.
 * - `GET /store-api/{provider}/sw/order/history` and `…/history/detail` (contract/provider/order-history.ts): the
 *   provider's order history, with ROLE_MANAGE_ORDER_HISTORY; ROLE_MANAGE_COMPANY_ORDER_HISTORY widens it from the
 *   caller's own orders to the whole company's. An order outside that scope answers 404
 *   `{PROVIDER}__ORDER_NOT_FOUND`, exactly like an unknown one.
 */
import { and, asc, count, desc, eq, exists, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { type OrderHistoryResponse } from '../../../contract/provider/order-history.ts';
import { requireCustomer, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orderLineItemTable, orderTable } from '../../db/schema/index.ts';
import { violations } from '../../http/errors.ts';
import { providerRoute } from '../../http/provider-route.ts';
import type { StoreApiEnv } from '../context.ts';
import { containsPattern } from '../../db/like.ts';
import { pagination, parseCriteria, readJsonBody, type FilterNode } from '../criteria.ts';
import { mapHistoryDetail, mapHistoryEntry, mapOrder } from '../order.mapper.ts';
import { loadOrderRecords, orderNotFound } from '../../commerce/orders/order-records.ts';
import { readsArticleLinks } from '../../commerce/article-links/lookup.ts';
import type { StoreOrderRouteResponse } from '../order-schemas.ts';
import { pricedFor } from '../../commerce/accounts/prices-hidden.ts';

export interface OrderDeps {
  db: Db;
  config: BackendConfig;
}

/** The shop's time zone: the days of `dateFrom` and `dateTo` are days in Belgium. */
const SHOP_TIME_ZONE = 'Europe/Brussels';

/** The orders the caller may see in the history: the company's with the company right, else the caller's own. */
export function historyScope(me: AuthenticatedCustomer): SQL {
  return me.rights.has('ROLE_MANAGE_COMPANY_ORDER_HISTORY')
    ? eq(orderTable.companyId, me.companyId)
    : eq(orderTable.customerId, me.id);
}

/** The condition of one readOrder filter. */
function readOrderFilter(node: FilterNode, index: number): SQL {
  const invalid = () =>
    violations([
      {
        pointer: `/filter/${index}`,
        code: 'INVALID_FILTER',
        detail: 'Orders filter on id, orderNumber and stateMachineState.technicalName only.',
      },
    ]);
  const column =
    node.type !== 'multi' && node.type !== 'not'
      ? { id: orderTable.id, orderNumber: orderTable.orderNumber, 'stateMachineState.technicalName': orderTable.state }[
          node.field
        ]
      : undefined;
  if (!column) throw invalid();
  if (node.type === 'equals') return eq(column, String(node.value));
  if (node.type === 'equalsAny') return inArray(column, node.value.map(String));
  if (node.type === 'contains' && node.field === 'orderNumber') return ilike(column, containsPattern(node.value));
  throw invalid();
}

/** Registers `POST /store-api/order` and the provider's order history (see the module comment). */
export function registerOrderRoutes(app: Hono<StoreApiEnv>, deps: OrderDeps): void {
  const { db, config } = deps;

  app.post('/store-api/order', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_ORDER_HISTORY', config.provider);
    const criteria = parseCriteria(await readJsonBody(c.req), c.req.query());
    const { page, limit, offset } = pagination(criteria, 10);
    const where = and(eq(orderTable.customerId, me.id), ...criteria.filter.map(readOrderFilter));
    const order = criteria.sort.length
      ? criteria.sort.map((s, i) => {
          const column = { orderDateTime: orderTable.orderDateTime, orderNumber: orderTable.orderNumber }[s.field];
          if (!column) {
            throw violations([
              { pointer: `/sort/${i}`, code: 'INVALID_SORT', detail: 'Orders sort by orderDateTime or orderNumber.' },
            ]);
          }
          return s.order === 'DESC' ? desc(column) : asc(column);
        })
      : [desc(orderTable.orderDateTime)];
    const [total] = await db.select({ n: count() }).from(orderTable).where(where);
    const ids = await db
      .select({ id: orderTable.id })
      .from(orderTable)
      .where(where)
      .orderBy(...order, desc(orderTable.orderNumber))
      .limit(limit)
      .offset(offset);
    const records = await loadOrderRecords(
      db,
      ids.map((r) => r.id),
    );
    const reader = { customerArticleNumbers: readsArticleLinks(me) };
    const elements = records.map((r) => mapOrder(r, c.get('context').language.localeCode, reader));
    const body: StoreOrderRouteResponse = {
      orders: {
        entity: 'order',
        elements,
        aggregations: [],
        total: total?.n ?? 0,
        page,
        limit,
        apiAlias: 'dal_entity_search_result',
      },
      paymentChangeable: Object.fromEntries(elements.map((o) => [o.id, false])),
    };
    return c.json(pricedFor(me, body));
  });

  providerRoute(app, config.provider, 'readOrderHistory', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_ORDER_HISTORY', config.provider);
    const q = c.req.valid('query');
    const conditions: SQL[] = [historyScope(me)];
    if (q.orderNumber) conditions.push(eq(orderTable.orderNumber, q.orderNumber));
    if (q.orderReference) conditions.push(ilike(orderTable.orderReference, containsPattern(q.orderReference)));
    if (q.state) conditions.push(eq(orderTable.state, q.state));
    if (q.dateFrom) {
      conditions.push(sql`(${orderTable.orderDateTime} AT TIME ZONE ${SHOP_TIME_ZONE})::date >= ${q.dateFrom}::date`);
    }
    if (q.dateTo) {
      conditions.push(sql`(${orderTable.orderDateTime} AT TIME ZONE ${SHOP_TIME_ZONE})::date <= ${q.dateTo}::date`);
    }
    if (q.productNumber) {
      conditions.push(
        exists(
          db
            .select({ one: sql`1` })
            .from(orderLineItemTable)
            .where(
              and(eq(orderLineItemTable.orderId, orderTable.id), eq(orderLineItemTable.productNumber, q.productNumber)),
            ),
        ),
      );
    }
    const where = and(...conditions);
    const [total] = await db.select({ n: count() }).from(orderTable).where(where);
    const ids = await db
      .select({ id: orderTable.id })
      .from(orderTable)
      .where(where)
      .orderBy(desc(orderTable.orderDateTime), desc(orderTable.orderNumber))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit);
    const records = await loadOrderRecords(
      db,
      ids.map((r) => r.id),
    );
    const body: OrderHistoryResponse = {
      elements: records.map(mapHistoryEntry),
      total: total?.n ?? 0,
      page: q.page,
      limit: q.limit,
    };
    return pricedFor(me, body);
  });

  providerRoute(app, config.provider, 'readOrderHistoryDetail', async (c) => {
    const me = await requireCustomer(c, db);
    requireRight(me, 'ROLE_MANAGE_ORDER_HISTORY', config.provider);
    const q = c.req.valid('query');
    const key = q.id ?? q.orderNumber ?? '';
    const [row] = await db
      .select({ id: orderTable.id })
      .from(orderTable)
      .where(
        and(
          historyScope(me),
          q.id ? eq(orderTable.id, q.id) : undefined,
          q.orderNumber ? eq(orderTable.orderNumber, q.orderNumber) : undefined,
        ),
      )
      .limit(1);
    const [record] = row ? await loadOrderRecords(db, [row.id]) : [];
    if (!record) throw orderNotFound(config.provider, key);
    return pricedFor(me, mapHistoryDetail(record, { customerArticleNumbers: readsArticleLinks(me) }));
  });
}
