/**
 * Password recovery and set-password secrets (docs/decisions/008; OWASP Forgot Password Cheat Sheet): the secret
 * travels only in the link (`/auth/password-set?hash=…`, 256 bits, hex); the database keeps its SHA-256. A secret is
 * single-use, expires (2 hours by default), and issuing a new one or setting a password invalidates the customer's
 * older ones.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passwordRecoveryTable } from '../db/schema/index.ts';
import { randomId } from '../lib/ids.ts';

/** Lifetime of a recovery link. */
export const RECOVERY_TTL_MS = 2 * 60 * 60 * 1000;

export type RecoveryPurpose = 'recovery' | 'forced' | 'invitation';

/** Hex SHA-256 of a secret, as stored. */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Issues a new secret for the customer and invalidates the unused older ones.
 *
 * @param ttlMs lifetime in milliseconds (default 2 h; invitations may pass longer).
 * @returns the secret to put into the link (64 hex characters); never stored.
 */
export async function issueRecoverySecret(
  db: Db,
  customerId: string,
  purpose: RecoveryPurpose,
  now: Date,
  ttlMs: number = RECOVERY_TTL_MS,
): Promise<string> {
  const secret = randomBytes(32).toString('hex');
  await db
    .update(passwordRecoveryTable)
    .set({ usedAt: now })
    .where(and(eq(passwordRecoveryTable.customerId, customerId), isNull(passwordRecoveryTable.usedAt)));
  await db.insert(passwordRecoveryTable).values({
    id: randomId(),
    customerId,
    secretHash: secretDigest(secret),
    purpose,
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return secret;
}

/** The customer a secret belongs to while it is unused and unexpired, else null. Does not consume it. */
export async function peekRecoverySecret(
  db: Db,
  secret: string,
  now: Date,
): Promise<{ customerId: string; purpose: string } | null> {
  const [row] = await db
    .select({ customerId: passwordRecoveryTable.customerId, purpose: passwordRecoveryTable.purpose })
    .from(passwordRecoveryTable)
    .where(
      and(
        eq(passwordRecoveryTable.secretHash, secretDigest(secret)),
        isNull(passwordRecoveryTable.usedAt),
        gt(passwordRecoveryTable.expiresAt, now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks a valid secret used (atomically, so two concurrent uses cannot both succeed) and invalidates the customer's
 * other unused secrets.
 *
 * @returns the customer id, or null when the secret is unknown, used or expired.
 */
export async function consumeRecoverySecret(db: Db, secret: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(passwordRecoveryTable)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordRecoveryTable.secretHash, secretDigest(secret)),
        isNull(passwordRecoveryTable.usedAt),
        gt(passwordRecoveryTable.expiresAt, now),
      ),
    )
    .returning({ customerId: passwordRecoveryTable.customerId });
  if (!row) return null;
  await db
    .update(passwordRecoveryTable)
    .set({ usedAt: now })
    .where(and(eq(passwordRecoveryTable.customerId, row.customerId), isNull(passwordRecoveryTable.usedAt)));
  return row.customerId;
}
