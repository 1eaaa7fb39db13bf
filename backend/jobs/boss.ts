/**
 * The background jobs of the embedded Store API on pg-boss (docs/decisions/026-several-instances.md): one `PgBoss` per
 * process on the shop's own database, in the `pgboss` schema. On PostgreSQL it has a small pool of its own; on PGlite
 * it runs on the runtime's PGlite client (`fromPglite`, one process by construction).
 *
 * Process roles (`WERKBANK_ROLE`, `processRole`): `all` (default: `npm start` and `npm run backend` as before) and
 * `worker` run the workers and the schedules; `web` only sends jobs. Every role installs pg-boss's schema on start:
 * pg-boss creates it in one transaction under its own advisory lock and treats "already exists" from a process that
 * lost the race as success, so processes may start together.
 *
 * Queues (./queues.ts) and their guarantees:
 * - `erp-advance` (schedule `* * * * *`, only while the ERP is the simulated one and `ERP_SIMULATION` is not `off`):
 *   pg-boss evaluates a schedule in every instance but files each occurrence under one singleton slot, so exactly one
 *   job per minute exists across instances (pg-boss docs, "Scheduling"); the queue's `singleton` policy lets one run
 *   at a time; it advances the ERP to the database's clock (`SELECT now()`), never to a process's own.
 * - `erp-handover` (one per order, sent in the order's transaction; the retry of the hand-over the placing request
 *   makes after its commit, a no-op for an order already handed over) and `mail-deliver` (one per outbox mail): policy
 *   `exclusive` keyed by the record id (a repeated send while one is queued or running is dropped), retried with
 *   exponential backoff; their sweeps `erp-handover-sweep` and `mail-relay` (every minute) send again what lost its
 *   job (a process that died between the commit and the send, retries used up).
 * - `rate-limit-purge`, `context-purge`, `outbox-purge`: daily, once across instances.
 *
 * A failed job is logged without bound parameters (../db/errors.ts) and retried by pg-boss; errors of pg-boss's own
 * loops are logged the same way.
 */
import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type Job, type Queue } from 'pg-boss';
import type { Db, DbHandle } from '../db/client.ts';
import { databaseNow } from '../db/clock.ts';
import { describeErrorForLog } from '../db/errors.ts';
import type { ErpPort } from '../erp/port.ts';
import type { ErpSimulation } from '../erp/simulated/index.ts';
import { handOverOrder, ordersAwaitingHandover } from '../commerce/orders/erp-handover.ts';
import { deliverMail, mailsToRelay, mailTransportOf, purgeSentMail, type MailTransport } from '../mail/outbox.ts';
import { purgeIdleRateLimits } from '../auth/rate-limit.ts';
import { purgeExpiredContexts } from '../store-api/context-purge.ts';
import { JOB_QUEUES, type JobQueueName, type JobSender, type KeyedJobData } from './queues.ts';

/** What a process runs: `all` (web and worker), `web` (answers requests, sends jobs) or `worker` (runs jobs). */
export type ProcessRole = 'all' | 'web' | 'worker';

/**
 * The process role from `WERKBANK_ROLE` (`all`, `web` or `worker`, case-insensitive); unset or empty: `all`.
 *
 * @throws Error naming the variable for any other value.
 */
export function processRole(env: Record<string, string | undefined>): ProcessRole {
  const value = env.WERKBANK_ROLE?.trim().toLowerCase() || 'all';
  if (value === 'all' || value === 'web' || value === 'worker') return value;
  throw new Error(`WERKBANK_ROLE must be all, web or worker, not "${env.WERKBANK_ROLE}".`);
}

/** Intervals of the job machinery, in seconds; tests shorten them. */
export interface JobTiming {
  /** How often an idle hand-over or mail worker looks for jobs (pg-boss `pollingIntervalSeconds`, at least 0.5). */
  pollingIntervalSeconds: number;
  /** The same for the workers of scheduled jobs (one job a minute or a day: a few seconds late is fine). */
  scheduledPollingIntervalSeconds: number;
  /** First retry delay of a failed hand-over or delivery; it doubles with every retry (pg-boss `retryBackoff`). */
  retryDelaySeconds: number;
  /** Longest retry delay. */
  retryDelayMaxSeconds: number;
  /** How often an instance evaluates the schedules (pg-boss `cronMonitorIntervalSeconds`, 1 to 45). */
  cronMonitorIntervalSeconds: number;
  /** How often an instance turns due occurrences into jobs (pg-boss `cronWorkerIntervalSeconds`, 1 to 45). */
  cronWorkerIntervalSeconds: number;
}

/**
 * The running shop's timing: hand-over and mail workers poll every 2 s, the scheduled ones every 10 s (on PGlite every
 * poll shares the one connection with the requests); retries after 10 s, 20 s, … up to 15 min.
 */
export const DEFAULT_JOB_TIMING: JobTiming = {
  pollingIntervalSeconds: 2,
  scheduledPollingIntervalSeconds: 10,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 900,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 5,
};

/** Retries of a hand-over or delivery job before the sweep or relay has to send it again. */
export const KEYED_JOB_RETRY_LIMIT = 10;

/** Hand-over and mail jobs one process runs at the same time (pg-boss `localConcurrency`). */
const KEYED_JOB_CONCURRENCY = 4;

/** Records a sweep or relay sends per run. */
const SWEEP_BATCH = 500;

/** Connections of pg-boss's own pool on PostgreSQL (polling, sends outside a transaction, maintenance). */
const BOSS_POOL_MAX = 3;

/** The schedules (cron expressions, UTC): every minute, and the daily purges at night. */
const SCHEDULES = {
  [JOB_QUEUES.erpAdvance]: '* * * * *',
  [JOB_QUEUES.erpHandoverSweep]: '* * * * *',
  [JOB_QUEUES.mailRelay]: '* * * * *',
  [JOB_QUEUES.rateLimitPurge]: '17 3 * * *',
  [JOB_QUEUES.contextPurge]: '27 3 * * *',
  [JOB_QUEUES.outboxPurge]: '37 3 * * *',
} as const;

export interface StartJobsOptions {
  /** The runtime's database: its PGlite client is shared; on PostgreSQL pg-boss opens its own pool. */
  handle: DbHandle;
  /** PostgreSQL: the URL of pg-boss's pool (default `handle.directUrl`). */
  connectionString?: string | undefined;
  role: ProcessRole;
  timing?: Partial<JobTiming>;
}

/** What the workers need. */
export interface WorkerDeps {
  db: Db;
  /** The ERP orders are handed to (any port). */
  erp: Pick<ErpPort, 'transferOrder'>;
  /** The simulated ERP to advance every minute; null: no `erp-advance` (a real ERP, or `ERP_SIMULATION=off`). */
  erpSimulation: Pick<ErpSimulation, 'advance'> | null;
  /** SMTP_URL and MAIL_FROM; without SMTP the outbox row is the delivery and the relay is not scheduled. */
  env: Record<string, string | undefined>;
  /** A transport instead of SMTP_URL's (tests). */
  transport?: MailTransport | undefined;
}

/** The process's job machinery. */
export interface Jobs {
  readonly role: ProcessRole;
  /** Sends keyed jobs in the caller's transaction (./queues.ts). */
  readonly sender: JobSender;
  readonly boss: PgBoss;
  /** Starts the workers and schedules of a `worker` or `all` process; nothing for `web`. */
  startWorkers(deps: WorkerDeps): Promise<void>;
  /** Stops pg-boss gracefully: no new jobs, running handlers finish (at most `timeoutMs`), its pool closes. */
  stop(timeoutMs?: number): Promise<void>;
}

/** The ERP simulation's switch: `ERP_SIMULATION=off` stops its clock. */
export function erpClockEnabled(env: Record<string, string | undefined>): boolean {
  return env.ERP_SIMULATION?.trim().toLowerCase() !== 'off';
}

/** The queue options of each queue (pg-boss `createQueue`; options of an existing queue are left as they are). */
function queueOptions(timing: JobTiming): Record<JobQueueName, Omit<Queue, 'name'>> {
  const keyed: Omit<Queue, 'name'> = {
    policy: 'exclusive',
    retryLimit: KEYED_JOB_RETRY_LIMIT,
    retryDelay: timing.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: timing.retryDelayMaxSeconds,
  };
  const scheduled: Omit<Queue, 'name'> = { policy: 'singleton', retryLimit: 0, expireInSeconds: 600 };
  const purge: Omit<Queue, 'name'> = { ...scheduled, retryLimit: 2, retryDelay: 60 };
  return {
    [JOB_QUEUES.erpAdvance]: scheduled,
    [JOB_QUEUES.erpHandover]: keyed,
    [JOB_QUEUES.erpHandoverSweep]: scheduled,
    [JOB_QUEUES.mailDeliver]: keyed,
    [JOB_QUEUES.mailRelay]: scheduled,
    [JOB_QUEUES.rateLimitPurge]: purge,
    [JOB_QUEUES.contextPurge]: purge,
    [JOB_QUEUES.outboxPurge]: purge,
  };
}

/**
 * Starts pg-boss on the runtime's database and creates the queues, so the process can send jobs; a `worker` or
 * `all` process then calls `startWorkers`. pg-boss's maintenance (expiring, retrying and deleting old jobs) and its
 * schedule evaluation run only in `worker` and `all` processes.
 *
 * @throws what pg-boss throws when the database cannot be reached or its schema cannot be installed (the caller
 *   closes the handle); Error when a PostgreSQL handle comes without a URL.
 */
export async function startJobs(options: StartJobsOptions): Promise<Jobs> {
  const { handle, role } = options;
  const timing = { ...DEFAULT_JOB_TIMING, ...options.timing };
  const runsJobs = role !== 'web';
  const common = {
    schedule: runsJobs,
    supervise: runsJobs,
    cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds,
    cronWorkerIntervalSeconds: timing.cronWorkerIntervalSeconds,
    instanceName: `werkbank-${role}`,
  };
  let boss: PgBoss;
  if (handle.kind === 'pglite') {
    if (!handle.pglite) throw new Error('startJobs: a PGlite handle needs its client');
    boss = new PgBoss({ ...common, db: fromPglite(handle.pglite), backend: 'pglite' });
  } else {
    const connectionString = options.connectionString ?? handle.directUrl;
    if (!connectionString) throw new Error('startJobs: a PostgreSQL handle needs a connection URL');
    boss = new PgBoss({ ...common, connectionString, max: BOSS_POOL_MAX, application_name: `werkbank-jobs-${role}` });
  }
  boss.on('error', (err: unknown) => console.error(`[jobs] ${describeErrorForLog(err)}`));
  await boss.start();
  try {
    // Created before any send: a send inside a transaction must find the queue in pg-boss's cache, since on PGlite
    // a statement outside the transaction would wait for it to end.
    for (const [name, queue] of Object.entries(queueOptions(timing))) await boss.createQueue(name, queue);
  } catch (error) {
    await boss.stop({ graceful: false }).catch(() => undefined);
    throw error;
  }
  const sender: JobSender = {
    async send(db, queue, id) {
      const data: KeyedJobData = { id };
      await boss.send(queue, data, { singletonKey: id, db: fromDrizzle(db as Parameters<typeof fromDrizzle>[0], sql) });
    },
  };
  return {
    role,
    sender,
    boss,
    startWorkers: (deps) => (runsJobs ? startWorkers(boss, sender, deps, timing) : Promise.resolve()),
    stop: (timeoutMs = 10_000) => boss.stop({ graceful: true, timeout: timeoutMs }),
  };
}

/**
 * The `erp-advance` job: advances the simulated ERP to the database's current time (`SELECT now()`), so every
 * instance moves it on one clock whatever its own says.
 */
export async function advanceErpToDatabaseTime(
  db: Db,
  simulation: Pick<ErpSimulation, 'advance'>,
): ReturnType<ErpSimulation['advance']> {
  return simulation.advance(await databaseNow(db));
}

/** Runs `handler` for each job of a batch, logging a failure (without bound parameters) before pg-boss retries it. */
function perJob<T>(queue: JobQueueName, handler: (data: T) => Promise<unknown>) {
  return async (jobs: Job<T>[]): Promise<void> => {
    for (const job of jobs) {
      try {
        await handler(job.data);
      } catch (err) {
        console.error(`[jobs] ${queue} job ${job.id} failed: ${describeErrorForLog(err)}`);
        throw err;
      }
    }
  };
}

/** Registers the workers and writes the schedules (module comment). */
async function startWorkers(boss: PgBoss, sender: JobSender, deps: WorkerDeps, timing: JobTiming): Promise<void> {
  const { db } = deps;
  // Four hand-overs or deliveries at a time per process: one SMTP or ERP round trip takes 50–150 ms, and a burst of
  // orders (measured: 140 confirmations written within 2 s) otherwise queues each mail behind all earlier ones.
  const work = {
    pollingIntervalSeconds: timing.pollingIntervalSeconds,
    batchSize: 1,
    localConcurrency: KEYED_JOB_CONCURRENCY,
  };
  const scheduled = { pollingIntervalSeconds: timing.scheduledPollingIntervalSeconds, batchSize: 1 };
  const transport = mailTransportOf(deps.env, deps.transport);
  const mail = { env: deps.env, transport };
  const schedule = async (queue: keyof typeof SCHEDULES, on: boolean) => {
    if (on) await boss.schedule(queue, SCHEDULES[queue], null, { tz: 'UTC' });
    else await boss.unschedule(queue);
  };

  await boss.work<KeyedJobData>(
    JOB_QUEUES.erpHandover,
    work,
    perJob(JOB_QUEUES.erpHandover, ({ id }) => handOverOrder(db, deps.erp, id)),
  );
  await boss.work(
    JOB_QUEUES.erpHandoverSweep,
    scheduled,
    perJob(JOB_QUEUES.erpHandoverSweep, async () => {
      for (const id of await ordersAwaitingHandover(db, SWEEP_BATCH)) await sender.send(db, JOB_QUEUES.erpHandover, id);
    }),
  );
  await boss.work<KeyedJobData>(
    JOB_QUEUES.mailDeliver,
    work,
    perJob(JOB_QUEUES.mailDeliver, ({ id }) => deliverMail(db, id, mail)),
  );
  await boss.work(
    JOB_QUEUES.mailRelay,
    scheduled,
    perJob(JOB_QUEUES.mailRelay, async () => {
      for (const id of await mailsToRelay(db, SWEEP_BATCH)) await sender.send(db, JOB_QUEUES.mailDeliver, id);
    }),
  );
  await boss.work(
    JOB_QUEUES.rateLimitPurge,
    scheduled,
    perJob(JOB_QUEUES.rateLimitPurge, () => purgeIdleRateLimits(db)),
  );
  await boss.work(
    JOB_QUEUES.contextPurge,
    scheduled,
    perJob(JOB_QUEUES.contextPurge, () => purgeExpiredContexts(db)),
  );
  await boss.work(
    JOB_QUEUES.outboxPurge,
    scheduled,
    perJob(JOB_QUEUES.outboxPurge, () => purgeSentMail(db)),
  );
  const simulation = deps.erpSimulation;
  if (simulation) {
    await boss.work(
      JOB_QUEUES.erpAdvance,
      scheduled,
      perJob(JOB_QUEUES.erpAdvance, () => advanceErpToDatabaseTime(db, simulation)),
    );
  }

  await schedule(JOB_QUEUES.erpAdvance, simulation !== null);
  await schedule(JOB_QUEUES.erpHandoverSweep, true);
  await schedule(JOB_QUEUES.mailRelay, transport !== undefined);
  await schedule(JOB_QUEUES.rateLimitPurge, true);
  await schedule(JOB_QUEUES.contextPurge, true);
  await schedule(JOB_QUEUES.outboxPurge, true);
}
