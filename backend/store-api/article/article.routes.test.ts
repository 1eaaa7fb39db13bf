import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { createTestStoreApi, type TestStoreApi } from '../../testing/test-fixtures.ts';
import { formatUnitPrice } from '../../lib/price.ts';

let api: TestStoreApi;
let buyer: TestCustomer;
let noPrices: TestCustomer;
let path: string;

type Info = { articles: Record<string, unknown>[]; errors?: { code: string }[] };

async function info(body: unknown, token?: string): Promise<{ status: number; json: Info }> {
  const res = await api.call('POST', path, body, token ? { 'sw-context-token': token } : {});
  return { status: res.status, json: (await res.json()) as Info };
}

beforeAll(async () => {
  api = await createTestStoreApi();
  path = `/${api.config.provider}/article/information`;
  const company = await insertCompany(api.db);
  buyer = await insertCustomer(api.db, company.id, { rights: ['ROLE_VIEW_PRICES', 'ROLE_PLACE_ORDERS'] });
  noPrices = await insertCustomer(api.db, company.id, { rights: RIGHT_CODES.filter((c) => c !== 'ROLE_VIEW_PRICES') });
});
afterAll(() => api.close());

describe('POST {provider}/article/information', () => {
  test('net unit price, stock, purchase rules and delivery times of each known article, in request order', async () => {
    const { status, json } = await info(
      {
        articles: [
          { sku: 'S-3000', quantity: 200 },
          { sku: 'P-1000', quantity: 1 },
          { sku: 'NOPE-1', quantity: 1 },
        ],
      },
      buyer.token,
    );
    expect(status).toBe(200);
    expect(json.articles).toEqual([
      {
        article: 'S-3000',
        price: '0.014',
        quantity: 50000,
        minSalesQuantity: 100,
        purchaseSteps: 100,
        uom: 'C62',
        deliveryTime: null,
        restockTime: null,
        apiAlias: 'article_information',
      },
      {
        article: 'P-1000',
        price: '24.90',
        quantity: 120,
        minSalesQuantity: 1,
        purchaseSteps: 1,
        uom: 'C62',
        deliveryTime: { min: 1, max: 2, unit: 'day' },
        restockTime: 3,
        apiAlias: 'article_information',
      },
    ]);
  });

  test('the tier price for the quantity', async () => {
    const at = async (quantity: number) =>
      (await info({ articles: [{ sku: 'P-1000', quantity }] }, buyer.token)).json.articles[0]!.price;
    expect(await at(9)).toBe('24.90');
    expect(await at(10)).toBe('22.50');
    expect(await at(250)).toBe('22.50');
  });

  test('without ROLE_VIEW_PRICES neither price nor stock figure is there, the purchase rules are', async () => {
    const { json } = await info({ articles: [{ sku: 'P-1000', quantity: 1 }] }, noPrices.token);
    expect(json.articles[0]).toMatchObject({ article: 'P-1000', price: null, quantity: null, minSalesQuantity: 1 });
  });

  test('inactive articles are left out; repeated skus answered once', async () => {
    const { json } = await info(
      {
        articles: [
          { sku: 'X-9000', quantity: 1 },
          { sku: 'P-1001', quantity: 1 },
          { sku: 'P-1001', quantity: 5 },
        ],
      },
      buyer.token,
    );
    expect(json.articles.map((a) => a.article)).toEqual(['P-1001']);
    expect(json.articles[0]).toMatchObject({ quantity: 0, price: '19.90', restockTime: 5 });
  });

  test('anonymous callers get 403 not logged in', async () => {
    const { status, json } = await info({ articles: [{ sku: 'P-1000', quantity: 1 }] });
    expect(status).toBe(403);
    expect(json.errors?.map((e) => e.code)).toEqual(['CHECKOUT__CUSTOMER_NOT_LOGGED_IN']);
  });

  test('more than 100 articles, an empty list or a bad quantity are violations', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ sku: `A-${i}`, quantity: 1 }));
    for (const body of [{ articles: many }, { articles: [] }, { articles: [{ sku: 'P-1000', quantity: -1 }] }, {}]) {
      const { status, json } = await info(body, buyer.token);
      expect(status).toBe(400);
      expect(json.errors?.[0]?.code).toMatch(/^VIOLATION::/);
    }
  });
});

describe('formatUnitPrice', () => {
  test('two decimals at least, more only when the price has them', () => {
    expect(formatUnitPrice(2490000n)).toBe('24.90');
    expect(formatUnitPrice(1400n)).toBe('0.014');
    expect(formatUnitPrice(0n)).toBe('0.00');
    expect(formatUnitPrice(12345678n)).toBe('123.45678');
  });
});
