/**
 * The approval requests a customer may see (`POST /store-api/{provider}/order/approvals`, contract/provider/
 * approvals.ts): a lead buyer or a holder of ROLE_MANAGE_COMPANY_ORDER_HISTORY sees the company's, everybody else
 * their own and those of the order flows and order references they approve. Newest first; the lines and order data
 * come from the request's snapshot, so they show what was requested whatever changed since. The company's requests
 * that are due expire before the list is read (backend/commerce/spending/approval.service.ts `expireApprovals`).
 */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Approval, ApprovalListQuery, ApprovalListResponse } from '../../../contract/provider/approvals.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import {
  budgetLedgerTable,
  budgetUsageTable,
  customerTable,
  orderApprovalTable,
  orderFlowApproverTable,
  orderFlowTable,
  orderReferenceApproverTable,
  orderTable,
} from '../../db/schema/index.ts';
import { centsToNumber } from '../../lib/price.ts';
import { containsPattern } from '../../db/like.ts';
import {
  APPROVE_RIGHT,
  approvalExpiresAt,
  expireApprovals,
  type ApprovalSnapshot,
} from '../../commerce/spending/approval.service.ts';

/** The flows and order references a customer approves. */
async function approverScope(db: Db, customerId: string): Promise<{ flowIds: string[]; referenceIds: string[] }> {
  const flows = await db
    .select({ id: orderFlowApproverTable.flowId })
    .from(orderFlowApproverTable)
    .where(eq(orderFlowApproverTable.customerId, customerId));
  const references = await db
    .select({ id: orderReferenceApproverTable.referenceId })
    .from(orderReferenceApproverTable)
    .where(eq(orderReferenceApproverTable.customerId, customerId));
  return { flowIds: flows.map((f) => f.id), referenceIds: references.map((r) => r.id) };
}

/** True when the customer sees every approval request of the company. */
export function seesCompanyApprovals(me: AuthenticatedCustomer): boolean {
  return me.leadBuyer || me.rights.has('ROLE_MANAGE_COMPANY_ORDER_HISTORY');
}

/** One page of the approval requests `me` may see (see the module comment). */
export async function listApprovals(
  db: Db,
  me: AuthenticatedCustomer,
  query: ApprovalListQuery,
): Promise<ApprovalListResponse> {
  await expireApprovals(db, { companyId: me.companyId });
  const scope = await approverScope(db, me.id);
  const requester = alias(customerTable, 'requester');
  const conditions: SQL[] = [eq(orderApprovalTable.companyId, me.companyId)];
  if (!seesCompanyApprovals(me)) {
    const own: SQL[] = [eq(orderApprovalTable.requesterId, me.id)];
    if (scope.flowIds.length) own.push(inArray(orderApprovalTable.flowId, scope.flowIds));
    if (scope.referenceIds.length) own.push(inArray(orderApprovalTable.orderReferenceId, scope.referenceIds));
    conditions.push(or(...own)!);
  }
  if (query.status) conditions.push(eq(orderApprovalTable.status, query.status));
  if (query.ids?.length) conditions.push(inArray(orderApprovalTable.id, query.ids));
  if (query.term) {
    const pattern = containsPattern(query.term);
    conditions.push(
      or(
        ilike(orderApprovalTable.approvalNumber, pattern),
        ilike(orderTable.orderNumber, pattern),
        ilike(requester.firstName, pattern),
        ilike(requester.lastName, pattern),
        ilike(requester.username, pattern),
        ilike(sql`${orderApprovalTable.snapshot} -> 'draft' -> 'data' ->> 'orderReference'`, pattern),
      )!,
    );
  }
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(orderApprovalTable)
    .innerJoin(requester, eq(requester.id, orderApprovalTable.requesterId))
    .leftJoin(orderTable, eq(orderTable.id, orderApprovalTable.orderId))
    .where(where);
  const decider = alias(customerTable, 'decider');
  const rows = await db
    .select({
      approval: orderApprovalTable,
      requester: {
        id: requester.id,
        firstName: requester.firstName,
        lastName: requester.lastName,
        username: requester.username,
      },
      decider: { id: decider.id, firstName: decider.firstName, lastName: decider.lastName },
      orderNumber: orderTable.orderNumber,
      flowName: orderFlowTable.name,
    })
    .from(orderApprovalTable)
    .innerJoin(requester, eq(requester.id, orderApprovalTable.requesterId))
    .leftJoin(decider, eq(decider.id, orderApprovalTable.decidedById))
    .leftJoin(orderTable, eq(orderTable.id, orderApprovalTable.orderId))
    .leftJoin(orderFlowTable, eq(orderFlowTable.id, orderApprovalTable.flowId))
    .where(where)
    .orderBy(desc(orderApprovalTable.createdAt), desc(orderApprovalTable.approvalNumber))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);

  // What is left of each request's flow budget in the period it was charged to.
  const left = new Map<string, number>();
  if (rows.length) {
    const budgets = await db
      .select({
        approvalId: budgetLedgerTable.approvalId,
        left: sql<number>`${budgetUsageTable.limitCents} - ${budgetUsageTable.usedCents}`.mapWith(Number),
      })
      .from(budgetLedgerTable)
      .innerJoin(
        budgetUsageTable,
        and(
          eq(budgetUsageTable.kind, budgetLedgerTable.kind),
          eq(budgetUsageTable.budgetId, budgetLedgerTable.budgetId),
          eq(budgetUsageTable.customerId, budgetLedgerTable.customerId),
          eq(budgetUsageTable.periodStart, budgetLedgerTable.periodStart),
        ),
      )
      .where(
        and(
          inArray(
            budgetLedgerTable.approvalId,
            rows.map((r) => r.approval.id),
          ),
          eq(budgetLedgerTable.kind, 'flow'),
          eq(budgetLedgerTable.entry, 'reserve'),
        ),
      );
    for (const b of budgets) if (b.approvalId) left.set(b.approvalId, b.left);
  }

  const mayDecide = me.rights.has(APPROVE_RIGHT);
  const elements = rows.map((r): Approval => {
    const a = r.approval;
    const snapshot = a.snapshot as unknown as ApprovalSnapshot;
    const { draft } = snapshot;
    const approves =
      (a.flowId !== null && scope.flowIds.includes(a.flowId)) ||
      (a.orderReferenceId !== null && scope.referenceIds.includes(a.orderReferenceId));
    const remaining = left.get(a.id);
    return {
      id: a.id,
      approvalNumber: a.approvalNumber,
      orderId: a.orderId,
      orderNumber: r.orderNumber,
      orderName: draft.data.orderReference ?? draft.data.fileNumber ?? null,
      status: a.status,
      requester: r.requester,
      flowId: a.flowId,
      flowName: r.flowName ?? snapshot.flow?.name ?? null,
      orderReferenceId: a.orderReferenceId,
      amountNet: centsToNumber(a.netCents),
      amountTotal: centsToNumber(a.totalCents),
      openBudget: snapshot.flowBudgetLeftCents === null ? null : centsToNumber(snapshot.flowBudgetLeftCents),
      remainingBudget: remaining === undefined ? null : centsToNumber(remaining),
      orderDate: a.createdAt.toISOString(),
      expiresAt: a.status === 'pending' ? approvalExpiresAt(a.createdAt).toISOString() : null,
      canWithdraw: a.status === 'pending' && a.requesterId === me.id,
      decidedAt: a.decidedAt?.toISOString() ?? null,
      decidedBy: r.decider?.id ? r.decider : null,
      decisionComment: a.decisionComment,
      canDecide: a.status === 'pending' && mayDecide && approves && a.requesterId !== me.id,
      lines: draft.model.lines.map((l) => ({
        productId: l.productId,
        productName: l.label,
        sku: l.productNumber,
        quantity: l.quantity,
        unitPrice: Number(l.unitPrice),
        totalPrice: centsToNumber(l.totalCents),
        comment: l.remark,
      })),
      orderReference: draft.data.orderReference ?? null,
      fileNumber: draft.data.fileNumber ?? null,
      remark: draft.data.remark ?? draft.data.customerComment ?? null,
      shippingOption: draft.model.shippingOption,
      shippingAddress: draft.shippingAddress
        ? {
            company: draft.shippingAddress.company,
            name: draft.shippingAddress.name,
            street: draft.shippingAddress.street,
            houseNumber: draft.shippingAddress.houseNumber,
            box: draft.shippingAddress.box,
            zipcode: draft.shippingAddress.zipcode,
            city: draft.shippingAddress.city,
            countryCode: draft.shippingAddress.countryCode,
          }
        : null,
      pickupLocation: draft.pickupLocation,
      shippingMethod: draft.shippingMethod?.name ?? null,
      shippingDate: draft.data.requestedShippingDate ?? null,
    };
  });
  return { elements, total: total?.n ?? 0, page: query.page, limit: query.limit };
}
