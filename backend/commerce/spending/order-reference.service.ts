/**
 * Order references of a company (docs/decisions/015): reading them with what is left of their budget, writing them
 * under the name rule (unique per company without regard to case), and finding the ones a buyer may book to.
 *
 * Money is integer cents inside, EUR on the wire (contract/provider/order-reference.ts). What is left of a budget is
 * read through the budget ledger (./budget.service.ts), from the usage row of the current period that every
 * reservation and consumption updates, with the period it belongs to.
 *
 * Rights (the rule of order flows, ./limit-rules.ts): managing needs ROLE_MANAGE_ORDER_REFERENCES (checked by the
 * routes); a body that sets a budget field (budget, period, renewable, transferable) other than its default on a new
 * reference, or changes one or the start date of an existing one, also needs ROLE_MANAGE_BUDGETS; setting or changing
 * the approvers needs ROLE_MANAGE_APPROVERS. Nobody loosens the budget of a reference they may book to, nor becomes
 * its approver. Each change runs in one transaction with the reference row locked.
 */
import { and, asc, count, eq, ilike, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  centsToBudget,
  ORDER_REFERENCE_NAME_NOT_UNIQUE,
  ORDER_REFERENCE_SEARCH_LIMIT,
  budgetToCents,
  endDateBeforeStart,
  type OrderReference,
  type OrderReferenceInput,
  type OrderReferenceListQuery,
  type OrderReferenceListResponse,
  type OrderReferenceOption,
} from '../../../contract/provider/order-reference.ts';
import { shopToday } from '../../../contract/order.ts';
import { customerNotFound, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import {
  cartTable,
  customerTable,
  orderReferenceApproverTable,
  orderReferenceTable,
  orderReferenceUserTable,
} from '../../db/schema/index.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import { isUniqueViolation } from '../../commerce/orders/order-placement.ts';
import { containsPattern } from '../../db/like.ts';
import { endPendingApprovals } from '../../commerce/spending/approval.service.ts';
import { usableBy, usableReference } from './reference-use.ts';
import { referenceBudget } from '../../commerce/spending/budget-processor.ts';
import { remaining } from './budget.service.ts';
import { checkLift, checkOwnApprover, loosens, type LimitTerms } from './limit-rules.ts';
import { periodJson } from './order-flow.service.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

type ReferenceRow = typeof orderReferenceTable.$inferSelect;

/** 404 `{PROVIDER}__ORDER_REFERENCE_NOT_FOUND`: unknown id or a reference of another company (indistinguishable). */
export function orderReferenceNotFound(provider: string, id: string): StoreApiError {
  return new StoreApiError(
    404,
    providerErrorCode(provider, 'ORDER_REFERENCE_NOT_FOUND'),
    `The order reference "${id}" was not found.`,
    { parameters: { id } },
  );
}

/** 400 `ORDER_REFERENCE_NAME_NOT_UNIQUE` at `/name` (the specification's code, without provider prefix). */
export function nameNotUnique(): StoreApiError {
  const detail = 'Another order reference of the company already has this name.';
  return new StoreApiError(400, ORDER_REFERENCE_NAME_NOT_UNIQUE, detail, {
    items: [
      {
        status: '400',
        code: ORDER_REFERENCE_NAME_NOT_UNIQUE,
        title: 'Bad Request',
        detail,
        source: { pointer: '/name' },
        meta: { parameters: {} },
      },
    ],
  });
}

/** What is left of a reference's budget (cents) and the period it belongs to (null while it limits nothing). */
interface ReferenceBudgetState {
  remainingCents: number;
  period: { start: string; end: string } | null;
}

/**
 * What is left of each reference's budget in the period containing `now`, cents, as the budget ledger keeps it
 * (./budget.service.ts `remaining`: the period's usage row, or the limit it starts with before anything is booked),
 * with that period; the whole budget and no period while the reference limits nothing (inactive, outside its dates);
 * absent without a budget.
 */
export async function remainingCents(
  db: Db,
  rows: ReferenceRow[],
  now: Date = new Date(),
): Promise<Map<string, ReferenceBudgetState>> {
  const withBudget = rows.filter((r): r is ReferenceRow & { budgetCents: number } => r.budgetCents !== null);
  const states = await Promise.all(
    withBudget.map((r) => remaining(db, { kind: 'order_reference', budgetId: r.id, at: now })),
  );
  return new Map(
    withBudget.map((r, i) => {
      const state = states[i];
      return [
        r.id,
        { remainingCents: state?.remainingCents ?? r.budgetCents, period: periodJson(state?.period ?? null) },
      ];
    }),
  );
}

/** Maps references to the management answer, with members, creator and remaining budget. */
export async function mapReferences(db: Db, rows: ReferenceRow[]): Promise<OrderReference[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [users, approvers, remaining] = await Promise.all([
    db
      .select()
      .from(orderReferenceUserTable)
      .where(inArray(orderReferenceUserTable.referenceId, ids))
      .orderBy(asc(orderReferenceUserTable.customerId)),
    db
      .select()
      .from(orderReferenceApproverTable)
      .where(inArray(orderReferenceApproverTable.referenceId, ids))
      .orderBy(asc(orderReferenceApproverTable.customerId)),
    remainingCents(db, rows),
  ]);
  const creatorIds = [...new Set(rows.map((r) => r.createdById).filter((id): id is string => id !== null))];
  const creators = creatorIds.length
    ? await db
        .select({ id: customerTable.id, firstName: customerTable.firstName, lastName: customerTable.lastName })
        .from(customerTable)
        .where(inArray(customerTable.id, creatorIds))
    : [];
  return rows.map((r) => {
    const left = remaining.get(r.id);
    return {
      id: r.id,
      name: r.name,
      createdBy: creators.find((c) => c.id === r.createdById) ?? null,
      approvers: approvers.filter((a) => a.referenceId === r.id).map((a) => a.customerId),
      users: users.filter((u) => u.referenceId === r.id).map((u) => u.customerId),
      budget: r.budgetCents === null ? null : centsToBudget(r.budgetCents),
      remainingBudget: left === undefined ? null : centsToBudget(left.remainingCents),
      period: r.period,
      currentPeriod: left?.period ?? null,
      renewable: r.renewable,
      transferable: r.transferable,
      startDate: r.startDate,
      endDate: r.endDate,
      active: r.active,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Maps references to the checkout's option shape. */
export async function mapOptions(db: Db, rows: ReferenceRow[]): Promise<OrderReferenceOption[]> {
  const remaining = await remainingCents(db, rows);
  return rows.map((r) => {
    const left = remaining.get(r.id);
    return {
      id: r.id,
      name: r.name,
      budget: r.budgetCents === null ? null : centsToBudget(r.budgetCents),
      remainingBudget: left === undefined ? null : centsToBudget(left.remainingCents),
      period: r.period,
      startDate: r.startDate,
      currentPeriod: left?.period ?? null,
      endDate: r.endDate,
    };
  });
}

/**
 * Loads a reference of the caller's company.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_REFERENCE_NOT_FOUND` when unknown or of another company.
 */
export async function loadReference(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
): Promise<ReferenceRow> {
  const [row] = await db
    .select()
    .from(orderReferenceTable)
    .where(and(eq(orderReferenceTable.id, id), eq(orderReferenceTable.companyId, me.companyId)))
    .limit(1);
  if (!row) throw orderReferenceNotFound(provider, id);
  return row;
}

/** One page of the company's references by name, filtered by a part of the name (case ignored). */
export async function listReferences(
  db: Db,
  me: AuthenticatedCustomer,
  query: OrderReferenceListQuery,
): Promise<OrderReferenceListResponse> {
  const where = and(
    eq(orderReferenceTable.companyId, me.companyId),
    query.term ? ilike(orderReferenceTable.name, containsPattern(query.term)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(orderReferenceTable).where(where);
  const rows = await db
    .select()
    .from(orderReferenceTable)
    .where(where)
    .orderBy(sql`lower(${orderReferenceTable.name})`, asc(orderReferenceTable.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { elements: await mapReferences(db, rows), total: total?.n ?? 0, page: query.page, limit: query.limit };
}

/**
 * Checks the cross-field and company rules of a reference body: end date not before start date, every user and
 * approver a customer of the company, the name unique in the company without regard to case (`exceptId`: the
 * reference being changed).
 *
 * @throws StoreApiError 400 `VIOLATION::TOO_LOW_ERROR` at `/endDate`, 404 `CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID`,
 *   400 `ORDER_REFERENCE_NAME_NOT_UNIQUE`.
 */
async function checkInput(
  db: Db,
  me: AuthenticatedCustomer,
  input: OrderReferenceInput,
  exceptId?: string,
): Promise<void> {
  if (endDateBeforeStart(input)) {
    throw violations([
      { pointer: '/endDate', code: 'TOO_LOW_ERROR', detail: 'The end date must not be before the start date.' },
    ]);
  }
  const members = [...new Set([...input.users, ...input.approvers])];
  if (members.length) {
    const found = await db
      .select({ id: customerTable.id })
      .from(customerTable)
      .where(
        and(
          inArray(customerTable.id, members),
          eq(customerTable.companyId, me.companyId),
          isNull(customerTable.punchOutSessionId),
        ),
      );
    const known = new Set(found.map((f) => f.id));
    const missing = members.find((id) => !known.has(id));
    if (missing) throw customerNotFound(missing);
  }
  const [same] = await db
    .select({ id: orderReferenceTable.id })
    .from(orderReferenceTable)
    .where(
      and(
        eq(orderReferenceTable.companyId, me.companyId),
        sql`lower(${orderReferenceTable.name}) = lower(${input.name})`,
        exceptId ? ne(orderReferenceTable.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (same) throw nameNotUnique();
}

/** The columns a body writes. */
function columns(input: OrderReferenceInput) {
  return {
    name: input.name,
    budgetCents: input.budget === null ? null : budgetToCents(input.budget),
    period: input.period,
    renewable: input.renewable,
    transferable: input.transferable,
    startDate: input.startDate,
    endDate: input.endDate,
    active: input.active,
  };
}

/** Replaces the users and approvers of a reference. */
async function writeMembers(db: Db, id: string, input: OrderReferenceInput): Promise<void> {
  await db.delete(orderReferenceUserTable).where(eq(orderReferenceUserTable.referenceId, id));
  await db.delete(orderReferenceApproverTable).where(eq(orderReferenceApproverTable.referenceId, id));
  if (input.users.length) {
    await db.insert(orderReferenceUserTable).values(input.users.map((customerId) => ({ referenceId: id, customerId })));
  }
  if (input.approvers.length) {
    await db
      .insert(orderReferenceApproverTable)
      .values(input.approvers.map((customerId) => ({ referenceId: id, customerId })));
  }
}

/** Runs a write, answering a lost race on the name index as `ORDER_REFERENCE_NAME_NOT_UNIQUE`. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameNotUnique();
    throw err;
  }
}

/** A reference's state as the rights rule compares it: its terms, users and approvers. */
interface ReferenceState {
  terms: LimitTerms;
  users: readonly string[];
  approvers: readonly string[];
}

/** The budget fields of a new reference when the body names none (the request schema's defaults). */
const DEFAULT_TERMS = { budgetCents: null, period: 'monthly', renewable: true, transfer: false } as const;

/** The limiting terms a body writes. */
function inputTerms(input: OrderReferenceInput): LimitTerms {
  const c = columns(input);
  return {
    budgetCents: c.budgetCents,
    period: c.period,
    renewable: c.renewable,
    transfer: c.transferable,
    startDate: c.startDate,
    endDate: c.endDate,
    active: c.active,
  };
}

/** True when `customerId` may book to a reference with these users (none: every user of the company). */
function booksTo(users: readonly string[], customerId: string): boolean {
  return users.length === 0 || users.includes(customerId);
}

/**
 * Checks the rights a reference body needs beyond ROLE_MANAGE_ORDER_REFERENCES (see the module comment), against the
 * reference as it is (`before`; null for a new one).
 *
 * @throws StoreApiError 403 `{PROVIDER}__MISSING_RIGHT`, `{PROVIDER}__OWN_LIMIT_CHANGE`, `{PROVIDER}__OWN_APPROVER`.
 */
function checkReferenceRights(
  me: AuthenticatedCustomer,
  provider: string,
  before: ReferenceState | null,
  input: OrderReferenceInput,
): void {
  const after = inputTerms(input);
  const was = before?.terms ?? { ...DEFAULT_TERMS, startDate: after.startDate, endDate: null, active: true };
  const budgetChanged =
    after.budgetCents !== was.budgetCents ||
    after.period !== was.period ||
    after.renewable !== was.renewable ||
    after.transfer !== was.transfer ||
    after.startDate !== was.startDate;
  if (budgetChanged) requireRight(me, 'ROLE_MANAGE_BUDGETS', provider);
  const approversBefore = before?.approvers ?? [];
  const approversChanged =
    input.approvers.length !== approversBefore.length || input.approvers.some((id) => !approversBefore.includes(id));
  if (approversChanged) requireRight(me, 'ROLE_MANAGE_APPROVERS', provider);
  // Opening a reference with a budget to oneself gives oneself what its budget holds: that is the caller's own limit
  // lifted too (otherwise a budget raised while the caller was not a user could be opened to them afterwards).
  if (before && after.budgetCents !== null && !booksTo(before.users, me.id) && booksTo(input.users, me.id)) {
    checkLift(me, provider, [me.id]);
  }
  if (before && loosens('order_reference', before.terms, after)) {
    // Whoever books to it now or after the change is freed from (part of) its limit.
    const lifted = new Set([...before.users, ...input.users]);
    if (booksTo(before.users, me.id) || booksTo(input.users, me.id)) lifted.add(me.id);
    checkLift(me, provider, lifted);
  }
  checkOwnApprover(provider, {
    approverBefore: approversBefore.includes(me.id),
    approverAfter: input.approvers.includes(me.id),
    userBefore: before ? booksTo(before.users, me.id) : false,
    userAfter: booksTo(input.users, me.id),
  });
}

/**
 * Creates a reference of the caller's company.
 *
 * @throws StoreApiError 403 (see `checkReferenceRights`), and see `checkInput`.
 */
export async function createReference(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  input: OrderReferenceInput,
): Promise<OrderReference> {
  checkReferenceRights(me, provider, null, input);
  await checkInput(db, me, input);
  const id = randomId();
  await uniqueName(() =>
    db.transaction(async (tx) => {
      await tx
        .insert(orderReferenceTable)
        .values({ id, companyId: me.companyId, createdById: me.id, ...columns(input) });
      await writeMembers(tx, id, input);
    }),
  );
  const [row] = await db.select().from(orderReferenceTable).where(eq(orderReferenceTable.id, id));
  const [mapped] = await mapReferences(db, [row!]);
  return mapped!;
}

/**
 * Replaces a reference of the caller's company with the body, in one transaction with its row locked.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_REFERENCE_NOT_FOUND`; 403 (see `checkReferenceRights`); and see
 *   `checkInput`.
 */
export async function updateReference(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
  input: OrderReferenceInput,
): Promise<OrderReference> {
  await loadReference(db, me, provider, id);
  await checkInput(db, me, input, id);
  await uniqueName(() =>
    db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx
        .select()
        .from(orderReferenceTable)
        .where(and(eq(orderReferenceTable.id, id), eq(orderReferenceTable.companyId, me.companyId)))
        .for('update');
      if (!row) throw orderReferenceNotFound(provider, id);
      const users = await tx
        .select({ id: orderReferenceUserTable.customerId })
        .from(orderReferenceUserTable)
        .where(eq(orderReferenceUserTable.referenceId, id));
      const approvers = await tx
        .select({ id: orderReferenceApproverTable.customerId })
        .from(orderReferenceApproverTable)
        .where(eq(orderReferenceApproverTable.referenceId, id));
      checkReferenceRights(
        me,
        provider,
        {
          terms: referenceBudget(row),
          users: users.map((u) => u.id),
          approvers: approvers.map((a) => a.id),
        },
        input,
      );
      await tx
        .update(orderReferenceTable)
        .set({ ...columns(input), updatedAt: new Date() })
        .where(and(eq(orderReferenceTable.id, id), eq(orderReferenceTable.companyId, me.companyId)));
      await writeMembers(tx, id, input);
    }),
  );
  const [mapped] = await mapReferences(db, [await loadReference(db, me, provider, id)]);
  return mapped!;
}

/**
 * Deletes a reference of the caller's company in one transaction: carts that chose it lose the choice, its pending
 * approval requests are cancelled and their reservations released.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_REFERENCE_NOT_FOUND`.
 */
export async function deleteReference(db: Db, me: AuthenticatedCustomer, provider: string, id: string): Promise<void> {
  const row = await loadReference(db, me, provider, id);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .update(cartTable)
      .set({ orderReferenceId: null, revision: sql`${cartTable.revision} + 1`, updatedAt: new Date() })
      .where(eq(cartTable.orderReferenceId, row.id));
    await endPendingApprovals(tx, { orderReferenceId: row.id }, { actorId: me.id, reason: 'order_reference_deleted' });
    await tx
      .delete(orderReferenceTable)
      .where(and(eq(orderReferenceTable.id, row.id), eq(orderReferenceTable.companyId, me.companyId)));
  });
}

/** Up to 20 references the caller may book to today whose name contains `term` (case ignored), by name. */
export async function searchReferences(
  db: Db,
  me: AuthenticatedCustomer,
  term: string,
): Promise<OrderReferenceOption[]> {
  const rows = await db
    .select()
    .from(orderReferenceTable)
    .where(and(usableBy(me, shopToday()), ilike(orderReferenceTable.name, containsPattern(term))))
    .orderBy(sql`lower(${orderReferenceTable.name})`, asc(orderReferenceTable.id))
    .limit(ORDER_REFERENCE_SEARCH_LIMIT);
  return mapOptions(db, rows);
}

/**
 * Loads a reference of the caller's company that the caller may book to today.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_REFERENCE_NOT_FOUND`; 400 `{PROVIDER}__ORDER_REFERENCE_NOT_USABLE`
 *   when it is inactive, outside its dates or the caller is not one of its users.
 */
export async function loadUsableReference(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
): Promise<ReferenceRow> {
  await loadReference(db, me, provider, id);
  const row = await usableReference(db, me, id);
  if (!row) {
    throw new StoreApiError(
      400,
      providerErrorCode(provider, 'ORDER_REFERENCE_NOT_USABLE'),
      'The order reference is inactive, outside its dates, or not open to this user.',
      { parameters: { id } },
    );
  }
  return row;
}
