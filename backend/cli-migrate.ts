/**
 * `npm run db:migrate`: applies the committed migrations to the database named by DATABASE_URL, or else the PGlite
 * folder DATA_DIR (default .data/pglite; stop the shop first, PGlite allows one process), and exits. On PostgreSQL the
 * migrations run under the start-up lock (backend/db/bootstrap.ts), so it is safe beside starting or running shops;
 * a deployment runs it once before starting the new processes, as Shopware's `system:update` or Medusa's
 * `db:migrate` do. Prints how many migrations the database has applied; exit code 1 when a migration fails or the
 * database cannot be reached.
 */
import { sql } from 'drizzle-orm';
import { createDb, databaseOptionsFromEnv, queryRows } from './db/client.ts';

async function main(): Promise<void> {
  const started = Date.now();
  const handle = await createDb(databaseOptionsFromEnv(process.env));
  try {
    const [row] = await queryRows<{ applied: number }>(
      handle.db,
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    );
    console.log(`${handle.kind}: ${row?.applied ?? 0} migrations applied; ${Date.now() - started} ms`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
