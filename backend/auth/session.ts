/**
 * Context tokens of logged-in customers (Shopware `sales_channel_api_context`; docs/decisions/008):
 * - a login, registration, password change or "login as" creates a NEW row with a fresh 128-bit token
 *   (`createCustomerContext`); the token the caller brought is never upgraded to a logged-in session (session
 *   fixation, OWASP ASVS 7.2.4);
 * - logout deletes the caller's row (`deleteContext`);
 * - a password change or reset, and a deactivation, deletes every row of the customer (`deleteCustomerContexts`),
 *   optionally except the one that performed the change (ASVS 7.4.3);
 * - a stored context authenticates only while `customerSessionValid` holds: its customer and company are active
 *   and, for "login as customer", the account manager may still log in as that customer (ASVS 7.4.2).
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companyTable, contextTable, customerTable, type ContextPayload } from '../db/schema/index.ts';
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

/**
 * What `customerSessionValid` reads of a customer, selected from `customer` joined with its `company`: a caller that
 * reads the context row can join these columns and pass the result, saving a statement.
 */
export const SESSION_PERSON = {
  active: customerTable.active,
  role: customerTable.role,
  companyId: customerTable.companyId,
  managedCompanyIds: customerTable.managedCompanyIds,
  companyActive: companyTable.active,
};

/** A customer as `SESSION_PERSON` selects it. */
export interface SessionPerson {
  active: boolean;
  role: string;
  companyId: string;
  managedCompanyIds: string[] | null;
  companyActive: boolean;
}

/**
 * True while a logged-in context may still authenticate: the customer and the customer's company are active, and
 * for a "login as customer" context (`payload.impersonatorId`) the account manager behind it is active, of an
 * active company, still has the role `account_manager` and still looks after the customer's company
 * (`managedCompanyIds` lists it, or is null for all). The context middleware asks this on every request of a
 * logged-in context and ends the session when it fails, so deactivating a user or company, or taking a company
 * from an account manager, ends those sessions at once.
 *
 * @param customer the customer as the caller read it with the context (`SESSION_PERSON`; null when not found); read
 *   here when absent.
 */
export async function customerSessionValid(
  db: Db,
  customerId: string,
  payload: CustomerContextPayload | null | undefined,
  customer?: { [K in keyof SessionPerson]: SessionPerson[K] | null } | null,
): Promise<boolean> {
  const person = async (id: string) => {
    const [row] = await db
      .select(SESSION_PERSON)
      .from(customerTable)
      .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
      .where(eq(customerTable.id, id))
      .limit(1);
    return row ?? null;
  };
  // A customer read through a left join has null columns when it is gone.
  const valid = (row: { [K in keyof SessionPerson]: SessionPerson[K] | null } | null | undefined) =>
    row && row.active && row.companyActive && row.companyId !== null ? (row as SessionPerson) : null;
  const self = valid(customer !== undefined ? customer : await person(customerId));
  if (!self) return false;
  if (!payload?.impersonatorId) return true;
  const manager = valid(await person(payload.impersonatorId));
  return Boolean(
    manager &&
    manager.role === 'account_manager' &&
    (manager.managedCompanyIds === null || manager.managedCompanyIds.includes(self.companyId)),
  );
}
