import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../db/client.ts';
import { loadBackendConfig } from '../config.ts';
import { companyTable, customerTable } from '../db/schema/index.ts';
import { seedSalesChannel } from '../db/seed-channel.ts';
import { DEMO_USERS, demoCompanyId, seedDemoCustomers } from '../seed/seed-customers.ts';
import { activateRegistration } from './activation.ts';

let handle: DbHandle;
beforeAll(async () => {
  handle = await createDb();
  await seedSalesChannel(handle.db, loadBackendConfig({}));
  await seedDemoCustomers(handle.db);
});
afterAll(() => handle.close());

describe('demo seed', () => {
  it('is idempotent and keeps changed data', async () => {
    await handle.db
      .update(customerTable)
      .set({ firstName: 'Changed' })
      .where(eq(customerTable.username, 'anna.peeters'));
    await seedDemoCustomers(handle.db);
    const users = await handle.db.select().from(customerTable);
    expect(users).toHaveLength(DEMO_USERS.length);
    expect(users.find((u) => u.username === 'anna.peeters')?.firstName).toBe('Changed');
  });
});

describe('activateRegistration', () => {
  it('activates a waiting company and its users by client number', async () => {
    const result = await activateRegistration(handle.db, '100002');
    expect(result).toMatchObject({ company: { companyNumber: '100002' }, activated: ['kim.wouters'] });
    const [company] = await handle.db
      .select()
      .from(companyTable)
      .where(eq(companyTable.id, demoCompanyId('pending')));
    expect(company?.active).toBe(true);
    const again = await activateRegistration(handle.db, '100002');
    expect(again?.activated).toEqual([]);
  });

  it('never activates a user deactivated on purpose, neither with the company nor by username', async () => {
    const byCompany = await activateRegistration(handle.db, '100001');
    expect(byCompany?.activated).toEqual([]);
    const byName = await activateRegistration(handle.db, 'Els.Inactief');
    expect(byName?.activated).toEqual([]);
    const [els] = await handle.db.select().from(customerTable).where(eq(customerTable.username, 'els.inactief'));
    expect(els?.active).toBe(false);
  });

  it('answers null for an unknown key', async () => {
    expect(await activateRegistration(handle.db, 'nobody')).toBeNull();
  });
});
