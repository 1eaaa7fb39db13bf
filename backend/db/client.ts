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
import * as schema from './schema/index.ts';
import { bootstrapDatabase } from './bootstrap.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';

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
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
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
 * about 1 ms to plan (32 indexes on `product`) and 0.06 ms to execute (EXPLAIN ANALYZE). PGlite runs it as
 * `queryRows` does.
 *
 * Only for statements whose text does not depend on the request (values as parameters, arrays as one parameter:
 * ./sql-params.ts): every distinct text stays prepared on every pooled connection.
 */
export async function queryPrepared<T>(db: Pick<Db, 'execute'>, statement: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const query = dialect.sqlToQuery(statement);
  let name = statementNames.get(query.sql);
  if (!name) {
    name = `wb_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`;
    statementNames.set(query.sql, name);
  }
  const result = await session.prepareQuery(query, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
