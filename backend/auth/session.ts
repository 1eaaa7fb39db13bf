/**
 * Context tokens of logged-in customers (Shopware `sales_channel_api_context`; SECURITY-CHECKLIST §1.1 B S13–S16):
 * - a login, registration, password change or "login as" creates a NEW row with a fresh 128-bit token
 *   (`createCustomerContext`); the token the caller brought is never upgraded to a logged-in session;
 * - logout deletes the caller's row (`deleteContext`);
 * - a password change or reset deletes every row of the customer (`deleteCustomerContexts`), optionally except the
 *   one that performed the change.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contextTable, type ContextPayload } from '../db/schema/index.ts';
import { randomId } from '../lib/ids.ts';

/** What a customer context may carry besides language and currency. */
export interface CustomerContextPayload extends ContextPayload {
  /** Set on contexts opened by an account manager through "login as customer": the manager's customer id. */
  impersonatorId?: string;
}

export interface CreateCustomerContextInput {
  salesChannelId: string;
  customerId: string;
  /** Language to keep for the session (e.g. the one of the context the login came from). */
  languageId?: string | undefined;
  /** Further payload, e.g. `{ impersonatorId }`. */
  payload?: CustomerContextPayload;
  /** Login time (default: now); session lifetimes count from it. */
  now?: Date;
}

/**
 * Persists a new context for a logged-in customer.
 *
 * @returns the new token: 32 hex characters from the CSPRNG (128 bits).
 */
export async function createCustomerContext(db: Db, input: CreateCustomerContextInput): Promise<string> {
  const token = randomId();
  const payload: CustomerContextPayload = { ...(input.payload ?? {}) };
  if (input.languageId) payload.languageId = input.languageId;
  await db.insert(contextTable).values({
    token,
    salesChannelId: input.salesChannelId,
    customerId: input.customerId,
    payload,
    ...(input.now ? { createdAt: input.now, updatedAt: input.now } : {}),
  });
  return token;
}

/** Deletes one context (logout). Unknown tokens are ignored. */
export async function deleteContext(db: Db, token: string): Promise<void> {
  await db.delete(contextTable).where(eq(contextTable.token, token));
}

/**
 * Deletes every context of a customer (password reset, deactivation), or all but `exceptToken` (password change
 * keeps the session that made it until it is rotated).
 *
 * @returns the number of contexts deleted.
 */
export async function deleteCustomerContexts(db: Db, customerId: string, exceptToken?: string): Promise<number> {
  const where = exceptToken
    ? and(eq(contextTable.customerId, customerId), ne(contextTable.token, exceptToken))
    : eq(contextTable.customerId, customerId);
  const deleted = await db.delete(contextTable).where(where).returning({ token: contextTable.token });
  return deleted.length;
}

/** Reads the payload of a stored context, or null when the token has no row. */
export async function readContextPayload(db: Db, token: string): Promise<CustomerContextPayload | null> {
  const [row] = await db
    .select({ payload: contextTable.payload })
    .from(contextTable)
    .where(eq(contextTable.token, token))
    .limit(1);
  return row ? (row.payload as CustomerContextPayload) : null;
}
