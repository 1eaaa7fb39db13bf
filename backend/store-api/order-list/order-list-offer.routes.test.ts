/**
 * An offer asked for the items of an order list (`POST …/offer/request` with `orderListId`, ../erp/offer.routes.ts)
 * against the simulated ERP: the list's items become the offer's lines, the cart is not read; the rights, the list's
 * visibility and an empty list are checked.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OrderListDetailSchema } from '../../../contract/provider/order-list.ts';
import { RIGHT_CODES } from '../../auth/rights.ts';
import { fillCart } from '../../testing/order-test-support.ts';
import { insertCustomer } from '../../testing/company-test-support.ts';
import { createErpWorld, type ErpWorld } from '../../testing/erp-test-support.ts';
import { providerErrorCode, providerErrorPrefix } from '../../../contract/provider.ts';

let world: ErpWorld;

beforeAll(async () => {
  world = await createErpWorld();
});
afterAll(() => world.close());

async function createList(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await world.call('POST', '/order/list', token, body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return v.parse(OrderListDetailSchema, res.json).id;
}

describe('an offer for an order list', () => {
  test('the list’s items become the offer’s lines, whatever the cart holds', async () => {
    await fillCart(world.db, world.lead.id, [{ productId: world.other.id, quantity: 7 }]);
    const listId = await createList(world.lead.token, {
      name: 'Quarterly',
      items: [
        { productNumber: world.article.productNumber, quantity: 40 },
        { productNumber: world.other.productNumber, quantity: 250 },
      ],
    });
    const offered = await world.call('POST', '/offer/request', world.lead.token, {
      orderListId: listId,
      clientReference: 'Quarterly list',
    });
    expect(offered.status, JSON.stringify(offered.json)).toBe(200);
    expect(offered.json).toMatchObject({
      status: 'open',
      clientReference: 'Quarterly list',
      lines: [
        expect.objectContaining({ productNumber: world.article.productNumber, quantity: 40 }),
        expect.objectContaining({ productNumber: world.other.productNumber, quantity: 250 }),
      ],
    });
    expect(offered.json.lines).toHaveLength(2);
  });

  test('an empty list answers like an empty cart', async () => {
    await fillCart(world.db, world.lead.id, [{ productId: world.other.id, quantity: 7 }]);
    const listId = await createList(world.lead.token, { name: 'Empty' });
    const refused = await world.call('POST', '/offer/request', world.lead.token, { orderListId: listId });
    expect(refused.status).toBe(400);
    expect(refused.json.errors?.[0]?.code).toBe(providerErrorCode(world.config.provider, 'OFFER_CART_EMPTY'));
  });

  test('needs ROLE_MANAGE_ORDER_LISTS beside ROLE_REQUEST_OFFER, and a list the caller sees', async () => {
    const prefix = providerErrorPrefix(world.config.provider);
    const listId = await createList(world.lead.token, {
      name: 'Private',
      items: [{ productNumber: world.article.productNumber }],
    });
    const companyId = (await world.db.query.customerTable.findFirst({ where: (c, { eq }) => eq(c.id, world.lead.id) }))!
      .companyId;
    const withoutLists = await insertCustomer(world.db, companyId, {
      rights: RIGHT_CODES.filter((r) => r !== 'ROLE_MANAGE_ORDER_LISTS'),
    });
    const refused = await world.call('POST', '/offer/request', withoutLists.token, { orderListId: listId });
    expect(refused.status).toBe(403);
    expect(refused.json.errors?.[0]).toMatchObject({
      code: `${prefix}__MISSING_RIGHT`,
      meta: { parameters: { right: 'ROLE_MANAGE_ORDER_LISTS' } },
    });
    const withoutOffers = await insertCustomer(world.db, companyId, {
      rights: RIGHT_CODES.filter((r) => r !== 'ROLE_REQUEST_OFFER'),
    });
    const noOffer = await world.call('POST', '/offer/request', withoutOffers.token, { orderListId: listId });
    expect(noOffer.json.errors?.[0]?.meta?.parameters?.right).toBe('ROLE_REQUEST_OFFER');

    // A colleague (every right) does not see the private list; another company neither.
    for (const who of [world.buyer, world.outsider]) {
      const hidden = await world.call('POST', '/offer/request', who.token, { orderListId: listId });
      expect(hidden.status).toBe(404);
      expect(hidden.json.errors?.[0]?.code).toBe(`${prefix}__ORDER_LIST_NOT_FOUND`);
    }
    // Shared, the colleague may ask for it.
    await world.call('PATCH', `/order/list/${listId}`, world.lead.token, { ownerType: 'company' });
    const shared = await world.call('POST', '/offer/request', world.buyer.token, { orderListId: listId });
    expect(shared.status).toBe(200);
  });
});
