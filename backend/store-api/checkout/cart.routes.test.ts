import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { createCustomerContext } from '../../auth/session.ts';
import {
  cartLineItemTable,
  companyAddressTable,
  companyCreditTable,
  companyTable,
  mailOutboxTable,
  orderTable,
  productTable,
} from '../../db/schema/index.ts';
import { SALES_CHANNEL_ID } from '../../db/seed-channel.ts';
import { paymentMethodId, seedCheckout, shippingMethodId } from '../../seed/seed-checkout.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { createTestStoreApi, FIXTURE, type TestStoreApi } from '../../testing/test-fixtures.ts';
import { insertArticle } from '../../testing/order-test-support.ts';
import type { StoreCart } from '../../commerce/cart/cart-schemas.ts';
import { addOfferLines, offerLineItemId } from '../../commerce/cart/cart-change.ts';

let api: TestStoreApi;
let app: ReturnType<typeof createStoreApi>['app'];
const P = FIXTURE.products;

interface Answer<T> {
  status: number;
  json: T;
  headers: Headers;
}
type ErrorEnvelope = { errors: { code: string; source?: { pointer: string } }[] };

async function call<T = StoreCart>(method: string, path: string, token?: string, body?: unknown): Promise<Answer<T>> {
  const res = await app.request(`/store-api${path}`, {
    method,
    headers: {
      'sw-access-key': api.config.accessKey,
      'content-type': 'application/json',
      ...(token ? { 'sw-context-token': token } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as T, headers: res.headers };
}

/** A fresh buyer (own company) with every right unless told otherwise. */
async function buyer(
  options: { country?: string; rights?: (typeof RIGHT_CODES)[number][] } = {},
): Promise<{ token: string; id: string; companyId: string; username: string }> {
  const company = await insertCompany(api.db);
  if (options.country) {
    await api.db.update(companyTable).set({ countryCode: options.country }).where(eq(companyTable.id, company.id));
  }
  const customer = await insertCustomer(api.db, company.id, options.rights ? { rights: options.rights } : {});
  return { token: customer.token, id: customer.id, companyId: company.id, username: customer.username };
}

const add = (token: string, items: unknown[]) => call('POST', '/checkout/cart/line-item', token, { items });
const product = (id: string, quantity: number, extra: Record<string, unknown> = {}) => ({
  type: 'product',
  id,
  referencedId: id,
  quantity,
  ...extra,
});
const errorKeys = (cart: StoreCart) => Object.keys(cart.errors).sort();
const lineOf = (cart: StoreCart, id: string) => cart.lineItems.find((l) => l.id === id);

beforeAll(async () => {
  api = await createTestStoreApi();
  await seedCheckout(api.db);
  app = createStoreApi({ db: api.db, config: api.config }).app;
});
afterAll(() => api.close());

describe('access', () => {
  test('anonymous callers read an empty cart and get 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN on every change', async () => {
    const read = await call<StoreCart>('GET', '/checkout/cart');
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ apiAlias: 'cart', lineItems: [], price: { totalPrice: 0 }, errors: {} });
    expect(read.json.token).toMatch(/^[0-9A-Za-z]{16,}$/);
    for (const [method, path] of [
      ['DELETE', '/checkout/cart'],
      ['POST', '/checkout/cart/line-item/delete'],
    ] as const) {
      const res = await call<ErrorEnvelope>(method, path, undefined, method === 'POST' ? { ids: ['x'] } : undefined);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.json.errors[0]?.code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    }
    const added = await call<ErrorEnvelope>('POST', '/checkout/cart/line-item', undefined, {
      items: [product(P.combinationPliers, 1)],
    });
    expect(added.status).toBe(403);
  });

  test('one cart per customer: two sessions share it, another customer never sees it', async () => {
    const a = await buyer();
    const second = await createCustomerContext(api.db, { salesChannelId: SALES_CHANNEL_ID, customerId: a.id });
    await add(a.token, [product(P.combinationPliers, 2)]);
    const fromSecond = await call('GET', '/checkout/cart', second);
    expect(fromSecond.json.lineItems.map((l) => l.id)).toEqual([P.combinationPliers]);
    const other = await buyer();
    const otherCart = await call('GET', '/checkout/cart', other.token);
    expect(otherCart.json.lineItems).toEqual([]);
    expect(otherCart.json.price.totalPrice).toBe(0);
  });

  test('a customer without ROLE_VIEW_PRICES gets the cart without prices, and the placed order without them', async () => {
    const b = await buyer({ rights: RIGHT_CODES.filter((c) => c !== 'ROLE_VIEW_PRICES') });
    const address = randomId();
    await api.db.insert(companyAddressTable).values({
      id: address,
      companyId: b.companyId,
      name: 'Werkstatt',
      street: 'Kerkstraat',
      houseNumber: '1',
      zipcode: '2000',
      city: 'Antwerpen',
      countryCode: 'BE',
      isMain: true,
    });
    const article = await insertArticle(api.db, { price: '24.90', stock: 100 });
    const res = await add(b.token, [product(article.id, 3)]);
    expect(res.status).toBe(200);
    const line = lineOf(res.json, article.id)!;
    expect([line.quantity, line.price.unitPrice, line.price.totalPrice, line.price.calculatedTaxes]).toEqual([
      3,
      0,
      0,
      [],
    ]);
    expect(res.json.price).toMatchObject({ netPrice: 0, totalPrice: 0, positionPrice: 0, calculatedTaxes: [] });
    expect(res.json.deliveries.map((d) => d.shippingCosts.totalPrice)).toEqual([0]);
    expect(res.json.transactions.map((t) => t.amount.totalPrice)).toEqual([0]);
    // The list price 24.90 as a JSON number or decimal string (a timestamp's "…:24.927Z" is not a price).
    expect(JSON.stringify(res.json)).not.toMatch(/[:,[]"?24\.90?\b(?!\d*Z)/);
    const order = await call<{ amountTotal: number; lineItems: { unitPrice: number; quantity: number }[] }>(
      'POST',
      '/checkout/order',
      b.token,
      {},
    );
    expect(order.status).toBe(200);
    expect(order.json.amountTotal).toBe(0);
    expect(order.json.lineItems.map((l) => [l.quantity, l.unitPrice])).toEqual([[3, 0]]);
    const orders = await call<{ orders: { elements: { amountTotal: number }[] } }>('POST', '/order', b.token, {});
    expect(orders.json.orders.elements.map((o) => o.amountTotal)).toEqual([0]);
    // The order itself is priced: a colleague with the right reads its amounts.
    const [stored] = await api.db.select().from(orderTable).where(eq(orderTable.customerId, b.id));
    expect(stored!.totalCents).toBeGreaterThan(0);
    // The confirmation mail names the article and its quantity, and no amount.
    const [mail] = await api.db
      .select()
      .from(mailOutboxTable)
      .where(
        and(
          eq(mailOutboxTable.template, 'order-confirmation'),
          eq(mailOutboxTable.recipient, `${b.username}@example.com`),
        ),
      );
    expect(mail!.text).toContain(`- 3 × ${article.productNumber} `);
    expect(mail!.text).toMatch(/Prices on request|Preise auf Anfrage|Prix sur demande|Prijzen op aanvraag/);
    expect(`${mail!.text}${mail!.html}`).not.toMatch(/€|24[.,]90|74[.,]70/);
  });
});

describe('lines and prices', () => {
  test('adds a product at the tier price of its quantity; client price fields are ignored', async () => {
    const b = await buyer();
    const res = await add(b.token, [
      product(P.combinationPliers, 2, {
        price: { unitPrice: 0.01, totalPrice: 0.02 },
        priceDefinition: { price: 0.01, type: 'quantity' },
        label: 'cheap',
      }),
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const line = lineOf(res.json, P.combinationPliers)!;
    expect(line).toMatchObject({
      type: 'product',
      referencedId: P.combinationPliers,
      label: 'Combinatietang 180 mm',
      quantity: 2,
      payload: { productNumber: 'P-1000' },
      quantityInformation: { minPurchase: 1, maxPurchase: 500, purchaseSteps: 1 },
      deliveryInformation: { stock: 120, restockTime: 3 },
    });
    expect(line.price).toMatchObject({ unitPrice: 24.9, totalPrice: 49.8, quantity: 2 });
    expect(line.cover?.path).toContain('kombizange');
    const tenth = await call('PATCH', '/checkout/cart/line-item', b.token, {
      items: [{ id: P.combinationPliers, quantity: 10 }],
    });
    expect(lineOf(tenth.json, P.combinationPliers)?.price).toMatchObject({ unitPrice: 22.5, totalPrice: 225 });
  });

  test('adding an existing line adds the quantity; every change grows the revision', async () => {
    const b = await buyer();
    const first = await add(b.token, [product(P.combinationPliers, 2)]);
    const second = await add(b.token, [product(P.combinationPliers, 3)]);
    expect(lineOf(second.json, P.combinationPliers)?.quantity).toBe(5);
    expect(second.json.lineItems).toHaveLength(1);
    expect(second.json.revision).toBeGreaterThan(first.json.revision);
    const removed = await call('POST', '/checkout/cart/line-item/delete', b.token, { ids: [P.combinationPliers] });
    expect(removed.json.lineItems).toEqual([]);
    expect(removed.json.revision).toBeGreaterThan(second.json.revision);
  });

  test('the line remark round-trips through payload.customFields.order_detail_text', async () => {
    const b = await buyer();
    await add(b.token, [product(P.combinationPliers, 1)]);
    await call('PATCH', '/checkout/cart/line-item', b.token, {
      items: [{ id: P.combinationPliers, payload: { customFields: { order_detail_text: 'Für Baustelle Gent' } } }],
    });
    const cart = await call('GET', '/checkout/cart', b.token);
    expect(lineOf(cart.json, P.combinationPliers)?.payload.customFields?.order_detail_text).toBe('Für Baustelle Gent');
    expect(lineOf(cart.json, P.combinationPliers)?.quantity).toBe(1);
  });

  test('removal by POST …/delete and by DELETE ?ids[]=; unknown ids answer 404; DELETE /checkout/cart empties', async () => {
    const b = await buyer();
    await add(b.token, [product(P.combinationPliers, 1), product(P.needleNosePliers, 1), product(P.sideCutter, 1)]);
    const viaQuery = await call('DELETE', `/checkout/cart/line-item?ids[]=${P.needleNosePliers}`, b.token);
    expect(viaQuery.json.lineItems.map((l) => l.id).sort()).toEqual([P.combinationPliers, P.sideCutter].sort());
    const unknown = await call<ErrorEnvelope>('POST', '/checkout/cart/line-item/delete', b.token, { ids: ['nope'] });
    expect(unknown.status).toBe(404);
    expect(unknown.json.errors[0]?.code).toBe('CHECKOUT__CART_LINE_ITEM_NOT_FOUND');
    const emptied = await call('DELETE', '/checkout/cart', b.token);
    expect(emptied.status).toBe(204);
    expect((await call('GET', '/checkout/cart', b.token)).json.lineItems).toEqual([]);
  });

  test('quantities must be whole numbers from 1 to 100 000', async () => {
    const b = await buyer();
    for (const [quantity, code] of [
      [0, 'VIOLATION::TOO_LOW_ERROR'],
      [100_001, 'VIOLATION::TOO_HIGH_ERROR'],
      [1.5, 'VIOLATION::INVALID_TYPE_ERROR'],
    ] as const) {
      const res = await call<ErrorEnvelope>('POST', '/checkout/cart/line-item', b.token, {
        items: [product(P.combinationPliers, quantity)],
      });
      expect(res.status, String(quantity)).toBe(400);
      expect(res.json.errors[0]).toMatchObject({ code, source: { pointer: '/items/0/quantity' } });
    }
    await add(b.token, [product(P.combinationPliers, 100_000)]);
    const stacked = await call<ErrorEnvelope>('POST', '/checkout/cart/line-item', b.token, {
      items: [product(P.combinationPliers, 1)],
    });
    expect(stacked.status).toBe(400);
  });

  test('a cart holds at most 500 lines', async () => {
    const b = await buyer();
    await add(b.token, [product(P.combinationPliers, 1)]);
    await api.db.insert(cartLineItemTable).values(
      Array.from({ length: 499 }, (_, i) => ({
        customerId: b.id,
        id: `line-${i}`,
        referencedId: P.combinationPliers,
        quantity: 1,
        position: i + 2,
      })),
    );
    const res = await call<ErrorEnvelope>('POST', '/checkout/cart/line-item', b.token, {
      items: [product(P.needleNosePliers, 1)],
    });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]?.code).toBe('CHECKOUT__CART_LINE_ITEM_LIMIT_REACHED');
  });
});

describe('cart rules', () => {
  test('min purchase, purchase steps and max purchase are level-20 errors of their line', async () => {
    const b = await buyer();
    const below = await add(b.token, [product(P.hexBolt, 50)]);
    expect(below.json.errors[`min-order-quantity-${P.hexBolt}`]).toMatchObject({
      messageKey: 'min-order-quantity',
      level: 20,
      quantity: 100,
    });
    const offStep = await call('PATCH', '/checkout/cart/line-item', b.token, {
      items: [{ id: P.hexBolt, quantity: 150 }],
    });
    expect(errorKeys(offStep.json)).toContain(`purchase-steps-quantity-${P.hexBolt}`);
    expect(offStep.json.errors[`purchase-steps-quantity-${P.hexBolt}`]?.level).toBe(20);
    const onStep = await call('PATCH', '/checkout/cart/line-item', b.token, {
      items: [{ id: P.hexBolt, quantity: 300 }],
    });
    expect(Object.values(onStep.json.errors).filter((e) => e.level === 20)).toEqual([]);
    // 300 bolts at 1.40 per 100
    expect(lineOf(onStep.json, P.hexBolt)?.price).toMatchObject({ unitPrice: 0.014, totalPrice: 4.2 });
    const tooMany = await add(b.token, [product(P.combinationPliers, 501)]);
    expect(tooMany.json.errors[`product-max-purchase-${P.combinationPliers}`]).toMatchObject({
      level: 20,
      quantity: 500,
    });
  });

  test('above the stock: a backorder warning for ordinary articles, an error for closeouts', async () => {
    const b = await buyer();
    const backorder = await add(b.token, [product(P.sideCutter, 3)]);
    expect(backorder.json.errors[`product-stock-reached-${P.sideCutter}`]).toMatchObject({
      messageKey: 'product-stock-reached',
      level: 10,
      quantity: 0,
    });
    await api.db.update(productTable).set({ isCloseout: true }).where(eq(productTable.id, P.needleNosePliers));
    try {
      const closeout = await add(b.token, [product(P.needleNosePliers, 6)]);
      expect(closeout.json.errors[`product-stock-reached-${P.needleNosePliers}`]).toMatchObject({
        level: 20,
        quantity: 5,
      });
    } finally {
      await api.db.update(productTable).set({ isCloseout: false }).where(eq(productTable.id, P.needleNosePliers));
    }
  });

  test('the maximum holds per article: three lines of 11 with a maximum of 11 block every line and the order', async () => {
    const b = await buyer();
    const article = await insertArticle(api.db, { price: '10.00', stock: 1_000 });
    await api.db.update(productTable).set({ maxPurchase: 11 }).where(eq(productTable.id, article.id));
    const one = (id: string, quantity: number) => product(id, quantity, { referencedId: article.id });
    const first = await add(b.token, [one('a', 11)]);
    expect(Object.values(first.json.errors).filter((e) => e.level === 20)).toEqual([]);
    const three = await add(b.token, [one('b', 11), one('c', 11)]);
    expect(three.json.lineItems.map((l) => [l.id, l.quantity])).toEqual([
      ['a', 11],
      ['b', 11],
      ['c', 11],
    ]);
    for (const id of ['a', 'b', 'c']) {
      expect(three.json.errors[`product-max-purchase-${id}`]).toMatchObject({ level: 20, quantity: 11 });
    }
    const order = await call<ErrorEnvelope & { errors: { meta?: unknown }[] }>('POST', '/checkout/order', b.token, {});
    expect(order.status).toBe(400);
    expect(order.json.errors[0]).toMatchObject({
      code: 'CHECKOUT__CART_INVALID',
      meta: { parameters: { messageKey: 'product-max-purchase' } },
    });
    // Lowering the lines (an update) to 11 together clears it.
    await call('POST', '/checkout/cart/line-item/delete', b.token, { ids: ['c'] });
    const lowered = await call('PATCH', '/checkout/cart/line-item', b.token, {
      items: [
        { id: 'a', quantity: 6 },
        { id: 'b', quantity: 5 },
      ],
    });
    expect(Object.values(lowered.json.errors).filter((e) => e.level === 20)).toEqual([]);
    const raised = await call('PATCH', '/checkout/cart/line-item', b.token, { items: [{ id: 'b', quantity: 6 }] });
    expect(raised.json.errors['product-max-purchase-b']).toMatchObject({ level: 20, quantity: 11 });
  });

  test('an offer line and an ordinary line of one article count together', async () => {
    const b = await buyer();
    const article = await insertArticle(api.db, { price: '10.00', stock: 1_000 });
    await api.db.update(productTable).set({ maxPurchase: 11 }).where(eq(productTable.id, article.id));
    await add(b.token, [product(article.id, 6)]);
    await addOfferLines(api.db, b.id, {
      offerNumber: 'A-1',
      validUntil: '2999-12-31',
      lines: [{ lineNumber: 1, productId: article.id, quantity: 6, unitPrice: '9.00' }],
    });
    const cart = await call('GET', '/checkout/cart', b.token);
    expect(cart.json.lineItems).toHaveLength(2);
    expect(cart.json.errors[`product-max-purchase-${article.id}`]).toMatchObject({ level: 20, quantity: 11 });
    expect(cart.json.errors[`product-max-purchase-${offerLineItemId('A-1', 1)}`]).toMatchObject({ level: 20 });
  });

  test('minimum and purchase step hold for the sum of the lines of an article', async () => {
    const b = await buyer();
    const offStep = await add(b.token, [
      product('bolts-1', 100, { referencedId: P.hexBolt }),
      product('bolts-2', 50, { referencedId: P.hexBolt }),
    ]);
    // 150 together is off the step of 100 from 100; the second line alone under the minimum is no error of its own.
    expect(errorKeys(offStep.json).filter((k) => !k.includes('underMinimumValue'))).toEqual([
      'purchase-steps-quantity-bolts-1',
      'purchase-steps-quantity-bolts-2',
    ]);
    const onStep = await call('PATCH', '/checkout/cart/line-item', b.token, {
      items: [{ id: 'bolts-2', quantity: 100 }],
    });
    expect(Object.values(onStep.json.errors).filter((e) => e.level === 20)).toEqual([]);
  });

  test('a closeout article split over two lines cannot go beyond its stock; the order is refused', async () => {
    const b = await buyer();
    const article = await insertArticle(api.db, { price: '10.00', stock: 5, closeout: true });
    const res = await add(b.token, [
      product('x-1', 3, { referencedId: article.id }),
      product('x-2', 3, { referencedId: article.id }),
    ]);
    expect(res.json.errors['product-stock-reached-x-1']).toMatchObject({ level: 20, quantity: 5 });
    expect(res.json.errors['product-stock-reached-x-2']).toMatchObject({ level: 20, quantity: 5 });
    expect((await call('POST', '/checkout/order', b.token, {})).status).toBe(400);
    const [row] = await api.db.select().from(productTable).where(eq(productTable.id, article.id));
    expect(row!.availableStock).toBe(5);
  });

  test('an ordinary article split over two lines: the backorder is what the lines together ask above the stock', async () => {
    const b = await buyer();
    const article = await insertArticle(api.db, { price: '10.00', stock: 5 });
    const res = await add(b.token, [
      product('y-1', 3, { referencedId: article.id }),
      product('y-2', 3, { referencedId: article.id }),
    ]);
    expect(res.json.errors['product-stock-reached-y-1']).toMatchObject({ level: 10, quantity: 5 });
    expect(res.json.errors['product-stock-reached-y-2']).toMatchObject({ level: 10, quantity: 5 });
  });

  test('inactive, unknown and parent products are not stored and answer product-not-found', async () => {
    const b = await buyer();
    const ghost = randomId();
    const res = await add(b.token, [product(P.inactive, 1), product(ghost, 1), product(P.drillSet, 1)]);
    expect(res.status).toBe(200);
    expect(res.json.lineItems).toEqual([]);
    expect(errorKeys(res.json)).toEqual(
      [`product-not-found-${P.inactive}`, `product-not-found-${ghost}`, `product-not-found-${P.drillSet}`].sort(),
    );
    expect(res.json.errors[`product-not-found-${ghost}`]?.level).toBe(20);
  });

  test('a line whose product was deactivated is reported once and removed', async () => {
    const b = await buyer();
    await add(b.token, [product(P.drill8, 1)]);
    await api.db.update(productTable).set({ active: false }).where(eq(productTable.id, P.drill8));
    try {
      const first = await call('GET', '/checkout/cart', b.token);
      expect(first.json.errors[`product-not-found-${P.drill8}`]?.level).toBe(20);
      expect(first.json.lineItems).toEqual([]);
      const second = await call('GET', '/checkout/cart', b.token);
      expect(second.json.errors).toEqual({});
    } finally {
      await api.db.update(productTable).set({ active: true }).where(eq(productTable.id, P.drill8));
    }
  });

  test('below the minimum order value: warning, surcharge, extension minimumCartValue', async () => {
    const b = await buyer();
    const res = await add(b.token, [product(P.combinationPliers, 1)]);
    expect(res.json.errors['werkbank-cart-underMinimumValue']).toMatchObject({
      messageKey: 'werkbank-cart-underMinimumValue',
      level: 10,
    });
    expect(res.json.extensions.minimumCartValue).toMatchObject({ minimumValue: 50, additionalCost: 7.5 });
    // 24.90 goods + 9.95 standard shipping + 7.50 surcharge, 21 % VAT (Belgium)
    expect(res.json.price).toMatchObject({
      positionPrice: 24.9,
      netPrice: 42.35,
      totalPrice: 51.24,
      rawTotal: 51.24,
      taxStatus: 'net',
      calculatedTaxes: [{ taxRate: 21, price: 42.35, tax: 8.89, apiAlias: 'cart_tax_calculated' }],
    });
    expect(res.json.deliveries[0]?.shippingCosts.totalPrice).toBe(9.95);
    const enough = await call('PATCH', '/checkout/cart/line-item', b.token, {
      items: [{ id: P.combinationPliers, quantity: 3 }],
    });
    expect(enough.json.errors['werkbank-cart-underMinimumValue']).toBeUndefined();
    expect(enough.json.extensions.minimumCartValue).toBeUndefined();
  });
});

describe('shipping', () => {
  test('standard ships free from 250 net; express never; pickup always', async () => {
    const b = await buyer();
    const below = await add(b.token, [product(P.combinationPliers, 11)]); // 11 × 22.50 = 247.50
    expect(below.json.deliveries[0]?.shippingCosts.totalPrice).toBe(9.95);
    const free = await call('PATCH', '/checkout/cart/line-item', b.token, {
      items: [{ id: P.combinationPliers, quantity: 12 }],
    }); // 270.00
    expect(free.json.deliveries[0]?.shippingCosts.totalPrice).toBe(0);
    expect(free.json.price.netPrice).toBe(270);
    await call('PATCH', '/context', b.token, { shippingMethodId: shippingMethodId('express') });
    const express = await call('GET', '/checkout/cart', b.token);
    expect(express.json.deliveries[0]?.shippingMethod.technicalName).toBe('express');
    expect(express.json.deliveries[0]?.shippingCosts.totalPrice).toBe(24.95);
    await call('PATCH', '/context', b.token, { shippingMethodId: shippingMethodId('pickup') });
    await call('PATCH', '/checkout/cart/line-item', b.token, { items: [{ id: P.combinationPliers, quantity: 3 }] });
    const pickup = await call('GET', '/checkout/cart', b.token);
    expect(pickup.json.deliveries[0]?.shippingCosts.totalPrice).toBe(0);
    expect(pickup.json.price.netPrice).toBe(74.7);
  });

  test('FREESHIP makes shipping free; an unknown code answers promotion-not-found and is not kept', async () => {
    const b = await buyer();
    await add(b.token, [product(P.combinationPliers, 3)]);
    const unknown = await add(b.token, [{ type: 'promotion', referencedId: 'NOPE' }]);
    expect(unknown.json.errors['promotion-not-found-NOPE']).toMatchObject({ messageKey: 'promotion-not-found' });
    const res = await add(b.token, [{ type: 'promotion', referencedId: 'freeship' }]);
    expect(res.json.errors['promotion-discount-added-FREESHIP']?.level).toBe(0);
    expect(res.json.deliveries[0]?.shippingCosts.totalPrice).toBe(0);
    expect(res.json.price.netPrice).toBe(74.7);
    const again = await call('GET', '/checkout/cart', b.token);
    expect(again.json.errors).toEqual({});
    expect(again.json.lineItems.filter((l) => l.type === 'promotion').map((l) => l.referencedId)).toEqual(['FREESHIP']);
    const removed = await call('POST', '/checkout/cart/line-item/delete', b.token, { ids: ['FREESHIP'] });
    expect(removed.json.deliveries[0]?.shippingCosts.totalPrice).toBe(9.95);
  });

  test('WERKBANK10 takes 10 % off the goods value as a negative promotion line', async () => {
    const b = await buyer();
    await add(b.token, [product(P.combinationPliers, 12)]); // 270.00
    const res = await add(b.token, [{ type: 'promotion', referencedId: 'WERKBANK10' }]);
    const promotion = res.json.lineItems.find((l) => l.type === 'promotion')!;
    expect(promotion).toMatchObject({ referencedId: 'WERKBANK10', label: '10 % korting', good: false });
    expect(promotion.price.totalPrice).toBe(-27);
    // 243.00 after the discount is below the free-shipping limit of 250
    expect(res.json.price).toMatchObject({ positionPrice: 243, netPrice: 252.95 });
    expect(res.json.deliveries[0]?.shippingCosts.totalPrice).toBe(9.95);
  });
});

describe('VAT by delivery country', () => {
  test("the company's country, else the context's shipping address country", async () => {
    const b = await buyer({ country: 'DE' });
    const de = await add(b.token, [product(P.combinationPliers, 12)]); // 270.00 net, ships free
    expect(de.json.price.calculatedTaxes).toEqual([
      { taxRate: 19, price: 270, tax: 51.3, apiAlias: 'cart_tax_calculated' },
    ]);
    expect(de.json.price.totalPrice).toBe(321.3);
    expect(lineOf(de.json, P.combinationPliers)?.price.calculatedTaxes[0]?.taxRate).toBe(19);
    for (const [country, rate, tax] of [
      ['FR', 20, 54],
      ['LU', 17, 45.9],
      ['NL', 21, 56.7],
    ] as const) {
      const address = randomId();
      await api.db.insert(companyAddressTable).values({
        id: address,
        companyId: b.companyId,
        name: country,
        street: 'Street',
        zipcode: '1000',
        city: 'City',
        countryCode: country,
      });
      const patched = await call<{ contextToken: string }>('PATCH', '/context', b.token, {
        shippingAddressId: address,
      });
      expect(patched.json.contextToken).toBe(b.token);
      const cart = await call('GET', '/checkout/cart', b.token);
      expect(cart.json.price.calculatedTaxes, country).toEqual([
        { taxRate: rate, price: 270, tax, apiAlias: 'cart_tax_calculated' },
      ]);
      expect(cart.json.deliveries[0]?.location.country.iso).toBe(country);
    }
  });

  test("another company's address cannot be chosen", async () => {
    const b = await buyer();
    const other = await insertCompany(api.db);
    const address = randomId();
    await api.db.insert(companyAddressTable).values({
      id: address,
      companyId: other.id,
      name: 'Other',
      street: 'Street',
      zipcode: '1000',
      city: 'City',
    });
    const res = await call<ErrorEnvelope>('PATCH', '/context', b.token, { shippingAddressId: address });
    expect(res.status).toBe(400);
    expect(res.json.errors[0]).toMatchObject({
      code: 'VIOLATION::ENTITY_DOES_NOT_EXIST',
      source: { pointer: '/shippingAddressId' },
    });
    const anonymous = await call<ErrorEnvelope>('PATCH', '/context', undefined, { shippingAddressId: address });
    expect(anonymous.status).toBe(403);
  });
});

describe('credit limit and payment', () => {
  test('over the credit limit invoice is blocked; paying in advance stays open', async () => {
    const b = await buyer();
    await api.db.insert(companyCreditTable).values({ companyId: b.companyId, limitCents: 50_000, usedCents: 45_000 });
    const small = await add(b.token, [product(P.combinationPliers, 1)]); // 51.24 gross: over the 50.00 left
    expect(small.json.errors['werkbank-cart-underCreditLimit']).toMatchObject({ level: 10, availableCredit: 50 });
    // Without a choice the payment method stays the first one (invoice), blocked: the buyer chooses another, the
    // cart never switches to paying in advance by itself.
    expect(small.json.transactions[0]?.paymentMethodId).toBe(paymentMethodId('invoice'));
    expect(small.json.errors[`payment-method-blocked-${paymentMethodId('invoice')}`]).toMatchObject({ level: 20 });
    const refused = await call<ErrorEnvelope>('POST', '/checkout/order', b.token, {});
    expect([refused.status, refused.json.errors[0]?.code]).toEqual([400, 'CHECKOUT__CART_INVALID']);
    const available = await call<{ elements: { technicalName: string }[] }>(
      'GET',
      '/payment-method?onlyAvailable=1',
      b.token,
    );
    expect(available.json.elements.map((m) => m.technicalName)).toEqual(['prepayment', 'credit_card']);
    await call('PATCH', '/context', b.token, { paymentMethodId: paymentMethodId('invoice') });
    const invoice = await call('GET', '/checkout/cart', b.token);
    expect(invoice.json.errors[`payment-method-blocked-${paymentMethodId('invoice')}`]?.level).toBe(20);
    await call('PATCH', '/context', b.token, { paymentMethodId: paymentMethodId('credit_card') });
    const card = await call('GET', '/checkout/cart', b.token);
    expect(Object.values(card.json.errors).filter((e) => e.level === 20)).toEqual([]);
  });

  test('within the credit limit invoice is the default and nothing is blocked', async () => {
    const b = await buyer();
    await api.db.insert(companyCreditTable).values({ companyId: b.companyId, limitCents: 50_000, usedCents: 0 });
    const res = await add(b.token, [product(P.combinationPliers, 3)]);
    expect(res.json.errors['werkbank-cart-underCreditLimit']).toBeUndefined();
    expect(res.json.transactions[0]?.paymentMethodId).toBe(paymentMethodId('invoice'));
  });
});

describe('methods and pickup locations', () => {
  test('shipping and payment methods answer an EntitySearchResult with translated names', async () => {
    const shipping = await call<{
      entity: string;
      total: number;
      elements: { name: string; technicalName: string }[];
      aggregations: unknown[];
    }>('GET', '/shipping-method', undefined);
    expect(shipping.json).toMatchObject({ entity: 'shipping_method', total: 3, aggregations: [] });
    expect(shipping.json.elements.map((m) => m.technicalName)).toEqual(['standard', 'express', 'pickup']);
    expect(shipping.json.elements[0]?.name).toBe('Standaardlevering');
    const payment = await call<{ entity: string; elements: { technicalName: string }[] }>(
      'POST',
      '/payment-method',
      undefined,
      {},
    );
    expect(payment.json.elements.map((m) => m.technicalName)).toEqual(['invoice', 'prepayment', 'credit_card']);
  });

  test('the pickup locations are the four shops and the central warehouse', async () => {
    const res = await call<{ total: number; elements: { kind: string; city: string }[] }>(
      'GET',
      '/werkbank/pickup-location',
    );
    expect(res.json.total).toBe(5);
    expect(res.json.elements.filter((l) => l.kind === 'shop').map((l) => l.city)).toEqual([
      'Graz',
      'Villach',
      'Pasching',
      'Salzburg',
    ]);
  });
});
