import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './db/client.ts';
import { customerTable } from './db/schema/index.ts';
import { DEMO_USERS } from './seed/seed-customers.ts';
import { seedDemoCustomersIfWanted, wantsDemoCustomers } from './runtime.ts';

let handle: DbHandle;
beforeEach(async () => {
  handle = await createDb();
});
afterEach(() => handle.close());

const customers = () => handle.db.select().from(customerTable);

describe('demo customers', () => {
  it('are seeded into the embedded demo database, with a log line naming docs/demo-logins.md', async () => {
    const lines: string[] = [];
    expect(await seedDemoCustomersIfWanted(handle.db, {}, (l) => lines.push(l))).toBe('seeded');
    expect(await customers()).toHaveLength(DEMO_USERS.length);
    expect(lines.join('\n')).toContain('docs/demo-logins.md');
  });

  it('are not seeded into a PostgreSQL shop unless asked for explicitly', async () => {
    const databaseUrl = 'postgres://postgres@127.0.0.1:5432/werkbank';
    expect(wantsDemoCustomers({ DATABASE_URL: databaseUrl })).toBe(false);
    expect(await seedDemoCustomersIfWanted(handle.db, { DATABASE_URL: databaseUrl }, () => {})).toBe('off');
    expect(await customers()).toHaveLength(0);
    expect(wantsDemoCustomers({ DATABASE_URL: databaseUrl, WERKBANK_DEMO_CUSTOMERS: '1' })).toBe(true);
  });

  it('are left out of the demo database with WERKBANK_DEMO_CUSTOMERS=0', async () => {
    expect(await seedDemoCustomersIfWanted(handle.db, { WERKBANK_DEMO_CUSTOMERS: '0' }, () => {})).toBe('off');
    expect(await customers()).toHaveLength(0);
  });

  it('are seeded once: users an operator deleted or changed are not re-created on the next start', async () => {
    await seedDemoCustomersIfWanted(handle.db, {}, () => {});
    const [deleted, changed] = DEMO_USERS.map((u) => u.username);
    await handle.db.delete(customerTable).where(eq(customerTable.username, deleted!));
    await handle.db
      .update(customerTable)
      .set({ passwordHash: 'changed-by-operator' })
      .where(eq(customerTable.username, changed!));
    expect(await seedDemoCustomersIfWanted(handle.db, {}, () => {})).toBe('present');
    const rows = await customers();
    expect(rows.map((r) => r.username)).not.toContain(deleted);
    expect(rows.find((r) => r.username === changed)?.passwordHash).toBe('changed-by-operator');
  });
});
