/**
 * Server-side checks every customer endpoint starts with (ARCHITECTURE §5: a hidden button is not a check).
 *
 * - `requireCustomer(c, db)`: the context must carry a logged-in, active customer of an active company; otherwise
 *   403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN` (Shopware's code for store-api routes that need a customer).
 * - `requireRight(customer, code)`: the customer must hold the right enabled; otherwise 403
 *   `{provider}__MISSING_RIGHT` naming the right (specification §6).
 * - Company scope: `sameCompany(customer, companyId)` — other companies' ids answer 404, never 403, so their
 *   existence does not leak.
 */
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { companyTable, customerRightTable, customerTable } from '../db/schema/index.ts';
import type { StoreApiEnv } from '../store-api/context.ts';
import { StoreApiError } from '../http/errors.ts';
import type { RightCode } from './rights.ts';

export interface AuthenticatedCustomer {
  id: string;
  companyId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  leadBuyer: boolean;
  role: string;
  isOciCustomer: boolean;
  managedCompanyIds: string[] | null;
  /** Codes of the enabled rights. */
  rights: Set<string>;
}

/** 403 for calls that need a logged-in customer. */
export function notLoggedIn(): StoreApiError {
  return new StoreApiError(403, 'CHECKOUT__CUSTOMER_NOT_LOGGED_IN', 'Customer is not logged in.');
}

/**
 * Loads the context's customer with company and rights, or throws 403 when the context is anonymous or the
 * customer or company has been deactivated since login.
 */
export async function requireCustomer(c: Context<StoreApiEnv>, db: Db): Promise<AuthenticatedCustomer> {
  const customerId = c.get('context').customerId;
  if (!customerId) throw notLoggedIn();
  const [row] = await db
    .select({ customer: customerTable, companyActive: companyTable.active })
    .from(customerTable)
    .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
    .where(eq(customerTable.id, customerId))
    .limit(1);
  if (!row || !row.customer.active || !row.companyActive) throw notLoggedIn();
  const rights = await db
    .select({ code: customerRightTable.code })
    .from(customerRightTable)
    .where(and(eq(customerRightTable.customerId, customerId), eq(customerRightTable.enabled, true)));
  const x = row.customer;
  return {
    id: x.id,
    companyId: x.companyId,
    username: x.username,
    email: x.email,
    firstName: x.firstName,
    lastName: x.lastName,
    leadBuyer: x.leadBuyer,
    role: x.role,
    isOciCustomer: x.isOciCustomer,
    managedCompanyIds: x.managedCompanyIds,
    rights: new Set(rights.map((r) => r.code)),
  };
}

/** Throws 403 `{provider}__MISSING_RIGHT` unless the customer holds `code` enabled. */
export function requireRight(customer: AuthenticatedCustomer, code: RightCode, provider: string): void {
  if (!customer.rights.has(code)) {
    throw new StoreApiError(403, `${provider.toUpperCase()}__MISSING_RIGHT`, `The right ${code} is required.`, {
      parameters: { right: code },
    });
  }
}

/** True when `companyId` is the customer's own company (callers answer 404 otherwise). */
export function sameCompany(customer: AuthenticatedCustomer, companyId: string): boolean {
  return customer.companyId === companyId;
}

/** 404 for a customer id that does not exist or belongs to another company (Shopware's code). */
export function customerNotFound(id: string): StoreApiError {
  return new StoreApiError(
    404,
    'CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID',
    `No matching customer for the id "${id}" was found.`,
    {
      parameters: { id },
    },
  );
}

/**
 * Loads a customer of the actor's own company by id.
 *
 * @throws StoreApiError 404 `CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID` when the id is unknown or of another company.
 */
export async function loadCompanyCustomer(
  db: Db,
  actor: AuthenticatedCustomer,
  id: string,
): Promise<typeof customerTable.$inferSelect> {
  const [row] = await db.select().from(customerTable).where(eq(customerTable.id, id)).limit(1);
  if (!row || !sameCompany(actor, row.companyId)) throw customerNotFound(id);
  return row;
}
