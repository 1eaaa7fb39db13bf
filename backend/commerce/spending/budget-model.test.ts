/**
 * The reservation lifecycle against a model (B7), on PGlite: random sequences of approval requests, approvals,
 * declines, repeated declines, direct orders and the clock moving into the next period. After every step the usage
 * of each period equals the model's and the sum of the period's ledger rows, and never exceeds the limit; a request
 * is released at most once and only while pending.
 */
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDb, type DbHandle } from '../../db/client.ts';
import { budgetLedgerTable, budgetUsageTable } from '../../db/schema/index.ts';
import { budgetPeriodAt } from '../../lib/budget-period.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany } from '../../testing/company-test-support.ts';
import { consume, release, reserve } from './budget.service.ts';
import { insertTestFlow } from '../../testing/budget-test-support.ts';

const LIMIT = 10_000;
const RULE = { period: 'monthly' as const, renewable: true, startDate: '2026-01-01', endDate: null };
const DAY = 86_400_000;

let handle: DbHandle;
let companyId: string;
beforeAll(async () => {
  handle = await createDb();
  companyId = (await insertCompany(handle.db)).id;
});
afterAll(() => handle.close());

interface Model {
  /** Used cents per period start (ISO). */
  used: Map<string, number>;
  pending: { id: string; amount: number; period: string }[];
  decided: string[];
  now: Date;
}
interface Real {
  budgetId: string;
  customerId: string;
}

const periodOf = (at: Date) => budgetPeriodAt(RULE, at)!.start.toISOString();
const key = (r: Real, at: Date) => ({
  kind: 'flow' as const,
  budgetId: r.budgetId,
  customerId: r.customerId,
  companyId,
  at,
});
const usedIn = (m: Model, period: string) => m.used.get(period) ?? 0;

/** Compares the database with the model: usage per period, ledger sums, limit. */
async function agree(m: Model, r: Real): Promise<void> {
  const usage = await handle.db
    .select()
    .from(budgetUsageTable)
    .where(and(eq(budgetUsageTable.budgetId, r.budgetId), eq(budgetUsageTable.customerId, r.customerId)));
  const ledger = await handle.db
    .select({ period: budgetLedgerTable.periodStart, sum: sql<string>`sum(${budgetLedgerTable.amountCents})` })
    .from(budgetLedgerTable)
    .where(eq(budgetLedgerTable.budgetId, r.budgetId))
    .groupBy(budgetLedgerTable.periodStart);
  const ledgerOf = new Map(ledger.map((l) => [l.period.toISOString(), Number(l.sum)]));
  for (const row of usage) {
    const period = row.periodStart.toISOString();
    expect(row.usedCents).toBe(usedIn(m, period));
    expect(row.usedCents).toBe(ledgerOf.get(period) ?? 0);
    expect(row.usedCents).toBeLessThanOrEqual(row.limitCents);
  }
  for (const [period, used] of m.used)
    if (used) expect(usage.some((u) => u.periodStart.toISOString() === period)).toBe(true);
}

class RequestCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly amount: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = randomId();
    const period = periodOf(m.now);
    const fits = await handle.db.transaction((tx) =>
      reserve(tx, { ...key(r, m.now), amountCents: this.amount, approvalId: id }),
    );
    expect(fits).toBe(usedIn(m, period) + this.amount <= LIMIT);
    if (fits) {
      m.used.set(period, usedIn(m, period) + this.amount);
      m.pending.push({ id, amount: this.amount, period });
    }
    await agree(m, r);
  }
  toString = () => `request(${this.amount})`;
}

class DirectOrderCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly amount: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const period = periodOf(m.now);
    const fits = await handle.db.transaction((tx) =>
      consume(tx, { ...key(r, m.now), amountCents: this.amount, orderId: randomId() }),
    );
    expect(fits).toBe(usedIn(m, period) + this.amount <= LIMIT);
    if (fits) m.used.set(period, usedIn(m, period) + this.amount);
    await agree(m, r);
  }
  toString = () => `order(${this.amount})`;
}

class DecideCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly pick: number,
    readonly approve: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.pending.length > 0;
  async run(m: Model, r: Real) {
    const [request] = m.pending.splice(this.pick % m.pending.length, 1);
    if (this.approve) {
      await handle.db.transaction((tx) => consume(tx, { approvalId: request!.id, orderId: randomId() }));
    } else {
      const released = await handle.db.transaction((tx) => release(tx, { approvalId: request!.id }));
      expect(released).toBe(request!.amount);
      m.used.set(request!.period, usedIn(m, request!.period) - request!.amount);
    }
    m.decided.push(request!.id);
    await agree(m, r);
  }
  toString = () => `${this.approve ? 'approve' : 'decline'}(#${this.pick})`;
}

class DeclineAgainCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.decided.length > 0;
  async run(m: Model, r: Real) {
    const id = m.decided[this.pick % m.decided.length]!;
    expect(await handle.db.transaction((tx) => release(tx, { approvalId: id }))).toBe(0);
    await agree(m, r);
  }
  toString = () => `declineAgain(#${this.pick})`;
}

class NextPeriodCommand implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    m.now = new Date(m.now.getTime() + 30 * DAY);
    await agree(m, r);
  }
  toString = () => 'nextPeriod';
}

test('reserve, consume and release keep usage equal to the model and the ledger, within the limit', async () => {
  const amount = fc.integer({ min: 1, max: 6_000 });
  const commands = [
    amount.map((a) => new RequestCommand(a)),
    amount.map((a) => new DirectOrderCommand(a)),
    fc.tuple(fc.nat(), fc.boolean()).map(([p, a]) => new DecideCommand(p, a)),
    fc.nat().map((p) => new DeclineAgainCommand(p)),
    fc.constant(new NextPeriodCommand()),
  ];
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 25 }), async (cmds) => {
      const budgetId = await insertTestFlow(handle.db, companyId, { budgetCents: LIMIT, ...RULE });
      const model: Model = { used: new Map(), pending: [], decided: [], now: new Date('2026-03-15T11:00:00Z') };
      await fc.asyncModelRun(() => ({ model, real: { budgetId, customerId: randomId() } }), cmds);
    }),
    { numRuns: 40 },
  );
}, 120_000);
