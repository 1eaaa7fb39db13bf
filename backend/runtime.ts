/**
 * The process-wide embedded Store API: opens the database (PGlite under DATA_DIR, or PostgreSQL when DATABASE_URL is
 * set); under the start-up lock (backend/db/bootstrap.ts: one process at a time on PostgreSQL) applies migrations,
 * syncs the sales channel, seeds the catalogue on first start, seeds the demo customers
 * where wanted (`seedDemoCustomersIfWanted`), adds the missing checkout settings (`seedCheckout`) and the demo
 * companies' spending control (`seedSpending`), builds the Hono app, sends the demo approval request
 * (`seedDemoApprovals`), seeds the demo companies' article links (`seedDemoArticleLinks`) and ERP history
 * (`seedErpHistory`, docs/decisions/016-erp.md); then starts the simulated ERP's clock (`startErpClock`) and the sweep
 * that expires approval requests pending too long (`startApprovalExpiry`, docs/decisions/015). Used by the
 * storefront's in-process transport and by the standalone entry.
 */
import { inArray } from 'drizzle-orm';
import { createDb, databaseOptionsFromEnv, type Db, type DbHandle } from './db/client.ts';
import { bootstrapDatabase, shareUntilRejected } from './db/bootstrap.ts';
import { companyTable } from './db/schema/index.ts';
import { loadBackendConfig, type BackendConfig } from './config.ts';
import { seedSalesChannel } from './db/seed-channel.ts';
import { DEMO_COMPANIES, demoCompanyId, seedDemoCustomers } from './seed/seed-customers.ts';
import { ensureCatalogSeeded } from './catalog/seed.ts';
import { seedCheckout } from './seed/seed-checkout.ts';
import { seedDemoApprovals, seedSpending } from './seed/seed-spending.ts';
import { seedErpHistory } from './seed/seed-erp.ts';
import { seedOrderLists } from './seed/seed-order-lists.ts';
import { seedDemoArticleLinks } from './seed/seed-article-links.ts';
import { seedDemoPunchOut } from './seed/seed-punchout.ts';
import { createStoreApi, type StoreApi } from './app.ts';
import type { ErpSimulation } from './erp/simulated/index.ts';
import { startApprovalExpiry } from './commerce/spending/approval.service.ts';
import { startPeriodic } from './lib/periodic.ts';
import { checkDatabase } from './http/lifecycle.ts';

export interface Runtime extends StoreApi {
  config: BackendConfig;
  handle: DbHandle;
}

/** The latest start-up of `getRuntime` (a failed one is replaced by the next call's). */
let runtime: Promise<Runtime> | undefined;
/**
 * How the latest start-up went: unset before `getRuntime`, then 'starting', 'ready' or 'failed' (the next
 * `getRuntime` retries a failed one).
 */
let runtimeState: 'starting' | 'ready' | 'failed' | undefined;
/** Stops the background steps the runtime started (ERP clock, approval expiry). */
const stopBackground: (() => void)[] = [];

const sharedRuntime = shareUntilRejected(startRuntime);

/**
 * Opens and seeds once per process; later calls share the same promise. When start-up fails (PostgreSQL not yet
 * reachable, a failing seed), the callers waiting for it get the error and the next call starts again
 * (`shareUntilRejected`), so an in-process storefront recovers without a restart.
 */
export function getRuntime(env: Record<string, string | undefined> = process.env): Promise<Runtime> {
  const started = sharedRuntime(env);
  if (started !== runtime) {
    runtime = started;
    runtimeState = 'starting';
    started.then(
      () => {
        if (runtime === started) runtimeState = 'ready';
      },
      () => {
        if (runtime === started) runtimeState = 'failed';
      },
    );
  }
  return started;
}

/**
 * One start-up attempt: opens the database, then applies the migrations and runs the start-up seeds under the
 * start-up lock (`bootstrapDatabase`: one process at a time on PostgreSQL), then starts the timers.
 *
 * @throws what opening, migrating or seeding throws; the database handle is closed again then.
 */
async function startRuntime(env: Record<string, string | undefined>): Promise<Runtime> {
  const config = loadBackendConfig(env);
  const databaseUrl = env.DATABASE_URL;
  const handle = await createDb({ ...databaseOptionsFromEnv(env), migrate: false });
  let api: StoreApi;
  try {
    api = await bootstrapDatabase(handle, { databaseUrl }, async () => {
      await seedSalesChannel(handle.db, config);
      if ((await seedDemoCustomersIfWanted(handle.db, env)) !== 'off') await seedDemoPunchOut(handle.db, config);
      await seedCheckout(handle.db);
      await seedSpending(handle.db);
      await ensureCatalogSeeded(handle.db, config, { sharedCatalogDir: env.SHARED_CATALOG_DIR });
      await seedOrderLists(handle.db);
      const storeApi = createStoreApi({ db: handle.db, config });
      await seedDemoApprovals(handle.db, storeApi, config);
      await seedDemoArticleLinks(handle.db);
      if (storeApi.erpSimulation) await seedErpHistory(handle.db, config);
      return storeApi;
    });
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  if (api.erpSimulation) {
    const stopClock = startErpClock(api.erpSimulation, env);
    if (stopClock) stopBackground.push(stopClock);
  }
  stopBackground.push(startApprovalExpiry(handle.db));
  return { ...api, config, handle };
}

/**
 * The readiness probe of the process's runtime (backend/http/lifecycle.ts): null when it has started and its
 * database answers `SELECT 1` within `DATABASE_PROBE_TIMEOUT_MS`, else the reason: `starting` (migrations and seeds
 * still running; with `start`, a runtime not asked for yet is started now, so that a load balancer's probe opens the
 * database of a storefront before its first visitor does), `start failed`, or the database probe's reason.
 */
export async function checkRuntimeReady(options: { start?: boolean } = {}): Promise<string | null> {
  if (!runtime || runtimeState === 'failed') {
    if (!options.start) return runtime ? 'start failed' : 'not started';
    // A start not asked for yet begins now; a failed one is tried again (`getRuntime`).
    getRuntime().catch(() => undefined);
  }
  if (runtimeState !== 'ready' || !runtime) return 'starting';
  return checkDatabase((await runtime).handle.db);
}

/**
 * Stops the runtime's background steps and closes its database (for a PGlite folder, also its lock file), after
 * waiting for a start still running. Nothing to do when the runtime was never asked for or failed to start.
 */
export async function closeRuntime(): Promise<void> {
  if (!runtime) return;
  let opened: Runtime;
  try {
    opened = await runtime;
  } catch {
    return;
  }
  for (const stop of stopBackground.splice(0)) stop();
  await opened.handle.close();
}

/** How often the running shop advances the simulated ERP to the current time: every minute (ADR 016). */
export const ERP_CLOCK_INTERVAL_MS = 60_000;

/**
 * Advances the simulated ERP to the current time every minute (`ERP_CLOCK_INTERVAL_MS`), unless
 * `ERP_SIMULATION=off`: once at start, then on an unref'd timer (it never keeps the process alive); a round that is
 * still running skips the next tick, and an error is logged and retried on the next tick.
 *
 * @returns a function that stops the clock, or null when it is switched off.
 */
export function startErpClock(
  erp: Pick<ErpSimulation, 'advance'>,
  env: Record<string, string | undefined>,
  intervalMs: number = ERP_CLOCK_INTERVAL_MS,
): (() => void) | null {
  if (env.ERP_SIMULATION?.trim().toLowerCase() === 'off') return null;
  return startPeriodic('erp: simulation step', intervalMs, () => erp.advance(new Date()));
}

/**
 * Whether this database gets the demo companies and users of docs/demo-logins.md, whose password is published:
 * the embedded demo database (PGlite, no DATABASE_URL) does unless `WERKBANK_DEMO_CUSTOMERS=0`; a shop on
 * PostgreSQL (DATABASE_URL) only with `WERKBANK_DEMO_CUSTOMERS=1` (docs/decisions/012).
 */
export function wantsDemoCustomers(env: Record<string, string | undefined>): boolean {
  const flag = env.WERKBANK_DEMO_CUSTOMERS?.trim();
  if (env.DATABASE_URL?.trim()) return flag === '1';
  return flag !== '0';
}

/**
 * Seeds the demo customers once, when they are wanted (`wantsDemoCustomers`) and none of the demo companies exists
 * yet; a later start leaves them alone, so demo users an operator deleted or changed stay deleted or changed. Says
 * on every start with demo customers that they exist and where their logins are listed.
 *
 * @returns 'seeded', 'present' (wanted, already there: nothing written) or 'off'.
 */
export async function seedDemoCustomersIfWanted(
  db: Db,
  env: Record<string, string | undefined>,
  log: (line: string) => void = (line) => console.log(line),
): Promise<'seeded' | 'present' | 'off'> {
  if (!wantsDemoCustomers(env)) return 'off';
  const companyIds = DEMO_COMPANIES.map((co) => demoCompanyId(co.key));
  const existing = await db
    .select({ id: companyTable.id })
    .from(companyTable)
    .where(inArray(companyTable.id, companyIds))
    .limit(1);
  const outcome = existing.length > 0 ? 'present' : 'seeded';
  if (outcome === 'seeded') await seedDemoCustomers(db);
  log(
    `[werkbank] demo customers ${outcome === 'seeded' ? 'seeded' : 'present'}: logins with a published password, ` +
      'listed in docs/demo-logins.md (WERKBANK_DEMO_CUSTOMERS=0 leaves them out of a new database).',
  );
  return outcome;
}
