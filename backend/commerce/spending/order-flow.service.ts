/**
 * Order flows of a company (docs/decisions/015): reading, writing and assigning them, the pending approval requests of
 * the flows a customer approves, and the flow budget of each user for the user list. Money is integer cents inside,
 * EUR on the wire (contract/provider/order-flow.ts). A user belongs to at most one flow (`order_flow_user` is keyed
 * by the customer): writing a flow's users takes them out of their former flow.
 *
 * Rights: managing needs ROLE_MANAGE_ORDER_FLOWS (checked by the routes); a body that sets a budget field other than
 * its default on a new flow, or changes one of an existing flow, also needs ROLE_MANAGE_BUDGETS; setting or changing
 * the approvers needs ROLE_MANAGE_APPROVERS. A change that lifts a limit from a user (./limit-rules.ts) needs
 * ROLE_MANAGE_BUDGETS as well and is never allowed on the caller's own limit: taking users out of the flow (removed,
 * or moved into another flow), loosening its terms (deactivated, an earlier end date, another start date), deleting
 * it while it has users. Each write runs in one transaction with the flow row locked, so the check and the write see
 * the same flow. Deleting a flow cancels its pending approval requests and releases their reservations in the same
 * transaction.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import {
  centsToEuros,
  eurosToCents,
  ORDER_FLOW_PENDING_LIMIT,
  type OrderFlow,
  type OrderFlowInput,
  type OrderFlowListQuery,
  type OrderFlowListResponse,
  type OrderFlowPendingResponse,
  type OrderFlowPeriod,
} from '../../../contract/provider/order-flow.ts';
import { customerNotFound, requireRight, type AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import {
  customerTable,
  orderApprovalTable,
  orderFlowApproverTable,
  orderFlowTable,
  orderFlowUserTable,
  orderTable,
} from '../../db/schema/index.ts';
import { budgetPeriodAt, type PeriodWindow } from '../../lib/budget-period.ts';
import { StoreApiError } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import { containsPattern } from '../../db/like.ts';
import { endPendingApprovals, expireApprovals } from '../../commerce/spending/approval.service.ts';
import { statusOf, type BudgetDefinition } from './budget.service.ts';
import { checkLift, checkOwnApprover, loosens, type LimitTerms } from './limit-rules.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

export type FlowRow = typeof orderFlowTable.$inferSelect;

/** 404 `{PROVIDER}__ORDER_FLOW_NOT_FOUND`: unknown id or a flow of another company (indistinguishable). */
export function orderFlowNotFound(provider: string, id: string): StoreApiError {
  return new StoreApiError(
    404,
    providerErrorCode(provider, 'ORDER_FLOW_NOT_FOUND'),
    `The order flow "${id}" was not found.`,
    {
      parameters: { id },
    },
  );
}

/** The budget definition of a flow row (for ./budget.service.ts). */
export function flowBudget(row: FlowRow): BudgetDefinition {
  return {
    companyId: row.companyId,
    budgetCents: row.budgetCents,
    period: row.period,
    renewable: row.renewable,
    transfer: row.transferRemainder,
    startDate: row.startDate,
    endDate: row.endDate,
    active: row.active,
  };
}

/**
 * Loads a flow of the caller's company.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_FLOW_NOT_FOUND` when unknown or of another company.
 */
export async function loadFlow(db: Db, me: AuthenticatedCustomer, provider: string, id: string): Promise<FlowRow> {
  const [row] = await db
    .select()
    .from(orderFlowTable)
    .where(and(eq(orderFlowTable.id, id), eq(orderFlowTable.companyId, me.companyId)))
    .limit(1);
  if (!row) throw orderFlowNotFound(provider, id);
  return row;
}

/** The terms of a flow that limit its users (./limit-rules.ts). */
function flowTerms(row: Pick<FlowRow, keyof typeof DEFAULT_BUDGET | 'startDate' | 'endDate' | 'active'>): LimitTerms {
  return {
    budgetCents: row.budgetCents,
    approveFromCents: row.approveFromCents,
    approveFromPeriodCents: row.approveFromPeriodCents,
    period: row.period,
    renewable: row.renewable,
    transfer: row.transferRemainder,
    startDate: row.startDate,
    endDate: row.endDate,
    active: row.active,
  };
}

/**
 * The period of a flow in force at `at` (its budget's period, also the one its threshold per period counts in), or
 * null when the flow is inactive or `at` lies outside its dates.
 */
export function flowPeriodAt(row: FlowRow, at: Date): PeriodWindow | null {
  return row.active ? budgetPeriodAt(row, at) : null;
}

/**
 * The net total (cents) of the orders `customerId` placed under the flow in `period` (direct and approved ones,
 * counted at their order time): what the threshold per period adds a new order to.
 */
export async function flowOrdersInPeriod(
  db: Db,
  input: { flowId: string; customerId: string; period: PeriodWindow },
): Promise<number> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${orderTable.netCents}), 0)` })
    .from(orderTable)
    .where(
      and(
        eq(orderTable.flowId, input.flowId),
        eq(orderTable.customerId, input.customerId),
        gte(orderTable.orderDateTime, input.period.start),
        lt(orderTable.orderDateTime, input.period.end),
      ),
    );
  return Number(row?.sum ?? 0);
}

/** The flow a customer is a user of, or null. */
export async function flowOfCustomer(db: Db, customerId: string): Promise<FlowRow | null> {
  const [row] = await db
    .select({ flow: orderFlowTable })
    .from(orderFlowUserTable)
    .innerJoin(orderFlowTable, eq(orderFlowTable.id, orderFlowUserTable.flowId))
    .where(eq(orderFlowUserTable.customerId, customerId))
    .limit(1);
  return row?.flow ?? null;
}

/** A period as the answers carry it (ISO timestamps), or null. */
export function periodJson(period: PeriodWindow | null): { start: string; end: string } | null {
  return period ? { start: period.start.toISOString(), end: period.end.toISOString() } : null;
}

/** Maps flows to the answer, with their users and approvers (ids in a stable order) and the period in force `now`. */
export async function mapFlows(db: Db, rows: readonly FlowRow[], now: Date = new Date()): Promise<OrderFlow[]> {
  const ids = rows.map((r) => r.id);
  const users = ids.length
    ? await db
        .select()
        .from(orderFlowUserTable)
        .where(inArray(orderFlowUserTable.flowId, ids))
        .orderBy(asc(orderFlowUserTable.customerId))
    : [];
  const approvers = ids.length
    ? await db
        .select()
        .from(orderFlowApproverTable)
        .where(inArray(orderFlowApproverTable.flowId, ids))
        .orderBy(asc(orderFlowApproverTable.customerId))
    : [];
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    budget: r.budgetCents === null ? null : centsToEuros(r.budgetCents),
    // Flows are written through OrderFlowRequestSchema only, whose periods these are.
    budgetPeriod: r.period as OrderFlowPeriod,
    budgetTransfer: r.transferRemainder,
    budgetRenewable: r.renewable,
    approvers: approvers.filter((a) => a.flowId === r.id).map((a) => a.customerId),
    users: users.filter((u) => u.flowId === r.id).map((u) => u.customerId),
    startDate: r.startDate,
    endDate: r.endDate,
    approveFrom: r.approveFromCents === null ? null : centsToEuros(r.approveFromCents),
    approveFromPeriod: r.approveFromPeriodCents === null ? null : centsToEuros(r.approveFromPeriodCents),
    currentPeriod: periodJson(flowPeriodAt(r, now)),
    active: r.active,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One page of the company's flows by name, filtered by a part of the name (case ignored). */
export async function listFlows(
  db: Db,
  me: AuthenticatedCustomer,
  query: OrderFlowListQuery,
): Promise<OrderFlowListResponse> {
  const where = and(
    eq(orderFlowTable.companyId, me.companyId),
    query.term ? ilike(orderFlowTable.name, containsPattern(query.term)) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(orderFlowTable).where(where);
  const rows = await db
    .select()
    .from(orderFlowTable)
    .where(where)
    .orderBy(sql`lower(${orderFlowTable.name})`, asc(orderFlowTable.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { elements: await mapFlows(db, rows), total: total?.n ?? 0, page: query.page, limit: query.limit };
}

/** The budget columns a body writes. */
function budgetColumns(input: OrderFlowInput) {
  return {
    budgetCents: input.budget === null ? null : eurosToCents(input.budget),
    period: input.budgetPeriod,
    transferRemainder: input.budgetTransfer,
    renewable: input.budgetRenewable,
    approveFromCents: input.approveFrom === null ? null : eurosToCents(input.approveFrom),
    approveFromPeriodCents: input.approveFromPeriod === null ? null : eurosToCents(input.approveFromPeriod),
  };
}

/** The columns a body writes. */
function columns(input: OrderFlowInput) {
  return {
    name: input.name,
    ...budgetColumns(input),
    startDate: input.startDate,
    endDate: input.endDate,
    active: input.active,
  };
}

/** The budget fields of a new flow when the body names none. */
const DEFAULT_BUDGET = {
  budgetCents: null,
  period: 'monthly',
  transferRemainder: false,
  renewable: true,
  approveFromCents: null,
  approveFromPeriodCents: null,
} as const;

/**
 * Checks the rights a body needs beyond ROLE_MANAGE_ORDER_FLOWS: ROLE_MANAGE_BUDGETS when a budget field differs from
 * the flow's (or the defaults for a new flow), ROLE_MANAGE_APPROVERS when the approvers differ.
 *
 * @throws StoreApiError 403 `{PROVIDER}__MISSING_RIGHT`.
 */
function checkFieldRights(
  me: AuthenticatedCustomer,
  provider: string,
  input: OrderFlowInput,
  before: { budget: Record<keyof typeof DEFAULT_BUDGET, unknown>; approvers: readonly string[] },
): void {
  const wanted = budgetColumns(input);
  const budgetChanged = (Object.keys(DEFAULT_BUDGET) as (keyof typeof DEFAULT_BUDGET)[]).some(
    (k) => wanted[k] !== before.budget[k],
  );
  if (budgetChanged) requireRight(me, 'ROLE_MANAGE_BUDGETS', provider);
  const approversChanged =
    input.approvers.length !== before.approvers.length || input.approvers.some((id) => !before.approvers.includes(id));
  if (approversChanged) requireRight(me, 'ROLE_MANAGE_APPROVERS', provider);
}

/**
 * Checks that every id is a customer of the caller's company.
 *
 * @throws StoreApiError 404 `CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID` naming the first that is not.
 */
async function checkMembers(db: Db, me: AuthenticatedCustomer, ids: readonly string[]): Promise<void> {
  const members = [...new Set(ids)];
  if (!members.length) return;
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

/** Puts users into a flow; each leaves their former flow (a user belongs to one flow at most). */
async function addUsers(tx: Db, flowId: string, users: readonly string[]): Promise<void> {
  if (!users.length) return;
  await tx
    .insert(orderFlowUserTable)
    .values(users.map((customerId) => ({ customerId, flowId })))
    .onConflictDoUpdate({ target: orderFlowUserTable.customerId, set: { flowId } });
}

/** Replaces the users and approvers of a flow. */
async function writeMembers(tx: Db, flowId: string, input: OrderFlowInput): Promise<void> {
  await tx.delete(orderFlowUserTable).where(eq(orderFlowUserTable.flowId, flowId));
  await tx.delete(orderFlowApproverTable).where(eq(orderFlowApproverTable.flowId, flowId));
  await addUsers(tx, flowId, input.users);
  if (input.approvers.length) {
    await tx.insert(orderFlowApproverTable).values(input.approvers.map((customerId) => ({ flowId, customerId })));
  }
}

/** The users and approvers of a flow, read in the caller's transaction. */
async function membersOf(tx: Db, flowId: string): Promise<{ users: string[]; approvers: string[] }> {
  const users = await tx
    .select({ id: orderFlowUserTable.customerId })
    .from(orderFlowUserTable)
    .where(eq(orderFlowUserTable.flowId, flowId));
  const approvers = await tx
    .select({ id: orderFlowApproverTable.customerId })
    .from(orderFlowApproverTable)
    .where(eq(orderFlowApproverTable.flowId, flowId));
  return { users: users.map((u) => u.id), approvers: approvers.map((a) => a.id) };
}

/**
 * Of `users`, those who are now users of a flow other than `flowId` (putting them into `flowId` takes them out of
 * it, which lifts its limits), their membership rows locked.
 */
async function inOtherFlows(tx: Db, flowId: string | null, users: readonly string[]): Promise<string[]> {
  if (!users.length) return [];
  const rows = await tx
    .select({ id: orderFlowUserTable.customerId })
    .from(orderFlowUserTable)
    .where(
      and(
        inArray(orderFlowUserTable.customerId, [...users]),
        flowId ? ne(orderFlowUserTable.flowId, flowId) : undefined,
      ),
    )
    .for('update');
  return rows.map((r) => r.id);
}

/** Locks a flow of the caller's company in the caller's transaction. */
async function lockFlow(tx: Db, me: AuthenticatedCustomer, provider: string, id: string): Promise<FlowRow> {
  const [row] = await tx
    .select()
    .from(orderFlowTable)
    .where(and(eq(orderFlowTable.id, id), eq(orderFlowTable.companyId, me.companyId)))
    .for('update');
  if (!row) throw orderFlowNotFound(provider, id);
  return row;
}

/**
 * Creates a flow of the caller's company.
 *
 * @throws StoreApiError 403 `{PROVIDER}__MISSING_RIGHT` (budget fields, approvers, users taken out of another flow),
 *   `{PROVIDER}__OWN_LIMIT_CHANGE` (the caller taken out of their flow), `{PROVIDER}__OWN_APPROVER`; 404
 *   `CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID` (a user or approver not of the company).
 */
export async function createFlow(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  input: OrderFlowInput,
): Promise<OrderFlow> {
  checkFieldRights(me, provider, input, { budget: DEFAULT_BUDGET, approvers: [] });
  checkOwnApprover(provider, {
    approverBefore: false,
    approverAfter: input.approvers.includes(me.id),
    userBefore: false,
    userAfter: input.users.includes(me.id),
  });
  await checkMembers(db, me, [...input.users, ...input.approvers]);
  const id = randomId();
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    checkLift(me, provider, await inOtherFlows(tx, null, input.users));
    await tx.insert(orderFlowTable).values({ id, companyId: me.companyId, createdById: me.id, ...columns(input) });
    await writeMembers(tx, id, input);
  });
  const [mapped] = await mapFlows(db, [await loadFlow(db, me, provider, id)]);
  return mapped!;
}

/**
 * Replaces a flow of the caller's company with the body; usage already booked stays in the ledger. Lifted are the
 * users the body leaves out, users it takes out of another flow, and, when the body loosens the flow's terms
 * (./limit-rules.ts `loosens`), every user of the flow.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_FLOW_NOT_FOUND`, and see `createFlow`.
 */
export async function updateFlow(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
  input: OrderFlowInput,
): Promise<OrderFlow> {
  await loadFlow(db, me, provider, id);
  await checkMembers(db, me, [...input.users, ...input.approvers]);
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await lockFlow(tx, me, provider, id);
    const before = await membersOf(tx, id);
    checkFieldRights(me, provider, input, { budget: row, approvers: before.approvers });
    checkOwnApprover(provider, {
      approverBefore: before.approvers.includes(me.id),
      approverAfter: input.approvers.includes(me.id),
      userBefore: before.users.includes(me.id),
      userAfter: input.users.includes(me.id),
    });
    const after = { ...columns(input) };
    const lifted = new Set(before.users.filter((u) => !input.users.includes(u)));
    if (loosens('flow', flowTerms(row), flowTerms(after))) for (const u of before.users) lifted.add(u);
    for (const u of await inOtherFlows(tx, id, input.users)) lifted.add(u);
    checkLift(me, provider, lifted);
    await tx
      .update(orderFlowTable)
      .set({ ...after, updatedAt: new Date() })
      .where(and(eq(orderFlowTable.id, id), eq(orderFlowTable.companyId, me.companyId)));
    await writeMembers(tx, id, input);
  });
  const [mapped] = await mapFlows(db, [await loadFlow(db, me, provider, id)]);
  return mapped!;
}

/**
 * Puts users of the caller's company into one of its flows, keeping the flow's other users.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_FLOW_NOT_FOUND` or `CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID`; 403
 *   `{PROVIDER}__MISSING_RIGHT` (ROLE_MANAGE_BUDGETS, a user taken out of another flow),
 *   `{PROVIDER}__OWN_LIMIT_CHANGE`, `{PROVIDER}__OWN_APPROVER`.
 */
export async function assignFlow(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  flowId: string,
  users: readonly string[],
): Promise<OrderFlow> {
  await loadFlow(db, me, provider, flowId);
  await checkMembers(db, me, users);
  const unique = [...new Set(users)];
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockFlow(tx, me, provider, flowId);
    const before = await membersOf(tx, flowId);
    checkOwnApprover(provider, {
      approverBefore: before.approvers.includes(me.id),
      approverAfter: before.approvers.includes(me.id),
      userBefore: before.users.includes(me.id),
      userAfter: before.users.includes(me.id) || unique.includes(me.id),
    });
    checkLift(me, provider, await inOtherFlows(tx, flowId, unique));
    await addUsers(tx, flowId, unique);
  });
  const [mapped] = await mapFlows(db, [await loadFlow(db, me, provider, flowId)]);
  return mapped!;
}

/**
 * Deletes a flow of the caller's company in one transaction: its pending approval requests are cancelled and their
 * reservations (on the flow and on an order reference) released; its users and approvers go with it; the ledger
 * keeps its rows. Deleting lifts the limits of its users.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_FLOW_NOT_FOUND`; 403 `{PROVIDER}__MISSING_RIGHT` (ROLE_MANAGE_BUDGETS
 *   for a flow with users), `{PROVIDER}__OWN_LIMIT_CHANGE` (the caller is one of its users).
 */
export async function deleteFlow(db: Db, me: AuthenticatedCustomer, provider: string, id: string): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockFlow(tx, me, provider, id);
    checkLift(me, provider, (await membersOf(tx, id)).users);
    await endPendingApprovals(tx, { flowId: id }, { actorId: me.id, reason: 'order_flow_deleted' });
    await tx.delete(orderFlowTable).where(and(eq(orderFlowTable.id, id), eq(orderFlowTable.companyId, me.companyId)));
  });
}

/**
 * The pending approval requests of the flows `me` approves in their company, their own requests left out: how many,
 * and the newest 20 (the company's due requests expire first).
 */
export async function pendingForApprover(db: Db, me: AuthenticatedCustomer): Promise<OrderFlowPendingResponse> {
  await expireApprovals(db, { companyId: me.companyId });
  const where = and(
    eq(orderApprovalTable.companyId, me.companyId),
    eq(orderApprovalTable.status, 'pending'),
    ne(orderApprovalTable.requesterId, me.id),
    inArray(
      orderApprovalTable.flowId,
      db
        .select({ id: orderFlowApproverTable.flowId })
        .from(orderFlowApproverTable)
        .where(eq(orderFlowApproverTable.customerId, me.id)),
    ),
  );
  const [total] = await db.select({ n: count() }).from(orderApprovalTable).where(where);
  const rows = await db
    .select({ approval: orderApprovalTable, customer: customerTable })
    .from(orderApprovalTable)
    .innerJoin(customerTable, eq(customerTable.id, orderApprovalTable.requesterId))
    .where(where)
    .orderBy(desc(orderApprovalTable.createdAt), asc(orderApprovalTable.id))
    .limit(ORDER_FLOW_PENDING_LIMIT);
  return {
    total: total?.n ?? 0,
    elements: rows.map(({ approval, customer }) => ({
      id: approval.id,
      approvalNumber: approval.approvalNumber,
      flowId: approval.flowId,
      requester: { id: customer.id, firstName: customer.firstName, lastName: customer.lastName },
      amountNet: centsToEuros(approval.netCents),
      createdAt: approval.createdAt.toISOString(),
    })),
  };
}

/**
 * The flow budget of each user of a company in the period containing `at`, cents: the user's flow's budget and what
 * is left of it (./budget.service.ts). Users without a flow, or whose flow limits nothing at `at`, are absent.
 */
export async function flowBudgetsOfCompany(
  db: Db,
  companyId: string,
  at: Date,
): Promise<Map<string, { budgetCents: number; remainingCents: number }>> {
  const rows = await db
    .select({ customerId: orderFlowUserTable.customerId, flow: orderFlowTable })
    .from(orderFlowUserTable)
    .innerJoin(orderFlowTable, eq(orderFlowTable.id, orderFlowUserTable.flowId))
    .where(eq(orderFlowTable.companyId, companyId));
  const result = new Map<string, { budgetCents: number; remainingCents: number }>();
  for (const { customerId, flow } of rows) {
    const status = await statusOf(db, { kind: 'flow', budgetId: flow.id, customerId }, flowBudget(flow), at);
    if (status) result.set(customerId, { budgetCents: flow.budgetCents!, remainingCents: status.remainingCents });
  }
  return result;
}
