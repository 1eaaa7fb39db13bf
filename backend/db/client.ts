/**
 * One factory for the embedded Store API's database: PGlite (embedded PostgreSQL in WebAssembly) by default,
 * real PostgreSQL when a connection URL is given. Both expose the same Drizzle API.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import * as v from 'valibot';
import * as schema from './schema/index.ts';
import { bootstrapDatabase } from './bootstrap.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { executeText, forgetPrepared, isUnknownPreparedStatement } from './pglite-prepared.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  /** 'pglite' or 'postgres'. */
  kind: 'pglite' | 'postgres';
  /**
   * PostgreSQL only: the URL for the process's dedicated connections (the start-up lock, `LISTEN`): `directUrl` when
   * given, else `databaseUrl`. Undefined on PGlite.
   */
  directUrl?: string | undefined;
  /**
   * PGlite only: the embedded database's client, for libraries that run their own statements on it (pg-boss's
   * `fromPglite`, backend/jobs/boss.ts). Undefined on PostgreSQL.
   */
  pglite?: PGlite | undefined;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** PostgreSQL connection URL; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL only: a URL straight to the server for the connections a transaction pooler cannot carry (session
   * advisory locks, `LISTEN`); default `databaseUrl`.
   */
  directUrl?: string | undefined;
  /** PGlite data folder; absent or 'memory://' keeps the database in memory. */
  dataDir?: string | undefined;
  /**
   * Run the committed migrations before returning (default true), on PostgreSQL under the start-up lock
   * (`bootstrapDatabase`, ./bootstrap.ts). False leaves them to the caller, e.g. to run them with seeds under one lock.
   */
  migrate?: boolean;
  /**
   * PGlite only: a dump of a data folder (`PGlite#dumpDataDir`, an uncompressed tar) to start from instead of an empty
   * database; the migrations then apply only what the dump lacks.
   */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL only: most connections the pool opens at once (default {@link DEFAULT_POOL_MAX}). */
  poolMax?: number | undefined;
  /**
   * PostgreSQL only: false sends every statement unnamed, `queryPrepared` and Drizzle's `.prepare(name)` included, so
   * nothing outlives the statement on its server connection (for a transaction pooler without prepared-statement
   * support). Default true.
   */
  preparedStatements?: boolean | undefined;
}

/** Default `poolMax`: ten connections per process (node-postgres' own default pool size). */
export const DEFAULT_POOL_MAX = 10;

/** Largest `DATABASE_POOL_MAX`: PostgreSQL's default `max_connections` (PostgreSQL documentation, "Connections and Authentication"). */
const POOL_MAX_LIMIT = 100;

/** Default PGlite folder, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.data/pglite';

/** An unset or empty variable is absent (a `.env` line `DATABASE_URL=` means no URL). */
const optionalText = v.optional(
  v.pipe(
    v.string(),
    v.transform((s) => s.trim() || undefined),
  ),
);

const databaseEnvSchema = v.object({
  DATABASE_URL: optionalText,
  DATABASE_DIRECT_URL: optionalText,
  DATA_DIR: optionalText,
  DATABASE_POOL_MAX: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\s*\d{1,3}\s*$/, `a whole number from 1 to ${POOL_MAX_LIMIT}`),
      v.transform(Number),
      v.minValue(1, `a whole number from 1 to ${POOL_MAX_LIMIT}`),
      v.maxValue(POOL_MAX_LIMIT, `a whole number from 1 to ${POOL_MAX_LIMIT}`),
    ),
    String(DEFAULT_POOL_MAX),
  ),
  DATABASE_PREPARED_STATEMENTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.trim().toLowerCase()),
      v.picklist(['on', 'off'], '`on` or `off`'),
    ),
    'on',
  ),
});

/**
 * The database options of the environment, for every program that opens the shop's database (the runtime and the
 * command-line tools):
 * - `DATABASE_URL`: PostgreSQL connection URL; unset or empty: PGlite in `DATA_DIR` (default {@link DEFAULT_DATA_DIR});
 * - `DATABASE_DIRECT_URL`: PostgreSQL straight, for the session-level work a transaction pooler such as PgBouncer in
 *   `pool_mode = transaction` cannot carry (the start-up lock with the migrations, `LISTEN`; PgBouncer documentation
 *   "Features" table); default `DATABASE_URL`. Needs `DATABASE_URL`;
 * - `DATABASE_POOL_MAX`: most pooled connections of the process, 1 to 100, default 10. A process also opens one
 *   dedicated connection to the direct URL while it migrates;
 * - `DATABASE_PREPARED_STATEMENTS`: `on` (default) or `off`; `off` sends every statement unnamed, as PgBouncer before
 *   1.21 needs in transaction pooling (a named statement is kept by one server connection, and the next transaction
 *   may get another one; PgBouncer 1.21 changelog, `max_prepared_statements`).
 *
 * @throws Error "Invalid database configuration: …" naming each invalid variable and what it accepts.
 */
export function databaseOptionsFromEnv(env: Record<string, string | undefined>): CreateDbOptions {
  const parsed = v.safeParse(databaseEnvSchema, env);
  if (!parsed.success) {
    const issues = parsed.issues
      .map((i) => {
        const key = v.getDotPath(i) ?? '?';
        return `${key}=${JSON.stringify(env[key])}: ${i.message}`;
      })
      .join('; ');
    throw new Error(`Invalid database configuration: ${issues}`);
  }
  const e = parsed.output;
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    throw new Error('Invalid database configuration: DATABASE_DIRECT_URL is set without DATABASE_URL');
  }
  return {
    databaseUrl: e.DATABASE_URL,
    directUrl: e.DATABASE_DIRECT_URL,
    dataDir: e.DATA_DIR ?? DEFAULT_DATA_DIR,
    poolMax: e.DATABASE_POOL_MAX,
    preparedStatements: e.DATABASE_PREPARED_STATEMENTS === 'on',
  };
}

/**
 * A node-postgres client that sends every statement unnamed: a query config's `name` (Drizzle's `.prepare(name)`,
 * `queryPrepared`) is dropped, so the server parses it as the unnamed statement, which lives until the next Parse on
 * that connection (PostgreSQL documentation, "Frontend/Backend Protocol", "Extended Query"). The pool creates its clients with it
 * (pg-pool's `Client` option).
 */
class UnnamedStatementClient extends pg.Client {
  override query(config: unknown, values?: unknown, callback?: unknown): never {
    const named =
      typeof config === 'object' &&
      config !== null &&
      'name' in config &&
      typeof (config as { submit?: unknown }).submit !== 'function';
    const sent = named ? { ...config, name: undefined } : config;
    return super.query(sent as never, values as never, callback as never) as never;
  }
}

/**
 * Opens the database and applies the committed migrations (unless `migrate: false`); on PostgreSQL one process at a
 * time applies them (`bootstrapDatabase`). A PGlite data folder on disk is locked for this process until `close()`
 * (./data-dir-lock.ts).
 *
 * @throws when PostgreSQL cannot be reached or a migration fails (the pool is closed again then); when another running
 *   process holds the PGlite data folder (the message names the folder and that process's pid).
 */
export async function createDb(options: CreateDbOptions = {}): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? DEFAULT_POOL_MAX,
      ...(options.preparedStatements === false ? { Client: UnnamedStatementClient } : {}),
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const directUrl = options.directUrl ?? options.databaseUrl;
    const handle: DbHandle = { db, kind: 'postgres', directUrl, close: () => pool.end() };
    if (options.migrate !== false) {
      try {
        await bootstrapDatabase(handle, { databaseUrl: directUrl });
      } catch (error) {
        await pool.end().catch(() => {});
        throw error;
      }
    }
    return handle;
  }
  const dataDir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // One process per data folder (./data-dir-lock.ts): a second one fails here, before PGlite touches the files.
  const lock = dataDir ? acquireDataDirLock(dataDir) : undefined;
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({ dataDir, extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    const opened = client;
    const handle: DbHandle = {
      db,
      kind: 'pglite',
      pglite: opened,
      close: async () => {
        try {
          await opened.close();
        } finally {
          lock?.release();
        }
      },
    };
    if (options.migrate !== false) await bootstrapDatabase(handle);
    return handle;
  } catch (err) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw err;
  }
}

/**
 * True when `db` is a PostgreSQL connection pool, on which queries started together run at the same time. PGlite runs
 * one query at a time, and a transaction holds one connection: there, starting independent reads together only adds
 * queueing (`GET /store-api/checkout/cart` of 5 lines on an in-memory PGlite: 66 instead of 41 ms median).
 */
export function runsQueriesConcurrently(db: Db): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

/**
 * The rows of a raw SQL statement, typed by the caller (both drivers answer `{ rows }`, columns as named in SQL).
 * `db` may be a transaction.
 */
export async function queryRows<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** The parts of a Drizzle database or transaction `queryPrepared` runs a statement with (Drizzle's own API). */
interface DrizzleInternals {
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/** Statement names by text: one name per fixed statement text of this process. */
const statementNames = new Map<string, string>();

/**
 * As `queryRows`, run as a named prepared statement: on PostgreSQL each connection parses and plans it once and,
 * after five executions, keeps a generic plan when that costs no more than the custom ones, so later executions skip
 * planning. Planning dominates the point lookups of the catalogue: on the 400k catalogue a product by id costs
 * about 1 ms to plan (32 indexes on `product`) and 0.06 ms to execute (EXPLAIN ANALYZE). On PGlite, outside a
 * transaction, it runs through SQL's `PREPARE`/`EXECUTE` (./pglite-prepared.ts); in a transaction, or when it cannot
 * run prepared there, as `queryRows` does.
 *
 * Only for statements whose text does not depend on the request (values as parameters, arrays as one parameter:
 * ./sql-params.ts): every distinct text stays prepared on every pooled connection. A pool opened with
 * `preparedStatements: false` sends it unnamed, exactly as `queryRows` does.
 */
export async function queryPrepared<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const query = dialect.sqlToQuery(statement);
  let name = statementNames.get(query.sql);
  if (!name) {
    name = `wb_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
    statementNames.set(query.sql, name);
  }
  const client = (session as { client?: unknown }).client;
  if (client instanceof PGlite) {
    const execute = await executeText(client, name, query.sql, query.params);
    if (execute) {
      try {
        const result = await session.prepareQuery({ sql: execute, params: [] }, undefined, undefined, false).execute();
        return (result as { rows: T[] }).rows;
      } catch (error) {
        // Deallocated meanwhile: prepared again next time, run unprepared now.
        if (!isUnknownPreparedStatement(error)) throw error;
        forgetPrepared(client, name);
      }
    }
  }
  const result = await session.prepareQuery(query, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
