/**
 * The budget ledger under real concurrency, on PostgreSQL (PGlite runs one session and serialises every query, which
 * hides races): one hundred reservations at once against one budget never overdraw it, and `used_cents` equals the
 * sum of the ledger (B1, B7); concurrent releases of one request give its reservation back once. Needs the
 * PostgreSQL server of the project's machines (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points
 * elsewhere); a throwaway database is created and dropped.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany } from '../../testing/company-test-support.ts';
import { release, reserve } from './budget.service.ts';
import { insertTestFlow, ledgerAndUsage } from '../../testing/budget-test-support.ts';

let database: PgTestDatabase | undefined;
let db: Db;
beforeAll(async () => {
  database = await createPgTestDatabase();
  db = database.handle.db;
});
afterAll(async () => {
  await database?.drop();
});

const AT = new Date('2026-03-15T11:00:00Z');

describe('concurrent reservations on PostgreSQL', () => {
  test('one hundred reservations of 1.37 EUR against 100.00 EUR: 72 fit, never more, usage equals the ledger', async () => {
    const companyId = (await insertCompany(db)).id;
    const budgetId = await insertTestFlow(db, companyId, { budgetCents: 10_000 });
    const customerId = randomId();
    const key = { kind: 'flow' as const, budgetId, customerId, companyId, at: AT, amountCents: 137 };
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => db.transaction((tx) => reserve(tx, { ...key, approvalId: randomId() }))),
    );
    const fitted = outcomes.filter(Boolean).length;
    expect(fitted).toBe(72);
    expect(await ledgerAndUsage(db, 'flow', budgetId, customerId)).toEqual({ ledger: 9_864, used: 9_864, rows: 72 });
  });

  test('concurrent reservations of different sizes never exceed the limit', async () => {
    const companyId = (await insertCompany(db)).id;
    const budgetId = await insertTestFlow(db, companyId, { budgetCents: 5_000 });
    const customerId = randomId();
    const amounts = Array.from({ length: 100 }, (_, i) => 50 + ((i * 37) % 250));
    const outcomes = await Promise.all(
      amounts.map((amountCents) =>
        db.transaction((tx) =>
          reserve(tx, { kind: 'flow', budgetId, customerId, companyId, at: AT, amountCents, approvalId: randomId() }),
        ),
      ),
    );
    const booked = amounts.filter((_, i) => outcomes[i]).reduce((a, b) => a + b, 0);
    const totals = await ledgerAndUsage(db, 'flow', budgetId, customerId);
    expect(booked).toBeLessThanOrEqual(5_000);
    expect(totals).toEqual({ ledger: booked, used: booked, rows: outcomes.filter(Boolean).length });
    // Usage only grows here, so a refused reservation would not fit what is left at the end either.
    for (const refused of amounts.filter((_, i) => !outcomes[i])) expect(refused).toBeGreaterThan(5_000 - booked);
  });

  test('ten concurrent releases of one request give its reservation back once', async () => {
    const companyId = (await insertCompany(db)).id;
    const budgetId = await insertTestFlow(db, companyId, { budgetCents: 10_000 });
    const customerId = randomId();
    const approvalId = randomId();
    await db.transaction((tx) =>
      reserve(tx, { kind: 'flow', budgetId, customerId, companyId, at: AT, amountCents: 4_000, approvalId }),
    );
    const released = await Promise.all(
      Array.from({ length: 10 }, () => db.transaction((tx) => release(tx, { approvalId }))),
    );
    expect(released.sort((a, b) => b - a)).toEqual([4_000, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await ledgerAndUsage(db, 'flow', budgetId, customerId)).toEqual({ ledger: 0, used: 0, rows: 2 });
  });
});
