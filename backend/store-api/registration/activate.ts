/**
 * Activation of registered accounts (issue 3: registration waits for activation; "a documented command activates
 * them"). The supplier checks the registration's settings, then runs:
 *
 *     npx tsx backend/store-api/registration/activate.ts <username | client number> [...]
 *
 * against the same database as the shop (DATA_DIR or DATABASE_URL, as `npm start` uses). A username activates that
 * user and its company; a client number activates the company and its lead buyers.
 */
import { pathToFileURL } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companyTable, customerTable } from '../../db/schema/index.ts';
import { normalizeUsername } from '../company/customer-model.ts';

export interface ActivationResult {
  /** Client number of the activated company. */
  companyNumber: string;
  /** Usernames activated by this call. */
  usernames: string[];
}

/**
 * Activates the account named by `key` (a username, else a client number).
 *
 * @returns what was activated, or null when nothing matches.
 */
export async function activateRegistration(db: Db, key: string): Promise<ActivationResult | null> {
  const [byUser] = await db
    .select()
    .from(customerTable)
    .where(eq(customerTable.username, normalizeUsername(key)))
    .limit(1);
  const [company] = await db
    .select()
    .from(companyTable)
    .where(byUser ? eq(companyTable.id, byUser.companyId) : eq(companyTable.companyNumber, key.trim()))
    .limit(1);
  if (!company) return null;
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(companyTable).set({ active: true, updatedAt: now }).where(eq(companyTable.id, company.id));
    const activated = await tx
      .update(customerTable)
      .set({ active: true, updatedAt: now })
      .where(
        byUser
          ? eq(customerTable.id, byUser.id)
          : and(eq(customerTable.companyId, company.id), eq(customerTable.leadBuyer, true)),
      )
      .returning({ username: customerTable.username });
    return { companyNumber: company.companyNumber, usernames: activated.map((r) => r.username) };
  });
}

async function main(keys: string[]): Promise<number> {
  if (!keys.length) {
    console.error('Usage: npx tsx backend/store-api/registration/activate.ts <username | client number> [...]');
    return 2;
  }
  const { getRuntime } = await import('../../runtime.ts');
  const runtime = await getRuntime();
  let failed = 0;
  for (const key of keys) {
    const result = await activateRegistration(runtime.handle.db, key);
    if (result)
      console.log(`Activated company ${result.companyNumber}: ${result.usernames.join(', ') || '(company only)'}`);
    else {
      failed += 1;
      console.error(`No user or client number "${key}".`);
    }
  }
  await runtime.handle.close();
  return failed ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
