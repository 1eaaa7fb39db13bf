/**
 * Order references of a company (docs/decisions/015): reading them with what is left of their budget, writing them
 * under the name rule (unique per company without regard to case), and finding the ones a buyer may book to.
 *
 * Money is integer cents inside, EUR on the wire (contract/provider/order-reference.ts). What is left of a budget is
 * read through the budget ledger (./budget.service.ts), from the usage row of the current period that every
 * reservation and consumption updates.
 */
import { and, asc, count, eq, ilike, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
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
import { customerNotFound, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import {
  customerTable,
  orderReferenceApproverTable,
  orderReferenceTable,
  orderReferenceUserTable,
} from '../../db/schema/index.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import { isUniqueViolation } from '../checkout/order.service.ts';
import { containsPattern } from '../criteria.ts';
import { remaining } from './budget.service.ts';

type ReferenceRow = typeof orderReferenceTable.$inferSelect;

/** 404 `{PROVIDER}__ORDER_REFERENCE_NOT_FOUND`: unknown id or a reference of another company (indistinguishable). */
export function orderReferenceNotFound(provider: string, id: string): StoreApiError {
  return new StoreApiError(
    404,
    `${provider.toUpperCase()}__ORDER_REFERENCE_NOT_FOUND`,
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

/**
 * What is left of each reference's budget in the period containing `now`, cents, as the budget ledger keeps it
 * (./budget.service.ts `remaining`: the period's usage row, or the limit it starts with before anything is booked);
 * the whole budget while the reference limits nothing (inactive, outside its dates); absent without a budget.
 */
export async function remainingCents(
  db: Db,
  rows: ReferenceRow[],
  now: Date = new Date(),
): Promise<Map<string, number>> {
  const withBudget = rows.filter((r): r is ReferenceRow & { budgetCents: number } => r.budgetCents !== null);
  const states = await Promise.all(
    withBudget.map((r) => remaining(db, { kind: 'order_reference', budgetId: r.id, at: now })),
  );
  return new Map(withBudget.map((r, i) => [r.id, states[i]?.remainingCents ?? r.budgetCents]));
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
      remainingBudget: left === undefined ? null : centsToBudget(left),
      period: r.period,
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
      remainingBudget: left === undefined ? null : centsToBudget(left),
      period: r.period,
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
      .where(and(inArray(customerTable.id, members), eq(customerTable.companyId, me.companyId)));
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

/**
 * Creates a reference of the caller's company.
 *
 * @throws see `checkInput`.
 */
export async function createReference(
  db: Db,
  me: AuthenticatedCustomer,
  input: OrderReferenceInput,
): Promise<OrderReference> {
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
 * Replaces a reference of the caller's company with the body.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_REFERENCE_NOT_FOUND`, and see `checkInput`.
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
    db.transaction(async (tx) => {
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

/** The condition "the caller may book to it today": active, today within its dates, the caller a user or none set. */
function usableBy(me: AuthenticatedCustomer, today: string): SQL {
  return and(
    eq(orderReferenceTable.companyId, me.companyId),
    eq(orderReferenceTable.active, true),
    lte(orderReferenceTable.startDate, today),
    or(isNull(orderReferenceTable.endDate), sql`${orderReferenceTable.endDate} >= ${today}`),
    or(
      sql`NOT EXISTS (SELECT 1 FROM ${orderReferenceUserTable} WHERE ${orderReferenceUserTable.referenceId} = ${orderReferenceTable.id})`,
      sql`EXISTS (SELECT 1 FROM ${orderReferenceUserTable} WHERE ${orderReferenceUserTable.referenceId} = ${orderReferenceTable.id} AND ${orderReferenceUserTable.customerId} = ${me.id})`,
    ),
  )!;
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
 * The reference `id` if the caller may book to it at `now`: of the caller's company, active, that day
 * (Europe/Brussels) within its start and end date, and the caller one of its users (or it has none). The checkout
 * asks this again when the order is placed, as a reference chosen earlier may have been changed since.
 */
export async function usableReference(
  db: Db,
  me: AuthenticatedCustomer,
  id: string,
  now: Date = new Date(),
): Promise<ReferenceRow | null> {
  const [row] = await db
    .select()
    .from(orderReferenceTable)
    .where(and(eq(orderReferenceTable.id, id), usableBy(me, shopToday(now))))
    .limit(1);
  return row ?? null;
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
      `${provider.toUpperCase()}__ORDER_REFERENCE_NOT_USABLE`,
      'The order reference is inactive, outside its dates, or not open to this user.',
      { parameters: { id } },
    );
  }
  return row;
}
