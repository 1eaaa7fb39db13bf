/**
 * A throwaway PostgreSQL database for tests that need real concurrency or locking (PGlite runs one session and
 * serialises every query, which hides races). Uses the PostgreSQL server of the project's machines
 * (127.0.0.1:5432, user postgres, trust auth) or the server `WERKBANK_TEST_PG_URL` names; the database gets a random
 * name after the prefix `WERKBANK_TEST_DB_PREFIX` (default `werkbank_test_`; lower-case letters, digits and `_`), is
 * migrated by `createDb`, and is dropped again by `drop()`.
 */
import pg from 'pg';
import { createDb, type DbHandle } from '../db/client.ts';
import { randomId } from '../lib/ids.ts';

const SERVER = process.env.WERKBANK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Start of every test database's name (runs sharing one server keep apart by it). */
const PREFIX = process.env.WERKBANK_TEST_DB_PREFIX ?? 'werkbank_test_';
if (!/^[a-z_][a-z0-9_]{0,30}$/.test(PREFIX)) throw new Error('WERKBANK_TEST_DB_PREFIX: lower-case letters, digits and _');

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

export interface PgTestDatabase {
  /** The database, migrated unless created with `migrate: false`. */
  handle: DbHandle;
  /** Its connection URL, e.g. for a backend started as a child process. */
  url: string;
  /** Closes the handle and drops the database. */
  drop(): Promise<void>;
}

/**
 * Creates a new database on the test server and migrates it, unless `migrate: false` (an empty database, e.g. to
 * test the start-up itself).
 *
 * @throws the pg error when the server cannot be reached or the database cannot be created.
 */
export async function createPgTestDatabase(options: { migrate?: boolean } = {}): Promise<PgTestDatabase> {
  const name = `${PREFIX}${randomId().slice(0, 12)}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const handle = await createDb({ databaseUrl: url.toString(), migrate: options.migrate ?? true });
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await admin(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
}
