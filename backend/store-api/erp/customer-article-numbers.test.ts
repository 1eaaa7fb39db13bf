/**
 * The company's own article numbers (article links, docs/decisions/017) through the real endpoints, from the cart to
 * the ERP: the cart line's payload names it, the placed order keeps the number linked at that moment (also when an
 * approved request is ordered later), the shop's order history detail and the simulated ERP's order detail show it,
 * and an offer requested from the cart keeps it on its lines. Only for users holding ROLE_MANAGE_ARTICLE_LINKS, and
 * never another company's number.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ErpOrderDetailSchema, OfferDetailSchema } from '../../../contract/provider/erp.ts';
import { OrderHistoryDetailSchema } from '../../../contract/provider/order-history.ts';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { articleLinkTable, customerTable, orderLineItemTable, orderTable } from '../../db/schema/index.ts';
import { randomId } from '../../lib/ids.ts';
import type { StoreCart } from '../../commerce/cart/cart-schemas.ts';
import { insertCustomer, type TestCustomer } from '../../testing/company-test-support.ts';
import { fillCart } from '../../testing/order-test-support.ts';
import { insertFlow, setRight } from '../../testing/approval-test-support.ts';
import { createErpWorld, type ErpWorld } from '../../testing/erp-test-support.ts';

let world: ErpWorld;
let companyA: string;
let companyB: string;
/** A buyer of company A with every right but ROLE_MANAGE_ARTICLE_LINKS. */
let noLinkRight: TestCustomer;

const companyOf = async (customer: TestCustomer) =>
  (await world.db.select().from(customerTable).where(eq(customerTable.id, customer.id)))[0]!.companyId;

async function link(companyId: string, productId: string, customerSku: string): Promise<void> {
  await world.db
    .insert(articleLinkTable)
    .values({ id: randomId(), companyId, productId, customerSku })
    .onConflictDoUpdate({ target: [articleLinkTable.companyId, articleLinkTable.productId], set: { customerSku } });
}

/** The customer article number of each product line of the customer's cart answer, by product number. */
async function cartNumbers(customer: TestCustomer): Promise<Record<string, string | null | undefined>> {
  const answer = await world.store('GET', '/checkout/cart', customer.token);
  expect(answer.status).toBe(200);
  const cart = answer.json as unknown as StoreCart;
  return Object.fromEntries(
    cart.lineItems
      .filter((l) => l.type === 'product')
      .map((l) => [l.payload.productNumber, l.payload.customerArticleNumber]),
  );
}

/** The stored order lines of a shop order, as [product number, customer article number]. */
async function storedLines(orderNumber: string): Promise<[string | null, string | null][]> {
  const [order] = await world.db.select().from(orderTable).where(eq(orderTable.orderNumber, orderNumber));
  const lines = await world.db.select().from(orderLineItemTable).where(eq(orderLineItemTable.orderId, order!.id));
  return lines.sort((a, b) => a.position - b.position).map((l) => [l.productNumber, l.customerArticleNumber]);
}

beforeAll(async () => {
  world = await createErpWorld();
  companyA = await companyOf(world.lead);
  companyB = await companyOf(world.outsider);
  noLinkRight = await insertCustomer(world.db, companyA, {
    rights: RIGHT_CODES.filter((r) => r !== 'ROLE_MANAGE_ARTICLE_LINKS'),
  });
  await link(companyA, world.article.id, 'PB-BOLT-8');
  await link(companyB, world.article.id, 'HU-4471');
});
afterAll(() => world.close());

describe('the cart', () => {
  test("every product line names the company's own number, or null without a link", async () => {
    await fillCart(world.db, world.lead.id, [
      { productId: world.article.id, quantity: 2 },
      { productId: world.other.id, quantity: 3 },
    ]);
    expect(await cartNumbers(world.lead)).toEqual({
      [world.article.productNumber]: 'PB-BOLT-8',
      [world.other.productNumber]: null,
    });
  });

  test("another company's buyer sees their own number; a buyer without the right sees none", async () => {
    await fillCart(world.db, world.outsider.id, [{ productId: world.article.id, quantity: 1 }]);
    expect(await cartNumbers(world.outsider)).toEqual({ [world.article.productNumber]: 'HU-4471' });
    await fillCart(world.db, noLinkRight.id, [{ productId: world.article.id, quantity: 1 }]);
    expect(await cartNumbers(noLinkRight)).toEqual({ [world.article.productNumber]: null });
  });
});

describe('the order', () => {
  test('keeps the number linked when it is placed; shop history and ERP show it, later renumbering changes nothing', async () => {
    await link(companyA, world.article.id, 'PB-BOLT-8');
    const orderNumber = await world.place(world.lead, [
      { productId: world.article.id, quantity: 4 },
      { productId: world.other.id, quantity: 1 },
    ]);
    expect(await storedLines(orderNumber)).toEqual([
      [world.article.productNumber, 'PB-BOLT-8'],
      [world.other.productNumber, null],
    ]);
    await link(companyA, world.article.id, 'PB-BOLT-8-NEW');

    const shop = await world.call('GET', `/sw/order/history/detail?orderNumber=${orderNumber}`, world.lead.token);
    expect(shop.status).toBe(200);
    const detail = v.parse(OrderHistoryDetailSchema, shop.json);
    expect(detail.lines.map((l) => [l.productNumber, l.customerArticleNumber])).toEqual([
      [world.article.productNumber, 'PB-BOLT-8'],
      [world.other.productNumber, null],
    ]);

    const erp = await world.call('GET', `/order/history/detail?orderNumber=${orderNumber}`, world.lead.token);
    expect(erp.status).toBe(200);
    const erpDetail = v.parse(ErpOrderDetailSchema, erp.json);
    expect(erpDetail.lines.map((l) => [l.productNumber, l.customerArticleNumber])).toEqual([
      [world.article.productNumber, 'PB-BOLT-8'],
      [world.other.productNumber, null],
    ]);
    const found = await world.call('GET', '/order/history?customerArticleNumber=pb-bolt-8', world.lead.token);
    expect((found.json.elements as { orderNumber: string }[]).map((o) => o.orderNumber)).toContain(orderNumber);
    await link(companyA, world.article.id, 'PB-BOLT-8');
  });

  test("the order answer names the number; Shopware's order list shows it only to a reader holding the right", async () => {
    await fillCart(world.db, world.lead.id, [{ productId: world.article.id, quantity: 1 }]);
    const placed = await world.store('POST', '/checkout/order', world.lead.token, {});
    expect(placed.status).toBe(200);
    const payloads = (placed.json.lineItems as { payload: Record<string, unknown> }[]).map((l) => l.payload);
    expect(payloads[0]).toMatchObject({ customerArticleNumber: 'PB-BOLT-8' });
    const orders = await world.store('POST', '/order', world.lead.token, {});
    const [latest] = (orders.json.orders as { elements: { lineItems: { payload: Record<string, unknown> }[] }[] })
      .elements;
    expect(latest!.lineItems[0]!.payload.customerArticleNumber).toBe('PB-BOLT-8');

    await setRight(world.db, world.lead.id, 'ROLE_MANAGE_ARTICLE_LINKS', false);
    try {
      const without = await world.store('POST', '/order', world.lead.token, {});
      const [same] = (without.json.orders as { elements: { lineItems: { payload: Record<string, unknown> }[] }[] })
        .elements;
      expect(same!.lineItems[0]!.payload).not.toHaveProperty('customerArticleNumber');
      expect(JSON.stringify(without.json)).not.toContain('PB-BOLT-8');
    } finally {
      await setRight(world.db, world.lead.id, 'ROLE_MANAGE_ARTICLE_LINKS', true);
    }
  });

  test('a buyer without the right orders without numbers, and a colleague without it does not read them', async () => {
    const orderNumber = await world.place(noLinkRight, [{ productId: world.article.id, quantity: 1 }]);
    expect(await storedLines(orderNumber)).toEqual([[world.article.productNumber, null]]);

    const leadOrder = await world.place(world.lead, [{ productId: world.article.id, quantity: 1 }]);
    const hidden = await world.call('GET', `/sw/order/history/detail?orderNumber=${leadOrder}`, noLinkRight.token);
    // noLinkRight holds ROLE_MANAGE_COMPANY_ORDER_HISTORY, so it reads the lead buyer's order.
    expect(hidden.status).toBe(200);
    expect(v.parse(OrderHistoryDetailSchema, hidden.json).lines[0]!.customerArticleNumber).toBeNull();
    const shown = await world.call('GET', `/sw/order/history/detail?orderNumber=${leadOrder}`, world.lead.token);
    expect(v.parse(OrderHistoryDetailSchema, shown.json).lines[0]!.customerArticleNumber).toBe('PB-BOLT-8');
  });

  test("another company's order carries its own number, never company A's", async () => {
    const orderNumber = await world.place(world.outsider, [{ productId: world.article.id, quantity: 1 }]);
    expect(await storedLines(orderNumber)).toEqual([[world.article.productNumber, 'HU-4471']]);
    const erp = await world.call('GET', `/order/history/detail?orderNumber=${orderNumber}`, world.outsider.token);
    expect(v.parse(ErpOrderDetailSchema, erp.json).lines[0]!.customerArticleNumber).toBe('HU-4471');
  });

  test('an approved request is ordered with the number linked when it is approved', async () => {
    const requester = await insertCustomer(world.db, companyA, {
      rights: ['ROLE_PLACE_ORDERS', 'ROLE_MANAGE_ARTICLE_LINKS'],
    });
    const approver = await insertCustomer(world.db, companyA, { rights: ['ROLE_APPROVE_ORDER_FLOWS'] });
    await insertFlow(world.db, companyA, {
      budgetCents: 1_000_000,
      approveFromCents: 1_000,
      approvers: [approver.id],
      users: [requester.id],
    });
    await fillCart(world.db, requester.id, [{ productId: world.article.id, quantity: 10 }]);
    const submitted = await world.store('POST', '/checkout/order', requester.token, {});
    expect(submitted.json).toMatchObject({ apiAlias: 'order_approval_request', status: 'pending' });
    await link(companyA, world.article.id, 'PB-BOLT-8-APPROVED');

    const approved = await world.call('POST', `/order/approve/${submitted.json.id as string}`, approver.token, {});
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    const [order] = await world.db
      .select()
      .from(orderTable)
      .where(eq(orderTable.id, approved.json.orderId as string));
    expect(await storedLines(order!.orderNumber)).toEqual([[world.article.productNumber, 'PB-BOLT-8-APPROVED']]);
    const erp = await world.call('GET', `/order/history/detail?orderNumber=${order!.orderNumber}`, world.lead.token);
    expect(v.parse(ErpOrderDetailSchema, erp.json).lines[0]!.customerArticleNumber).toBe('PB-BOLT-8-APPROVED');
    await link(companyA, world.article.id, 'PB-BOLT-8');
  });
});

describe('the offer request', () => {
  test("each line of an offer asked for from the cart keeps the company's number", async () => {
    await fillCart(world.db, world.lead.id, [
      { productId: world.article.id, quantity: 10 },
      { productId: world.other.id, quantity: 20 },
    ]);
    const requested = await world.call('POST', '/offer/request', world.lead.token, {});
    expect(requested.status).toBe(200);
    const offer = v.parse(OfferDetailSchema, requested.json);
    expect(offer.lines.map((l) => [l.productNumber, l.customerArticleNumber])).toEqual([
      [world.article.productNumber, 'PB-BOLT-8'],
      [world.other.productNumber, null],
    ]);
    const read = await world.call('GET', `/offer/history/detail?offerNumber=${offer.offerNumber}`, world.lead.token);
    expect(v.parse(OfferDetailSchema, read.json).lines[0]!.customerArticleNumber).toBe('PB-BOLT-8');
  });

  test("another company's offer has its own number; a requester without the right none", async () => {
    await fillCart(world.db, world.outsider.id, [{ productId: world.article.id, quantity: 2 }]);
    const outsider = v.parse(
      OfferDetailSchema,
      (await world.call('POST', '/offer/request', world.outsider.token, {})).json,
    );
    expect(outsider.lines[0]!.customerArticleNumber).toBe('HU-4471');
    await fillCart(world.db, noLinkRight.id, [{ productId: world.article.id, quantity: 2 }]);
    const plain = v.parse(OfferDetailSchema, (await world.call('POST', '/offer/request', noLinkRight.token, {})).json);
    expect(plain.lines[0]!.customerArticleNumber).toBeNull();
  });
});
