/**
 * `npm run shop:maintenance -- on|off`: switches the shop's maintenance mode in the database named by DATABASE_URL, or
 * else the PGlite folder DATA_DIR (default .data/pglite; stop the shop first, PGlite allows one process). While it is
 * on, every storefront answers its pages with the maintenance page (503, `Retry-After`); the Store API keeps serving.
 * Running processes follow within the cache poll interval (`WERKBANK_CACHE_POLL_MS`, default 5 s): the switch bumps
 * the `channel` cache version in its transaction (docs/decisions/026-several-instances.md).
 *
 * Exit codes: 0 switched, 1 no sales channel in the database, 2 wrong usage.
 */
import { createDb, databaseOptionsFromEnv } from './db/client.ts';
import { setMaintenance } from './db/seed-channel.ts';

const USAGE = 'usage: npm run shop:maintenance -- on|off';

async function main(): Promise<void> {
  const mode = process.argv.slice(2).find((a) => a !== '--');
  if (mode !== 'on' && mode !== 'off') {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const handle = await createDb(databaseOptionsFromEnv(process.env));
  try {
    const switched = await setMaintenance(handle.db, mode === 'on');
    if (!switched) {
      console.error('No sales channel in this database: start the shop once first.');
      process.exitCode = 1;
      return;
    }
    console.log(`Maintenance mode ${mode}.`);
  } finally {
    await handle.close();
  }
}

await main();
