/**
 * A job sender for tests without pg-boss: it records the keyed jobs the requests send (backend/jobs/queues.ts) and
 * runs the hand-overs when the test says so, with the handler the `erp-handover` worker runs (`handOverOrder`).
 */
import type { Db } from '../db/client.ts';
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
