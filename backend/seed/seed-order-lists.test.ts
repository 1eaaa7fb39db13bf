import { eq, isNotNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { OrderListDetailSchema } from '../../contract/provider/order-list.ts';
import { createStoreApi } from '../app.ts';
import { createCustomerContext } from '../auth/session.ts';
import { ensureCatalogSeeded } from '../catalog/seed.ts';
import { loadBackendConfig } from '../config.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import { orderListItemTable, orderListTable, orderListTagTable, productTable } from '../db/schema/index.ts';
import { SALES_CHANNEL_ID, seedSalesChannel } from '../db/seed-channel.ts';
import { demoCompanyId, demoCustomerId, seedDemoCustomers } from './seed-customers.ts';
import { DEMO_ECOTAX_CENTS, demoOrderListId, seedOrderLists } from './seed-order-lists.ts';

const config = loadBackendConfig({});
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  await seedDemoCustomers(handle.db);
  await ensureCatalogSeeded(handle.db, config, {
    sharedCatalogDir: '/nonexistent',
    generatedArticles: 120,
    log: () => {},
  });
});
afterAll(() => handle.close());

test('the demo lists: private and shared lists of Peeters, a shared list of Huber, 3 to 12 articles each', async () => {
  const first = await seedOrderLists(handle.db);
  expect(first.lists).toEqual(['peeters-anna', 'peeters-werkplaats', 'peeters-jan', 'huber-werkstatt']);
  expect(first.ecotax).toBeGreaterThan(0);
  const lists = await handle.db.select().from(orderListTable);
  expect(lists.map((l) => [l.companyId, l.createdById, l.name, l.ownerType]).sort()).toEqual(
    [
      [demoCompanyId('peeters'), demoCustomerId('anna.peeters'), 'Mijn vaste artikelen', 'user'],
      [demoCompanyId('peeters'), demoCustomerId('anna.peeters'), 'Werkplaats – maandelijks', 'company'],
      [demoCompanyId('peeters'), demoCustomerId('jan.janssens'), 'Werf Gent – ruwbouw', 'user'],
      [demoCompanyId('huber'), demoCustomerId('markus.huber'), 'Werkstatt – Verbrauchsmaterial', 'company'],
    ].sort(),
  );
  for (const list of lists) {
    const items = await handle.db.select().from(orderListItemTable).where(eq(orderListItemTable.listId, list.id));
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.length).toBeLessThanOrEqual(12);
  }
  const tags = await handle.db.select().from(orderListTagTable);
  expect(tags.map((t) => t.name).sort()).toEqual(['Maandelijks', 'Werf', 'Werkplaats', 'Werkstatt']);

  // Every list reads through the Store API as the contract says; the shared list shows an ecotax.
  const { app } = createStoreApi({ db: handle.db, config });
  const token = await createCustomerContext(handle.db, {
    salesChannelId: SALES_CHANNEL_ID,
    customerId: demoCustomerId('jan.janssens'),
  });
  const res = await app.request(`/store-api/${config.provider}/order/list/${demoOrderListId('peeters-werkplaats')}`, {
    headers: { 'sw-access-key': config.accessKey, 'sw-context-token': token },
  });
  expect(res.status).toBe(200);
  const detail = v.parse(OrderListDetailSchema, await res.json());
  expect(detail.tags.map((t) => t.name)).toEqual(['Maandelijks', 'Werkplaats']);
  expect(detail.items.every((i) => i.available)).toBe(true);
  expect(detail.items.filter((i) => i.ecotax !== null)).toHaveLength(2);
  for (const item of detail.items) {
    expect((item.quantity - item.minPurchase) % item.purchaseSteps).toBe(0);
    // A workshop list reorders consumables: a line is worth at most 500 EUR unless its minimum already costs more.
    if (item.quantity > item.minPurchase) expect(item.totalPrice ?? 0).toBeLessThanOrEqual(500);
  }
});

test('ecotax on electrical articles, 10 to 150 cents; a second run changes nothing', async () => {
  const taxed = await handle.db
    .select({ cents: productTable.ecotaxCents })
    .from(productTable)
    .where(isNotNull(productTable.ecotaxCents));
  expect(taxed.length).toBeGreaterThan(0);
  const allowed = new Set(DEMO_ECOTAX_CENTS.map((e) => e.cents));
  for (const { cents } of taxed) expect(allowed.has(cents!)).toBe(true);

  await handle.db.delete(orderListTable).where(eq(orderListTable.id, demoOrderListId('peeters-jan')));
  const before = await handle.db.select().from(orderListItemTable);
  expect(await seedOrderLists(handle.db)).toEqual({ lists: [], ecotax: 0 });
  expect(await handle.db.select().from(orderListItemTable)).toEqual(before);
});
