/**
 * Natural sorting of the user list on PostgreSQL (the route tests run on PGlite): the sort key is plain SQL and must
 * order alike on a PostgreSQL server. Needs the PostgreSQL server of the project's machines
 * (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created
 * and dropped.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import { createDb, type DbHandle } from '../../db/client.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { randomId } from '../../lib/ids.ts';
import { insertCompany, insertCustomer } from './test-support.ts';

const SERVER = process.env.WERKBANK_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = `werkbank_test_${randomId().slice(0, 12)}`;
const config = loadBackendConfig({});
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(SERVER);
  url.pathname = `/${DATABASE}`;
  handle = await createDb({ databaseUrl: url.toString() });
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
});
afterAll(async () => {
  await handle?.close();
  await admin(`DROP DATABASE IF EXISTS ${DATABASE}`);
});

describe('the user list on PostgreSQL', () => {
  test('naturalSorting orders numbers by value and letters without case, both directions, paged', async () => {
    const company = (await insertCompany(handle.db)).id;
    const manager = await insertCustomer(handle.db, company, { leadBuyer: true, lastName: 'Zander' });
    for (const lastName of ['Meier 10', 'Meier 2', 'meier 1']) await insertCustomer(handle.db, company, { lastName });
    const list = async (order: string, paging: { limit?: number; page?: number } = {}) => {
      const res = await app.request(`/store-api/${config.provider}/companies/customers`, {
        method: 'POST',
        headers: {
          'sw-access-key': config.accessKey,
          'content-type': 'application/json',
          'sw-context-token': manager.token,
        },
        body: JSON.stringify({
          filter: [{ type: 'contains', field: 'lastName', value: 'meier' }],
          sort: [{ field: 'lastName', order, naturalSorting: true }],
          ...paging,
        }),
      });
      const json = (await res.json()) as { total: number; elements: { lastName: string }[] };
      return { total: json.total, names: json.elements.map((e) => e.lastName) };
    };
    expect((await list('ASC')).names).toEqual(['meier 1', 'Meier 2', 'Meier 10']);
    expect((await list('DESC')).names).toEqual(['Meier 10', 'Meier 2', 'meier 1']);
    expect(await list('ASC', { limit: 2, page: 2 })).toEqual({ total: 3, names: ['Meier 10'] });
  });
});
