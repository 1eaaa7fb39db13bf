/**
 * Punch-out sessions (docs/decisions/025-punch-out.md; backend/db/schema/punchout.ts).
 *
 * A session is opened by a procurement system (an OCI call-up, a cXML PunchOutSetupRequest) for a configuration.
 * It shops as a customer of its own in the configuration's company, with the configured user's rights copied, so
 * that every buyer of a procurement system (they share one technical user) has a cart of their own. The browser gets
 * into it through a single-use start (`issueStart` / `redeemStart`): OCI's one-time code, cXML's StartPage URL
 * ("unique for that PunchOut session … valid for only a limited amount of time", cXML Reference Guide 1.2.051
 * §5.4.1). Ending the session (transfer, cancel, logout, expiry) deletes that customer with its cart and contexts
 * ("Do not persist browser cookies", §5.4.2).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  contextTable,
  customerRightTable,
  customerTable,
  punchOutSessionTable,
  punchOutStartTable,
  type PunchOutProtocol,
} from '../../db/schema/index.ts';
import { randomId } from '../../lib/ids.ts';

/** How long a session lasts after it was opened, in milliseconds (a working day of shopping: 8 hours). */
export const PUNCHOUT_SESSION_TTL_MS = 8 * 60 * 60 * 1000;
/** Lifetime of OCI's one-time code, in milliseconds (2 minutes: the browser follows the 303 at once). */
export const OCI_START_TTL_MS = 2 * 60 * 1000;
/** Lifetime of a cXML StartPage URL, in milliseconds (5 minutes: the procurement system opens it at once). */
export const CXML_START_TTL_MS = 5 * 60 * 1000;

/** What a punch-out context carries in its payload (backend/db/schema/context.ts `ContextPayload.punchOut`). */
export interface PunchOutContext {
  sessionId: string;
  protocol: PunchOutProtocol;
  /** cXML inspect: the cart cannot be changed. */
  readOnly: boolean;
  /** ISO 8601 instant the session ends. */
  expiresAt: string;
  /** Set only on the context a cXML OrderRequest is placed with (./order-request.ts): the one order it may place. */
  orderRequest?: boolean;
}

export type PunchOutSessionRow = typeof punchOutSessionTable.$inferSelect;

export interface OpenSessionInput {
  configId: string;
  /** The configured company user whose company, rights and prices the session's customer takes. */
  configuredCustomerId: string;
  protocol: PunchOutProtocol;
  operation: 'create' | 'edit' | 'inspect';
  returnUrl: string;
  data: Record<string, unknown>;
  testMode: boolean;
  now: Date;
}

/** SHA-256 (hex) of a start's secret: only this is stored. */
function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Opens a session: the session row and its own customer (module comment), in one transaction.
 *
 * @returns the session row (its `customerId` is the session's customer).
 * @throws Error when the configured customer does not exist (the configuration's foreign key keeps it).
 */
export async function openPunchOutSession(db: Db, input: OpenSessionInput): Promise<PunchOutSessionRow> {
  return db.transaction(async (tx) => {
    const [configured] = await tx
      .select()
      .from(customerTable)
      .where(eq(customerTable.id, input.configuredCustomerId))
      .limit(1);
    if (!configured) throw new Error(`punch-out: configured customer ${input.configuredCustomerId} is gone`);
    const sessionId = randomId();
    const customerId = randomId();
    await tx.insert(customerTable).values({
      id: customerId,
      companyId: configured.companyId,
      username: `punchout-${sessionId}`,
      email: configured.email,
      passwordHash: null,
      salutation: configured.salutation,
      firstName: configured.firstName,
      lastName: configured.lastName,
      active: true,
      leadBuyer: false,
      isOciCustomer: input.protocol === 'oci',
      role: configured.role === 'account_manager' ? 'buyer' : configured.role,
      defaultBillingAddressId: configured.defaultBillingAddressId,
      defaultShippingAddressId: configured.defaultShippingAddressId,
      languageId: configured.languageId,
      punchOutSessionId: sessionId,
      createdAt: input.now,
    });
    await tx.execute(sql`
      INSERT INTO customer_right (customer_id, code, enabled)
      SELECT ${customerId}, code, enabled FROM customer_right WHERE customer_id = ${configured.id}`);
    const [session] = await tx
      .insert(punchOutSessionTable)
      .values({
        id: sessionId,
        configId: input.configId,
        customerId,
        protocol: input.protocol,
        operation: input.operation,
        returnUrl: input.returnUrl,
        data: input.data,
        testMode: input.testMode,
        expiresAt: new Date(input.now.getTime() + PUNCHOUT_SESSION_TTL_MS),
        createdAt: input.now,
      })
      .returning();
    return session!;
  });
}

/**
 * Issues a single-use start for a session.
 *
 * @returns `id` (32 hex) and `secret` (43 base64url characters, 256 bits); only the secret's SHA-256 is stored.
 */
export async function issueStart(
  db: Db,
  sessionId: string,
  kind: 'oci' | 'cxml' | 'inspect',
  ttlMs: number,
  now: Date,
): Promise<{ id: string; secret: string }> {
  const id = randomId();
  const secret = randomBytes(32).toString('base64url');
  await db.insert(punchOutStartTable).values({
    id,
    sessionId,
    kind,
    secretHash: secretHash(secret),
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return { id, secret };
}

/**
 * Redeems a start: marks it used (at most once, also under concurrent requests: one UPDATE … WHERE used_at IS NULL)
 * and answers its session, or null when the start is unknown, of another kind, used, expired, its secret wrong or its
 * session ended (all alike, so nothing can be learnt from the answer).
 *
 * @param id the start's id; for OCI's one-time code, where the code is the secret alone, pass null and the secret.
 */
export async function redeemStart(
  db: Db,
  kind: 'oci' | 'cxml' | 'inspect',
  id: string | null,
  secret: string,
  now: Date,
): Promise<PunchOutSessionRow | null> {
  const hash = secretHash(secret);
  const [start] = await db
    .update(punchOutStartTable)
    .set({ usedAt: now })
    .where(
      and(
        id ? eq(punchOutStartTable.id, id) : eq(punchOutStartTable.secretHash, hash),
        eq(punchOutStartTable.kind, kind),
        isNull(punchOutStartTable.usedAt),
        gt(punchOutStartTable.expiresAt, now),
      ),
    )
    .returning();
  if (!start) return null;
  // The id names the row; the secret must match it (compared in constant time).
  if (!timingSafeEqual(Buffer.from(start.secretHash, 'hex'), Buffer.from(hash, 'hex'))) return null;
  const [session] = await db
    .select()
    .from(punchOutSessionTable)
    .where(
      and(
        eq(punchOutSessionTable.id, start.sessionId),
        isNull(punchOutSessionTable.endedAt),
        gt(punchOutSessionTable.expiresAt, now),
      ),
    )
    .limit(1);
  return session ?? null;
}

/** The session of a punch-out context, or null when it ended or expired. */
export async function activePunchOutSession(db: Db, sessionId: string, now: Date): Promise<PunchOutSessionRow | null> {
  const [session] = await db
    .select()
    .from(punchOutSessionTable)
    .where(
      and(
        eq(punchOutSessionTable.id, sessionId),
        isNull(punchOutSessionTable.endedAt),
        gt(punchOutSessionTable.expiresAt, now),
      ),
    )
    .limit(1);
  return session ?? null;
}

/**
 * Ends sessions: marks them ended and deletes their customers, which takes the carts and every context with them
 * (foreign keys; contexts explicitly, they have none).
 */
export async function endPunchOutSessions(db: Db, sessionIds: readonly string[], now: Date): Promise<void> {
  if (sessionIds.length === 0) return;
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(punchOutSessionTable)
      .set({ endedAt: now, customerId: null, updatedAt: now })
      .where(inArray(punchOutSessionTable.id, [...sessionIds]))
      .returning({ id: punchOutSessionTable.id });
    if (ended.length === 0) return;
    const customers = await tx
      .select({ id: customerTable.id })
      .from(customerTable)
      .where(
        inArray(
          customerTable.punchOutSessionId,
          ended.map((s) => s.id),
        ),
      );
    const ids = customers.map((c) => c.id);
    if (ids.length === 0) return;
    await tx.delete(contextTable).where(inArray(contextTable.customerId, ids));
    await tx.delete(customerRightTable).where(inArray(customerRightTable.customerId, ids));
    await tx.delete(customerTable).where(inArray(customerTable.id, ids));
  });
}

/** Ends the sessions that expired before `now` and are not yet ended (run when a new session opens). */
export async function endExpiredPunchOutSessions(db: Db, now: Date): Promise<number> {
  const expired = await db
    .select({ id: punchOutSessionTable.id })
    .from(punchOutSessionTable)
    .where(and(isNull(punchOutSessionTable.endedAt), lt(punchOutSessionTable.expiresAt, now)))
    .limit(500);
  await endPunchOutSessions(
    db,
    expired.map((s) => s.id),
    now,
  );
  return expired.length;
}
