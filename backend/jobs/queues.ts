/**
 * The background jobs of the embedded Store API (docs/decisions/026-several-instances.md): their queue names and the one
 * way the shop's code enqueues a job inside its own transaction (`JobSender`). The queues live in PostgreSQL (or the
 * PGlite database) through pg-boss (./boss.ts); this module has no pg-boss import, so commerce code depends on the
 * interface alone.
 */
import type { Db } from '../db/client.ts';

/** The queue names, one per kind of job. */
export const JOB_QUEUES = {
  /** Scheduled every minute: advances the simulated ERP to the database's clock. */
  erpAdvance: 'erp-advance',
  /**
   * One job per placed order (key: the order id): hands it to the ERP port unless the request that placed it did,
   * retried with backoff.
   */
  erpHandover: 'erp-handover',
  /** Scheduled every minute: enqueues `erp-handover` for orders still not handed over a minute after their commit. */
  erpHandoverSweep: 'erp-handover-sweep',
  /** One job per outbox mail (key: the outbox id): claims the row and hands the mail to SMTP, retried with backoff. */
  mailDeliver: 'mail-deliver',
  /** Scheduled every minute: enqueues `mail-deliver` for unsent, unclaimed mails older than a minute. */
  mailRelay: 'mail-relay',
  /** Daily: removes rate-limit counters idle for more than a day. */
  rateLimitPurge: 'rate-limit-purge',
  /** Daily: removes expired sessions (sales channel contexts). */
  contextPurge: 'context-purge',
  /** Daily: removes sent mails older than 30 days. */
  outboxPurge: 'outbox-purge',
} as const;

export type JobQueueName = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

/** The queues the shop's code sends to; each job carries one record id. */
export type KeyedJobQueue = typeof JOB_QUEUES.erpHandover | typeof JOB_QUEUES.mailDeliver;

/** What a keyed job carries: the id of its order or outbox mail. */
export interface KeyedJobData {
  id: string;
}

/**
 * Enqueues keyed jobs. `send(db, queue, id)` writes the job through `db`: pass the transaction of the change the job
 * belongs to, so the job exists exactly when the change committed (a rolled-back change leaves no job). The id is the
 * job's singleton key: while a job for the same id is queued, retrying or running, another send for it is dropped
 * (pg-boss queue policy `exclusive`), so the sweeps may send again without doubling work.
 */
export interface JobSender {
  send(db: Pick<Db, 'execute'>, queue: KeyedJobQueue, id: string): Promise<void>;
}
