import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ERP_ORDER_CHANNELS } from '../../contract/provider/erp.ts';
import { ensureCatalogSeeded } from '../catalog/seed.ts';
import { loadBackendConfig } from '../config.ts';
import { createSimulatedErp } from '../erp/simulated/index.ts';
import { createDb, queryRows, type DbHandle } from '../db/client.ts';
import {
  erpDeliveryLineTable,
  erpDeliveryTable,
  erpInvoiceTable,
  erpOrderLineTable,
  erpOrderTable,
  offerLineTable,
  offerTable,
} from '../db/schema/index.ts';
import { seedSalesChannel } from '../db/seed-channel.ts';
import { demoCompanyId, demoCustomerId, seedDemoCustomers } from './seed-customers.ts';
import { seedErpHistory } from './seed-erp.ts';

const config = loadBackendConfig({});
const NOW = new Date('2026-11-25T10:00:00Z');
let handle: DbHandle;

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  await seedDemoCustomers(handle.db);
  await ensureCatalogSeeded(handle.db, config, {
    sharedCatalogDir: '/nonexistent',
    generatedArticles: 300,
    log: () => {},
  });
});
afterAll(() => handle.close());

/** Every table the seed writes, as sorted JSON, to compare two runs. */
async function snapshot() {
  const tables = [
    erpOrderTable,
    erpOrderLineTable,
    erpDeliveryTable,
    erpDeliveryLineTable,
    erpInvoiceTable,
    offerTable,
    offerLineTable,
  ] as const;
  const rows = await Promise.all(tables.map((t) => handle.db.select().from(t)));
  return rows.map((r) => r.map((x) => JSON.stringify(x)).sort());
}

test('two years of history for Peeters and Huber, advanced to now, seeded once', async () => {
  const started = performance.now();
  const first = await seedErpHistory(handle.db, config, NOW);
  const seconds = (performance.now() - started) / 1000;
  expect(first.companies).toEqual(['peeters', 'huber']);
  expect(first.orders).toBeGreaterThan(350);
  expect(seconds).toBeLessThan(15);

  const perCompany = await queryRows<{ company_id: string; orders: number; oldest: string; newest: string }>(
    handle.db,
    sql`SELECT company_id, count(*)::int AS orders, min(order_date)::text AS oldest, max(order_date)::text AS newest
          FROM erp_order GROUP BY company_id`,
  );
  const peeters = perCompany.find((r) => r.company_id === demoCompanyId('peeters'))!;
  const huber = perCompany.find((r) => r.company_id === demoCompanyId('huber'))!;
  expect(peeters.orders).toBe(250);
  expect(huber.orders).toBe(120);
  expect(peeters.oldest < '2025-01-01').toBe(true);
  expect(peeters.newest).toBe('2026-11-25');

  // Every status a buyer can filter by has orders, as the rules made them.
  const statuses = (await queryRows<{ status: string }>(handle.db, sql`SELECT DISTINCT status FROM erp_order`)).map(
    (r) => r.status,
  );
  for (const status of [
    'open',
    'invoiced',
    'not_yet_shipped',
    'in_progress',
    'handling',
    'backorder',
    'shipped',
    'shipped_and_invoiced',
    'completed',
    'cancelled',
  ]) {
    expect(statuses).toContain(status);
  }
  const channels = (await queryRows<{ channel: string }>(handle.db, sql`SELECT DISTINCT channel FROM erp_order`)).map(
    (r) => r.channel,
  );
  expect([...channels].sort()).toEqual([...ERP_ORDER_CHANNELS].sort());
  const [counts] = await queryRows<{ invoices: number; deliveries: number; articles: number; blocked_huber: number }>(
    handle.db,
    sql`SELECT (SELECT count(*)::int FROM erp_invoice) AS invoices,
               (SELECT count(*)::int FROM erp_delivery) AS deliveries,
               (SELECT count(*)::int FROM erp_order_line WHERE customer_article_number IS NOT NULL) AS articles,
               (SELECT count(*)::int FROM erp_order WHERE status = 'blocked'
                  AND company_id = ${demoCompanyId('huber')}) AS blocked_huber`,
  );
  expect(counts!.invoices).toBeGreaterThan(300);
  expect(counts!.deliveries).toBeGreaterThan(counts!.invoices);
  expect(counts!.articles).toBeGreaterThan(0);
  expect(counts!.blocked_huber).toBe(2);

  // Offers: processed and valid, processed and expired, open.
  const erp = createSimulatedErp({ db: handle.db, config });
  const scope = { companyId: demoCompanyId('peeters'), customerId: demoCustomerId('anna.peeters'), locale: 'nl-NL' };
  const offers = await erp.offerHistory(scope, { page: 1, limit: 20 });
  expect(offers.total).toBe(5);
  expect(offers.elements.map((o) => o.status)).toEqual(['open', 'processed', 'processed', 'processed', 'processed']);
  const valid = offers.elements.filter((o) => o.validUntil && o.validUntil >= '2026-11-25');
  expect(valid).toHaveLength(2);

  // A second run writes nothing.
  const before = await snapshot();
  const again = await seedErpHistory(handle.db, config, new Date(NOW.getTime() + 60_000));
  expect(again).toEqual({ companies: [], orders: 0, advanced: null });
  expect(await snapshot()).toEqual(before);
  console.log(`ERP demo history: ${first.orders} orders, ${first.advanced?.steps} steps in ${seconds.toFixed(2)} s`);
});
