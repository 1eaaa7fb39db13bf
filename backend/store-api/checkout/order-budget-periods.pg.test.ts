/**
 * Order reference budgets of direct orders on PostgreSQL (docs/decisions/015-budgets-and-approvals.md, B1, B7):
 * - one hundred buyers submitting at once never overdraw the reference's budget: exactly as many orders as fit are
 *   placed, the rest are refused with `{provider}-order-reference-unsufficient-budget-blocked`, and the ledger, the
 *   usage row and the placed orders' net totals agree;
 * - an order is charged to the period containing the instant it is placed (Europe/Brussels, start inclusive, end
 *   exclusive; daily 1 day, monthly 30 days from the start date): at 23:59:59.999 it still lands in the old period,
 *   at 00:00:00.000 in the new one, across the year end in winter time (UTC+1) and a month end in summer time
 *   (UTC+2); the new period starts afresh and leaves the old period's usage and ledger rows as they were.
 *
 * The checkout takes `new Date()` as the order instant, so the period tests fake only `Date` (`vi.useFakeTimers({
 * toFake: ['Date'] })`); the pg driver's and the pool's timers stay real. Sessions are opened at the faked instant, or
 * the 30-day session lifetime would end them. Needs the PostgreSQL server of the project's machines (127.0.0.1:5432,
 * user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created and dropped.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { createCustomerContext } from '../../auth/session.ts';
import { loadBackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import {
  budgetLedgerTable,
  budgetUsageTable,
  cartTable,
  orderTable,
  type BudgetPeriod,
} from '../../db/schema/index.ts';
import { SALES_CHANNEL_ID, seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../../testing/order-test-support.ts';
import { insertTestReference, ledgerAndUsage } from '../../testing/budget-test-support.ts';

const config = loadBackendConfig({});
const BLOCKED = `${config.provider}-order-reference-unsufficient-budget-blocked`;
/** Standard delivery, net cents (seedCheckoutSettings; free only from 500.00 EUR). */
const SHIPPING_CENTS = 995;

let database: PgTestDatabase | undefined;
let db: Db;
let app: ReturnType<typeof createStoreApi>['app'];

beforeAll(async () => {
  database = await createPgTestDatabase();
  db = database.handle.db;
  await seedSalesChannel(db, config);
  await seedCheckoutSettings(db);
  app = createStoreApi({ db, config }).app;
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await database?.drop();
});

async function submit(token: string) {
  const res = await app.request('/store-api/checkout/order', {
    method: 'POST',
    headers: { 'sw-access-key': config.accessKey, 'content-type': 'application/json', 'sw-context-token': token },
    body: '{}',
  });
  const json = (await res.json()) as { id?: string; errors?: { meta?: { parameters?: { messageKey?: string } } }[] };
  return { status: res.status, orderId: json.id, messageKey: json.errors?.[0]?.meta?.parameters?.messageKey };
}

/** Fills the buyer's cart with `quantity` pieces of `productId` and books it to the order reference. */
async function cartFor(customerId: string, productId: string, referenceId: string, quantity = 2) {
  await fillCart(db, customerId, [{ productId, quantity }]);
  await db.update(cartTable).set({ orderReferenceId: referenceId }).where(eq(cartTable.customerId, customerId));
}

/** The usage rows of an order reference's budget, oldest period first. */
function usageRows(referenceId: string) {
  return db
    .select()
    .from(budgetUsageTable)
    .where(and(eq(budgetUsageTable.kind, 'order_reference'), eq(budgetUsageTable.budgetId, referenceId)))
    .orderBy(asc(budgetUsageTable.periodStart));
}

/** The ledger rows of an order reference's budget, oldest period first. */
function ledgerRows(referenceId: string) {
  return db
    .select()
    .from(budgetLedgerTable)
    .where(and(eq(budgetLedgerTable.kind, 'order_reference'), eq(budgetLedgerTable.budgetId, referenceId)))
    .orderBy(asc(budgetLedgerTable.periodStart));
}

describe('one hundred concurrent direct orders on one order reference (PostgreSQL)', () => {
  test('a budget of 1000.00 EUR and orders of 14.95 EUR net: exactly 66 placed, 34 refused, nothing overdrawn', async () => {
    const BUDGET_CENTS = 100_000;
    const PRICE_CENTS = 250;
    const NET_CENTS = 2 * PRICE_CENTS + SHIPPING_CENTS; // 2 × 2.50 EUR + 9.95 EUR delivery = 14.95 EUR
    const FIT = Math.floor(BUDGET_CENTS / NET_CENTS);
    expect([NET_CENTS, FIT]).toEqual([1_495, 66]); // 66 × 14.95 = 986.70 EUR; a 67th would make 1001.65 EUR

    const companyId = (await insertCompany(db)).id;
    await insertAddress(db, companyId, { isMain: true });
    const article = (await insertArticle(db, { price: '2.50', stock: 10_000 })).id;
    const referenceId = await insertTestReference(db, companyId, { budgetCents: BUDGET_CENTS });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => insertCustomer(db, companyId)));
    for (const buyer of buyers) await cartFor(buyer.id, article, referenceId);

    const answers = await Promise.all(buyers.map((b) => submit(b.token)));

    const placed = answers.filter((a) => a.status === 200);
    expect(placed).toHaveLength(FIT);
    expect(answers.filter((a) => a.status === 400).map((a) => a.messageKey)).toEqual(
      Array.from({ length: 100 - FIT }, () => BLOCKED),
    );
    const orders = await db.select().from(orderTable).where(eq(orderTable.orderReferenceId, referenceId));
    expect(orders.map((o) => o.id).sort()).toEqual(placed.map((a) => a.orderId).sort());
    expect(orders.map((o) => o.netCents)).toEqual(Array.from({ length: FIT }, () => NET_CENTS));
    const ordersNet = orders.reduce((sum, o) => sum + o.netCents, 0);
    expect(ordersNet).toBe(98_670);
    expect(await ledgerAndUsage(db, 'order_reference', referenceId)).toEqual({
      ledger: 98_670,
      used: 98_670,
      rows: 66,
    });
    const [usage, ...otherPeriods] = await usageRows(referenceId);
    expect(otherPeriods).toEqual([]);
    expect(usage).toMatchObject({ limitCents: BUDGET_CENTS, usedCents: ordersNet });
    const ledger = await ledgerRows(referenceId);
    expect(ledger.map((r) => r.orderId).sort()).toEqual(orders.map((o) => o.id).sort());
    expect(new Set(ledger.map((r) => `${r.entry} ${r.amountCents} ${r.periodStart.toISOString()}`))).toEqual(
      new Set([`consume ${NET_CENTS} ${usage!.periodStart.toISOString()}`]),
    );
  }, 120_000);
});

/** A period as the usage row stores it: UTC instants, start inclusive, end exclusive. */
interface Window {
  start: string;
  end: string;
}

interface BoundaryCase {
  name: string;
  period: BudgetPeriod;
  startDate: string;
  /** 23:59:59.999 local time on the last day of the old period. */
  before: string;
  /** 00:00:00.000 local time on the first day of the new one. */
  after: string;
  oldPeriod: Window;
  newPeriod: Window;
}

/**
 * Budget 50.00 EUR per period, two orders of 29.95 EUR net (2 × 10.00 EUR + 9.95 EUR delivery): the second fits only
 * in a new period.
 */
const PERIOD_BUDGET_CENTS = 5_000;
const ORDER_NET_CENTS = 2_995;

const boundaries: BoundaryCase[] = [
  {
    name: 'daily, 31 December → 1 January (winter time, UTC+1)',
    period: 'daily',
    startDate: '2026-01-01',
    before: '2026-12-31T23:59:59.999+01:00',
    after: '2027-01-01T00:00:00.000+01:00',
    oldPeriod: { start: '2026-12-30T23:00:00.000Z', end: '2026-12-31T23:00:00.000Z' },
    newPeriod: { start: '2026-12-31T23:00:00.000Z', end: '2027-01-01T23:00:00.000Z' },
  },
  {
    // 2026-02-05 + 11 × 30 days = 2026-12-02 … 2027-01-01; the 12th period runs to 2027-01-31.
    name: 'monthly from 5 February, 31 December → 1 January (winter time, UTC+1)',
    period: 'monthly',
    startDate: '2026-02-05',
    before: '2026-12-31T23:59:59.999+01:00',
    after: '2027-01-01T00:00:00.000+01:00',
    oldPeriod: { start: '2026-12-01T23:00:00.000Z', end: '2026-12-31T23:00:00.000Z' },
    newPeriod: { start: '2026-12-31T23:00:00.000Z', end: '2027-01-30T23:00:00.000Z' },
  },
  {
    name: 'daily, 31 July → 1 August (summer time, UTC+2)',
    period: 'daily',
    startDate: '2026-01-01',
    before: '2026-07-31T23:59:59.999+02:00',
    after: '2026-08-01T00:00:00.000+02:00',
    oldPeriod: { start: '2026-07-30T22:00:00.000Z', end: '2026-07-31T22:00:00.000Z' },
    newPeriod: { start: '2026-07-31T22:00:00.000Z', end: '2026-08-01T22:00:00.000Z' },
  },
  {
    // 2026-01-03 (winter time) + 7 × 30 days = 2026-07-02 … 2026-08-01 (summer time); the 8th runs to 2026-08-31.
    name: 'monthly from 3 January, 31 July → 1 August (summer time, UTC+2)',
    period: 'monthly',
    startDate: '2026-01-03',
    before: '2026-07-31T23:59:59.999+02:00',
    after: '2026-08-01T00:00:00.000+02:00',
    oldPeriod: { start: '2026-07-01T22:00:00.000Z', end: '2026-07-31T22:00:00.000Z' },
    newPeriod: { start: '2026-07-31T22:00:00.000Z', end: '2026-08-30T22:00:00.000Z' },
  },
];

/** A company with a main address, an article at 10.00 EUR net and one buyer. */
async function buyerWithReference(reference: { period: BudgetPeriod; startDate: string }) {
  const companyId = (await insertCompany(db)).id;
  await insertAddress(db, companyId, { isMain: true });
  const article = (await insertArticle(db, { price: '10.00', stock: 100 })).id;
  const referenceId = await insertTestReference(db, companyId, { budgetCents: PERIOD_BUDGET_CENTS, ...reference });
  const buyer = await insertCustomer(db, companyId);
  return { article, referenceId, buyer };
}

/** Sets the clock to `instant`, logs the buyer in then, fills and books the cart and submits it. */
async function orderAt(instant: string, buyer: { id: string }, article: string, referenceId: string) {
  vi.setSystemTime(new Date(instant));
  const token = await createCustomerContext(db, {
    salesChannelId: SALES_CHANNEL_ID,
    customerId: buyer.id,
    now: new Date(),
  });
  await cartFor(buyer.id, article, referenceId);
  return submit(token);
}

const iso = (w: { periodStart: Date; periodEnd: Date }): Window => ({
  start: w.periodStart.toISOString(),
  end: w.periodEnd.toISOString(),
});

describe('period boundaries of an order reference budget through the checkout (PostgreSQL, Europe/Brussels)', () => {
  test.each(boundaries)('$name: 23:59:59.999 in the old period, 00:00:00.000 in the new', async (c) => {
    const { article, referenceId, buyer } = await buyerWithReference(c);
    vi.useFakeTimers({ toFake: ['Date'] });

    const first = await orderAt(c.before, buyer, article, referenceId);
    expect(first).toMatchObject({ status: 200 });
    const [oldUsage] = await usageRows(referenceId);
    const oldLedger = await ledgerRows(referenceId);

    const second = await orderAt(c.after, buyer, article, referenceId);
    expect(second).toMatchObject({ status: 200 });

    const usage = await usageRows(referenceId);
    expect(usage.map((u) => ({ ...iso(u), limit: u.limitCents, used: u.usedCents }))).toEqual([
      { ...c.oldPeriod, limit: PERIOD_BUDGET_CENTS, used: ORDER_NET_CENTS },
      { ...c.newPeriod, limit: PERIOD_BUDGET_CENTS, used: ORDER_NET_CENTS },
    ]);
    const ledger = await ledgerRows(referenceId);
    expect(
      ledger.map((r) => ({ period: r.periodStart.toISOString(), order: r.orderId, amount: r.amountCents })),
    ).toEqual([
      { period: c.oldPeriod.start, order: first.orderId, amount: ORDER_NET_CENTS },
      { period: c.newPeriod.start, order: second.orderId, amount: ORDER_NET_CENTS },
    ]);
    for (const u of usage) {
      const inPeriod = ledger.filter((r) => +r.periodStart === +u.periodStart);
      expect(inPeriod.reduce((sum, r) => sum + r.amountCents, 0)).toBe(u.usedCents);
    }
    // The new period began afresh; the old period's usage and ledger rows are exactly as the first order left them.
    expect(usage[0]).toEqual(oldUsage);
    expect(ledger.filter((r) => +r.periodStart === +oldUsage!.periodStart)).toEqual(oldLedger);
    const orders = await db.select().from(orderTable).where(eq(orderTable.orderReferenceId, referenceId));
    expect(orders.map((o) => o.netCents)).toEqual([ORDER_NET_CENTS, ORDER_NET_CENTS]);
  });

  test('a 30-day month is not a calendar month: from 1 January, 31 July and 1 August share one period', async () => {
    // 2026-01-01 + 7 × 30 days = 2026-07-30 … 2026-08-29: both orders fall in it, the second no longer fits.
    const { article, referenceId, buyer } = await buyerWithReference({ period: 'monthly', startDate: '2026-01-01' });
    vi.useFakeTimers({ toFake: ['Date'] });

    const first = await orderAt('2026-07-31T23:59:59.999+02:00', buyer, article, referenceId);
    const second = await orderAt('2026-08-01T00:00:00.000+02:00', buyer, article, referenceId);

    expect(first).toMatchObject({ status: 200 });
    expect(second).toMatchObject({ status: 400, messageKey: BLOCKED });
    const usage = await usageRows(referenceId);
    expect(usage.map((u) => ({ ...iso(u), used: u.usedCents }))).toEqual([
      { start: '2026-07-29T22:00:00.000Z', end: '2026-08-28T22:00:00.000Z', used: ORDER_NET_CENTS },
    ]);
    expect(await ledgerAndUsage(db, 'order_reference', referenceId)).toEqual({
      ledger: ORDER_NET_CENTS,
      used: ORDER_NET_CENTS,
      rows: 1,
    });
  });
});
