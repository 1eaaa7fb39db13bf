/**
 * Polls `probe` every `everyMs` (default 100 ms) until it answers true, for tests of work that happens in the
 * background (jobs, other processes).
 *
 * @throws Error when `ms` (default 20 s) passes first.
 */
export async function until(probe: () => Promise<boolean> | boolean, ms = 20_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`not reached within ${ms} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
