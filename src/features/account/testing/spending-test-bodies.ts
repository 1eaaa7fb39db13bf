/**
 * Answers of the provider's spending endpoints for the account area's component tests, each parsed with its
 * contract schema (contract/provider/approvals.ts, order-reference.ts, cost-center.ts, order-flow.ts) so a stub cannot drift from
 * what the server sends.
 */
import * as v from 'valibot';
import {
  ApprovalActionsResponseSchema,
  ApprovalDecisionSchema,
  ApprovalListResponseSchema,
  ApprovalSchema,
  type Approval,
  type ApprovalActionResult,
  type ApprovalDecision,
} from '../../../../contract/provider/approvals.ts';
import { ExternalContactListResponseSchema, type ExternalContact } from '../../../../contract/provider/cost-center.ts';
import {
  OrderFlowListResponseSchema,
  OrderFlowSchema,
  type OrderFlow,
} from '../../../../contract/provider/order-flow.ts';
import {
  OrderReferenceListResponseSchema,
  OrderReferenceSchema,
  type OrderReference,
} from '../../../../contract/provider/order-reference.ts';

/** A 32-character hex id ending in `n`. */
export const testId = (n: number): string => n.toString(16).padStart(32, '0');

/** One approval request (pending, decidable by the caller) with one line. */
export function approvalBody(overrides: Partial<Approval> = {}): Approval {
  return v.parse(ApprovalSchema, {
    id: testId(1),
    approvalNumber: 'A-10001',
    orderId: null,
    orderNumber: null,
    orderName: 'PO-4711',
    status: 'pending',
    requester: { id: testId(900), firstName: 'Jan', lastName: 'Peeters', username: 'jan.peeters' },
    flowId: testId(800),
    flowName: 'Workshop',
    orderReferenceId: null,
    amountNet: 1250,
    amountTotal: 1512.5,
    openBudget: 2000,
    remainingBudget: 750,
    orderDate: '2026-11-20T09:30:00.000Z',
    expiresAt: '2026-12-20T09:30:00.000Z',
    canWithdraw: false,
    decidedAt: null,
    decidedBy: null,
    decisionComment: null,
    canDecide: true,
    lines: [
      {
        productId: testId(700),
        productName: 'Torque wrench',
        sku: 'TW-100',
        quantity: 5,
        unitPrice: 250,
        totalPrice: 1250,
        comment: null,
      },
    ],
    orderReference: 'PO-4711',
    fileNumber: null,
    remark: 'Urgent',
    shippingOption: 'delivery',
    shippingAddress: {
      company: 'Bouw NV',
      name: 'Site office',
      street: 'Kerkstraat',
      houseNumber: '12',
      box: null,
      zipcode: '2000',
      city: 'Antwerpen',
      countryCode: 'BE',
    },
    pickupLocation: null,
    shippingMethod: 'Standard',
    shippingDate: null,
    ...overrides,
  });
}

/** A page of the approval list. */
export function approvalListBody(elements: Approval[], total = elements.length, page = 1) {
  return v.parse(ApprovalListResponseSchema, { elements, total, page, limit: 20 });
}

/** The answer of approving one request. */
export function approvalDecisionBody(overrides: Partial<ApprovalDecision> = {}): ApprovalDecision {
  return v.parse(ApprovalDecisionSchema, {
    id: testId(1),
    approvalNumber: 'A-10001',
    status: 'approved',
    orderId: testId(600),
    orderNumber: '10042',
    ...overrides,
  });
}

/** The answer of the bulk decision call. */
export function approvalActionsBody(results: ApprovalActionResult[]) {
  return v.parse(ApprovalActionsResponseSchema, { results });
}

/** One order reference with a monthly budget. */
export function orderReferenceBody(overrides: Partial<OrderReference> = {}): OrderReference {
  return v.parse(OrderReferenceSchema, {
    id: testId(10),
    name: 'PO-4711',
    createdBy: { id: testId(900), firstName: 'Anna', lastName: 'Maes' },
    approvers: [],
    users: [],
    budget: 5000,
    remainingBudget: 3200.5,
    period: 'monthly',
    currentPeriod: { start: '2026-11-30T23:00:00.000Z', end: '2026-12-30T23:00:00.000Z' },
    renewable: true,
    transferable: false,
    startDate: '2026-11-01',
    endDate: null,
    active: true,
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  });
}

/** A page of the order reference list. */
export function orderReferenceListBody(elements: OrderReference[]) {
  return v.parse(OrderReferenceListResponseSchema, { elements, total: elements.length, page: 1, limit: 20 });
}

/** The company's external contacts. */
export function externalContactsBody(elements: Partial<ExternalContact>[]) {
  return v.parse(ExternalContactListResponseSchema, {
    elements: elements.map((contact, i) => ({
      id: testId(100 + i),
      identifier: `EXT-${i + 1}`,
      name: `Contact ${i + 1}`,
      email: null,
      connected: false,
      ...contact,
    })),
  });
}

/** One order flow with a monthly budget and a threshold. */
export function orderFlowBody(overrides: Partial<OrderFlow> = {}): OrderFlow {
  return v.parse(OrderFlowSchema, {
    id: testId(800),
    name: 'Workshop',
    budget: 2000,
    budgetPeriod: 'monthly',
    budgetTransfer: false,
    budgetRenewable: true,
    approvers: [testId(901)],
    users: [testId(900)],
    startDate: '2026-11-01',
    endDate: null,
    approveFrom: 1000,
    approveFromPeriod: null,
    currentPeriod: { start: '2026-11-30T23:00:00.000Z', end: '2026-12-30T23:00:00.000Z' },
    active: true,
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  });
}

/** A page of the order flow list. */
export function orderFlowListBody(elements: OrderFlow[]) {
  return v.parse(OrderFlowListResponseSchema, { elements, total: elements.length, page: 1, limit: 20 });
}
