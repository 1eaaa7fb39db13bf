/**
 * Order submits through the storefront's same-origin Store API proxy (src/lib/store-api/proxy.ts) against the
 * embedded Store API on PostgreSQL (PGlite serialises every query, which would hide the race): the proxy passes the
 * browser's `Idempotency-Key` on, so parallel submits of one attempt give one order and every answer names it, a retry
 * after the cart was filled again answers the first order, and the same key with another body is refused with 422
 * (IETF draft-ietf-httpapi-idempotency-key-header). The proxy runs with STORE_API_URL set, its HTTP transport
 * answered by the real backend app in this process.
 */
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createStoreApi } from '../backend/app.ts';
import { loadBackendConfig } from '../backend/config.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../backend/testing/pg-test-database.ts';
import { orderTable } from '../backend/db/schema/index.ts';
import { seedSalesChannel } from '../backend/db/seed-channel.ts';
import { randomId } from '../backend/lib/ids.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../backend/testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../backend/testing/order-test-support.ts';
import { providerErrorCode } from '../contract/provider.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;

beforeAll(async () => {
  database = await createPgTestDatabase();
  await seedSalesChannel(database.handle.db, config);
  await seedCheckoutSettings(database.handle.db);
  const { app } = createStoreApi({ db: database.handle.db, config });
  process.env.STORE_API_URL = 'http://backend.test:8000';
  process.env.STORE_API_ACCESS_KEY = config.accessKey;
  vi.stubGlobal('fetch', (request: Request) => app.fetch(request));
});
afterAll(async () => {
  vi.unstubAllGlobals();
  delete process.env.STORE_API_URL;
  delete process.env.STORE_API_ACCESS_KEY;
  await database?.drop();
});

/** The browser's cookie jar with the customer's context token (read only: the proxy may rotate nothing here). */
function cookiesOf(token: string): AstroCookies {
  return {
    get: (name: string) => (name === 'sw-context-token' ? { value: token } : undefined),
    set: () => undefined,
    delete: () => undefined,
  } as unknown as AstroCookies;
}

/** One `POST /store-api/checkout/order` as the browser sends it to the storefront. */
async function submitThroughProxy(token: string, key: string, body: Record<string, unknown> = {}) {
  const { proxyStoreApi } = await import('../src/lib/store-api/proxy.ts');
  const url = 'https://shop.test/store-api/checkout/order';
  const res = await proxyStoreApi({
    path: 'checkout/order',
    request: new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    }),
    url: new URL(url),
    cookies: cookiesOf(token),
    languageId: '',
    publicUrl: 'https://shop.test',
  });
  const json = (await res.json()) as { orderNumber?: string; errors?: { code: string }[] };
  return { status: res.status, orderNumber: json.orderNumber, code: json.errors?.[0]?.code };
}

async function buyer(): Promise<TestCustomer> {
  const db = database!.handle.db;
  const companyId = (await insertCompany(db)).id;
  await insertAddress(db, companyId, { isMain: true });
  return insertCustomer(db, companyId);
}

const ordersOf = (customerId: string) =>
  database!.handle.db.select().from(orderTable).where(eq(orderTable.customerId, customerId));

describe('order submits through the storefront proxy on PostgreSQL', () => {
  test('ten parallel submits of one attempt: one order, every answer names it', async () => {
    const db = database!.handle.db;
    const customer = await buyer();
    const article = await insertArticle(db, { stock: 100 });
    await fillCart(db, customer.id, [{ productId: article.id, quantity: 2 }]);
    const key = `attempt-${randomId()}`;
    const answers = await Promise.all(Array.from({ length: 10 }, () => submitThroughProxy(customer.token, key)));
    const placed = await ordersOf(customer.id);
    expect(placed).toHaveLength(1);
    expect(answers.map((a) => [a.status, a.orderNumber])).toEqual(
      Array.from({ length: 10 }, () => [200, placed[0]!.orderNumber]),
    );
  });

  test('a retry with the key after the cart was filled again answers the first order and places none', async () => {
    const db = database!.handle.db;
    const customer = await buyer();
    const article = await insertArticle(db, { stock: 100 });
    await fillCart(db, customer.id, [{ productId: article.id, quantity: 1 }]);
    const key = `attempt-${randomId()}`;
    const first = await submitThroughProxy(customer.token, key);
    expect(first.status).toBe(200);
    await fillCart(db, customer.id, [{ productId: article.id, quantity: 5 }]);
    const retry = await submitThroughProxy(customer.token, key);
    expect(retry).toEqual(first);
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });

  test('the same key with another body is refused with 422 and places nothing', async () => {
    const db = database!.handle.db;
    const customer = await buyer();
    const article = await insertArticle(db, { stock: 100 });
    await fillCart(db, customer.id, [{ productId: article.id, quantity: 1 }]);
    const key = `attempt-${randomId()}`;
    expect((await submitThroughProxy(customer.token, key, { remark: 'first' })).status).toBe(200);
    await fillCart(db, customer.id, [{ productId: article.id, quantity: 3 }]);
    const other = await submitThroughProxy(customer.token, key, { remark: 'second' });
    expect(other).toMatchObject({ status: 422, code: providerErrorCode(config.provider, 'IDEMPOTENCY_KEY_REUSED') });
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });

  test('parallel submits of one key with two bodies: one order, the other body 422', async () => {
    const db = database!.handle.db;
    const customer = await buyer();
    const article = await insertArticle(db, { stock: 100 });
    await fillCart(db, customer.id, [{ productId: article.id, quantity: 1 }]);
    const key = `attempt-${randomId()}`;
    const answers = await Promise.all([
      submitThroughProxy(customer.token, key, { remark: 'a' }),
      submitThroughProxy(customer.token, key, { remark: 'b' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    expect(await ordersOf(customer.id)).toHaveLength(1);
  });
});
