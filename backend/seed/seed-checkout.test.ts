import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadBackendConfig } from '../config.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import {
  companyCreditTable,
  minimumOrderValueTable,
  paymentMethodTable,
  pickupLocationTable,
  promotionTable,
  shippingMethodTable,
} from '../db/schema/index.ts';
import { SALES_CHANNEL_ID, seedSalesChannel } from '../db/seed-channel.ts';
import { seedCheckout } from './seed-checkout.ts';
import { demoCompanyId, seedDemoCustomers } from './seed-customers.ts';

let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, loadBackendConfig({}));
  await seedDemoCustomers(handle.db);
});
afterAll(() => handle.close());

test('seeds every checkout setting once, keeps changed rows, and leaves one demo company little credit', async () => {
  await seedCheckout(handle.db);
  await handle.db
    .update(shippingMethodTable)
    .set({ priceCents: 1234 })
    .where(eq(shippingMethodTable.technicalName, 'standard'));
  await seedCheckout(handle.db);
  const db = handle.db;
  expect((await db.select().from(shippingMethodTable)).map((m) => [m.technicalName, m.priceCents]).sort()).toEqual([
    ['express', 2495],
    ['pickup', 0],
    ['standard', 1234],
  ]);
  expect(
    (await db.select().from(paymentMethodTable))
      .filter((m) => m.paidInAdvance)
      .map((m) => m.technicalName)
      .sort(),
  ).toEqual(['credit_card', 'prepayment']);
  expect(await db.select().from(pickupLocationTable)).toHaveLength(5);
  expect((await db.select().from(promotionTable)).map((p) => p.code).sort()).toEqual(['FREESHIP', 'WERKBANK10']);
  expect(await db.select().from(minimumOrderValueTable)).toMatchObject([
    { salesChannelId: SALES_CHANNEL_ID, minimumValueCents: 5000, additionalCostCents: 750 },
  ]);
  const [huber] = await db
    .select()
    .from(companyCreditTable)
    .where(eq(companyCreditTable.companyId, demoCompanyId('huber')));
  expect(huber).toMatchObject({ limitCents: 50_000, usedCents: 45_000 });
});
