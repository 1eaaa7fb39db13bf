/**
 * The hand-over of a placed order to the ERP (docs/decisions/016-erp.md, docs/decisions/026-several-instances.md): the
 * request that placed the order hands it over once right after the order's transaction committed
 * (`handOverAfterCommit`: the checkout, the approval of a request, a cXML OrderRequest), so the buyer's order history
 * shows the ERP's order with the answer. The same transaction also enqueues the order's `erp-handover` job
 * (`queueErpHandover`), the retry: when the request's hand-over failed or its process died, the job hands the order
 * over, retried with backoff, and the `erp-handover-sweep` schedule enqueues orders whose job was lost
 * (`ordersAwaitingHandover`). Both paths go through `handOverOrder`, which passes the order id to the ERP port's
 * `transferOrder` and then stamps `order.erp_handed_over_at` with the database clock, and skips an order already
 * stamped: after the request's hand-over the job does nothing. This works for any `ErpPort`: the port's
 * `transferOrder` is idempotent per order id, so a repeat (a crash between the ERP's answer and the stamp, or the
 * request and the job handing over the same order at the same moment) changes nothing in the ERP.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ErpPort } from '../../erp/port.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { describeErrorForLog } from '../../db/errors.ts';
import { orderTable } from '../../db/schema/index.ts';
import { JOB_QUEUES, type JobSender } from '../../jobs/queues.ts';

/** Minutes an order waits for its own hand-over job before the sweep enqueues it again. */
export const HANDOVER_SWEEP_AFTER_MINUTES = 1;

/**
 * Enqueues the hand-over of the order `orderId` through `tx` (the order's transaction). Without `jobs` (a command-line
 * tool, a test) nothing is enqueued; a worker's sweep hands the order over later.
 */
export async function queueErpHandover(tx: Db, orderId: string, jobs: JobSender | undefined): Promise<void> {
  await jobs?.send(tx, JOB_QUEUES.erpHandover, orderId);
}

/**
 * Hands one committed order to `erp` unless it was handed over already, then records the moment
 * (`erp_handed_over_at = now()`). Run by the request that placed the order (`handOverAfterCommit`) and by its
 * `erp-handover` job.
 *
 * @returns 'handed-over', or 'already' when the order was handed over before (or does not exist).
 * @throws what the port's `transferOrder` throws (the job retries).
 */
export async function handOverOrder(
  db: Db,
  erp: Pick<ErpPort, 'transferOrder'>,
  orderId: string,
): Promise<'handed-over' | 'already'> {
  const [pending] = await db
    .select({ id: orderTable.id })
    .from(orderTable)
    .where(and(eq(orderTable.id, orderId), isNull(orderTable.erpHandedOverAt)))
    .limit(1);
  if (!pending) return 'already';
  await erp.transferOrder(orderId);
  await db
    .update(orderTable)
    .set({ erpHandedOverAt: sql`now()` })
    .where(and(eq(orderTable.id, orderId), isNull(orderTable.erpHandedOverAt)));
  return 'handed-over';
}

/** How long the placing request waits for the ERP before it answers and leaves the hand-over to the job (ms). */
export const REQUEST_HANDOVER_WAIT_MS = 3_000;

/**
 * The hand-over in the request that placed the order `orderId`, called once its transaction committed
 * (`handOverOrder`). Never throws: the order is placed whatever the ERP answers, so a failure is logged (without bound
 * parameters) and left to the order's `erp-handover` job, sent in the order's transaction, and to the sweep. The
 * request waits at most `waitMs` (an ERP connector that hangs must not hold the buyer's answer); a hand-over still
 * running then goes on without it, and the job finds the order stamped or hands it over (`transferOrder` is
 * idempotent by the port's contract). Without `erp` (a tool or test that wires none) the job alone hands the order
 * over.
 */
export async function handOverAfterCommit(
  db: Db,
  erp: Pick<ErpPort, 'transferOrder'> | undefined,
  orderId: string,
  waitMs = REQUEST_HANDOVER_WAIT_MS,
): Promise<void> {
  if (!erp) return;
  const handOver = handOverOrder(db, erp, orderId).then(
    () => 'done' as const,
    (err: unknown) => {
      console.error(
        `[erp] order ${orderId} not handed over in its request, its job retries: ${describeErrorForLog(err)}`,
      );
      return 'done' as const;
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'waited'>((resolve) => {
    timer = setTimeout(() => resolve('waited'), waitMs);
    timer.unref();
  });
  const outcome = await Promise.race([handOver, waited]);
  clearTimeout(timer);
  if (outcome === 'waited')
    console.error(`[erp] order ${orderId}: the ERP did not answer within ${waitMs} ms, its job hands it over`);
}

/**
 * The orders not handed over `HANDOVER_SWEEP_AFTER_MINUTES` after they were written (database clock), oldest first,
 * at most `limit` (partial index `order_erp_pending_idx`).
 */
export async function ordersAwaitingHandover(db: Db, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM "order"
         WHERE erp_handed_over_at IS NULL
           AND created_at < now() - make_interval(mins => ${HANDOVER_SWEEP_AFTER_MINUTES})
         ORDER BY created_at LIMIT ${limit}`,
  );
  return rows.map((r) => r.id);
}
