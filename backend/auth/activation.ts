/**
 * Activation of a waiting registration (issue 3 §1: registrations wait until the supplier has checked them):
 * by client number, the company and every user of it become active; by username, that user and the company.
 * Used by `npm run account:activate -- <username|companyNumber>` (backend/cli-activate.ts).
 */
import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companyTable, customerTable } from '../db/schema/index.ts';

export interface ActivationResult {
  company: { id: string; companyNumber: string; name: string };
  /** Usernames activated by this call (already active ones are not listed). */
  activated: string[];
}

/**
 * Activates by client number or username (compared lower-case).
 *
 * @returns what was activated, or null when neither a company nor a user matches `key`.
 */
export async function activateRegistration(
  db: Db,
  key: string,
  now: Date = new Date(),
): Promise<ActivationResult | null> {
  const wanted = key.trim();
  const [company] = await db.select().from(companyTable).where(eq(companyTable.companyNumber, wanted)).limit(1);
  const [user] = company
    ? []
    : await db.select().from(customerTable).where(eq(customerTable.username, wanted.toLowerCase())).limit(1);
  const companyId = company?.id ?? user?.companyId;
  if (!companyId) return null;
  const [target] = company
    ? [company]
    : await db.select().from(companyTable).where(eq(companyTable.id, companyId)).limit(1);
  if (!target) return null;
  await db.update(companyTable).set({ active: true, updatedAt: now }).where(eq(companyTable.id, companyId));
  const scope = company ? eq(customerTable.companyId, companyId) : eq(customerTable.id, user!.id);
  const waiting = await db
    .select({ id: customerTable.id, username: customerTable.username, active: customerTable.active })
    .from(customerTable)
    .where(scope);
  const toActivate = waiting.filter((w) => !w.active);
  if (toActivate.length) {
    await db
      .update(customerTable)
      .set({ active: true, doubleOptInConfirmDate: now, updatedAt: now })
      .where(or(...toActivate.map((w) => eq(customerTable.id, w.id))));
  }
  return {
    company: { id: target.id, companyNumber: target.companyNumber, name: target.name },
    activated: toActivate.map((w) => w.username),
  };
}
