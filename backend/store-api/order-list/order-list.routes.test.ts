/**
 * Order lists over HTTP (./order-list.routes.ts) on the fixture catalogue: rights, company scope and privacy, items
 * on the purchase grid, prices at the caller's tier, the cart and duplicate sources, limits and the tag filter. Every
 * successful answer is parsed with the contract's schema.
 */
import { and, count, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  OrderListDetailSchema,
  OrderListListResponseSchema,
  type OrderListDetail,
} from '../../../contract/provider/order-list.ts';
import { createStoreApi } from '../../app.ts';
import { RIGHT_CODES, type RightCode } from '../../auth/rights.ts';
import {
  articleLinkTable,
  cartLineItemTable,
  cartTable,
  orderListItemTable,
  orderListTable,
  productTable,
} from '../../db/schema/index.ts';
import { seedCheckout } from '../../seed/seed-checkout.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { fillCart } from '../../testing/order-test-support.ts';
import { createTestStoreApi, FIXTURE, type TestStoreApi } from '../../testing/test-fixtures.ts';
import { providerErrorPrefix } from '../../../contract/provider.ts';

let api: TestStoreApi;
let app: ReturnType<typeof createStoreApi>['app'];
let P: string;
let PREFIX: string;
const PRODUCTS = FIXTURE.products;

let companyA: string;
let anna: TestCustomer;
let jan: TestCustomer;
let noRight: TestCustomer;
let noPrices: TestCustomer;
let outsider: TestCustomer;

type Json = Record<string, unknown> & {
  errors?: {
    code: string;
    status: string;
    source?: { pointer: string };
    meta?: { parameters?: Record<string, unknown> };
  }[];
};

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await app.request(path, {
    method,
    headers: {
      'sw-access-key': api.config.accessKey,
      'content-type': 'application/json',
      ...(token ? { 'sw-context-token': token } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Json, cache: res.headers.get('cache-control') };
}

const codes = (json: Json) => (json.errors ?? []).map((e) => e.code);
const ALL_BUT = (...drop: RightCode[]) => RIGHT_CODES.filter((c) => !drop.includes(c));

/** Creates a list and returns its detail answer, parsed with the contract schema. */
async function create(token: string, body: Record<string, unknown>): Promise<OrderListDetail> {
  const res = await call('POST', P, token, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return v.parse(OrderListDetailSchema, res.json);
}

/** Reads a list as `token`: the parsed detail, or the status and errors. */
async function read(token: string, id: string) {
  const res = await call('GET', `${P}/${id}`, token);
  return { ...res, detail: res.status === 200 ? v.parse(OrderListDetailSchema, res.json) : null };
}

const listCount = async () => (await api.db.select({ n: count() }).from(orderListTable))[0]!.n;

beforeAll(async () => {
  api = await createTestStoreApi();
  await seedCheckout(api.db);
  app = createStoreApi({ db: api.db, config: { ...api.config, mediaBaseUrl: 'https://media.example/' } }).app;
  P = `/store-api/${api.config.provider}/order/list`;
  PREFIX = providerErrorPrefix(api.config.provider);
  companyA = (await insertCompany(api.db, { name: 'Peeters' })).id;
  const companyB = (await insertCompany(api.db, { name: 'Huber' })).id;
  anna = await insertCustomer(api.db, companyA, { firstName: 'Anna', lastName: 'Peeters' });
  jan = await insertCustomer(api.db, companyA, { firstName: 'Jan', lastName: 'Janssens' });
  noRight = await insertCustomer(api.db, companyA, { rights: ALL_BUT('ROLE_MANAGE_ORDER_LISTS') });
  noPrices = await insertCustomer(api.db, companyA, { rights: ALL_BUT('ROLE_VIEW_PRICES') });
  outsider = await insertCustomer(api.db, companyB);
});
afterAll(() => api.close());

describe('rights', () => {
  test('every endpoint needs a login and ROLE_MANAGE_ORDER_LISTS', async () => {
    const list = await create(anna.token, { name: 'Rights', ownerType: 'company' });
    const endpoints: [string, string, unknown?][] = [
      ['GET', P],
      ['POST', P, { name: 'X' }],
      ['GET', `${P}/${list.id}`],
      ['PATCH', `${P}/${list.id}`, { name: 'Y' }],
      ['DELETE', `${P}/${list.id}`],
      ['POST', `${P}/${list.id}/items`, { items: [{ productNumber: 'P-1000' }] }],
      ['DELETE', `${P}/${list.id}/items`, { productIds: [PRODUCTS.combinationPliers] }],
    ];
    for (const [method, path, body] of endpoints) {
      const anonymous = await call(method, path, undefined, body);
      expect(anonymous.status, `${method} ${path}`).toBe(403);
      expect(codes(anonymous.json)).toEqual(['CHECKOUT__CUSTOMER_NOT_LOGGED_IN']);
      const refused = await call(method, path, noRight.token, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.json.errors?.[0]).toMatchObject({
        code: `${PREFIX}__MISSING_RIGHT`,
        meta: { parameters: { right: 'ROLE_MANAGE_ORDER_LISTS' } },
      });
    }
    expect((await read(anna.token, list.id)).status).toBe(200);
  });
});

describe('creating and reading', () => {
  test('items by id and by number, merged, on the purchase grid, priced at the tier for the quantity', async () => {
    const res = await call('POST', P, anna.token, {
      name: '  Werkplaats  ',
      tags: ['Werkplaats', 'maandelijks', 'WERKPLAATS'],
      items: [
        { productNumber: 'P-1000', quantity: 4 },
        { productId: PRODUCTS.combinationPliers.toUpperCase(), quantity: 6 },
        { productNumber: 'S-3000', quantity: 150 },
        { productId: PRODUCTS.sideCutter },
      ],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.cache).toBe('private, no-store');
    const list = v.parse(OrderListDetailSchema, res.json);
    expect(list).toMatchObject({
      name: 'Werkplaats',
      ownerType: 'user',
      isOwner: true,
      createdBy: { id: anna.id, firstName: 'Anna', lastName: 'Peeters' },
      itemCount: 3,
      updatedAt: null,
      apiAlias: 'order_list',
    });
    expect(list.tags.map((t) => t.name).sort()).toEqual(['Werkplaats', 'maandelijks']);
    const [pliers, bolts, cutter] = list.items;
    // 4 + 6 = 10 pliers reach the tier from 10 pieces: 22.50 each.
    expect(pliers).toMatchObject({
      productId: PRODUCTS.combinationPliers,
      productNumber: 'P-1000',
      name: 'Combinatietang 180 mm',
      quantity: 10,
      unitPrice: 22.5,
      totalPrice: 225,
      available: true,
      packUnit: 'C62',
      minPurchase: 1,
      purchaseSteps: 1,
      maxPurchase: 500,
      stock: 120,
      ecotax: null,
      customerArticleNumber: null,
      deliveryTime: { min: 1, max: 2, unit: 'day' },
      url: '/Combinatietang-180-mm/P-1000',
    });
    expect(pliers!.cover?.url).toMatch(/^https:\/\/media\.example\/.*kombizange\.jpg$/);
    // 150 screws, sold from 100 in steps of 100, become 200 at 1.40 per 100.
    expect(bolts).toMatchObject({ productNumber: 'S-3000', quantity: 200, minPurchase: 100, purchaseSteps: 100 });
    expect(bolts!.totalPrice).toBe(2.8);
    expect(cutter).toMatchObject({ productNumber: 'P-1001', quantity: 1, totalPrice: 19.9, stock: 0 });
    expect(list.amount).toBe(247.7);

    const again = await read(anna.token, list.id);
    expect(again.detail).toEqual(list);
  });

  test('the list endpoint: own private and shared lists, newest first, filters, tags of visible lists', async () => {
    const company = (await insertCompany(api.db)).id;
    const a = await insertCustomer(api.db, company);
    const b = await insertCustomer(api.db, company);
    const first = await create(a.token, { name: 'Dakwerken', ownerType: 'company', tags: ['Bouw'] });
    const second = await create(a.token, { name: 'Privé A', tags: ['Geheim'] });
    const third = await create(b.token, { name: 'Privé B', tags: ['Bouw', 'Elektro'] });
    await create(b.token, { name: 'Gedeeld B', ownerType: 'company', items: [{ productNumber: 'P-1002' }] });

    const all = await call('GET', P, a.token);
    expect(all.status).toBe(200);
    expect(all.cache).toBe('private, no-store');
    const page = v.parse(OrderListListResponseSchema, all.json);
    expect(page.elements.map((e) => e.name)).toEqual(['Gedeeld B', 'Privé A', 'Dakwerken']);
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(page.tags.map((t) => t.name)).toEqual(['Bouw', 'Geheim']);
    expect(page.elements[0]).toMatchObject({ itemCount: 1, amount: 29, isOwner: false });

    const bouw = page.tags.find((t) => t.name === 'Bouw')!.id;
    const geheim = page.tags.find((t) => t.name === 'Geheim')!.id;
    const byTag = v.parse(OrderListListResponseSchema, (await call('GET', `${P}?tagIds=${bouw}`, a.token)).json);
    expect(byTag.elements.map((e) => e.id)).toEqual([first.id]);
    const anyTag = v.parse(
      OrderListListResponseSchema,
      (await call('GET', `${P}?tagIds=${bouw.toUpperCase()},${geheim}`, a.token)).json,
    );
    expect(anyTag.elements.map((e) => e.id)).toEqual([second.id, first.id]);
    const shared = v.parse(OrderListListResponseSchema, (await call('GET', `${P}?ownerType=company`, a.token)).json);
    expect(shared.total).toBe(2);
    const term = v.parse(OrderListListResponseSchema, (await call('GET', `${P}?term=dak&limit=1`, a.token)).json);
    expect(term).toMatchObject({ total: 1, limit: 1, elements: [{ id: first.id }] });
    const paged = v.parse(OrderListListResponseSchema, (await call('GET', `${P}?limit=2&page=2`, a.token)).json);
    expect(paged.elements.map((e) => e.id)).toEqual([first.id]);
    expect((await call('GET', `${P}?tagIds=nope`, a.token)).status).toBe(400);
    expect((await call('GET', `${P}?limit=101`, a.token)).status).toBe(400);
    // b's private list is not in a's answer, nor its tag Elektro.
    expect(page.elements.some((e) => e.id === third.id)).toBe(false);
  });

  test('validation: blank name, two sources at once, neither id nor number', async () => {
    expect((await call('POST', P, anna.token, { name: '   ' })).status).toBe(400);
    const two = await call('POST', P, anna.token, { name: 'X', fromCart: true, items: [{ productNumber: 'P-1000' }] });
    expect(two.status).toBe(400);
    expect(two.json.errors?.[0]?.source?.pointer).toBe('/items');
    const none = await call('POST', P, anna.token, { name: 'X', items: [{ quantity: 2 }] });
    expect(none.json.errors?.[0]).toMatchObject({
      code: 'VIOLATION::IS_BLANK_ERROR',
      source: { pointer: '/items/0/productId' },
    });
  });
});

describe('company scope and privacy', () => {
  test('another company’s list and a colleague’s private list answer 404 on every endpoint', async () => {
    const privateList = await create(anna.token, { name: 'Anna privé', items: [{ productNumber: 'P-1000' }] });
    const outsiderList = await create(outsider.token, { name: 'Huber', ownerType: 'company' });
    const cases: [TestCustomer, string][] = [
      [jan, privateList.id],
      [outsider, privateList.id],
      [anna, outsiderList.id],
      [anna, randomId()],
    ];
    for (const [who, id] of cases) {
      const attempts: [string, string, unknown?][] = [
        ['GET', `${P}/${id}`],
        ['PATCH', `${P}/${id}`, { name: 'Taken' }],
        ['DELETE', `${P}/${id}`],
        ['POST', `${P}/${id}/items`, { items: [{ productNumber: 'P-1000' }] }],
        ['DELETE', `${P}/${id}/items`, { productIds: [PRODUCTS.combinationPliers] }],
        ['POST', P, { name: 'Copy', sourceListId: id }],
      ];
      for (const [method, path, body] of attempts) {
        const res = await call(method, path, who.token, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.json.errors?.[0]).toMatchObject({
          code: `${PREFIX}__ORDER_LIST_NOT_FOUND`,
          meta: { parameters: { id } },
        });
      }
    }
    // Nothing changed.
    expect((await read(anna.token, privateList.id)).detail).toEqual(privateList);
    expect((await read(outsider.token, outsiderList.id)).detail).toEqual(outsiderList);
    const offered = await call('POST', `/store-api/${api.config.provider}/offer/request`, jan.token, {
      orderListId: privateList.id,
    });
    expect(offered.status).toBe(404);
  });

  test('a shared list is seen and edited by colleagues; only the creator makes it private', async () => {
    const shared = await create(anna.token, { name: 'Werkplaats – maandelijks', ownerType: 'company' });
    const seen = await read(jan.token, shared.id);
    expect(seen.detail).toMatchObject({ isOwner: false, createdBy: { id: anna.id } });
    const renamed = await call('PATCH', `${P}/${shared.id}`, jan.token, { name: 'Werkplaats', tags: ['Maand'] });
    expect(renamed.status).toBe(200);
    expect(v.parse(OrderListDetailSchema, renamed.json)).toMatchObject({
      name: 'Werkplaats',
      tags: [{ name: 'Maand' }],
    });
    expect(v.parse(OrderListDetailSchema, renamed.json).updatedAt).not.toBeNull();
    const added = await call('POST', `${P}/${shared.id}/items`, jan.token, { items: [{ productNumber: 'P-1002' }] });
    expect(v.parse(OrderListDetailSchema, added.json).items.map((i) => i.productNumber)).toEqual(['P-1002']);

    const refused = await call('PATCH', `${P}/${shared.id}`, jan.token, { ownerType: 'user' });
    expect(refused.status).toBe(403);
    expect(codes(refused.json)).toEqual([`${PREFIX}__ORDER_LIST_NOT_OWNER`]);
    expect((await read(anna.token, shared.id)).detail).toMatchObject({ ownerType: 'company', name: 'Werkplaats' });

    const made = await call('PATCH', `${P}/${shared.id}`, anna.token, { ownerType: 'user' });
    expect(made.status).toBe(200);
    expect((await read(jan.token, shared.id)).status).toBe(404);
    expect((await call('PATCH', `${P}/${shared.id}`, anna.token, { ownerType: 'company' })).status).toBe(200);
    expect((await call('DELETE', `${P}/${shared.id}`, jan.token)).status).toBe(204);
    expect((await read(anna.token, shared.id)).status).toBe(404);
  });
});

describe('items', () => {
  test('add adds, set sets, delete takes off; unknown ids are ignored', async () => {
    const list = await create(anna.token, { name: 'Items', items: [{ productNumber: 'P-1000', quantity: 2 }] });
    const path = `${P}/${list.id}/items`;
    const added = await call('POST', path, anna.token, {
      items: [
        { productNumber: 'P-1000', quantity: 3 },
        { productNumber: 'S-3000', quantity: 1 },
      ],
    });
    expect(added.status).toBe(200);
    expect(v.parse(OrderListDetailSchema, added.json).items.map((i) => [i.productNumber, i.quantity])).toEqual([
      ['P-1000', 5],
      ['S-3000', 100],
    ]);
    const set = await call('POST', path, anna.token, {
      mode: 'set',
      items: [
        { productNumber: 'P-1000', quantity: 1 },
        { productNumber: 'S-3000', quantity: 250 },
      ],
    });
    expect(v.parse(OrderListDetailSchema, set.json).items.map((i) => [i.productNumber, i.quantity])).toEqual([
      ['P-1000', 1],
      ['S-3000', 300],
    ]);
    const removed = await call('DELETE', path, anna.token, { productIds: [PRODUCTS.hexBolt, randomId()] });
    expect(removed.status).toBe(200);
    const after = v.parse(OrderListDetailSchema, removed.json);
    expect(after.items.map((i) => i.productNumber)).toEqual(['P-1000']);
    expect(after.amount).toBe(24.9);
    expect((await call('POST', path, anna.token, { items: [] })).status).toBe(400);
  });

  test('an unknown, inactive or variant-parent article writes nothing', async () => {
    const list = await create(anna.token, { name: 'Unknown', items: [{ productNumber: 'P-1000' }] });
    const before = await listCount();
    for (const item of [
      { productNumber: 'NOPE-1' },
      { productId: PRODUCTS.inactive },
      { productId: PRODUCTS.drillSet },
    ]) {
      const res = await call('POST', P, anna.token, { name: 'Bad', items: [{ productNumber: 'P-1002' }, item] });
      expect(res.status).toBe(400);
      expect(res.json.errors?.[0]).toMatchObject({
        code: `${PREFIX}__ORDER_LIST_PRODUCT_NOT_FOUND`,
        meta: { parameters: item },
      });
      const put = await call('POST', `${P}/${list.id}/items`, anna.token, {
        items: [{ productNumber: 'P-1002' }, item],
      });
      expect(put.status).toBe(400);
    }
    expect(await listCount()).toBe(before);
    expect((await read(anna.token, list.id)).detail).toEqual(list);
  });

  test('more than 500 articles are refused with nothing written', async () => {
    const list = await create(anna.token, { name: 'Full' });
    const ids = Array.from({ length: 500 }, () => randomId());
    await api.db
      .insert(productTable)
      .values(ids.map((id, i) => ({ id, productNumber: `BULK-${i}`, translated: { 'en-GB': { name: `Bulk ${i}` } } })));
    await api.db
      .insert(orderListItemTable)
      .values(ids.map((productId, i) => ({ listId: list.id, productId, quantity: 1, position: i + 1 })));
    const res = await call('POST', `${P}/${list.id}/items`, anna.token, { items: [{ productNumber: 'P-1000' }] });
    expect(res.status).toBe(400);
    expect(res.json.errors?.[0]).toMatchObject({
      code: `${PREFIX}__ORDER_LIST_TOO_MANY_ITEMS`,
      meta: { parameters: { max: 500 } },
    });
    // An article already on the list still takes a new quantity.
    const more = await call('POST', `${P}/${list.id}/items`, anna.token, {
      items: [{ productNumber: 'BULK-7', quantity: 2 }],
    });
    expect(more.status).toBe(200);
    const detail = v.parse(OrderListDetailSchema, more.json);
    expect(detail.itemCount).toBe(500);
    const copy = await call('POST', P, anna.token, { name: 'Copy', sourceListId: list.id });
    expect(v.parse(OrderListDetailSchema, copy.json).itemCount).toBe(500);
    const tooMany = await call('POST', P, anna.token, {
      name: 'Too many',
      items: Array.from({ length: 501 }, () => ({ productNumber: 'P-1000' })),
    });
    expect(tooMany.json.errors?.[0]).toMatchObject({ code: 'VIOLATION::TOO_MANY_ERROR' });
  });

  test('an article no longer active stays on the list, not available and unpriced', async () => {
    const list = await create(anna.token, { name: 'Gone', items: [{ productNumber: 'P-1001', quantity: 2 }] });
    await api.db
      .insert(orderListItemTable)
      .values({ listId: list.id, productId: PRODUCTS.inactive, quantity: 1, position: 9 });
    const { detail } = await read(anna.token, list.id);
    expect(detail!.items.map((i) => [i.productNumber, i.available, i.totalPrice])).toEqual([
      ['P-1001', true, 39.8],
      ['X-9000', false, null],
    ]);
    expect(detail!.amount).toBe(39.8);
  });
});

describe('sources', () => {
  test('fromCart saves the cart’s product lines and leaves the cart as it is; an empty cart is refused', async () => {
    const company = (await insertCompany(api.db)).id;
    const buyer = await insertCustomer(api.db, company);
    const empty = await call('POST', P, buyer.token, { name: 'From cart', fromCart: true });
    expect(empty.status).toBe(400);
    expect(codes(empty.json)).toEqual([`${PREFIX}__ORDER_LIST_CART_EMPTY`]);

    await fillCart(api.db, buyer.id, [
      { productId: PRODUCTS.needleNosePliers, quantity: 3 },
      { productId: PRODUCTS.hexBolt, quantity: 200 },
    ]);
    const cartBefore = await api.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, buyer.id));
    const [revisionBefore] = await api.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    const list = await create(buyer.token, { name: 'From cart', fromCart: true, ownerType: 'company' });
    expect(list.items.map((i) => [i.productNumber, i.quantity])).toEqual([
      ['P-1002', 3],
      ['S-3000', 200],
    ]);
    expect(list.ownerType).toBe('company');
    expect(await api.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, buyer.id))).toEqual(
      cartBefore,
    );
    const [revisionAfter] = await api.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    expect(revisionAfter?.revision).toBe(revisionBefore?.revision);
  });

  test('sourceListId copies the items of a list the caller sees', async () => {
    const source = await create(anna.token, {
      name: 'Source',
      ownerType: 'company',
      items: [
        { productNumber: 'S-3000', quantity: 300 },
        { productNumber: 'P-1000', quantity: 12 },
      ],
    });
    const copy = await create(jan.token, { name: 'Copy of source', sourceListId: source.id, tags: ['Kopie'] });
    expect(copy).toMatchObject({ ownerType: 'user', isOwner: true, createdBy: { id: jan.id } });
    expect(copy.items.map((i) => [i.productNumber, i.quantity])).toEqual(
      source.items.map((i) => [i.productNumber, i.quantity]),
    );
    expect(copy.amount).toBe(source.amount);
    expect((await read(anna.token, copy.id)).status).toBe(404);
  });
});

describe('what a caller sees of an item', () => {
  test('prices, stock and ecotax are null without ROLE_VIEW_PRICES', async () => {
    await api.db.update(productTable).set({ ecotaxCents: 45 }).where(eq(productTable.id, PRODUCTS.needleNosePliers));
    const list = await create(anna.token, {
      name: 'Prices',
      ownerType: 'company',
      items: [{ productNumber: 'P-1002', quantity: 2 }],
    });
    expect(list.items[0]).toMatchObject({ unitPrice: 29, totalPrice: 58, ecotax: 0.45, stock: 5 });
    const { detail } = await read(noPrices.token, list.id);
    expect(detail).toMatchObject({ amount: null });
    expect(detail!.items[0]).toMatchObject({
      unitPrice: null,
      totalPrice: null,
      ecotax: null,
      stock: null,
      quantity: 2,
    });
    const page = v.parse(OrderListListResponseSchema, (await call('GET', P, noPrices.token)).json);
    expect(page.elements.every((e) => e.amount === null)).toBe(true);
  });

  test('the customer article number only for ROLE_MANAGE_ARTICLE_LINKS, only of the own company', async () => {
    const company = (await insertCompany(api.db)).id;
    const linker = await insertCustomer(api.db, company);
    const plain = await insertCustomer(api.db, company, { rights: ALL_BUT('ROLE_MANAGE_ARTICLE_LINKS') });
    await api.db.insert(articleLinkTable).values([
      { id: randomId(), companyId: company, productId: PRODUCTS.combinationPliers, customerSku: 'EIGEN-77' },
      { id: randomId(), companyId: companyA, productId: PRODUCTS.combinationPliers, customerSku: 'ANDER-1' },
    ]);
    const list = await create(linker.token, {
      name: 'Links',
      ownerType: 'company',
      items: [{ productNumber: 'P-1000' }, { productNumber: 'P-1002' }],
    });
    expect(list.items.map((i) => i.customerArticleNumber)).toEqual(['EIGEN-77', null]);
    const { detail } = await read(plain.token, list.id);
    expect(detail!.items.map((i) => i.customerArticleNumber)).toEqual([null, null]);
    await api.db
      .delete(articleLinkTable)
      .where(and(eq(articleLinkTable.companyId, companyA), eq(articleLinkTable.customerSku, 'ANDER-1')));
  });
});
