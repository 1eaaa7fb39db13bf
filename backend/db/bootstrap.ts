/**
 * Start-up of a database: the committed migrations, then the caller's start-up seeds, run by one process at a time.
 *
 * On PostgreSQL several processes may start together on one database (two storefronts, a backend and a catalogue
 * import). Drizzle's migrator reads the last applied migration with a plain SELECT before its own transaction, so two
 * processes on an empty or outdated database both apply the same migration and the second fails ("already exists",
 * or a duplicate key in `pg_type` for `CREATE TABLE IF NOT EXISTS`). `bootstrapDatabase` therefore holds the
 * session-level advisory lock `BOOTSTRAP_LOCK_KEY` (PostgreSQL 15 documentation §9.27.10 "Advisory Lock Functions")
 * on one dedicated connection, not a pooled one, around the migrations and the seeds: a second process waits for the
 * first, then finds every migration applied and its seeds' rows present. The lock is released when the work ends or
 * fails, and by the server when the connection is lost. PGlite is one process by construction and takes no lock.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { queryRows, type DbHandle } from './client.ts';

/**
 * Key of the advisory lock held during start-up: the bytes of the ASCII text "werkbank" read as one signed 64-bit
 * integer (0x7765726b62616e6b). Any other tool taking advisory locks on the shop's database must avoid this key.
 */
export const BOOTSTRAP_LOCK_KEY = 0x7765726b62616e6bn;

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export interface BootstrapOptions {
  /**
   * The PostgreSQL connection URL the handle was opened with. The lock and the migrations use their own connection to
   * the handle's `directUrl` (the server itself when `DATABASE_URL` names a transaction pooler, which cannot hold a
   * session's advisory lock), to this URL only for a handle without one. Absent for PGlite (no lock).
   */
  databaseUrl?: string | undefined;
  /** Apply the committed migrations first (default true). */
  migrate?: boolean;
  /** The migrations folder (default `backend/db/migrations`, or `WERKBANK_MIGRATIONS_DIR` when set). */
  migrationsFolder?: string;
}

/**
 * Applies the committed migrations (Drizzle's journal in `drizzle.__drizzle_migrations`) and then runs `seed`, both
 * under the start-up lock on PostgreSQL (see the module comment).
 *
 * @returns what `seed` returns (undefined without one).
 * @throws the pg error when PostgreSQL cannot be reached or a migration fails, or what `seed` throws; an Error when a
 *   PostgreSQL handle comes without `databaseUrl`. The lock is
 *   released and the dedicated connection closed in every case. The handle itself stays open.
 */
export async function bootstrapDatabase<T = undefined>(
  handle: DbHandle,
  options: BootstrapOptions = {},
  seed?: () => Promise<T>,
): Promise<T> {
  const migrationsFolder = options.migrationsFolder ?? process.env.WERKBANK_MIGRATIONS_DIR ?? MIGRATIONS_FOLDER;
  const run = async (migrateWith: () => Promise<void>): Promise<T> => {
    if (options.migrate !== false) await migrateWith();
    return seed ? await seed() : (undefined as T);
  };
  if (handle.kind === 'pglite') return run(() => migratePglite(handle.db as never, { migrationsFolder }));
  const lockUrl = handle.directUrl ?? options.databaseUrl;
  if (!lockUrl) throw new Error('bootstrapDatabase: a PostgreSQL handle needs its databaseUrl');
  return withBootstrapLock(lockUrl, (client) =>
    // The migrations run on the lock's own connection: one session holds the lock and writes the schema.
    run(() => migratePg(drizzlePg(client) as never, { migrationsFolder })),
  );
}

/**
 * Runs `work` while holding `pg_advisory_lock(BOOTSTRAP_LOCK_KEY)` on a new connection to `databaseUrl` (waiting for
 * another holder), then unlocks and closes the connection, also when `work` throws.
 *
 * @throws the pg error when the connection cannot be made, or what `work` throws.
 */
export async function withBootstrapLock<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // An error event on an idle client (server restart) must not crash the process; the next query reports it.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [BOOTSTRAP_LOCK_KEY.toString()]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [BOOTSTRAP_LOCK_KEY.toString()]).catch(() => {
        // The connection is gone: the server has released the session's locks with it.
      });
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Wraps a start function so that concurrent and later callers share one promise while it is pending or fulfilled,
 * and a rejected attempt is forgotten: the caller that saw the rejection gets it, the next call starts again. So a
 * process whose first start-up failed (database not yet reachable, a lost race) recovers on the next request instead
 * of answering that failure until it is restarted.
 */
export function shareUntilRejected<A extends unknown[], T>(
  start: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  let shared: Promise<T> | undefined;
  return (...args: A) => {
    shared ??= start(...args).catch((error: unknown) => {
      shared = undefined;
      throw error;
    });
    return shared;
  };
}

/** What a process of this build finds in its database: migrations applied of those it knows, and a sales channel. */
export interface SchemaStatus {
  /** Migrations of this build's journal (`meta/_journal.json`). */
  expected: number;
  /** Of those, how many the database has applied (by their journal time, `drizzle.__drizzle_migrations.created_at`). */
  applied: number;
  /** Whether the start-up seeds have written the sales channel. */
  seeded: boolean;
}

/**
 * Reads how far the database is (see `SchemaStatus`); a database without Drizzle's journal table has applied none.
 *
 * @throws the database error when the database cannot be read.
 */
export async function readSchemaStatus(
  handle: DbHandle,
  migrationsFolder = process.env.WERKBANK_MIGRATIONS_DIR ?? MIGRATIONS_FOLDER,
): Promise<SchemaStatus> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const [tables] = await queryRows<{ journal: boolean; channel: boolean }>(
    handle.db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS journal,
               to_regclass('public.sales_channel') IS NOT NULL AS channel`,
  );
  const times = tables?.journal
    ? new Set(
        (
          await queryRows<{ created_at: string | number }>(
            handle.db,
            sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
          )
        ).map((row) => Number(row.created_at)),
      )
    : new Set<number>();
  const seeded = tables?.channel
    ? (await queryRows(handle.db, sql`SELECT 1 FROM sales_channel LIMIT 1`)).length > 0
    : false;
  return {
    expected: journal.entries.length,
    applied: journal.entries.filter((entry) => times.has(entry.when)).length,
    seeded,
  };
}

/**
 * Waits until the database has every migration of this build and the start-up seeds (a process of role `worker` or
 * `all`, or `npm run db:migrate` and a first start, writes them), reading `readSchemaStatus` every `pollMs`: how a
 * web process starts in cluster mode (`WERKBANK_CLUSTER=1`), where it must neither migrate nor seed. Logs once what
 * it waits for.
 *
 * @throws Error when `timeoutMs` passes first (the runtime's start then fails and is tried again on the next
 *   readiness probe), or the database error of a read.
 */
export async function waitForSchema(
  handle: DbHandle,
  options: { pollMs?: number; timeoutMs?: number; log?: (line: string) => void } = {},
): Promise<SchemaStatus> {
  const pollMs = options.pollMs ?? 1_000;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const log = options.log ?? ((line: string) => console.log(line));
  let logged = false;
  for (;;) {
    const status = await readSchemaStatus(handle);
    if (status.applied === status.expected && status.seeded) return status;
    if (!logged) {
      log(
        `[werkbank] cluster mode: waiting for the database (${status.applied} of ${status.expected} migrations, ` +
          `${status.seeded ? 'seeded' : 'not seeded yet'}); a worker or \`npm run db:migrate\` brings it there`,
      );
      logged = true;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The database has ${status.applied} of ${status.expected} migrations${status.seeded ? '' : ' and no sales channel'}.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
