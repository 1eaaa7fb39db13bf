/**
 * Offers over HTTP (./offer.routes.ts) against the simulated ERP: requested from the real cart, answered by the ERP's
 * clock 2 hours later, read, downloaded and put back into the cart, where the cart calculation prices them at the
 * offered unit price while the offer is valid (docs/decisions/016-erp.md, "Offers in the cart").
 */
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { createCustomerContext } from '../../auth/session.ts';
import { customerTable } from '../../db/schema/index.ts';
import { insertCustomer } from '../../testing/company-test-support.ts';
import { SALES_CHANNEL_ID } from '../../db/seed-channel.ts';
import { fillCart } from '../../testing/order-test-support.ts';
import { createErpWorld, type Answer, type ErpWorld } from '../../testing/erp-test-support.ts';

let world: ErpWorld;
/** The lead buyer's offer on 10 hex bolts (12.50) and 20 washers (3.20). */
let offerNumber: string;
/** The outsider's offer. */
let outsiderOffer: string;

const HOUR = 60 * 60 * 1000;

interface Line {
  id: string;
  quantity: number;
  price: { unitPrice: number; totalPrice: number };
  payload: { offer?: { offerNumber: string; lineNumber: number; validUntil: string } };
}
const linesOf = (cart: Answer) => cart.json.lineItems as Line[];
const errorsOf = (cart: Answer) =>
  Object.values(cart.json.errors as unknown as Record<string, { messageKey: string; level: number; id?: string }>);

beforeAll(async () => {
  world = await createErpWorld();
  await fillCart(world.db, world.outsider.id, [{ productId: world.article.id, quantity: 2 }]);
  const outsider = await world.call('POST', '/offer/request', world.outsider.token, {});
  outsiderOffer = outsider.json.offerNumber as string;
});
afterAll(() => world.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('requesting an offer from the cart', () => {
  test('an empty cart is refused with its own code', async () => {
    const refused = await world.call('POST', '/offer/request', world.lead.token, { comment: 'Please quote' });
    expect(refused.status).toBe(400);
    expect(refused.json.errors?.[0]?.code).toBe('WERKBANK__OFFER_CART_EMPTY');
  });

  test('the cart’s lines become an open offer without prices; the cart stays as it is', async () => {
    await fillCart(world.db, world.lead.id, [
      { productId: world.article.id, quantity: 10 },
      { productId: world.other.id, quantity: 20 },
    ]);
    const before = await world.store('GET', '/checkout/cart', world.lead.token);
    const requested = await world.call('POST', '/offer/request', world.lead.token, {
      comment: ' Delivery to the site, please ',
      clientReference: 'Project Schelde',
    });
    expect(requested.status).toBe(200);
    expect(requested.json).toMatchObject({
      status: 'open',
      clientReference: 'Project Schelde',
      comment: 'Delivery to the site, please',
      validUntil: null,
      totalPrice: null,
      documentLink: null,
      lines: [
        expect.objectContaining({ productNumber: world.article.productNumber, quantity: 10, unitPrice: null }),
        expect.objectContaining({ productNumber: world.other.productNumber, quantity: 20, unitPrice: null }),
      ],
    });
    offerNumber = requested.json.offerNumber as string;
    const after = await world.store('GET', '/checkout/cart', world.lead.token);
    expect(linesOf(after).map((l) => [l.id, l.quantity])).toEqual(linesOf(before).map((l) => [l.id, l.quantity]));
    const history = await world.call('GET', '/offer/history', world.lead.token);
    expect(history.json).toMatchObject({ total: 1, elements: [{ offerNumber, status: 'open', lineCount: 2 }] });
  });

  test('a comment over 1000 characters is refused at its field', async () => {
    const refused = await world.call('POST', '/offer/request', world.lead.token, { comment: 'x'.repeat(1001) });
    expect(refused.status).toBe(400);
    expect(refused.json.errors?.[0]).toMatchObject({
      code: 'VIOLATION::TOO_LONG_ERROR',
      source: { pointer: '/comment' },
    });
  });
});

describe('an open offer', () => {
  test('has no PDF and cannot go into the cart yet', async () => {
    const pdf = await world.call('GET', `/offer/${offerNumber}/document`, world.lead.token);
    expect(pdf.status).toBe(404);
    expect(pdf.json.errors?.[0]?.code).toBe('WERKBANK__OFFER_NOT_FOUND');
    const toCart = await world.call('POST', '/offer/cart', world.lead.token, { offerNumber });
    expect(toCart.status).toBe(400);
    expect(toCart.json.errors?.[0]?.code).toBe('WERKBANK__OFFER_NOT_PROCESSED');
  });
});

describe('a processed offer', () => {
  beforeAll(async () => {
    await world.erp.advance(new Date(Date.now() + 3 * HOUR));
  });

  test('history filters: status, number and days; a dateFrom after dateTo is refused at /dateFrom', async () => {
    const get = (query: string) => world.call('GET', `/offer/history?${query}`, world.lead.token);
    expect((await get('status=processed')).json).toMatchObject({ total: 1, elements: [{ offerNumber }] });
    expect((await get('status=open')).json.total).toBe(0);
    expect((await get(`offerNumber=${offerNumber}`)).json.total).toBe(1);
    expect((await get(`offerNumber=${outsiderOffer}`)).json.total).toBe(0);
    expect((await get(`productNumber=${world.other.productNumber}`)).json.total).toBe(1);
    expect((await get('dateTo=2020-12-31')).json.total).toBe(0);
    const refused = await get('dateFrom=2026-03-02&dateTo=2026-03-01');
    expect(refused.status).toBe(400);
    expect(refused.json.errors?.[0]).toMatchObject({
      code: 'VIOLATION::TOO_HIGH_ERROR',
      source: { pointer: '/dateFrom' },
    });
    expect((await get('limit=101')).status).toBe(400);
  });

  test('detail with the offered prices (the buyer’s price less 5 %) and the PDF', async () => {
    const detail = await world.call('GET', `/offer/history/detail?offerNumber=${offerNumber}`, world.lead.token);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({
      status: 'processed',
      documentLink: `/store-api/werkbank/offer/${offerNumber}/document`,
      lines: [
        expect.objectContaining({ lineNumber: 1, unitPrice: 11.875, totalPrice: 118.75 }),
        expect.objectContaining({ lineNumber: 2, unitPrice: 3.04, totalPrice: 60.8 }),
      ],
    });
    const pdf = await world.call('GET', `/offer/${offerNumber}/document`, world.lead.token);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
    expect(pdf.headers.get('cache-control')).toBe('private, no-store');
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe('%PDF-');
  });

  test('goes into the cart at the offered unit price beside the ordinary line of the same article', async () => {
    await world.store('DELETE', '/checkout/cart', world.lead.token);
    await fillCart(world.db, world.lead.id, [{ productId: world.article.id, quantity: 10 }]);
    const added = await world.call('POST', '/offer/cart', world.lead.token, { offerNumber });
    expect(added.status).toBe(200);
    expect(added.json).toEqual({ offerNumber, added: 2 });
    const cart = await world.store('GET', '/checkout/cart', world.lead.token);
    const byId = Object.fromEntries(linesOf(cart).map((l) => [l.id, l]));
    expect(byId[world.article.id]?.price).toMatchObject({ unitPrice: 12.5, totalPrice: 125 });
    expect(byId[`offer-${offerNumber}-1`]).toMatchObject({
      quantity: 10,
      price: { unitPrice: 11.875, totalPrice: 118.75 },
      payload: { offer: { offerNumber, lineNumber: 1, validUntil: expect.any(String) } },
    });
    expect(byId[`offer-${offerNumber}-2`]?.price).toMatchObject({ unitPrice: 3.04, totalPrice: 60.8 });
    expect(errorsOf(cart).filter((e) => e.level === 20)).toEqual([]);
  });

  test('another quantity loses the offered price and blocks; putting the offer in again restores it', async () => {
    const id = `offer-${offerNumber}-1`;
    const changed = await world.store('PATCH', '/checkout/cart/line-item', world.lead.token, {
      items: [{ id, quantity: 11 }],
    });
    const line = linesOf(changed).find((l) => l.id === id);
    expect(line?.price).toMatchObject({ unitPrice: 12.5, totalPrice: 137.5 });
    expect(line?.payload.offer).toBeUndefined();
    expect(errorsOf(changed)).toContainEqual(
      expect.objectContaining({ messageKey: 'werkbank-offer-quantity-changed', level: 20, id, quantity: 10 }),
    );
    const again = await world.call('POST', '/offer/cart', world.lead.token, { offerNumber });
    expect(again.json).toEqual({ offerNumber, added: 2 });
    const cart = await world.store('GET', '/checkout/cart', world.lead.token);
    expect(linesOf(cart).filter((l) => l.id.startsWith('offer-'))).toHaveLength(2);
    expect(linesOf(cart).find((l) => l.id === id)).toMatchObject({ quantity: 10, price: { unitPrice: 11.875 } });
    expect(errorsOf(cart).filter((e) => e.level === 20)).toEqual([]);
  });

  test('the order is placed at the offered prices', async () => {
    await world.store('POST', '/checkout/cart/line-item/delete', world.lead.token, { ids: [world.article.id] });
    const placed = await world.store('POST', '/checkout/order', world.lead.token, {});
    expect(placed.status).toBe(200);
    const lines = placed.json.lineItems as { unitPrice: number; totalPrice: number; payload: Line['payload'] }[];
    expect(lines.map((l) => [l.unitPrice, l.totalPrice, l.payload.offer?.lineNumber])).toEqual([
      [11.875, 118.75, 1],
      [3.04, 60.8, 2],
    ]);
  });

  test('past its last valid day the line falls back to the buyer’s price with a blocking error; the order and putting it in again are refused', async () => {
    await world.call('POST', '/offer/cart', world.lead.token, { offerNumber });
    const detail = await world.call('GET', `/offer/history/detail?offerNumber=${offerNumber}`, world.lead.token);
    const validUntil = detail.json.validUntil as string;
    const id = `offer-${offerNumber}-1`;
    vi.useFakeTimers({ toFake: ['Date'] });
    // The last valid day at 23:30 in Brussels (UTC+1 in winter, UTC+2 in summer): still the offered price.
    vi.setSystemTime(new Date(`${validUntil}T21:30:00Z`));
    const lastDay = await createCustomerContext(world.db, {
      salesChannelId: SALES_CHANNEL_ID,
      customerId: world.lead.id,
      now: new Date(),
    });
    const stillValid = await world.store('GET', '/checkout/cart', lastDay);
    expect(linesOf(stillValid).find((l) => l.id === id)?.price.unitPrice).toBe(11.875);
    // The next day in Brussels.
    vi.setSystemTime(new Date(`${validUntil}T23:30:00Z`));
    const expired = await world.store('GET', '/checkout/cart', lastDay);
    expect(linesOf(expired).find((l) => l.id === id)).toMatchObject({ price: { unitPrice: 12.5, totalPrice: 125 } });
    expect(errorsOf(expired)).toContainEqual(
      expect.objectContaining({ messageKey: 'werkbank-offer-expired', level: 20, id }),
    );
    const order = await world.store('POST', '/checkout/order', lastDay, {});
    expect(order.status).toBe(400);
    expect(order.json.errors?.map((e) => e.code)).toContain('CHECKOUT__CART_INVALID');
    const toCart = await world.call('POST', '/offer/cart', lastDay, { offerNumber });
    expect(toCart.status).toBe(400);
    expect(toCart.json.errors?.[0]).toMatchObject({
      code: 'WERKBANK__OFFER_EXPIRED',
      meta: { parameters: { offer: offerNumber, validUntil } },
    });
  });
});

describe('without ROLE_VIEW_PRICES', () => {
  test('the processed offer comes without prices and its PDF is refused naming the right', async () => {
    const [lead] = await world.db.select().from(customerTable).where(eq(customerTable.id, world.lead.id));
    const noPrices = await insertCustomer(world.db, lead!.companyId, {
      rights: RIGHT_CODES.filter((r) => r !== 'ROLE_VIEW_PRICES'),
    });
    const detail = await world.call('GET', `/offer/history/detail?offerNumber=${offerNumber}`, noPrices.token);
    expect(detail.status).toBe(200);
    expect(detail.json).toMatchObject({ status: 'processed', totalPrice: 0 });
    expect(
      (detail.json.lines as { unitPrice: number; totalPrice: number }[]).map((l) => [l.unitPrice, l.totalPrice]),
    ).toEqual([
      [0, 0],
      [0, 0],
    ]);
    const pdf = await world.call('GET', `/offer/${offerNumber}/document`, noPrices.token);
    expect(pdf.status).toBe(403);
    expect(pdf.json.errors?.[0]).toMatchObject({
      code: 'WERKBANK__MISSING_RIGHT',
      meta: { parameters: { right: 'ROLE_VIEW_PRICES' } },
    });
  });
});

describe('scope and rights', () => {
  test('a colleague’s offer without the company right, another company’s and an unknown number answer the same 404', async () => {
    const unknown = '9999999';
    for (const [token, number] of [
      [world.buyer.token, offerNumber],
      [world.outsider.token, offerNumber],
      [world.lead.token, outsiderOffer],
      [world.lead.token, unknown],
    ] as const) {
      for (const res of [
        await world.call('GET', `/offer/history/detail?offerNumber=${number}`, token),
        await world.call('GET', `/offer/${number}/document`, token),
        await world.call('POST', '/offer/cart', token, { offerNumber: number }),
      ]) {
        expect(res.status, number).toBe(404);
        expect(res.json.errors?.[0]).toMatchObject({
          code: 'WERKBANK__OFFER_NOT_FOUND',
          meta: { parameters: { offer: number } },
        });
      }
    }
    const own = await world.call('GET', '/offer/history', world.buyer.token);
    expect(own.json).toMatchObject({ total: 0, elements: [] });
    const outsider = await world.call('GET', '/offer/history', world.outsider.token);
    expect(outsider.json).toMatchObject({ total: 1, elements: [{ offerNumber: outsiderOffer }] });
  });

  test('each endpoint without its right answers 403 naming the right', async () => {
    const cases = [
      ['POST', '/offer/request', 'ROLE_REQUEST_OFFER', {}],
      ['GET', '/offer/history', 'ROLE_MANAGE_OFFER_HISTORY', undefined],
      ['GET', `/offer/history/detail?offerNumber=${offerNumber}`, 'ROLE_MANAGE_OFFER_HISTORY', undefined],
      ['GET', `/offer/${offerNumber}/document`, 'ROLE_MANAGE_OFFER_HISTORY', undefined],
      ['POST', '/offer/cart', 'ROLE_MANAGE_OFFER_HISTORY', { offerNumber }],
    ] as const;
    for (const [method, path, right, body] of cases) {
      const denied = await world.call(method, path, world.clerk.token, body);
      expect(denied.status, path).toBe(403);
      expect(denied.json.errors?.[0]).toMatchObject({
        code: 'WERKBANK__MISSING_RIGHT',
        meta: { parameters: { right } },
      });
      const anonymous = await world.call(method, path, undefined, body);
      expect(anonymous.json.errors?.[0]?.code, path).toBe('CHECKOUT__CUSTOMER_NOT_LOGGED_IN');
    }
  });
});
