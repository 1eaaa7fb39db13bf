/**
 * The budget ledger on PGlite: reservations fit or are refused whole, direct orders consume, an approval's
 * reservation is consumed or released exactly once, periods and transferred remainders, and `used_cents` always
 * equals the sum of the ledger (B1, B7).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb, type DbHandle } from '../../db/client.ts';
import { budgetLedgerTable, budgetUsageTable } from '../../db/schema/index.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany } from '../../testing/company-test-support.ts';
import { consume, release, remaining, reserve } from './budget.service.ts';
import {
  insertTestFlow,
  insertTestReference,
  ledgerAndUsage,
  type TestFlowInput,
} from '../../testing/budget-test-support.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
});
afterAll(async () => {
  await handle.close();
});

/** 15 March 2026, noon in Brussels: inside the monthly period 2 March – 1 April of a flow from 1 January. */
const MARCH = new Date('2026-03-15T11:00:00Z');
/** 15 April 2026: the next period (1 April – 1 May). */
const APRIL = new Date('2026-04-15T10:00:00Z');

async function flowBudget(input: TestFlowInput = {}) {
  const companyId = (await insertCompany(handle.db)).id;
  const budgetId = await insertTestFlow(handle.db, companyId, input);
  const customerId = randomId();
  const key = { kind: 'flow' as const, budgetId, customerId, companyId };
  const ledger = () => ledgerAndUsage(handle.db, 'flow', budgetId, customerId);
  return { companyId, budgetId, customerId, key, ledger };
}

describe('reserve', () => {
  test('the whole budget fits, one cent more does not and writes nothing', async () => {
    const { key, ledger } = await flowBudget({ budgetCents: 10_000 });
    expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 6_000, approvalId: randomId() })).toBe(true);
    expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 4_001, approvalId: randomId() })).toBe(false);
    expect(await ledger()).toEqual({ ledger: 6_000, used: 6_000, rows: 1 });
    expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 4_000, approvalId: randomId() })).toBe(true);
    expect(await ledger()).toEqual({ ledger: 10_000, used: 10_000, rows: 2 });
    expect(await remaining(handle.db, { ...key, at: MARCH })).toMatchObject({
      limitCents: 10_000,
      usedCents: 10_000,
      remainingCents: 0,
      period: { start: new Date('2026-03-01T23:00:00Z'), end: new Date('2026-03-31T22:00:00Z') },
    });
  });

  test('each period has its own usage: a full March leaves April whole', async () => {
    const { key } = await flowBudget({ budgetCents: 5_000 });
    expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 5_000 })).toBe(true);
    expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 1 })).toBe(false);
    expect(await reserve(handle.db, { ...key, at: APRIL, amountCents: 5_000 })).toBe(true);
    expect((await remaining(handle.db, { ...key, at: APRIL }))!.remainingCents).toBe(0);
  });

  test('a flow budget is per user: another user of the flow has the whole budget', async () => {
    const { key } = await flowBudget({ budgetCents: 5_000 });
    expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 5_000 })).toBe(true);
    const other = { ...key, customerId: randomId() };
    expect(await reserve(handle.db, { ...other, at: MARCH, amountCents: 5_000 })).toBe(true);
  });

  test('a transferable budget adds what earlier periods left: March used 30.00 of 100.00, April has 170.00', async () => {
    const { key } = await flowBudget({ budgetCents: 10_000, transferRemainder: true });
    expect((await remaining(handle.db, { ...key, at: MARCH }))!.limitCents).toBe(30_000);
    expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 28_000 })).toBe(true);
    expect((await remaining(handle.db, { ...key, at: APRIL }))!.limitCents).toBe(12_000);
    expect(await reserve(handle.db, { ...key, at: APRIL, amountCents: 12_001 })).toBe(false);
    expect(await reserve(handle.db, { ...key, at: APRIL, amountCents: 12_000 })).toBe(true);
  });

  test('without transfer the remainder is lost', async () => {
    const { key } = await flowBudget({ budgetCents: 10_000 });
    expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 3_000 })).toBe(true);
    expect((await remaining(handle.db, { ...key, at: APRIL }))!.limitCents).toBe(10_000);
  });

  test('no amount, inactive or outside the dates: the budget limits nothing and nothing is written', async () => {
    for (const input of [
      { budgetCents: null },
      { active: false },
      { startDate: '2026-04-01' },
      { endDate: '2026-02-28' },
    ] satisfies TestFlowInput[]) {
      const { key, ledger } = await flowBudget(input);
      expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 10_000_000 })).toBe(true);
      expect(await remaining(handle.db, { ...key, at: MARCH })).toBeNull();
      expect(await ledger()).toEqual({ ledger: 0, used: 0, rows: 0 });
    }
  });

  test('a budget of another company is refused', async () => {
    const { key } = await flowBudget();
    const foreign = { ...key, companyId: (await insertCompany(handle.db)).id };
    await expect(reserve(handle.db, { ...foreign, at: MARCH, amountCents: 1 })).rejects.toThrow(/no flow budget/);
  });

  test('an order reference budget is one for the company, whoever orders', async () => {
    const companyId = (await insertCompany(handle.db)).id;
    const budgetId = await insertTestReference(handle.db, companyId, { budgetCents: 1_000 });
    const key = { kind: 'order_reference' as const, budgetId, companyId };
    expect(await reserve(handle.db, { ...key, customerId: randomId(), at: MARCH, amountCents: 600 })).toBe(true);
    expect(await reserve(handle.db, { ...key, customerId: randomId(), at: MARCH, amountCents: 600 })).toBe(false);
    expect(await ledgerAndUsage(handle.db, 'order_reference', budgetId)).toEqual({ ledger: 600, used: 600, rows: 1 });
  });
});

describe('consume', () => {
  test('a direct order consumes its amount with the order id, and is refused when it does not fit', async () => {
    const { key, ledger, budgetId } = await flowBudget({ budgetCents: 10_000 });
    const orderId = randomId();
    expect(await consume(handle.db, { ...key, at: MARCH, amountCents: 7_000, orderId })).toBe(true);
    expect(await consume(handle.db, { ...key, at: MARCH, amountCents: 3_001, orderId: randomId() })).toBe(false);
    expect(await ledger()).toEqual({ ledger: 7_000, used: 7_000, rows: 1 });
    const [row] = await handle.db.select().from(budgetLedgerTable).where(eq(budgetLedgerTable.budgetId, budgetId));
    expect(row).toMatchObject({ entry: 'consume', amountCents: 7_000, orderId });
  });

  test('an approved reservation becomes the order: amount 0, usage unchanged, and can no longer be released', async () => {
    const { key, ledger, budgetId } = await flowBudget({ budgetCents: 10_000 });
    const approvalId = randomId();
    const orderId = randomId();
    await reserve(handle.db, { ...key, at: MARCH, amountCents: 4_000, approvalId });
    await consume(handle.db, { approvalId, orderId });
    await consume(handle.db, { approvalId, orderId });
    expect(await release(handle.db, { approvalId })).toBe(0);
    expect(await ledger()).toEqual({ ledger: 4_000, used: 4_000, rows: 2 });
    const rows = await handle.db.select().from(budgetLedgerTable).where(eq(budgetLedgerTable.budgetId, budgetId));
    expect(rows.map((r) => [r.entry, r.amountCents, r.orderId])).toEqual(
      expect.arrayContaining([
        ['reserve', 4_000, null],
        ['consume', 0, orderId],
      ]),
    );
  });
});

describe('release', () => {
  test('a declined request gives its reservation back exactly once; a second release is a no-op', async () => {
    const { key, ledger } = await flowBudget({ budgetCents: 10_000 });
    const approvalId = randomId();
    await reserve(handle.db, { ...key, at: MARCH, amountCents: 9_000, approvalId });
    expect(await release(handle.db, { approvalId })).toBe(9_000);
    expect(await release(handle.db, { approvalId })).toBe(0);
    expect(await ledger()).toEqual({ ledger: 0, used: 0, rows: 2 });
    expect(await reserve(handle.db, { ...key, at: MARCH, amountCents: 10_000 })).toBe(true);
  });

  test('the flow and order reference reservations of one request are released together', async () => {
    const { key, companyId, ledger } = await flowBudget({ budgetCents: 10_000 });
    const referenceId = await insertTestReference(handle.db, companyId, { budgetCents: 5_000 });
    const approvalId = randomId();
    await reserve(handle.db, { ...key, at: MARCH, amountCents: 2_500, approvalId });
    await reserve(handle.db, {
      kind: 'order_reference',
      budgetId: referenceId,
      companyId,
      at: MARCH,
      amountCents: 2_500,
      approvalId,
    });
    expect(await release(handle.db, { approvalId })).toBe(5_000);
    expect(await ledger()).toMatchObject({ ledger: 0, used: 0 });
    expect(await ledgerAndUsage(handle.db, 'order_reference', referenceId)).toMatchObject({ ledger: 0, used: 0 });
  });

  test('a release after the period ended lowers the usage of the period the request was reserved in', async () => {
    const { key, budgetId } = await flowBudget({ budgetCents: 10_000 });
    const approvalId = randomId();
    await reserve(handle.db, { ...key, at: MARCH, amountCents: 3_000, approvalId });
    await reserve(handle.db, { ...key, at: APRIL, amountCents: 1_000 });
    await release(handle.db, { approvalId });
    const usage = await handle.db.select().from(budgetUsageTable).where(eq(budgetUsageTable.budgetId, budgetId));
    expect(usage.map((u) => [u.periodStart.toISOString(), u.usedCents]).sort()).toEqual([
      ['2026-03-01T23:00:00.000Z', 0],
      ['2026-03-31T22:00:00.000Z', 1_000],
    ]);
  });
});
