/**
 * A throwaway PostgreSQL database for tests that need real concurrency or locking (PGlite runs one session and
 * serialises every query, which hides races). Uses the PostgreSQL server of the project's machines
 * (127.0.0.1:5432, user postgres, trust auth) or the server `WERKBANK_TEST_PG_URL` names; the database gets a random
 * name after the prefix `WERKBANK_TEST_DB_PREFIX` (default `werkbank_test_`; lower-case letters, digits and `_`), is
 * migrated by `createDb`, and is dropped again by `drop()`.
 *
 * With `WERKBANK_TEST_PG_POOLER_URL` (e.g. `postgres://postgres@127.0.0.1:6432/`, a PgBouncer whose `[databases]`
 * section forwards every name to that server) the tests reach their database through the pooler, as a shop with
 * `DATABASE_URL` on a pooler does: the pooled connections go there, the start-up lock and the migrations straight to
 * the server (`DATABASE_DIRECT_URL`), and `DATABASE_POOL_MAX` and `DATABASE_PREPARED_STATEMENTS` of the test's
 * environment apply (`databaseOptionsFromEnv`, ../db/client.ts). Creating and dropping databases always uses the
 * server itself.
 */
import pg from 'pg';
import { createDb, databaseOptionsFromEnv, type CreateDbOptions, type DbHandle } from '../db/client.ts';
import { randomId } from '../lib/ids.ts';

const SERVER = process.env.WERKBANK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POOLER = process.env.WERKBANK_TEST_PG_POOLER_URL || undefined;
/** Start of every test database's name (runs sharing one server keep apart by it). */
const PREFIX = process.env.WERKBANK_TEST_DB_PREFIX || 'werkbank_test_';
if (!/^[a-z_][a-z0-9_]{0,30}$/.test(PREFIX))
  throw new Error('WERKBANK_TEST_DB_PREFIX: lower-case letters, digits and _');

/** One statement on the server's maintenance database (CREATE or DROP DATABASE cannot run in a transaction). */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `base` with its path naming the database `name`. */
function urlOf(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface PgTestDatabase {
  /** The database, migrated unless created with `migrate: false`. */
  handle: DbHandle;
  /** Its connection URL (through the pooler when `WERKBANK_TEST_PG_POOLER_URL` is set). */
  url: string;
  /** The options another handle on it is opened with, as the shop would open it (see the module comment). */
  options: CreateDbOptions;
  /** The variables naming it for a child process: `DATABASE_URL`, and `DATABASE_DIRECT_URL` behind a pooler. */
  env: Record<string, string>;
  /** Closes the handle and drops the database, ending connections still open to it (a pooler's included). */
  drop(): Promise<void>;
}

/**
 * Creates a new database on the test server and migrates it, unless `migrate: false` (an empty database, e.g. to
 * test the start-up itself).
 *
 * @throws the pg error when the server cannot be reached or the database cannot be created; an Error when the
 *   prefix is not a lower-case SQL identifier or the environment's database options are invalid.
 */
export async function createPgTestDatabase(options: { migrate?: boolean } = {}): Promise<PgTestDatabase> {
  const name = `${PREFIX}${randomId().slice(0, 12)}`;
  const direct = urlOf(SERVER, name);
  const url = POOLER ? urlOf(POOLER, name) : direct;
  const env: Record<string, string> = POOLER
    ? { DATABASE_URL: url, DATABASE_DIRECT_URL: direct }
    : { DATABASE_URL: url };
  const dbOptions = databaseOptionsFromEnv({ ...process.env, DATABASE_DIRECT_URL: undefined, ...env });
  await admin(`CREATE DATABASE ${name}`);
  const handle = await createDb({ ...dbOptions, migrate: options.migrate ?? true });
  return {
    handle,
    url,
    options: dbOptions,
    env,
    drop: async () => {
      await handle.close();
      // A pooler keeps its server connections to the database open after the test's pool closed: only then end them
      // (FORCE). Without one, the pool's own connections are closing at this moment, and FORCE would terminate them
      // mid-goodbye (an uncaught 57P01 in the test process).
      await admin(`DROP DATABASE IF EXISTS ${name}${POOLER ? ' WITH (FORCE)' : ''}`);
    },
  };
}
