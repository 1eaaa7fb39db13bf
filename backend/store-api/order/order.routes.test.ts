import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { orderTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../../testing/order-test-support.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
const HISTORY = `/store-api/${config.provider}/sw/order/history`;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let lead: TestCustomer;
let colleague: TestCustomer;
let stranger: TestCustomer;
let drill: { id: string; productNumber: string };
let screws: { id: string; productNumber: string };
/** Order numbers by name. */
const orders: Record<string, string> = {};

type Json = Record<string, unknown> & { errors?: { code: string; source?: { pointer: string } }[] };

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await app.request(path, {
    method,
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      ...(token ? { 'sw-context-token': token } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

async function order(name: string, who: TestCustomer, lines: { productId: string; quantity: number }[], at: string) {
  await fillCart(handle.db, who.id, lines);
  const { status, json } = await call('POST', '/store-api/checkout/order', who.token, { orderReference: name });
  expect(status).toBe(200);
  orders[name] = json.orderNumber as string;
  await handle.db
    .update(orderTable)
    .set({ orderDateTime: new Date(at) })
    .where(eq(orderTable.id, json.id as string));
}

const numbers = (json: Json) => (json.elements as { orderNumber: string }[]).map((e) => e.orderNumber);

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  await seedCheckoutSettings(handle.db);
  const companyA = (await insertCompany(handle.db)).id;
  const companyB = (await insertCompany(handle.db)).id;
  await insertAddress(handle.db, companyA, { isMain: true });
  await insertAddress(handle.db, companyB, { isMain: true });
  lead = await insertCustomer(handle.db, companyA, { leadBuyer: true });
  colleague = await insertCustomer(handle.db, companyA, {
    rights: ['ROLE_PLACE_ORDERS', 'ROLE_MANAGE_ORDER_HISTORY'],
  });
  stranger = await insertCustomer(handle.db, companyB);
  drill = await insertArticle(handle.db, { price: '40.00' });
  screws = await insertArticle(handle.db, { price: '0.50' });
  // 23:30 UTC on 31 January is already 1 February in Brussels.
  await order('PO-JAN', lead, [{ productId: drill.id, quantity: 1 }], '2026-01-10T10:00:00Z');
  await order('PO-FEB', lead, [{ productId: screws.id, quantity: 10 }], '2026-01-31T23:30:00Z');
  await order(
    'SITE-MAR',
    lead,
    [
      { productId: drill.id, quantity: 2 },
      { productId: screws.id, quantity: 4 },
    ],
    '2026-03-05T09:00:00Z',
  );
  await order('COLLEAGUE', colleague, [{ productId: drill.id, quantity: 1 }], '2026-02-15T12:00:00Z');
  await order('STRANGER', stranger, [{ productId: drill.id, quantity: 1 }], '2026-02-16T12:00:00Z');
});
afterAll(() => handle.close());

describe('provider order history', () => {
  test('the company right shows the whole company, newest first, with the list fields', async () => {
    const { status, json } = await call('GET', HISTORY, lead.token);
    expect(status).toBe(200);
    expect(json).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect(numbers(json)).toEqual([orders['SITE-MAR'], orders.COLLEAGUE, orders['PO-FEB'], orders['PO-JAN']]);
    expect((json.elements as Json[])[0]).toMatchObject({
      orderReference: 'SITE-MAR',
      state: 'open',
      lineItemCount: 2,
      shippingOption: 'delivery',
      amountNet: 91.95,
    });
  });

  test('without the company right only the own orders; a colleague’s order answers 404', async () => {
    const { json } = await call('GET', HISTORY, colleague.token);
    expect(numbers(json)).toEqual([orders.COLLEAGUE]);
    const detail = await call('GET', `${HISTORY}/detail?orderNumber=${orders['PO-JAN']}`, colleague.token);
    expect(detail.status).toBe(404);
    expect(detail.json.errors?.[0]?.code).toBe(providerErrorCode(config.provider, 'ORDER_NOT_FOUND'));
  });

  test('filters: order number, article number, reference, days in Brussels, state; paging', async () => {
    const list = async (query: string) => numbers((await call('GET', `${HISTORY}?${query}`, lead.token)).json);
    expect(await list(`orderNumber=${orders['PO-FEB']}`)).toEqual([orders['PO-FEB']]);
    expect(await list(`productNumber=${screws.productNumber}`)).toEqual([orders['SITE-MAR'], orders['PO-FEB']]);
    expect(await list('orderReference=po-')).toEqual([orders['PO-FEB'], orders['PO-JAN']]);
    expect(await list('dateFrom=2026-02-01&dateTo=2026-02-28')).toEqual([orders.COLLEAGUE, orders['PO-FEB']]);
    expect(await list('dateTo=2026-01-31')).toEqual([orders['PO-JAN']]);
    expect(await list('state=cancelled')).toEqual([]);
    const page2 = await call('GET', `${HISTORY}?page=2&limit=3`, lead.token);
    expect(page2.json).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(numbers(page2.json)).toEqual([orders['PO-JAN']]);
    const bad = await call('GET', `${HISTORY}?limit=101&dateFrom=yesterday`, lead.token);
    expect(bad.status).toBe(400);
    expect(bad.json.errors?.map((e) => e.source?.pointer).sort()).toEqual(['/dateFrom', '/limit']);
  });

  test('the detail by number or id: lines, addresses, totals; another company’s order is 404', async () => {
    const { status, json } = await call('GET', `${HISTORY}/detail?orderNumber=${orders['SITE-MAR']}`, lead.token);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      orderNumber: orders['SITE-MAR'],
      orderReference: 'SITE-MAR',
      shippingTotal: 9.95,
      surcharge: 0,
      discount: 0,
      positionPrice: 82,
      amountNet: 91.95,
      currency: 'EUR',
      billingAddress: { city: 'Antwerpen' },
    });
    expect(json.lines).toEqual([
      expect.objectContaining({
        lineNumber: 1,
        productNumber: drill.productNumber,
        quantity: 2,
        unitPrice: 40,
        totalPrice: 80,
        customerArticleNumber: null,
      }),
      expect.objectContaining({
        lineNumber: 2,
        productNumber: screws.productNumber,
        quantity: 4,
        unitPrice: 0.5,
        totalPrice: 2,
      }),
    ]);
    const byId = await call('GET', `${HISTORY}/detail?id=${json.id as string}`, lead.token);
    expect(byId.json).toEqual(json);
    const foreign = await call('GET', `${HISTORY}/detail?orderNumber=${orders.STRANGER}`, lead.token);
    expect(foreign.status).toBe(404);
  });

  test('without ROLE_MANAGE_ORDER_HISTORY: 403', async () => {
    const clerk = await insertCustomer(handle.db, (await insertCompany(handle.db)).id, {
      rights: ['ROLE_PLACE_ORDERS'],
    });
    const { status, json } = await call('GET', HISTORY, clerk.token);
    expect(status).toBe(403);
    expect(json.errors?.[0]?.code).toBe(providerErrorCode(config.provider, 'MISSING_RIGHT'));
  });
});

describe('POST /store-api/order (Shopware readOrder)', () => {
  test('without ROLE_MANAGE_ORDER_HISTORY: 403 MISSING_RIGHT, not even one’s own orders', async () => {
    const clerk = await insertCustomer(handle.db, (await insertCompany(handle.db)).id, {
      rights: ['ROLE_PLACE_ORDERS', 'ROLE_VIEW_PRICES'],
    });
    const { status, json } = await call('POST', '/store-api/order', clerk.token, {});
    expect(status).toBe(403);
    expect(json.errors?.[0]).toMatchObject({
      code: providerErrorCode(config.provider, 'MISSING_RIGHT'),
      meta: { parameters: { right: 'ROLE_MANAGE_ORDER_HISTORY' } },
    });
  });

  test('the customer’s own orders only, newest first, as OrderRouteResponse; filter and paging', async () => {
    const { status, json } = await call('POST', '/store-api/order', lead.token, {});
    expect(status).toBe(200);
    const result = json.orders as Json;
    expect(result).toMatchObject({ total: 3, page: 1, limit: 10, entity: 'order' });
    expect(numbers(result)).toEqual([orders['SITE-MAR'], orders['PO-FEB'], orders['PO-JAN']]);
    const filtered = await call('POST', '/store-api/order', lead.token, {
      filter: [{ type: 'equals', field: 'orderNumber', value: orders['PO-JAN'] }],
    });
    expect(numbers(filtered.json.orders as Json)).toEqual([orders['PO-JAN']]);
    const foreign = await call('POST', '/store-api/order', lead.token, {
      filter: [{ type: 'equals', field: 'orderNumber', value: orders.STRANGER }],
    });
    expect((foreign.json.orders as Json).total).toBe(0);
    const paged = await call('POST', '/store-api/order', lead.token, {
      limit: 1,
      page: 2,
      sort: [{ field: 'orderDateTime', order: 'ASC' }],
    });
    expect(numbers(paged.json.orders as Json)).toEqual([orders['PO-FEB']]);
    const bad = await call('POST', '/store-api/order', lead.token, {
      filter: [{ type: 'equals', field: 'customerId', value: 'x' }],
    });
    expect(bad.status).toBe(400);
    expect((await call('POST', '/store-api/order')).status).toBe(403);
  });
});
