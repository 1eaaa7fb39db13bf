/**
 * Jobs in tests: a job sender without pg-boss that records the keyed jobs the requests send (backend/jobs/queues.ts)
 * and runs the hand-overs when the test says so, with the handler the `erp-handover` worker runs (`handOverOrder`);
 * fast job timing; what pg-boss recorded of the `erp-advance` schedule.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import type { ErpPort } from '../erp/port.ts';
import { handOverOrder } from '../commerce/orders/erp-handover.ts';
import { JOB_QUEUES, type JobSender } from '../jobs/queues.ts';

export interface RecordedJobs extends JobSender {
  /** Order ids of the `erp-handover` jobs sent and not run yet. */
  handovers: string[];
  /** Runs the pending hand-overs against `erp` in the order they were sent (throws what the port throws). */
  runHandovers(erp: Pick<ErpPort, 'transferOrder'>): Promise<void>;
}

/** A recording sender over `db` (see the module comment). */
export function recordJobs(db: Db): RecordedJobs {
  const jobs: RecordedJobs = {
    handovers: [],
    send: async (_db, queue, id) => {
      if (queue === JOB_QUEUES.erpHandover) jobs.handovers.push(id);
    },
    async runHandovers(erp) {
      const ids = jobs.handovers.splice(0);
      for (const id of ids) await handOverOrder(db, erp, id);
    },
  };
  return jobs;
}

/** Job timing for tests: polls, schedules and retries within a second or two (backend/jobs/boss.ts `JobTiming`). */
export const FAST_JOB_TIMING = {
  pollingIntervalSeconds: 0.5,
  scheduledPollingIntervalSeconds: 0.5,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 2,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
};

/** The `erp-advance` schedule as pg-boss recorded it: one forwarding job per occurrence (slot), and the runs. */
export interface ErpAdvanceRecord {
  /** Per occurrence: the forwarding jobs pg-boss filed for it and how many of them completed. */
  occurrences: { slot: string; jobs: number; forwarded: number }[];
  /** The `erp-advance` jobs run, and how many completed. */
  runs: { total: number; completed: number };
}

/**
 * Reads what pg-boss recorded of the `erp-advance` schedule (its internal `__pgboss__send-it` queue files each
 * schedule occurrence once per slot); settled when every occurrence was forwarded and every run completed.
 */
export async function erpAdvanceRecord(db: Db): Promise<ErpAdvanceRecord & { settled: boolean }> {
  const occurrences = await queryRows<{ slot: string; jobs: number; forwarded: number }>(
    db,
    sql`SELECT data->>'slot' AS slot, count(*)::int AS jobs,
               count(*) FILTER (WHERE state = 'completed')::int AS forwarded
          FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = ${JOB_QUEUES.erpAdvance} GROUP BY 1`,
  );
  const [runs] = await queryRows<{ total: number; completed: number }>(
    db,
    sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE state = 'completed')::int AS completed
          FROM pgboss.job WHERE name = ${JOB_QUEUES.erpAdvance}`,
  );
  const settled = occurrences.every((o) => o.forwarded === o.jobs) && runs!.completed === runs!.total;
  return { occurrences, runs: runs!, settled };
}
