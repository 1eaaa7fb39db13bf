/**
 * The process-wide embedded Store API: opens the database (PGlite under DATA_DIR, or PostgreSQL when DATABASE_URL is
 * set), applies migrations, syncs the sales channel, seeds the catalogue on first start and builds the Hono app.
 * Used by the storefront's in-process transport and by the standalone entry.
 */
import { createDb, type DbHandle } from './db/client.ts';
import { loadBackendConfig, type BackendConfig } from './config.ts';
import { seedSalesChannel } from './db/seed-channel.ts';
import { seedDemoCustomers } from './db/seed-customers.ts';
import { ensureCatalogSeeded } from './catalog/seed.ts';
import { createStoreApi, type StoreApi } from './app.ts';

export interface Runtime extends StoreApi {
  config: BackendConfig;
  handle: DbHandle;
}

let runtime: Promise<Runtime> | undefined;

/** Default PGlite folder, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.data/pglite';

/** Opens and seeds once per process; later calls share the same promise. */
export function getRuntime(env: Record<string, string | undefined> = process.env): Promise<Runtime> {
  runtime ??= (async () => {
    const config = loadBackendConfig(env);
    const handle = await createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR });
    await seedSalesChannel(handle.db, config);
    if (env.WERKBANK_DEMO_CUSTOMERS !== '0') await seedDemoCustomers(handle.db);
    await ensureCatalogSeeded(handle.db, config, { sharedCatalogDir: env.SHARED_CATALOG_DIR });
    const api = createStoreApi({ db: handle.db, config });
    return { ...api, config, handle };
  })();
  return runtime;
}
