/**
 * Order placement under real concurrency, on PostgreSQL (PGlite runs one session and serialises every query, which
 * hides races): concurrent submits of one cart with one idempotency key give one order, concurrent submits without a
 * key give one order and CHECKOUT__CART_EMPTY for the rest, and orders of two customers for the last pieces never
 * drive the stock below zero (the rest is backorder; a closeout refuses the second) nor the used credit over the
 * limit. Needs the PostgreSQL server of the project's machines (127.0.0.1:5432, user postgres, trust;
 * `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created and dropped.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import type { DbHandle } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { companyCreditTable, orderLineItemTable, orderTable, productTable } from '../../db/schema/index.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import {
  fillCart,
  insertAddress,
  insertArticle,
  seedCheckoutSettings,
  setCredit,
  type CheckoutSettings,
} from '../../testing/order-test-support.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let settings: CheckoutSettings;

beforeAll(async () => {
  database = await createPgTestDatabase();
  handle = database.handle;
  await seedSalesChannel(handle.db, config);
  settings = await seedCheckoutSettings(handle.db);
  app = createStoreApi({ db: handle.db, config }).app;
});
afterAll(async () => {
  await database?.drop();
});

async function submit(token: string, headers: Record<string, string> = {}) {
  const res = await app.request('/store-api/checkout/order', {
    method: 'POST',
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      'sw-context-token': token,
      ...headers,
    },
    body: '{}',
  });
  const json = (await res.json()) as { orderNumber?: string; errors?: { code: string }[] };
  return { status: res.status, orderNumber: json.orderNumber, code: json.errors?.[0]?.code };
}

async function buyerWithAddress(): Promise<{ customer: TestCustomer; companyId: string }> {
  const companyId = (await insertCompany(handle.db)).id;
  await insertAddress(handle.db, companyId, { isMain: true });
  return { customer: await insertCustomer(handle.db, companyId), companyId };
}

const ordersOf = (customerId: string) =>
  handle.db.select().from(orderTable).where(eq(orderTable.customerId, customerId));

describe('concurrent submits on PostgreSQL', () => {
  test('twenty submits of one cart with the same Idempotency-Key: one order, twenty answers naming it', async () => {
    const { customer } = await buyerWithAddress();
    const article = await insertArticle(handle.db, { stock: 100 });
    await fillCart(handle.db, customer.id, [{ productId: article.id, quantity: 3 }]);
    const key = { 'Idempotency-Key': `submit-${randomId()}` };
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(customer.token, key)));
    const placed = await ordersOf(customer.id);
    expect(placed).toHaveLength(1);
    expect(answers.map((a) => [a.status, a.orderNumber])).toEqual(
      Array.from({ length: 20 }, () => [200, placed[0]!.orderNumber]),
    );
    const [product] = await handle.db.select().from(productTable).where(eq(productTable.id, article.id));
    expect(product!.availableStock).toBe(97);
  });

  test('twenty submits without a key: one order, the others find the cart empty', async () => {
    const { customer } = await buyerWithAddress();
    const article = await insertArticle(handle.db, { stock: 100 });
    await fillCart(handle.db, customer.id, [{ productId: article.id, quantity: 2 }]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(customer.token)));
    expect(await ordersOf(customer.id)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400 && a.code === 'CHECKOUT__CART_EMPTY')).toHaveLength(19);
    const [product] = await handle.db.select().from(productTable).where(eq(productTable.id, article.id));
    expect(product!.availableStock).toBe(98);
  });

  test('two customers order the last pieces at once: stock ends at zero, the rest is backorder', async () => {
    for (let round = 0; round < 5; round++) {
      const a = (await buyerWithAddress()).customer;
      const b = (await buyerWithAddress()).customer;
      const article = await insertArticle(handle.db, { stock: 5 });
      await fillCart(handle.db, a.id, [{ productId: article.id, quantity: 4 }]);
      await fillCart(handle.db, b.id, [{ productId: article.id, quantity: 4 }]);
      const answers = await Promise.all([submit(a.token), submit(b.token)]);
      expect(answers.map((x) => x.status)).toEqual([200, 200]);
      const [product] = await handle.db.select().from(productTable).where(eq(productTable.id, article.id));
      expect(product!.availableStock).toBe(0);
      const lines = await handle.db
        .select()
        .from(orderLineItemTable)
        .where(eq(orderLineItemTable.referencedId, article.id));
      expect(lines.map((l) => l.backorderQuantity).sort()).toEqual([0, 3]);
    }
  });

  test('two customers order the last pieces of a closeout at once: one order, the other is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const a = (await buyerWithAddress()).customer;
      const b = (await buyerWithAddress()).customer;
      const article = await insertArticle(handle.db, { stock: 5, closeout: true });
      await fillCart(handle.db, a.id, [{ productId: article.id, quantity: 4 }]);
      await fillCart(handle.db, b.id, [{ productId: article.id, quantity: 4 }]);
      const answers = await Promise.all([submit(a.token), submit(b.token)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
      expect(answers.find((x) => x.status === 400)!.code).toBe('CHECKOUT__CART_INVALID');
      const [product] = await handle.db.select().from(productTable).where(eq(productTable.id, article.id));
      expect(product!.availableStock).toBe(1);
    }
  });

  test('a buyer shown invoice whose colleague used up the credit meanwhile is refused, not switched to prepayment', async () => {
    const companyId = (await insertCompany(handle.db)).id;
    await insertAddress(handle.db, companyId, { isMain: true });
    const a = await insertCustomer(handle.db, companyId);
    const b = await insertCustomer(handle.db, companyId);
    await setCredit(handle.db, companyId, 20_000);
    const article = await insertArticle(handle.db, { price: '100.00' });
    await fillCart(handle.db, a.id, [{ productId: article.id, quantity: 1 }]);
    await fillCart(handle.db, b.id, [{ productId: article.id, quantity: 1 }]);
    const shown = await app.request('/store-api/checkout/cart', {
      headers: { 'sw-access-key': config.accessKey, 'sw-context-token': b.token },
    });
    const cart = (await shown.json()) as { transactions: { paymentMethodId: string }[]; errors: object };
    expect([cart.transactions[0]?.paymentMethodId, cart.errors]).toEqual([settings.invoiceId, {}]);
    expect((await submit(a.token)).status).toBe(200);
    const refused = await submit(b.token);
    expect(refused).toMatchObject({ status: 400, code: 'CHECKOUT__CART_INVALID' });
    expect(await ordersOf(b.id)).toEqual([]);
  });

  test('two invoice orders of one company that fit the credit only one at a time: one is refused, none switched', async () => {
    for (let round = 0; round < 5; round++) {
      const companyId = (await insertCompany(handle.db)).id;
      await insertAddress(handle.db, companyId, { isMain: true });
      const a = await insertCustomer(handle.db, companyId);
      const b = await insertCustomer(handle.db, companyId);
      // 100.00 + 9.95 shipping, 21 % VAT = 133.04 each; 200.00 of credit holds one. Neither buyer chose a payment
      // method: both carts show invoice, the first active method.
      await setCredit(handle.db, companyId, 20_000);
      const article = await insertArticle(handle.db, { price: '100.00' });
      await fillCart(handle.db, a.id, [{ productId: article.id, quantity: 1 }]);
      await fillCart(handle.db, b.id, [{ productId: article.id, quantity: 1 }]);
      const answers = await Promise.all([submit(a.token), submit(b.token)]);
      expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
      // Refused either under the credit row's lock or, calculated after the first commit, as a blocked payment
      // method: both tell the buyer to choose another way to pay; neither places an order paid in advance.
      expect([providerErrorCode(config.provider, 'CREDIT_LIMIT_EXCEEDED'), 'CHECKOUT__CART_INVALID']).toContain(
        answers.find((x) => x.status === 400)!.code,
      );
      const placed = [...(await ordersOf(a.id)), ...(await ordersOf(b.id))];
      expect(placed.map((o) => o.paymentMethodId)).toEqual([settings.invoiceId]);
      const [credit] = await handle.db
        .select()
        .from(companyCreditTable)
        .where(eq(companyCreditTable.companyId, companyId));
      expect(credit!.usedCents).toBe(13_304);
    }
  });
});
