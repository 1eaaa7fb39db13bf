/**
 * Natural sorting of the user list on PostgreSQL (the route tests run on PGlite): the sort key is plain SQL and must
 * order alike on a PostgreSQL server. Needs the PostgreSQL server of the project's machines
 * (127.0.0.1:5432, user postgres, trust; `WERKBANK_TEST_PG_URL` points elsewhere); a throwaway database is created
 * and dropped.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createStoreApi } from '../../app.ts';
import { loadBackendConfig } from '../../config.ts';
import type { DbHandle } from '../../db/client.ts';
import { createPgTestDatabase, type PgTestDatabase } from '../../testing/pg-test-database.ts';
import { seedSalesChannel } from '../../db/seed-channel.ts';
import { insertCompany, insertCustomer } from '../../testing/company-test-support.ts';

const config = loadBackendConfig({});
let database: PgTestDatabase | undefined;
let handle: DbHandle;
let app: ReturnType<typeof createStoreApi>['app'];

beforeAll(async () => {
  database = await createPgTestDatabase();
  handle = database.handle;
  await seedSalesChannel(handle.db, config);
  app = createStoreApi({ db: handle.db, config }).app;
});
afterAll(async () => {
  await database?.drop();
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
