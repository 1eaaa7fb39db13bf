/**
 * The simulated ERP on PostgreSQL, where several backends may advance at once (PGlite runs one session and would hide
 * the race): two ERP instances on separate connections advance the same 200 orders concurrently, and every order
 * takes each step exactly once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadBackendConfig } from '../../config.ts';
import { createDb, queryRows, type DbHandle } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany } from '../../testing/company-test-support.ts';
import { createSimulatedErp } from './index.ts';
import { erpLine, erpOrder, insertTestErpOrders } from '../../testing/erp-simulation-test-support.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let second: DbHandle | undefined;

beforeAll(async () => {
  database = await createPgTestDatabase();
  await seedSalesChannel(database.handle.db, config);
  second = await createDb({ ...database.options, migrate: false });
});
afterAll(async () => {
  await second?.close();
  await database?.drop();
});

test('two backends advancing at once take every step once', async () => {
  const db = database!.handle.db;
  const companyId = (await insertCompany(db)).id;
  const t0 = Date.parse('2026-02-02T08:00:00Z');
  await insertTestErpOrders(
    db,
    Array.from({ length: 200 }, (_, i) =>
      erpOrder(companyId, new Date(t0 + i * 60_000), {
        lines: [erpLine({ quantity: 4, backorderQuantity: i % 4 === 0 ? 2 : 0 }), erpLine({ productNumber: 'B-2' })],
      }),
    ),
  );
  const a = createSimulatedErp({ db, config });
  const b = createSimulatedErp({ db: second!.db, config });
  const until = new Date(t0 + 60 * 86_400_000);
  const [ra, rb] = await Promise.all([a.advance(until), b.advance(until)]);
  // Without a backorder: 5 steps to completed; with one: 6 (the second delivery).
  expect(ra.steps + rb.steps).toBe(150 * 5 + 50 * 6);
  const [counts] = await queryRows<{ completed: number; deliveries: number; invoices: number; notes: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM erp_order WHERE status = 'completed') AS completed,
               (SELECT count(*)::int FROM erp_delivery) AS deliveries,
               (SELECT count(*)::int FROM erp_invoice) AS invoices,
               (SELECT count(DISTINCT shipping_note_number)::int FROM erp_delivery) AS notes`,
  );
  expect(counts).toEqual({ completed: 200, deliveries: 250, invoices: 200, notes: 250 });
});
