/**
 * The database settings of the environment (`databaseOptionsFromEnv`): defaults, and a clear refusal of values the
 * shop cannot start with.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_DATA_DIR, DEFAULT_POOL_MAX, databaseOptionsFromEnv } from './client.ts';

describe('databaseOptionsFromEnv', () => {
  test('without settings: PGlite in the default folder; on PostgreSQL 10 connections with prepared statements', () => {
    expect(databaseOptionsFromEnv({})).toEqual({
      databaseUrl: undefined,
      directUrl: undefined,
      dataDir: DEFAULT_DATA_DIR,
      poolMax: DEFAULT_POOL_MAX,
      preparedStatements: true,
    });
    expect(DEFAULT_POOL_MAX).toBe(10);
    // An empty line in a .env file means the variable is not set.
    expect(databaseOptionsFromEnv({ DATABASE_URL: '', DATA_DIR: '' }).databaseUrl).toBeUndefined();
  });

  test('reads the URLs, the pool size and the prepared-statement switch', () => {
    expect(
      databaseOptionsFromEnv({
        DATABASE_URL: 'postgres://shop@pgbouncer:6432/werkbank',
        DATABASE_DIRECT_URL: 'postgres://shop@db:5432/werkbank',
        DATABASE_POOL_MAX: '3',
        DATABASE_PREPARED_STATEMENTS: 'off',
      }),
    ).toMatchObject({
      databaseUrl: 'postgres://shop@pgbouncer:6432/werkbank',
      directUrl: 'postgres://shop@db:5432/werkbank',
      poolMax: 3,
      preparedStatements: false,
    });
    expect(databaseOptionsFromEnv({ DATABASE_PREPARED_STATEMENTS: 'ON', DATABASE_POOL_MAX: '100' })).toMatchObject({
      preparedStatements: true,
      poolMax: 100,
    });
  });

  test.each([
    [{ DATABASE_POOL_MAX: '0' }, /DATABASE_POOL_MAX="0": a whole number from 1 to 100/],
    [{ DATABASE_POOL_MAX: '101' }, /DATABASE_POOL_MAX="101": a whole number from 1 to 100/],
    [{ DATABASE_POOL_MAX: 'ten' }, /DATABASE_POOL_MAX="ten": a whole number from 1 to 100/],
    [{ DATABASE_POOL_MAX: '2.5' }, /DATABASE_POOL_MAX/],
    [{ DATABASE_PREPARED_STATEMENTS: 'no' }, /DATABASE_PREPARED_STATEMENTS="no": `on` or `off`/],
    [{ DATABASE_DIRECT_URL: 'postgres://db/werkbank' }, /DATABASE_DIRECT_URL is set without DATABASE_URL/],
  ])('refuses %o with a message naming the variable', (env, message) => {
    expect(() => databaseOptionsFromEnv(env)).toThrow(/^Invalid database configuration: /);
    expect(() => databaseOptionsFromEnv(env)).toThrow(message);
  });
});
