import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { shopToday } from '../../../contract/order.ts';
import { createStoreApi } from '../../app.ts';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import {
  cartLineItemTable,
  cartTable,
  companyCreditTable,
  customerTable,
  mailOutboxTable,
  orderLineItemTable,
  orderTable,
  productTable,
  promotionTable,
} from '../../db/schema/index.ts';
import { languageId, seedSalesChannel } from '../../db/seed-channel.ts';
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
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];
let settings: CheckoutSettings;
let companyA: string;
let companyB: string;
let mainAddressA: string;
let depotAddressA: string;
let addressB: string;
let buyer: TestCustomer;
let noOrderRight: TestCustomer;

type Json = Record<string, unknown> & {
  errors?: {
    code: string;
    status: string;
    detail: string;
    source?: { pointer: string };
    meta?: { parameters?: Record<string, unknown> };
  }[];
};

async function submit(
  token: string | undefined,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Json }> {
  const res = await app.request('/store-api/checkout/order', {
    method: 'POST',
    headers: {
      'sw-access-key': config.accessKey,
      'content-type': 'application/json',
      ...(token ? { 'sw-context-token': token } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Json };
}

const pointers = (json: Json) => Object.fromEntries((json.errors ?? []).map((e) => [e.source?.pointer, e.code]));

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
  settings = await seedCheckoutSettings(handle.db);
  companyA = (await insertCompany(handle.db, { name: 'Alpha Tools' })).id;
  companyB = (await insertCompany(handle.db, { name: 'Beta Bouw' })).id;
  mainAddressA = await insertAddress(handle.db, companyA, { name: 'Head office', isMain: true });
  depotAddressA = await insertAddress(handle.db, companyA, { name: 'Depot', city: 'Mechelen' });
  addressB = await insertAddress(handle.db, companyB, { isMain: true });
  buyer = await insertCustomer(handle.db, companyA, {
    username: 'olivia.order',
    firstName: 'Olivia',
    lastName: 'Order',
  });
  noOrderRight = await insertCustomer(handle.db, companyA, {
    username: 'nora.noright',
    rights: RIGHT_CODES.filter((c) => c !== 'ROLE_PLACE_ORDERS'),
  });
});
afterAll(() => handle.close());

beforeEach(async () => {
  await fillCart(handle.db, buyer.id, []);
});

describe('order data validation', () => {
  test('every broken field answers its violation at its pointer, nothing is ordered', async () => {
    const article = await insertArticle(handle.db);
    await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 1 }]);
    const { status, json } = await submit(buyer.token, {
      orderReference: 'R'.repeat(31),
      shippingOption: 'drone',
      splitDelivery: 'whenever',
      requestedShippingDate: '2020-01-01',
      shippingAddressId: 'not-an-id',
      fileNumber: 'F'.repeat(51),
    });
    expect(status).toBe(400);
    expect(pointers(json)).toEqual({
      '/orderReference': 'VIOLATION::TOO_LONG_ERROR',
      '/shippingOption': 'VIOLATION::NO_SUCH_CHOICE_ERROR',
      '/splitDelivery': 'VIOLATION::NO_SUCH_CHOICE_ERROR',
      '/requestedShippingDate': 'VIOLATION::TOO_LOW_ERROR',
      '/shippingAddressId': 'VIOLATION::INVALID_UUID',
      '/fileNumber': 'VIOLATION::TOO_LONG_ERROR',
    });
    const date = json.errors!.find((e) => e.source?.pointer === '/requestedShippingDate')!;
    expect(date.meta?.parameters).toEqual({ '{{ limit }}': shopToday() });
    expect(await handle.db.select().from(orderTable).where(eq(orderTable.customerId, buyer.id))).toHaveLength(0);
  });

  test('a pickup needs a pickup location; a date that is no date; a key too long', async () => {
    const pickup = await submit(buyer.token, { shippingOption: 'pickup' });
    expect(pointers(pickup.json)).toEqual({ '/pickupLocationId': 'VIOLATION::IS_BLANK_ERROR' });
    const date = await submit(buyer.token, { requestedShippingDate: '31.12.2030' });
    expect(pointers(date.json)).toEqual({ '/requestedShippingDate': 'VIOLATION::INVALID_VALUE' });
    const key = await submit(buyer.token, {}, { 'Idempotency-Key': 'k'.repeat(129) });
    expect(pointers(key.json)).toEqual({ '/idempotency-key': 'VIOLATION::TOO_LONG_ERROR' });
  });

  test('a closed pickup location and an address of another company are refused', async () => {
    const article = await insertArticle(handle.db);
    await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 1 }]);
    const closed = await submit(buyer.token, {
      shippingOption: 'pickup',
      pickupLocationId: settings.closedPickupLocationId,
    });
    expect(closed.status).toBe(400);
    expect(pointers(closed.json)).toEqual({ '/pickupLocationId': 'VIOLATION::NO_SUCH_CHOICE_ERROR' });
    const foreign = await submit(buyer.token, { shippingAddressId: addressB });
    expect(foreign.status).toBe(404);
    expect(pointers(foreign.json)).toEqual({ '/shippingAddressId': 'CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND' });
    const cart = await handle.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, buyer.id));
    expect(cart).toHaveLength(1);
  });
});

describe('who may order what', () => {
  test('anonymous: 403 not logged in; without ROLE_PLACE_ORDERS: 403 naming the right', async () => {
    expect((await submit(undefined)).json.errors?.[0]?.code).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    const article = await insertArticle(handle.db);
    await fillCart(handle.db, noOrderRight.id, [{ productId: article.id, quantity: 1 }]);
    const { status, json } = await submit(noOrderRight.token);
    expect(status).toBe(403);
    expect(json.errors?.[0]).toMatchObject({
      code: providerErrorCode(config.provider, 'MISSING_RIGHT'),
      meta: { parameters: { right: 'ROLE_PLACE_ORDERS' } },
    });
    expect(
      await handle.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, noOrderRight.id)),
    ).toHaveLength(1);
  });

  test('an empty cart: 400 CHECKOUT__CART_EMPTY', async () => {
    const { status, json } = await submit(buyer.token);
    expect(status).toBe(400);
    expect(json.errors?.[0]?.code).toBe('CHECKOUT__CART_EMPTY');
  });

  test('a cart with an error of level 20 (closeout above its stock) is refused with the cart errors', async () => {
    const closeout = await insertArticle(handle.db, { closeout: true, stock: 2 });
    await fillCart(handle.db, buyer.id, [{ productId: closeout.id, quantity: 3 }]);
    const { status, json } = await submit(buyer.token);
    expect(status).toBe(400);
    expect(json.errors?.[0]).toMatchObject({
      code: 'CHECKOUT__CART_INVALID',
      meta: { parameters: { messageKey: 'product-stock-reached', level: 20 } },
    });
    const [product] = await handle.db.select().from(productTable).where(eq(productTable.id, closeout.id));
    expect(product!.availableStock).toBe(2);
  });
});

describe('placing an order', () => {
  test('answers the order, keeps the snapshots, reserves stock with backorder, empties the cart, mails', async () => {
    await handle.db
      .update(customerTable)
      .set({ languageId: languageId('de-DE'), defaultShippingAddressId: depotAddressA })
      .where(eq(customerTable.id, buyer.id));
    const drill = await insertArticle(handle.db, { price: '40.00', stock: 5, name: 'Drill' });
    const screws = await insertArticle(handle.db, { price: '0.12345', stock: 1000, name: 'Screws' });
    await fillCart(handle.db, buyer.id, [
      { productId: drill.id, quantity: 8, remark: 'for site 4' },
      { productId: screws.id, quantity: 100 },
    ]);
    const before = (await handle.db.select().from(customerTable).where(eq(customerTable.id, buyer.id)))[0]!;
    const { status, json } = await submit(buyer.token, {
      orderReference: 'PO-4711',
      fileNumber: 'F-12',
      customerComment: 'Ring twice',
      splitDelivery: 'backorders_together',
      requestedShippingDate: '2099-01-15',
    });
    expect(status).toBe(200);
    // 8 × 40.00 + 100 × 0.12345 = 320.00 + 12.35 (rounded once per line) = 332.35; shipping 9.95; VAT 21 %.
    expect(json).toMatchObject({
      apiAlias: 'order',
      orderNumber: expect.stringMatching(/^\d{6,}$/),
      taxStatus: 'net',
      positionPrice: 332.35,
      shippingTotal: 9.95,
      amountNet: 342.3,
      amountTotal: 414.18,
      price: { netPrice: 342.3, totalPrice: 414.18, taxStatus: 'net', calculatedTaxes: [{ taxRate: 21, tax: 71.88 }] },
      stateMachineState: { technicalName: 'open', name: 'Open' },
      orderCustomer: { firstName: 'Olivia', lastName: 'Order', company: 'Alpha Tools' },
      billingAddress: { company: 'Alpha Tools', city: 'Antwerpen', customFields: { addressId: mainAddressA } },
      customerComment: 'Ring twice',
      customFields: {
        orderReference: 'PO-4711',
        fileNumber: 'F-12',
        shippingOption: 'delivery',
        pickupLocation: null,
        splitDelivery: 'backorders_together',
        requestedShippingDate: '2099-01-15',
        surcharge: 0,
      },
    });
    const lines = json.lineItems as Json[];
    expect(lines.map((l) => [l.label, l.quantity, l.unitPrice, l.totalPrice])).toEqual([
      ['Drill', 8, 40, 320],
      ['Screws', 100, 0.12345, 12.35],
    ]);
    expect(lines[0]).toMatchObject({ customFields: { order_detail_text: 'for site 4', backorderQuantity: 3 } });
    const [delivery] = json.deliveries as Json[];
    expect(delivery).toMatchObject({
      shippingDateEarliest: '2099-01-15T00:00:00.000Z',
      shippingOrderAddress: { city: 'Mechelen', customFields: { addressId: depotAddressA } },
      shippingMethod: { technicalName: 'standard' },
      shippingCosts: { totalPrice: 9.95 },
    });

    const [drillRow] = await handle.db.select().from(productTable).where(eq(productTable.id, drill.id));
    expect(drillRow!.availableStock).toBe(0);
    const [screwRow] = await handle.db.select().from(productTable).where(eq(productTable.id, screws.id));
    expect(screwRow!.availableStock).toBe(900);
    const orderLines = await handle.db
      .select()
      .from(orderLineItemTable)
      .where(eq(orderLineItemTable.orderId, json.id as string))
      .orderBy(orderLineItemTable.position);
    expect(orderLines.map((l) => [l.productNumber, l.backorderQuantity])).toEqual([
      [drill.productNumber, 3],
      [screws.productNumber, 0],
    ]);

    expect(await handle.db.select().from(cartLineItemTable).where(eq(cartLineItemTable.customerId, buyer.id))).toEqual(
      [],
    );
    const [cart] = await handle.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    expect(cart!.promotionCodes).toEqual([]);
    const after = (await handle.db.select().from(customerTable).where(eq(customerTable.id, buyer.id)))[0]!;
    expect(after.orderCount).toBe(before.orderCount + 1);

    const [stored] = await handle.db
      .select()
      .from(orderTable)
      .where(eq(orderTable.id, json.id as string));
    expect(stored!.orderCustomer).toMatchObject({ email: 'olivia.order@example.com', company: 'Alpha Tools' });
    expect((stored!.cartSnapshot as { lineItems: unknown[] }).lineItems).toHaveLength(2);

    const mails = await handle.db
      .select()
      .from(mailOutboxTable)
      .where(eq(mailOutboxTable.template, 'order-confirmation'));
    const mail = mails.find((m) => m.subject.includes(json.orderNumber as string))!;
    expect(mail.subject).toBe(`Ihre Bestellung ${json.orderNumber as string}`);
    expect(mail.recipient).toBe('olivia.order@example.com');
    expect(mail.text).toContain('Ihre Bestellreferenz: PO-4711');
    expect(mail.text).toContain('3 im Rückstand');
    expect(mail.text).toMatch(/Gesamtbetrag: 414,18\s€/);
    expect(mail.text).toContain('Mechelen');
  });

  test('the same Idempotency-Key answers the same order with the same body; a new key finds the cart empty', async () => {
    const article = await insertArticle(handle.db, { price: '10.00' });
    await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 2 }]);
    const key = { 'Idempotency-Key': `checkout-${randomId()}` };
    const first = await submit(buyer.token, { orderReference: 'ONCE' }, key);
    const second = await submit(buyer.token, { orderReference: 'ONCE' }, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json).toEqual(first.json);
    const orders = await handle.db.select().from(orderTable).where(eq(orderTable.orderReference, 'ONCE'));
    expect(orders).toHaveLength(1);
    const other = await submit(buyer.token, {}, { 'Idempotency-Key': `checkout-${randomId()}` });
    expect(other.json.errors?.[0]?.code).toBe('CHECKOUT__CART_EMPTY');
  });

  test('a pickup order: the pickup location, no shipping costs, no delivery address kept', async () => {
    const article = await insertArticle(handle.db, { price: '10.00' });
    await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 1 }]);
    const { status, json } = await submit(buyer.token, {
      shippingOption: 'pickup',
      pickupLocationId: settings.pickupLocationId.toUpperCase(),
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      shippingTotal: 0,
      customFields: {
        shippingOption: 'pickup',
        pickupLocation: { id: settings.pickupLocationId, name: 'Shop Antwerpen' },
      },
      deliveries: [{ shippingOrderAddress: { company: 'Shop Antwerpen', city: 'Antwerpen' } }],
    });
    const [stored] = await handle.db
      .select()
      .from(orderTable)
      .where(eq(orderTable.id, json.id as string));
    expect(stored!.shippingAddress).toBeNull();
  });

  test('an invoice order adds its total to the company credit used', async () => {
    await setCredit(handle.db, companyA, 1_000_000, 5_000);
    const article = await insertArticle(handle.db, { price: '100.00' });
    await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 1 }]);
    const { status, json } = await submit(buyer.token);
    expect(status).toBe(200);
    const [credit] = await handle.db
      .select()
      .from(companyCreditTable)
      .where(eq(companyCreditTable.companyId, companyA));
    // 100.00 + 9.95 shipping = 109.95 net, 21 % VAT → 133.04.
    expect(json.amountTotal).toBe(133.04);
    expect(credit!.usedCents).toBe(5_000 + 13_304);
    await handle.db.delete(companyCreditTable).where(eq(companyCreditTable.companyId, companyA));
  });

  test('a percentage promotion is an order line of its own and lowers the position price', async () => {
    const promotionId = randomId();
    await handle.db.insert(promotionTable).values({
      id: promotionId,
      code: 'TEN',
      discountType: 'percentage',
      value: '10.00',
      translated: { 'en-GB': { name: '10 % off' } },
    });
    const article = await insertArticle(handle.db, { price: '50.00' });
    await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 2 }], ['TEN']);
    const { status, json } = await submit(buyer.token);
    expect(status).toBe(200);
    expect(json).toMatchObject({ positionPrice: 90, customFields: { discount: 10, promotionCodes: ['TEN'] } });
    const lines = json.lineItems as Json[];
    expect(lines.map((l) => [l.type, l.totalPrice])).toEqual([
      ['product', 100],
      ['promotion', -10],
    ]);
    const [cart] = await handle.db.select().from(cartTable).where(eq(cartTable.customerId, buyer.id));
    expect(cart!.promotionCodes).toEqual([]);
  });
});

describe("Shopware's own document", () => {
  test('the createOrder and readOrder answers match storeApiSchema.json', async () => {
    const file = fileURLToPath(
      new URL('../../../node_modules/@shopware/api-client/api-types/storeApiSchema.json', import.meta.url),
    );
    const doc = JSON.parse(readFileSync(file, 'utf8')) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>
      >;
      components: object;
    };
    // One deviation: the document types the shipping costs' calculatedTaxes and taxRules as GenericRecord (an
    // object), but Shopware serialises these collections as arrays, as in every other CalculatedPrice.
    const schemas = (
      doc.components as {
        schemas: Record<string, { properties: Record<string, { properties: Record<string, object> }> }>;
      }
    ).schemas;
    for (const entity of ['Order', 'OrderDelivery']) {
      const costs = schemas[entity]!.properties.shippingCosts!.properties;
      for (const key of ['calculatedTaxes', 'taxRules']) costs[key] = { anyOf: [costs[key]!, { type: 'array' }] };
    }
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ $id: 'sw', components: doc.components }, 'sw');
    const validator = (path: string) =>
      ajv.compile(
        JSON.parse(
          JSON.stringify(doc.paths[path]!.post!.responses['200']!.content['application/json']!.schema).replaceAll(
            '"#/components/',
            '"sw#/components/',
          ),
        ) as object,
      );
    const article = await insertArticle(handle.db);
    await fillCart(handle.db, buyer.id, [{ productId: article.id, quantity: 2 }]);
    const placed = await submit(buyer.token, { orderReference: 'SCHEMA' });
    const createOrder = validator('/checkout/order');
    expect(createOrder(placed.json), JSON.stringify(createOrder.errors)).toBe(true);
    const res = await app.request('/store-api/order', {
      method: 'POST',
      headers: {
        'sw-access-key': config.accessKey,
        'content-type': 'application/json',
        'sw-context-token': buyer.token,
      },
      body: '{}',
    });
    const readOrder = validator('/order');
    const list = await res.json();
    expect(readOrder(list), JSON.stringify(readOrder.errors)).toBe(true);
  });
});
