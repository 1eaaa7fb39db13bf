/**
 * Activation of a waiting registration: registrations wait until the supplier has checked them
 * (docs/decisions/010). Who waits, and for what, is `customer.pending_activation`:
 * - by client number: the company becomes active, and with it the users waiting with the company ('with_company':
 *   the first user of a registered company). Users deactivated on purpose (not waiting) stay inactive, and extra
 *   users registered into an existing company ('own') keep waiting for their own activation;
 * - by username: that waiting user becomes active; the company too when the user waited with it.
 * Used by `npm run account:activate -- <username|companyNumber>` (backend/cli-activate.ts) and the development route.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { normalizeUsername } from '../../contract/credentials.ts';
import type { Db } from '../db/client.ts';
import { companyTable, customerTable } from '../db/schema/index.ts';

export interface ActivationResult {
  company: { id: string; companyNumber: string; name: string };
  /** Usernames activated by this call (users not waiting are not listed). */
  activated: string[];
}

/**
 * Activates by client number or username (normalised as stored, contract/credentials.ts `normalizeUsername`).
 *
 * @returns what was activated, or null when neither a company nor a user matches `key`.
 */
export async function activateRegistration(
  db: Db,
  key: string,
  now: Date = new Date(),
): Promise<ActivationResult | null> {
  const wanted = key.trim();
  return db.transaction(async (tx) => {
    const [company] = await tx.select().from(companyTable).where(eq(companyTable.companyNumber, wanted)).limit(1);
    const [user] = company
      ? []
      : await tx
          .select()
          .from(customerTable)
          .where(eq(customerTable.username, normalizeUsername(wanted)))
          .limit(1);
    const companyId = company?.id ?? user?.companyId;
    if (!companyId) return null;
    const [target] = company
      ? [company]
      : await tx.select().from(companyTable).where(eq(companyTable.id, companyId)).limit(1);
    if (!target) return null;
    const waiting = company
      ? await tx
          .select({ id: customerTable.id, username: customerTable.username })
          .from(customerTable)
          .where(and(eq(customerTable.companyId, companyId), eq(customerTable.pendingActivation, 'with_company')))
      : user!.pendingActivation
        ? [{ id: user!.id, username: user!.username }]
        : [];
    if (company || user?.pendingActivation === 'with_company') {
      await tx.update(companyTable).set({ active: true, updatedAt: now }).where(eq(companyTable.id, companyId));
    }
    if (waiting.length) {
      await tx
        .update(customerTable)
        .set({ active: true, pendingActivation: null, doubleOptInConfirmDate: now, updatedAt: now })
        .where(
          inArray(
            customerTable.id,
            waiting.map((w) => w.id),
          ),
        );
    }
    return {
      company: { id: target.id, companyNumber: target.companyNumber, name: target.name },
      activated: waiting.map((w) => w.username),
    };
  });
}
