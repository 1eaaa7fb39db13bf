// The shops the end-to-end tests run against, known to both playwright.config.ts (which starts them) and support.ts
// (which points each worker at its own): one shop with its own database per worker, on E2E_PORT + the worker's
// parallel index (4400, 4401 by default).

/** How many workers run the tests, and so how many shops are started. */
export const E2E_WORKERS = 2;

/** The port of worker 0's shop; worker n's shop listens on E2E_PORT + n. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4400);

/**
 * The origin of the shop of the worker with parallel index `index` (0 ≤ index < E2E_WORKERS), e.g.
 * `http://localhost:4401` for index 1. Throws for an index without a shop (more workers than E2E_WORKERS, as with
 * `--workers=3`).
 */
export function workerShopOrigin(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= E2E_WORKERS)
    throw new Error(`no shop for worker ${index}: playwright.config.ts starts ${E2E_WORKERS}, one per worker`);
  return `http://localhost:${E2E_PORT + index}`;
}
