/**
 * The job machinery on the embedded PGlite database (one process): jobs written in a request's transaction through
 * `fromDrizzle` and run by pg-boss on the same PGlite client (`fromPglite`). With SMTP refusing, creating a company
 * user answers 200 and stores the user, and the invitation reaches SMTP once it accepts again, exactly once.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../app.ts';
import { loadBackendConfig } from '../config.ts';
import { createDb, type DbHandle } from '../db/client.ts';
import { contextTable, customerTable, mailOutboxTable, rateLimitTable, salesChannelTable } from '../db/schema/index.ts';
import { seedSalesChannel } from '../db/seed-channel.ts';
import type { MailTransport, OutgoingMessage } from '../mail/outbox.ts';
import { insertCompany, insertCustomer, type TestCustomer } from '../testing/company-test-support.ts';
import { processRole, startJobs, type Jobs } from './boss.ts';
import { purgeIdleRateLimits } from '../auth/rate-limit.ts';
import { purgeExpiredContexts } from '../store-api/context-purge.ts';
import { randomId } from '../lib/ids.ts';
import { until } from '../testing/until.ts';
import { FAST_JOB_TIMING } from '../testing/job-test-support.ts';

const config = loadBackendConfig({});
let handle: DbHandle;
let jobs: Jobs;
let lead: TestCustomer;

/** An SMTP server that refuses while `down` is set and records what it accepted. */
const smtp = {
  down: true,
  refused: 0,
  accepted: [] as OutgoingMessage[],
};
const transport: MailTransport = {
  sendMail: async (message) => {
    if (smtp.down) {
      smtp.refused += 1;
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    }
    smtp.accepted.push(message);
  },
};

beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, config);
  jobs = await startJobs({
    handle,
    role: 'all',
    timing: { ...FAST_JOB_TIMING, cronMonitorIntervalSeconds: 30, cronWorkerIntervalSeconds: 5 },
  });
  const api = createStoreApi({ db: handle.db, config, jobs: jobs.sender });
  await jobs.startWorkers({ db: handle.db, erp: api.erp, erpSimulation: null, env: {}, transport });
  const companyId = (await insertCompany(handle.db)).id;
  lead = await insertCustomer(handle.db, companyId, { leadBuyer: true });
  app = api.app;
});
afterAll(async () => {
  await jobs?.stop();
  await handle?.close();
});

let app: ReturnType<typeof createStoreApi>['app'];

describe('process roles', () => {
  test('WERKBANK_ROLE is all by default, web or worker when set, and refused otherwise', () => {
    expect(processRole({})).toBe('all');
    expect(processRole({ WERKBANK_ROLE: ' Worker ' })).toBe('worker');
    expect(processRole({ WERKBANK_ROLE: 'web' })).toBe('web');
    expect(() => processRole({ WERKBANK_ROLE: 'cron' })).toThrow('WERKBANK_ROLE must be all, web or worker');
  });
});

describe('a company user created while SMTP is down', () => {
  test('answers 200 with the user stored; the invitation is delivered once when SMTP accepts again', async () => {
    const res = await app.request(`/store-api/${config.provider}/companies/customers/create`, {
      method: 'POST',
      headers: {
        'sw-access-key': config.accessKey,
        'content-type': 'application/json',
        'sw-context-token': lead.token,
      },
      body: JSON.stringify({
        salutation: 'female',
        firstName: 'Ilse',
        lastName: 'Invited',
        email: 'ilse@example.com',
        username: 'ilse.invited',
      }),
    });
    expect(res.status).toBe(200);
    const [stored] = await handle.db.select().from(customerTable).where(eq(customerTable.username, 'ilse.invited'));
    expect(stored).toBeDefined();

    await until(() => smtp.refused >= 1);
    const [waiting] = await handle.db
      .select()
      .from(mailOutboxTable)
      .where(eq(mailOutboxTable.recipient, 'ilse@example.com'));
    expect(waiting).toMatchObject({ template: 'customer-invitation', sentAt: null });
    expect(waiting!.text).toContain('/auth/password-set?hash=');

    smtp.down = false;
    await until(async () => {
      const [row] = await handle.db
        .select({ sentAt: mailOutboxTable.sentAt })
        .from(mailOutboxTable)
        .where(eq(mailOutboxTable.id, waiting!.id));
      return row?.sentAt != null;
    });
    // A further poll round of every worker sends nothing more.
    await new Promise((r) => setTimeout(r, 1500));
    const invitations = smtp.accepted.filter((m) => m.to === 'ilse@example.com');
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.messageId).toBe(`<${waiting!.id}@werkbank.example>`);
    expect(invitations[0]!.text).toContain('/auth/password-set?hash=');
    const [sent] = await handle.db.select().from(mailOutboxTable).where(eq(mailOutboxTable.id, waiting!.id));
    expect(sent).toMatchObject({ text: '', error: null });
    expect(sent!.attempts).toBeGreaterThanOrEqual(2);
  });
});

describe('the daily purges', () => {
  test('rate-limit counters idle for more than a day are removed; younger ones stay', async () => {
    await handle.db.insert(rateLimitTable).values([
      { key: 'login:user:idle', count: 12, windowStart: sql`now() - interval '25 hours'` },
      { key: 'login:user:recent', count: 3, windowStart: sql`now() - interval '23 hours'` },
    ]);
    expect(await purgeIdleRateLimits(handle.db)).toBe(1);
    const left = await handle.db
      .select({ key: rateLimitTable.key })
      .from(rateLimitTable)
      .where(inArray(rateLimitTable.key, ['login:user:idle', 'login:user:recent']));
    expect(left).toEqual([{ key: 'login:user:recent' }]);
  });

  test('expired sessions are removed: idle 7 days, logged in 30 days, punch-out past its end', async () => {
    const [channel] = await handle.db.select({ id: salesChannelTable.id }).from(salesChannelTable).limit(1);
    const row = (customerId: string | null, updated: string, created: string, payload = {}) => ({
      token: randomId(),
      salesChannelId: channel!.id,
      customerId,
      payload,
      updatedAt: sql`now() - ${updated}::interval`,
      createdAt: sql`now() - ${created}::interval`,
    });
    const rows = [
      row(lead.id, '8 days', '9 days'),
      row(lead.id, '1 hour', '31 days'),
      row(lead.id, '1 hour', '2 days', {
        punchOut: { sessionId: randomId(), protocol: 'oci', readOnly: false, expiresAt: '2020-01-01T00:00:00.000Z' },
      }),
      row(null, '31 days', '31 days'),
      row(lead.id, '1 hour', '2 days'),
      row(null, '8 days', '8 days'),
    ];
    await handle.db.insert(contextTable).values(rows);
    expect(await purgeExpiredContexts(handle.db)).toBe(4);
    const left = await handle.db
      .select({ token: contextTable.token })
      .from(contextTable)
      .where(
        inArray(
          contextTable.token,
          rows.map((r) => r.token),
        ),
      );
    expect(left.map((r) => r.token).sort()).toEqual([rows[4]!.token, rows[5]!.token].sort());
  });
});
