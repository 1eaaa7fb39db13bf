/**
 * A background step of the running shop, repeated on a timer in every process (the expiry of approval requests; jobs
 * that must run once across processes are pg-boss jobs, backend/jobs/boss.ts): run once at start and then every `intervalMs` milliseconds on an unref'd timer, so it never keeps the
 * process alive; a step still running when the next is due skips that one; a failed step is logged without bound
 * parameters (../db/errors.ts) and tried again on the next tick.
 */
import { describeErrorForLog } from '../db/errors.ts';

/**
 * Starts `step` now and every `intervalMs` ms. `label` names it in the log line of a failure (`[label] … failed`).
 *
 * @returns a function that stops the timer (a step already running finishes).
 */
export function startPeriodic(label: string, intervalMs: number, step: () => Promise<unknown>): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await step();
    } catch (err) {
      console.error(`[${label}] failed: ${describeErrorForLog(err)}`);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
