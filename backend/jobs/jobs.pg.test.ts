/**
 * The jobs across instances, on PostgreSQL (PGlite runs one session and would hide the races): two pg-boss instances
 * of role `all` started together on one new database (pg-boss installs its schema once) with every worker on both,
 * in one process on separate pools as two backends would run them. Proves: one `erp-advance` run per schedule
 * occurrence; every offer processed once by two concurrent advances; the advance on the database's clock; an ERP
 * port failing twice (in the placing request and in the job's first attempt) reached exactly once on the job's retry;
 * a mail refused once delivered on the retry with the same Message-ID, exactly once.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createStoreApi } from '../app.ts';
import { loadBackendConfig } from '../config.ts';
import { createDb, queryRows, type DbHandle } from '../db/client.ts';
import { databaseNow } from '../db/clock.ts';
import { erpOrderTable, mailOutboxTable, offerTable, orderTable } from '../db/schema/index.ts';
import { seedSalesChannel } from '../db/seed-channel.ts';
import { createSimulatedErp, type AdvanceResult } from '../erp/simulated/index.ts';
import { processOffers } from '../erp/simulated/offers.ts';
import { ERP_STEPS } from '../erp/simulated/schedule.ts';
import { deliverMail, queueMail, type MailTransport, type OutgoingMessage } from '../mail/outbox.ts';
import { insertCompany, insertCustomer } from '../testing/company-test-support.ts';
import { erpOrder, insertTestErpOrders } from '../testing/erp-simulation-test-support.ts';
import { fillCart, insertAddress, insertArticle, seedCheckoutSettings } from '../testing/order-test-support.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../testing/pg-test-database.ts';
import { advanceErpToDatabaseTime, startJobs, type Jobs, type WorkerDeps } from './boss.ts';
import { until } from '../testing/until.ts';
import { erpAdvanceRecord, FAST_JOB_TIMING } from '../testing/job-test-support.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let second: DbHandle | undefined;
let instances: Jobs[] = [];

/** The simulated ERP's clock as the two instances call it: every `now` it was advanced to. */
const advances: Date[] = [];
const simulation = {
  advance: async (now: Date): Promise<AdvanceResult> => {
    advances.push(now);
    return { transferred: 0, steps: 0 };
  },
};

/** A real ERP's connector that fails the first two hand-overs, and counts what it accepted per order. */
const erp = {
  failuresLeft: 2,
  attempts: new Map<string, number>(),
  accepted: new Map<string, number>(),
  async transferOrder(orderId: string) {
    this.attempts.set(orderId, (this.attempts.get(orderId) ?? 0) + 1);
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('ERP connector: 503 Service Unavailable');
    }
    this.accepted.set(orderId, (this.accepted.get(orderId) ?? 0) + 1);
  },
};

/** An SMTP server that refuses the first attempt for each recipient in `refuseOnce`. */
const smtp = { refuseOnce: new Set<string>(), attempts: [] as OutgoingMessage[], accepted: [] as OutgoingMessage[] };
const transport: MailTransport = {
  sendMail: async (message) => {
    smtp.attempts.push(message);
    if (smtp.refuseOnce.delete(message.to)) throw new Error('421 4.3.2 Service not available');
    smtp.accepted.push(message);
  },
};

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  database = await createPgTestDatabase();
  await seedSalesChannel(database.handle.db, config);
  await seedCheckoutSettings(database.handle.db);
  second = await createDb({ databaseUrl: database.url, migrate: false });
  // Two backends starting at the same moment on a database without pg-boss's schema.
  instances = await Promise.all(
    [database.handle, second].map((handle) => startJobs({ handle, role: 'all', timing: FAST_JOB_TIMING })),
  );
  const deps = (handle: DbHandle): WorkerDeps => ({
    db: handle.db,
    erp,
    erpSimulation: simulation,
    env: { MAIL_FROM: 'Werkbank <shop@werkbank.test>' },
    transport,
  });
  await instances[0]!.startWorkers(deps(database.handle));
  await instances[1]!.startWorkers(deps(second));
}, 60_000);
afterAll(async () => {
  await Promise.all(instances.map((jobs) => jobs.stop()));
  await second?.close();
  await database?.drop();
});

describe('two instances of role all on one database', () => {
  test('pg-boss is installed once, and each erp-advance occurrence runs exactly once', async () => {
    const db = database!.handle.db;
    const [version] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM pgboss.version`);
    expect(version!.n).toBe(1);
    await until(() => advances.length >= 1);
    // Both instances evaluate the schedule every second; give them several passes within the occurrence.
    await pause(4000);
    // An occurrence forwarded at the moment of the query may still be on its way to the worker.
    await until(async () => (await erpAdvanceRecord(db)).settled);
    const { occurrences, runs } = await erpAdvanceRecord(db);
    expect(occurrences.length).toBeGreaterThanOrEqual(1);
    expect(occurrences.length).toBeLessThanOrEqual(2);
    expect(occurrences.every((o) => o.jobs === 1)).toBe(true);
    expect(runs).toEqual({ total: occurrences.length, completed: occurrences.length });
    expect(advances).toHaveLength(occurrences.length);
  }, 40_000);

  test('an ERP port failing in the request and in the job is reached exactly once, on the job’s retry', async () => {
    const db = database!.handle.db;
    const companyId = (await insertCompany(db)).id;
    await insertAddress(db, companyId, { isMain: true });
    const buyer = await insertCustomer(db, companyId);
    const article = await insertArticle(db, { stock: 10 });
    await fillCart(db, buyer.id, [{ productId: article.id, quantity: 2 }]);
    // The request hands the order over through the same connector as the workers.
    const port = { ...createSimulatedErp({ db, config }), transferOrder: (id: string) => erp.transferOrder(id) };
    const { app } = createStoreApi({ db, config, erp: port, jobs: instances[0]!.sender });
    const res = await app.request('/store-api/checkout/order', {
      method: 'POST',
      headers: {
        'sw-access-key': config.accessKey,
        'sw-context-token': buyer.token,
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const orderId = ((await res.json()) as { id: string }).id;
    const handedOver = async () => {
      const [row] = await db
        .select({ at: orderTable.erpHandedOverAt })
        .from(orderTable)
        .where(eq(orderTable.id, orderId));
      return row?.at != null;
    };
    await until(handedOver);
    await pause(1500);
    // The request's attempt and the job's first failed (in either order); the job's retry got through.
    expect(erp.attempts.get(orderId)).toBe(3);
    expect(erp.accepted.get(orderId)).toBe(1);
    const [job] = await queryRows<{ state: string; retry_count: number }>(
      db,
      sql`SELECT state, retry_count FROM pgboss.job WHERE name = 'erp-handover' AND singleton_key = ${orderId}`,
    );
    expect(job).toEqual({ state: 'completed', retry_count: 1 });
  }, 40_000);

  test('a mail refused once is delivered on the retry with the same Message-ID, exactly once', async () => {
    const db = database!.handle.db;
    smtp.refuseOnce.add('retry@example.com');
    const id = await db.transaction(async (tx) =>
      queueMail(
        tx as never,
        { to: 'retry@example.com', subject: 'Invitation', text: 'link', template: 'customer-invitation' },
        instances[1]!.sender,
      ),
    );
    await until(async () => {
      const [row] = await db
        .select({ sentAt: mailOutboxTable.sentAt })
        .from(mailOutboxTable)
        .where(eq(mailOutboxTable.id, id));
      return row?.sentAt != null;
    });
    await pause(1500);
    const tries = smtp.attempts.filter((m) => m.to === 'retry@example.com');
    expect(tries.map((m) => m.messageId)).toEqual([`<${id}@werkbank.test>`, `<${id}@werkbank.test>`]);
    expect(smtp.accepted.filter((m) => m.to === 'retry@example.com')).toHaveLength(1);
    const [row] = await db.select().from(mailOutboxTable).where(eq(mailOutboxTable.id, id));
    expect(row).toMatchObject({ attempts: 2, error: null, text: '' });
  }, 40_000);

  test('a web process sends jobs and runs none; the workers of the others run them', async () => {
    const db = database!.handle.db;
    const web = await startJobs({ handle: database!.handle, role: 'web', timing: FAST_JOB_TIMING });
    try {
      await web.startWorkers({ db, erp, erpSimulation: simulation, env: {}, transport });
      expect(web.boss.getWipData()).toEqual([]);
      const id = await db.transaction(async (tx) =>
        queueMail(tx as never, { to: 'web@example.com', subject: 'S', text: 'T', template: 't' }, web.sender),
      );
      await until(() => smtp.accepted.some((m) => m.messageId === `<${id}@werkbank.test>`));
    } finally {
      await web.stop();
    }
  });

  test('deliveries racing for one mail on two connections send it once', async () => {
    const db = database!.handle.db;
    const id = await queueMail(db, { to: 'race@example.com', subject: 'S', text: 'T', template: 't' }, undefined);
    const slow: MailTransport = { sendMail: async (m) => (await pause(50), transport.sendMail(m)) };
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => deliverMail(i % 2 ? second!.db : db, id, { env: {}, transport: slow })),
    );
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(1);
    expect(smtp.accepted.filter((m) => m.to === 'race@example.com')).toHaveLength(1);
  });
});

describe('the simulated ERP across processes', () => {
  test('two advances at once process every offer once', async () => {
    const db = database!.handle.db;
    const companyId = (await insertCompany(db)).id;
    const customer = await insertCustomer(db, companyId);
    const article = await insertArticle(db, { price: '12.00' });
    const requestedAt = new Date(Date.now() - 3 * 3_600_000);
    const requester = createSimulatedErp({ db, config, now: () => requestedAt });
    const offers = [];
    for (let i = 0; i < 20; i++) {
      offers.push(
        await requester.requestOffer({
          companyId,
          customerId: customer.id,
          locale: 'en-GB',
          comment: null,
          clientReference: `R-${i}`,
          lines: [{ productId: article.id, productNumber: 'P', label: 'P', quantity: 3, unit: 'C62' }],
        }),
      );
    }
    const now = new Date();
    const [a, b] = await Promise.all([processOffers(db, now), processOffers(second!.db, new Date(now.getTime() + 1))]);
    expect(a + b).toBe(20);
    const processed = await db
      .select()
      .from(offerTable)
      .where(and(eq(offerTable.companyId, companyId), eq(offerTable.status, 'processed')));
    expect(processed).toHaveLength(20);
  });

  test('the advance uses the database clock: a process whose clock is 5 minutes ahead takes no step early', async () => {
    const db = database!.handle.db;
    const companyId = (await insertCompany(db)).id;
    const dbNow = await databaseNow(db);
    // Confirmed 1 hour after the order time: due 2 minutes from now by the database's clock.
    const orderTime = new Date(dbNow.getTime() - ERP_STEPS.confirmAfter + 2 * 60_000);
    const [id] = await insertTestErpOrders(db, [erpOrder(companyId, orderTime)]);
    const status = async () =>
      (await db.select({ status: erpOrderTable.status }).from(erpOrderTable).where(eq(erpOrderTable.id, id!)))[0]!
        .status;
    const erpSimulation = createSimulatedErp({ db, config });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date(Date.now() + 5 * 60_000));
      await advanceErpToDatabaseTime(db, erpSimulation);
      expect(await status()).toBe('open');
      // The same process advancing to its own clock would have confirmed it.
      await erpSimulation.advance(new Date());
      expect(await status()).toBe('in_progress');
    } finally {
      vi.useRealTimers();
    }
  });
});
