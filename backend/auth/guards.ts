/**
 * Server-side checks every customer endpoint starts with: the server decides, whatever the storefront shows or hides.
 *
 * - `requireCustomer(c, db)`: the context must carry a logged-in, active customer of an active company; otherwise
 *   403 `CHECKOUT__CUSTOMER_NOT_LOGGED_IN` (Shopware's code for store-api routes that need a customer).
 * - `requireRight(customer, code)`: the customer must hold the right enabled; otherwise 403
 *   `{provider}__MISSING_RIGHT` naming the right (the 24 rights of contract/rights.ts).
 * - Company scope: `sameCompany(customer, companyId)` — other companies' ids answer 404, never 403, so their
 *   existence does not leak.
 * - `guardUserChange(db, actor, provider, change)`: the lead-buyer rule and the own-access rule, the one check every
 *   route that creates, changes or deletes a company user runs (docs/decisions/010).
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '../db/client.ts';
import { companyTable, customerRightTable, customerTable } from '../db/schema/index.ts';
import type { StoreApiEnv } from '../store-api/context.ts';
import { StoreApiError, violations } from '../http/errors.ts';
import { verifyPassword } from './password.ts';
import type { RightCode } from './rights.ts';
import { PROVIDER_ERROR_NAMES, providerErrorCode, SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

export type CustomerRow = typeof customerTable.$inferSelect;

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
  return new StoreApiError(403, SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_NOT_LOGGED_IN, 'Customer is not logged in.');
}

/**
 * What an AuthenticatedCustomer is read from: columns of `customer` joined with its `company` (inner or left join),
 * with the codes of the enabled rights.
 */
export const AUTHENTICATED_CUSTOMER = {
  id: customerTable.id,
  companyId: customerTable.companyId,
  username: customerTable.username,
  email: customerTable.email,
  firstName: customerTable.firstName,
  lastName: customerTable.lastName,
  leadBuyer: customerTable.leadBuyer,
  role: customerTable.role,
  isOciCustomer: customerTable.isOciCustomer,
  managedCompanyIds: customerTable.managedCompanyIds,
  active: customerTable.active,
  companyActive: companyTable.active,
  rights: sql<string[]>`ARRAY(SELECT ${customerRightTable.code} FROM ${customerRightTable}
                               WHERE ${customerRightTable.customerId} = ${customerTable.id}
                                 AND ${customerRightTable.enabled})`,
};

/** A row of `AUTHENTICATED_CUSTOMER` (columns null when read through a left join that found no customer). */
export type AuthenticatedCustomerRow = {
  [K in keyof Omit<AuthenticatedCustomer, 'rights'>]: AuthenticatedCustomer[K] | null;
} & { active: boolean | null; companyActive: boolean | null; rights: string[] | null };

/** The AuthenticatedCustomer of a row, or null when the customer is missing or it or its company is inactive. */
export function toAuthenticatedCustomer(
  row: AuthenticatedCustomerRow | null | undefined,
): AuthenticatedCustomer | null {
  if (!row || !row.id || !row.companyId || !row.active || !row.companyActive) return null;
  return {
    id: row.id,
    companyId: row.companyId,
    username: row.username!,
    email: row.email!,
    firstName: row.firstName!,
    lastName: row.lastName!,
    leadBuyer: row.leadBuyer!,
    role: row.role!,
    isOciCustomer: row.isOciCustomer!,
    managedCompanyIds: row.managedCompanyIds,
    rights: new Set(row.rights ?? []),
  };
}

/** A customer with company and rights by id, or null when missing or when it or its company is inactive. */
export async function loadAuthenticatedCustomer(db: Db, customerId: string): Promise<AuthenticatedCustomer | null> {
  const [row] = await db
    .select(AUTHENTICATED_CUSTOMER)
    .from(customerTable)
    .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
    .where(eq(customerTable.id, customerId))
    .limit(1);
  return toAuthenticatedCustomer(row);
}

/**
 * Loads the context's customer with company and rights, or throws 403 when the context is anonymous or the
 * customer or company has been deactivated since login. The context middleware reads the customer with the context
 * row (`StoreContext.customer`); only a context without it costs a statement here.
 */
export async function requireCustomer(c: Context<StoreApiEnv>, db: Db): Promise<AuthenticatedCustomer> {
  const context = c.get('context');
  const customerId = context.customerId;
  if (!customerId) throw notLoggedIn();
  if (context.customer?.id === customerId) return context.customer;
  const customer = await loadAuthenticatedCustomer(db, customerId);
  if (!customer) throw notLoggedIn();
  return customer;
}

/** Throws 403 `{provider}__MISSING_RIGHT` unless the customer holds `code` enabled. */
export function requireRight(customer: AuthenticatedCustomer, code: RightCode, provider: string): void {
  if (!customer.rights.has(code)) {
    throw new StoreApiError(
      403,
      providerErrorCode(provider, PROVIDER_ERROR_NAMES.MISSING_RIGHT),
      `The right ${code} is required.`,
      {
        parameters: { right: code },
      },
    );
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
    SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID,
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

/**
 * What a route does to a company user, as far as the lead-buyer rule cares:
 * - `create`: a new user with these flags;
 * - `update` of `targetId`: the flags and role it sets (absent ones stay), the rights entries it writes and the
 *   e-mail address it sets, if any (names and other fields are an update with none of these);
 * - `delete` of `targetId`.
 */
export type UserChange =
  | { kind: 'create'; leadBuyer: boolean; active: boolean; role: string }
  | {
      kind: 'update';
      targetId: string;
      leadBuyer?: boolean;
      active?: boolean;
      role?: string;
      email?: string;
      rights?: readonly { code: string; enabled: boolean }[];
    }
  | { kind: 'delete'; targetId: string };

function providerError(status: 403 | 409, provider: string, code: string, detail: string): StoreApiError {
  return new StoreApiError(status, providerErrorCode(provider, code), detail);
}

/**
 * The lead-buyer rule, checked by every route that creates, changes, (de)activates or deletes a company user
 * (docs/decisions/010: managing contacts never escalates privileges):
 * - the target must belong to the actor's company, else 404 `CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID`;
 * - nobody but the account manager himself changes an account manager, and nobody makes one (account managers are
 *   the supplier's staff): 403 `{PROVIDER}__ACCOUNT_MANAGER_PROTECTED`;
 * - only an active lead buyer creates, changes, promotes, demotes, deactivates or deletes a lead buyer, and only a
 *   lead buyer changes a colleague's e-mail address: 403 `{PROVIDER}__LEAD_BUYER_REQUIRED`;
 * - a company always keeps an active lead buyer: demoting, deactivating or deleting the last one answers
 *   409 `{PROVIDER}__LAST_LEAD_BUYER`;
 * - nobody changes his own rights, role, lead-buyer flag or active state, through whichever route (separation of
 *   duties, OWASP ASVS 5.0 V8.2: a user does not raise or lower his own privileges): 403
 *   `{PROVIDER}__CANNOT_CHANGE_OWN_RIGHTS`. Values equal to the current ones are no change (a form that sends the
 *   whole user back passes).
 *
 * Run it inside the transaction that writes the change: it locks the company row and re-reads the actor and the
 * target under that lock, so two lead buyers demoting each other at the same moment cannot leave the company
 * without one.
 *
 * @returns the target row as read under the lock (null for `create`).
 */
export async function guardUserChange(
  db: Db,
  actor: AuthenticatedCustomer,
  provider: string,
  change: UserChange,
): Promise<CustomerRow | null> {
  await db.select({ id: companyTable.id }).from(companyTable).where(eq(companyTable.id, actor.companyId)).for('update');
  const [self] = await db
    .select({ leadBuyer: customerTable.leadBuyer, active: customerTable.active })
    .from(customerTable)
    .where(eq(customerTable.id, actor.id))
    .limit(1);
  const actorIsLeadBuyer = Boolean(self?.active && self.leadBuyer);
  let target: CustomerRow | null = null;
  if (change.kind !== 'create') {
    const [row] = await db
      .select()
      .from(customerTable)
      .where(
        and(
          eq(customerTable.id, change.targetId),
          eq(customerTable.companyId, actor.companyId),
          isNull(customerTable.punchOutSessionId),
        ),
      )
      .limit(1);
    if (!row) throw customerNotFound(change.targetId);
    target = row;
  }
  if (change.kind === 'update' && target?.id === actor.id && (await changesOwnAccess(db, target, change))) {
    throw providerError(
      403,
      provider,
      'CANNOT_CHANGE_OWN_RIGHTS',
      'You cannot change your own rights, role or active state.',
    );
  }
  const after =
    change.kind === 'delete'
      ? null
      : {
          leadBuyer: change.leadBuyer ?? target?.leadBuyer ?? false,
          active: change.active ?? target?.active ?? false,
          role: change.role ?? target?.role ?? 'buyer',
        };
  const touchesAccountManager =
    (target?.role === 'account_manager' && target.id !== actor.id) ||
    (after?.role === 'account_manager' && target?.role !== 'account_manager');
  if (touchesAccountManager) {
    throw providerError(403, provider, 'ACCOUNT_MANAGER_PROTECTED', 'Account managers cannot be changed here.');
  }
  const colleagueEmail =
    change.kind === 'update' &&
    change.email !== undefined &&
    change.targetId !== actor.id &&
    change.email.trim().toLowerCase() !== target?.email.trim().toLowerCase();
  if ((target?.leadBuyer || after?.leadBuyer || colleagueEmail) && !actorIsLeadBuyer) {
    throw providerError(403, provider, 'LEAD_BUYER_REQUIRED', 'Only a lead buyer may do this.');
  }
  if (target?.leadBuyer && target.active && !(after?.leadBuyer && after.active)) {
    const [other] = await db
      .select({ id: customerTable.id })
      .from(customerTable)
      .where(
        and(
          eq(customerTable.companyId, actor.companyId),
          eq(customerTable.leadBuyer, true),
          eq(customerTable.active, true),
          ne(customerTable.id, target.id),
        ),
      )
      .limit(1);
    if (!other) {
      throw providerError(409, provider, 'LAST_LEAD_BUYER', 'The company must keep at least one active lead buyer.');
    }
  }
  return target;
}

/** True when `change` sets `target`'s role, lead-buyer flag, active state or any right to another value. */
async function changesOwnAccess(
  db: Db,
  target: CustomerRow,
  change: Extract<UserChange, { kind: 'update' }>,
): Promise<boolean> {
  if (change.role !== undefined && change.role !== target.role) return true;
  if (change.leadBuyer !== undefined && change.leadBuyer !== target.leadBuyer) return true;
  if (change.active !== undefined && change.active !== target.active) return true;
  if (!change.rights?.length) return false;
  const rows = await db
    .select({ code: customerRightTable.code })
    .from(customerRightTable)
    .where(and(eq(customerRightTable.customerId, target.id), eq(customerRightTable.enabled, true)));
  const enabled = new Set(rows.map((r) => r.code));
  return change.rights.some((r) => r.enabled !== enabled.has(r.code));
}

/**
 * Re-authentication before a change of the customer's own credentials (e-mail address, password), as Shopware's
 * `account/change-email` and `account/change-password` ask for the current password (OWASP ASVS 5.0 V7.5.1).
 *
 * @throws StoreApiError 400 `VIOLATION::IS_BLANK_ERROR` at `/password` when no password was sent, 400
 *   `CUSTOMER_PASSWORD_NOT_CORRECT` at `/password` (Shopware's code) when it does not match.
 */
export async function requireCurrentPassword(db: Db, customerId: string, password: string | undefined): Promise<void> {
  if (!password) {
    throw violations([
      { pointer: '/password', code: 'IS_BLANK_ERROR', detail: 'The current password is required for this change.' },
    ]);
  }
  const [row] = await db
    .select({ passwordHash: customerTable.passwordHash })
    .from(customerTable)
    .where(eq(customerTable.id, customerId))
    .limit(1);
  if (await verifyPassword(row?.passwordHash, password)) return;
  const detail = 'The current password is not correct.';
  throw new StoreApiError(400, 'CUSTOMER_PASSWORD_NOT_CORRECT', detail, {
    items: [
      {
        status: '400',
        code: 'CUSTOMER_PASSWORD_NOT_CORRECT',
        title: 'Bad Request',
        detail,
        source: { pointer: '/password' },
        meta: { parameters: {} },
      },
    ],
  });
}
