/**
 * The process-wide embedded Store API: opens the database (PGlite under DATA_DIR, or PostgreSQL when DATABASE_URL is
 * set); under the start-up lock (backend/db/bootstrap.ts: one process at a time on PostgreSQL) applies migrations,
 * syncs the sales channel, seeds the catalogue on first start, seeds the demo customers
 * where wanted (`seedDemoCustomersIfWanted`), adds the missing checkout settings (`seedCheckout`) and the demo
 * companies' spending control (`seedSpending`), builds the Hono app, sends the demo approval request
 * (`seedDemoApprovals`), seeds the demo companies' article links (`seedDemoArticleLinks`) and ERP history
 * (`seedErpHistory`, docs/decisions/016-erp.md); then starts the sweep that expires approval requests pending too long
 * (`startApprovalExpiry`, docs/decisions/015) and the watcher of the cache versions (`startCacheVersionWatcher`,
 * backend/db/cache-version.ts). The background jobs (backend/jobs/boss.ts: the simulated ERP's clock,
 * ERP hand-overs, mail delivery, purges) start with the database, before the seeds, so requests and seeds can send
 * jobs; a process of role `worker` or `all` (`WERKBANK_ROLE`, default `all`) then runs them. Used by the storefront's
 * in-process transport and by the standalone entry.
 */
import { inArray } from 'drizzle-orm';
import { createDb, databaseOptionsFromEnv, type Db, type DbHandle } from './db/client.ts';
import { bootstrapDatabase, shareUntilRejected, waitForSchema } from './db/bootstrap.ts';
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
import { startApprovalExpiry } from './commerce/spending/approval.service.ts';
import { checkDatabase } from './http/lifecycle.ts';
import { startCacheVersionWatcher } from './db/cache-version.ts';
import { cachePollMs } from '../contract/provider/cache-version.ts';
import { erpClockEnabled, processRole, startJobs, type Jobs } from './jobs/boss.ts';

export interface Runtime extends StoreApi {
  config: BackendConfig;
  handle: DbHandle;
  /** The process's background jobs (pg-boss). */
  jobs: Jobs;
}

/** The latest start-up of `getRuntime` (a failed one is replaced by the next call's). */
let runtime: Promise<Runtime> | undefined;
/**
 * How the latest start-up went: unset before `getRuntime`, then 'starting', 'ready' or 'failed' (the next
 * `getRuntime` retries a failed one).
 */
let runtimeState: 'starting' | 'ready' | 'failed' | undefined;
/** Stops the background steps the runtime started (approval expiry, the jobs, the cache-version watcher), in order. */
const stopBackground: (() => void | Promise<void>)[] = [];

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
 * `WERKBANK_CLUSTER=1`: the process is one of several over one PostgreSQL database. Web processes (`WERKBANK_ROLE=web`)
 * then wait for the schema instead of migrating and seeding, and the start-up seed keeps the stored domains
 * (`seedSalesChannel`'s `keepStoredDomains`).
 */
export function clusterMode(env: Record<string, string | undefined>): boolean {
  return env.WERKBANK_CLUSTER?.trim() === '1';
}

/**
 * One start-up attempt: opens the database, then applies the migrations and runs the start-up seeds under the
 * start-up lock (`bootstrapDatabase`: one process at a time on PostgreSQL) or, for a web process in cluster mode,
 * waits until another process has (`waitForSchema`), then starts the timers.
 *
 * @throws what opening, migrating or seeding throws; the database handle is closed again then.
 */
async function startRuntime(env: Record<string, string | undefined>): Promise<Runtime> {
  const config = loadBackendConfig(env);
  const pollMs = cachePollMs(env);
  const role = processRole(env);
  const databaseUrl = env.DATABASE_URL;
  const handle = await createDb({ ...databaseOptionsFromEnv(env), migrate: false });
  let api: StoreApi;
  let jobs: Jobs | undefined;
  try {
    jobs = await startJobs({ handle, connectionString: databaseUrl, role });
    const sender = jobs.sender;
    const cluster = clusterMode(env);
    if (cluster && role === 'web') {
      // A web process of a cluster neither migrates nor seeds: it waits until a worker (or `npm run db:migrate` and
      // a worker's first start) has brought the database to this build's schema.
      await waitForSchema(handle);
      api = createStoreApi({ db: handle.db, config, jobs: sender });
    } else {
      api = await bootstrapDatabase(handle, { databaseUrl: handle.directUrl }, async () => {
        await seedSalesChannel(handle.db, config, { keepStoredDomains: cluster });
        if ((await seedDemoCustomersIfWanted(handle.db, env)) !== 'off') await seedDemoPunchOut(handle.db, config);
        await seedCheckout(handle.db);
        await seedSpending(handle.db);
        await ensureCatalogSeeded(handle.db, config, { sharedCatalogDir: env.SHARED_CATALOG_DIR });
        await seedOrderLists(handle.db);
        const storeApi = createStoreApi({ db: handle.db, config, jobs: sender });
        await seedDemoApprovals(handle.db, storeApi, config);
        await seedDemoArticleLinks(handle.db);
        if (storeApi.erpSimulation) await seedErpHistory(handle.db, config);
        return storeApi;
      });
    }
    await jobs.startWorkers({
      db: handle.db,
      erp: api.erp,
      erpSimulation: erpClockEnabled(env) ? api.erpSimulation : null,
      env,
    });
  } catch (error) {
    await jobs?.stop().catch(() => {});
    await handle.close().catch(() => {});
    throw error;
  }
  const started = jobs;
  stopBackground.push(startApprovalExpiry(handle.db), () => started.stop());
  const watcher = await startCacheVersionWatcher(handle, api.cacheVersions, { pollMs });
  stopBackground.push(() => watcher.stop());
  return { ...api, config, handle, jobs: started };
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
 * Stops the runtime's background steps (the jobs gracefully: `boss.stop({ graceful: true })` lets running handlers
 * finish) and closes its database (for a PGlite folder, also its lock file), after waiting for a start still running.
 * Nothing to do when the runtime was never asked for or failed to start.
 */
export async function closeRuntime(): Promise<void> {
  if (!runtime) return;
  let opened: Runtime;
  try {
    opened = await runtime;
  } catch {
    return;
  }
  for (const stop of stopBackground.splice(0)) await stop();
  await opened.handle.close();
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
