/**
 * Approval requests (docs/decisions/015-budgets-and-approvals.md, "Approvals"): an order whose net total is at or
 * above the threshold of the buyer's order flow is not placed but sent as a request, bound to the snapshot of the
 * calculated cart and the order data taken when it was sent, and placed only when one approver approves it.
 *
 * - `requestApproval` (called by the approval gate, ./approval-gate.ts, inside the submit's transaction): resolves the order data into an
 *   `OrderDraft` (../orders/order-placement.ts), writes the request with the next `approval_number_seq` number, the
 *   snapshot and the SHA-256 of its canonical JSON, reserves the flow and order reference budgets, empties the cart
 *   (nothing can edit what is approved) and queues a mail to each approver.
 * - `decideApproval`: one decision in one transaction. The request row is locked (`FOR UPDATE`) and only a pending
 *   request is decided, so concurrent decisions end in exactly one outcome; the decider must hold
 *   ROLE_APPROVE_ORDER_FLOWS at that moment (read inside the transaction), be an approver of the request's flow or
 *   order reference in the same company, and not be its requester (four-eyes principle). Approving writes the order
 *   from the snapshot with `writeOrder` and consumes the reservation; declining releases it. The requester gets mail
 *   and the decision is audited with who, when, the snapshot hash and the outcome. Approving a request whose
 *   requester may no longer order (deleted, deactivated, another company, ROLE_PLACE_ORDERS taken away) cancels it
 *   instead (`{PROVIDER}__APPROVAL_REQUESTER_CANNOT_ORDER`, 409), and a request pending longer than
 *   APPROVAL_EXPIRY_DAYS expires when it is decided (`{PROVIDER}__APPROVAL_EXPIRED`, 409). Approving a request whose
 *   order reference the requester may no longer book to (deactivated, outside its dates, the requester taken off it)
 *   cancels it too (`{PROVIDER}__APPROVAL_REFERENCE_NOT_USABLE`, 409). Each of these is committed first.
 * - `withdrawApproval`: the requester takes back their own pending request.
 * - `endPendingApprovals`: cancels the pending requests of a deleted flow, order reference or customer in the
 *   caller's transaction; `expireApprovals`: the sweep that expires what is due.
 * Every way a request ends without an order releases its reservations on the flow and order reference budgets
 * exactly once (./budget.service.ts `release`) and is audited.
 */
import { and, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  APPROVAL_EXPIRY_DAYS,
  type ApprovalActionName,
  type ApprovalErrorCode,
  type ApprovalDecision,
} from '../../../contract/provider/approvals.ts';
import type { OrderCreateData } from '../../../contract/order.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  companyTable,
  customerRightTable,
  customerTable,
  languageTable,
  orderApprovalTable,
  orderFlowApproverTable,
  orderReferenceApproverTable,
  type orderFlowTable,
  type orderReferenceTable,
  type ApprovalStatus,
} from '../../db/schema/index.ts';
import { StoreApiError } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import { queueMail } from '../../mail/outbox.ts';
import type { JobSender } from '../../jobs/queues.ts';
import { approvalDecidedMail, approvalRequestedMail } from '../../mail/templates.ts';
import { audit } from '../accounts/audit.ts';
import type { CalculatedCart } from '../cart/cart-model.ts';
import { emptyCart } from '../cart/cart-change.ts';
import { draftOrder, writeOrder, type OrderDraft } from '../orders/order-placement.ts';
import { budgetTaken } from './budget-processor.ts';
import type { StoreContext } from '../sales-channel-context.ts';
import { consume, release, remaining, reserve } from './budget.service.ts';
import { usableReference } from './reference-use.ts';
import { startPeriodic } from '../../lib/periodic.ts';
import { snapshotHash } from '../../lib/canonical-json.ts';
import { providerErrorCode } from '../../../contract/provider.ts';

type FlowRow = typeof orderFlowTable.$inferSelect;
type OrderReferenceRow = typeof orderReferenceTable.$inferSelect;
type ApprovalRow = typeof orderApprovalTable.$inferSelect;

/** The right a decider must hold when deciding. */
export const APPROVE_RIGHT = 'ROLE_APPROVE_ORDER_FLOWS';

/**
 * What an approval request keeps (`order_approval.snapshot`): the order draft the order is written from, the flow
 * and order reference it was requested under, the cost centre, and what was left of the flow budget before the
 * request's reservation (cents; null without a flow budget).
 */
export interface ApprovalSnapshot {
  draft: OrderDraft;
  flow: { id: string; name: string } | null;
  orderReference: { id: string; name: string } | null;
  costCenterId: string | null;
  flowBudgetLeftCents: number | null;
}

export interface ApprovalDeps {
  config: BackendConfig;
  /** Enqueues the mails and the ERP hand-over written with a request or decision, in its transaction. */
  jobs?: JobSender | undefined;
}

/** What the checkout hands over when an order needs an approval. */
export interface RequestApprovalInput {
  customer: AuthenticatedCustomer;
  context: StoreContext;
  /** The cart calculated (and locked) in the submit's transaction. */
  cart: CalculatedCart['cart'];
  model: CalculatedCart['model'];
  /** The order data of the submit (contract/order.ts). */
  data: OrderCreateData;
  /** The requester's order flow whose threshold the order reached. */
  flow: FlowRow | null;
  /** The company's order reference the cart is booked to, if any. */
  orderReference: OrderReferenceRow | null;
  costCenterId?: string | null;
  /** The submit's `Idempotency-Key`: the same key answers the same request. */
  idempotencyKey?: string | null;
  /** The instant of the request (selects the budget period); now unless told. */
  now?: Date;
}

export interface RequestedApproval {
  approvalId: string;
  approvalNumber: string;
  /** False when an earlier submit with the same idempotency key sent it. */
  created: boolean;
  /** Outbox ids of the mails to the approvers (their delivery is enqueued with them). */
  mailIds: string[];
}

/** The approval request `customerId` sent with `key`, if any. */
export async function approvalByKey(
  db: Db,
  customerId: string,
  key: string,
): Promise<{ id: string; approvalNumber: string } | null> {
  const [row] = await db
    .select({ id: orderApprovalTable.id, approvalNumber: orderApprovalTable.approvalNumber })
    .from(orderApprovalTable)
    .where(and(eq(orderApprovalTable.requesterId, customerId), eq(orderApprovalTable.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Sends an approval request instead of placing the order, inside the submit's transaction (see the module comment).
 *
 * @throws StoreApiError the order data's errors of `draftOrder` (400 `CHECKOUT__CART_EMPTY`,
 *   `CHECKOUT__CART_INVALID`, `VIOLATION::…`; 404 `CHECKOUT__CUSTOMER_ADDRESS_NOT_FOUND`); 400
 *   `{PROVIDER}__APPROVAL_FOREIGN_BUDGET` for a flow or order reference of another company (a caller's bug).
 */
export async function requestApproval(
  deps: ApprovalDeps,
  tx: Db,
  input: RequestApprovalInput,
): Promise<RequestedApproval> {
  const { customer, idempotencyKey: key } = input;
  if (key) {
    const existing = await approvalByKey(tx, customer.id, key);
    if (existing)
      return { approvalId: existing.id, approvalNumber: existing.approvalNumber, created: false, mailIds: [] };
  }
  for (const owner of [input.flow?.companyId, input.orderReference?.companyId]) {
    if (owner !== undefined && owner !== customer.companyId) {
      throw new StoreApiError(
        400,
        providerErrorCode(deps.config.provider, 'APPROVAL_FOREIGN_BUDGET'),
        'The order flow or order reference is not one of the customer’s company.',
      );
    }
  }
  const draft = await draftOrder(tx, input);
  const approvalId = randomId();
  const now = input.now ?? new Date();
  const flowBudget = input.flow
    ? await remaining(tx, { kind: 'flow', budgetId: input.flow.id, customerId: customer.id, at: now })
    : null;
  const snapshot: ApprovalSnapshot = {
    draft,
    flow: input.flow ? { id: input.flow.id, name: input.flow.name } : null,
    orderReference: input.orderReference ? { id: input.orderReference.id, name: input.orderReference.name } : null,
    costCenterId: input.costCenterId ?? null,
    flowBudgetLeftCents: flowBudget?.remainingCents ?? null,
  };
  const [row] = await tx
    .insert(orderApprovalTable)
    .values({
      id: approvalId,
      approvalNumber: sql`nextval('approval_number_seq')::text`,
      companyId: customer.companyId,
      requesterId: customer.id,
      flowId: snapshot.flow?.id ?? null,
      orderReferenceId: snapshot.orderReference?.id ?? null,
      costCenterId: snapshot.costCenterId,
      status: 'pending',
      netCents: draft.model.netCents,
      totalCents: draft.model.totalCents,
      snapshot: snapshot as unknown as Record<string, unknown>,
      snapshotHash: snapshotHash(snapshot),
      idempotencyKey: key ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ approvalNumber: orderApprovalTable.approvalNumber });
  await reserveBudgets(deps, tx, { customer, approvalId, at: now, amountCents: draft.model.netCents, snapshot });
  const approvalNumber = row!.approvalNumber;
  await emptyCart(tx, customer.id);

  const approvers = await approversOf(
    tx,
    customer.companyId,
    snapshot.flow?.id ?? null,
    snapshot.orderReference?.id ?? null,
  );
  const mailIds: string[] = [];
  for (const approver of approvers) {
    if (approver.id === customer.id) continue;
    mailIds.push(
      await queueMail(
        tx,
        approvalRequestedMail({
          to: approver.email,
          name: `${approver.firstName} ${approver.lastName}`.trim(),
          locale: approver.localeCode ?? draft.mail.locale,
          seesPrices: approver.seesPrices,
          requesterName: draft.mail.name,
          approvalNumber,
          orderReference: draft.data.orderReference ?? null,
          netCents: draft.model.netCents,
          lines: draft.model.lines.map((l) => ({
            productNumber: l.productNumber,
            label: l.label,
            quantity: l.quantity,
            totalCents: l.totalCents,
          })),
        }),
        deps.jobs,
      ),
    );
  }
  return { approvalId, approvalNumber, created: true, mailIds };
}

/**
 * Reserves the request's net total on the requester's flow budget and on the order reference's budget, in the
 * period of `at` (./budget.service.ts `reserve`, one conditional update each).
 *
 * @throws StoreApiError 400 `CHECKOUT__CART_INVALID` with the cart error `{provider}-flow-unsufficient-budget-blocked`
 *   or `{provider}-order-reference-unsufficient-budget-blocked` when a budget no longer has room (a concurrent order
 *   took it since the cart was checked); the transaction is then rolled back by the caller.
 */
async function reserveBudgets(
  deps: ApprovalDeps,
  tx: Db,
  input: {
    customer: AuthenticatedCustomer;
    approvalId: string;
    at: Date;
    amountCents: number;
    snapshot: ApprovalSnapshot;
  },
): Promise<void> {
  const { customer, approvalId, at, amountCents, snapshot } = input;
  const provider = deps.config.provider;
  const budgets = [
    ...(snapshot.flow
      ? [{ kind: 'flow' as const, budgetId: snapshot.flow.id, customerId: customer.id, error: 'flow' as const }]
      : []),
    ...(snapshot.orderReference
      ? [{ kind: 'order_reference' as const, budgetId: snapshot.orderReference.id, error: 'order-reference' as const }]
      : []),
  ];
  for (const { error, ...key } of budgets) {
    const fits = await reserve(tx, { ...key, companyId: customer.companyId, at, amountCents, approvalId });
    if (!fits) throw budgetTaken(provider, error);
  }
}

/**
 * The active approvers (of the company) of a flow and of an order reference, each once, with their language and
 * whether they hold ROLE_VIEW_PRICES (their mail names amounts only then, docs/decisions/014).
 */
async function approversOf(
  tx: Db,
  companyId: string,
  flowId: string | null,
  referenceId: string | null,
): Promise<
  { id: string; email: string; firstName: string; lastName: string; localeCode: string | null; seesPrices: boolean }[]
> {
  const ids = new Set<string>();
  if (flowId) {
    const rows = await tx
      .select({ id: orderFlowApproverTable.customerId })
      .from(orderFlowApproverTable)
      .where(eq(orderFlowApproverTable.flowId, flowId));
    for (const r of rows) ids.add(r.id);
  }
  if (referenceId) {
    const rows = await tx
      .select({ id: orderReferenceApproverTable.customerId })
      .from(orderReferenceApproverTable)
      .where(eq(orderReferenceApproverTable.referenceId, referenceId));
    for (const r of rows) ids.add(r.id);
  }
  if (ids.size === 0) return [];
  return tx
    .select({
      id: customerTable.id,
      email: customerTable.email,
      firstName: customerTable.firstName,
      lastName: customerTable.lastName,
      localeCode: languageTable.localeCode,
      seesPrices: sql<boolean>`EXISTS (SELECT 1 FROM ${customerRightTable}
                                        WHERE ${customerRightTable.customerId} = ${customerTable.id}
                                          AND ${customerRightTable.code} = 'ROLE_VIEW_PRICES'
                                          AND ${customerRightTable.enabled})`,
    })
    .from(customerTable)
    .leftJoin(languageTable, eq(languageTable.id, customerTable.languageId))
    .where(
      and(
        inArray(customerTable.id, [...ids].sort()),
        eq(customerTable.companyId, companyId),
        eq(customerTable.active, true),
        isNull(customerTable.punchOutSessionId),
      ),
    )
    .orderBy(customerTable.id);
}

/** 404 for an approval request that does not exist, is of another company or is not the caller's to see. */
export function approvalNotFound(provider: string, id: string): StoreApiError {
  return new StoreApiError(
    404,
    providerErrorCode(provider, 'APPROVAL_NOT_FOUND'),
    `The approval request "${id}" was not found.`,
    { parameters: { id } },
  );
}

/** True when `customerId` approves the request's flow or order reference. */
async function isApproverOf(tx: Db, customerId: string, row: ApprovalRow): Promise<boolean> {
  if (row.flowId) {
    const [hit] = await tx
      .select({ id: orderFlowApproverTable.customerId })
      .from(orderFlowApproverTable)
      .where(and(eq(orderFlowApproverTable.flowId, row.flowId), eq(orderFlowApproverTable.customerId, customerId)));
    if (hit) return true;
  }
  if (row.orderReferenceId) {
    const [hit] = await tx
      .select({ id: orderReferenceApproverTable.customerId })
      .from(orderReferenceApproverTable)
      .where(
        and(
          eq(orderReferenceApproverTable.referenceId, row.orderReferenceId),
          eq(orderReferenceApproverTable.customerId, customerId),
        ),
      );
    if (hit) return true;
  }
  return false;
}

/**
 * Checks that `decider` may decide `row` now, with rights and company read in the transaction.
 *
 * @throws StoreApiError 404 `{PROVIDER}__APPROVAL_NOT_FOUND` (another company, or the decider is gone); 403
 *   `{PROVIDER}__MISSING_RIGHT` (ROLE_APPROVE_ORDER_FLOWS not held now), `{PROVIDER}__APPROVAL_SELF_DECISION`,
 *   `{PROVIDER}__APPROVAL_NOT_APPROVER`.
 */
async function assertMayDecide(tx: Db, provider: string, deciderId: string, row: ApprovalRow): Promise<void> {
  const [decider] = await tx
    .select({ companyId: customerTable.companyId, active: customerTable.active })
    .from(customerTable)
    .where(eq(customerTable.id, deciderId));
  if (!decider || !decider.active || decider.companyId !== row.companyId) throw approvalNotFound(provider, row.id);
  const [right] = await tx
    .select({ code: customerRightTable.code })
    .from(customerRightTable)
    .where(
      and(
        eq(customerRightTable.customerId, deciderId),
        eq(customerRightTable.code, APPROVE_RIGHT),
        eq(customerRightTable.enabled, true),
      ),
    );
  if (!right) {
    throw new StoreApiError(
      403,
      providerErrorCode(provider, 'MISSING_RIGHT'),
      `The right ${APPROVE_RIGHT} is required.`,
      {
        parameters: { right: APPROVE_RIGHT },
      },
    );
  }
  if (row.requesterId === deciderId) {
    throw new StoreApiError(
      403,
      providerErrorCode(provider, 'APPROVAL_SELF_DECISION'),
      'Nobody decides their own approval request.',
    );
  }
  if (!(await isApproverOf(tx, deciderId, row))) {
    throw new StoreApiError(
      403,
      providerErrorCode(provider, 'APPROVAL_NOT_APPROVER'),
      'Only an approver of the request’s order flow or order reference decides it.',
    );
  }
}

export interface DecideApprovalInput {
  decider: AuthenticatedCustomer;
  id: string;
  action: ApprovalActionName;
  comment?: string | null;
  /** The deciding session's context token: an impersonating account manager is audited too. */
  contextToken?: string;
  now?: Date;
}

export interface DecidedApproval {
  decision: ApprovalDecision;
  /** Outbox ids of the mails written with the decision (their delivery is enqueued with them). */
  mailIds: string[];
}

/** When a request sent at `createdAt` expires: APPROVAL_EXPIRY_DAYS × 24 hours later. */
export function approvalExpiresAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + APPROVAL_EXPIRY_DAYS * 86_400_000);
}

/** The ways a pending request ends without an order. */
export type ApprovalEnd = Extract<ApprovalStatus, 'declined' | 'withdrawn' | 'expired' | 'cancelled'>;

/**
 * Ends a pending request that the caller has locked (`FOR UPDATE`) without an order, in the caller's transaction:
 * sets `status`, releases its reservations on the flow and order reference budgets (exactly once) and audits it as
 * `order_approval.{status}` with the actor (null: the shop itself) and the reason.
 */
async function endApproval(
  tx: Db,
  row: ApprovalRow,
  input: {
    status: ApprovalEnd;
    actorId: string | null;
    now: Date;
    comment?: string | null;
    reason?: string;
    contextToken?: string;
  },
): Promise<number> {
  const { status, actorId, now } = input;
  const released = await release(tx, { approvalId: row.id });
  await tx
    .update(orderApprovalTable)
    .set({
      status,
      decidedById: status === 'declined' ? actorId : null,
      decidedAt: now,
      decisionComment: input.comment ?? null,
      updatedAt: now,
    })
    .where(eq(orderApprovalTable.id, row.id));
  await audit(tx, {
    actorCustomerId: actorId,
    action: `order_approval.${status}`,
    targetCustomerId: row.requesterId,
    companyId: row.companyId,
    details: {
      approvalId: row.id,
      approvalNumber: row.approvalNumber,
      snapshotHash: row.snapshotHash,
      outcome: status,
      releasedCents: released,
      ...(input.reason ? { reason: input.reason } : {}),
    },
    ...(input.contextToken ? { contextToken: input.contextToken } : {}),
    at: now,
  });
  return released;
}

/**
 * Cancels every pending request matching `where` (its flow, order reference or requester), in the caller's
 * transaction: each row locked, ended as 'cancelled' with `reason`, its reservations released.
 *
 * @returns how many were cancelled.
 */
export async function endPendingApprovals(
  tx: Db,
  where: { flowId: string } | { orderReferenceId: string } | { requesterIds: readonly string[] },
  input: { actorId: string | null; reason: string; now?: Date },
): Promise<number> {
  const match: SQL | undefined =
    'flowId' in where
      ? eq(orderApprovalTable.flowId, where.flowId)
      : 'orderReferenceId' in where
        ? eq(orderApprovalTable.orderReferenceId, where.orderReferenceId)
        : where.requesterIds.length
          ? inArray(orderApprovalTable.requesterId, [...where.requesterIds])
          : undefined;
  if (!match) return 0;
  const rows = await tx
    .select()
    .from(orderApprovalTable)
    .where(and(match, eq(orderApprovalTable.status, 'pending')))
    .orderBy(orderApprovalTable.id)
    .for('update');
  const now = input.now ?? new Date();
  for (const row of rows) {
    await endApproval(tx, row, { status: 'cancelled', actorId: input.actorId, now, reason: input.reason });
  }
  return rows.length;
}

/**
 * Expires the pending requests sent more than APPROVAL_EXPIRY_DAYS before `now` (of one company, or all), each in
 * its own transaction with its row locked and its state read again, so a concurrent decision or withdrawal and
 * several sweeps end each request once. Run when requests are listed and on a timer (`startApprovalExpiry`).
 *
 * @returns how many this call expired.
 */
export async function expireApprovals(db: Db, input: { companyId?: string; now?: Date } = {}): Promise<number> {
  const now = input.now ?? new Date();
  const due = lte(orderApprovalTable.createdAt, new Date(now.getTime() - APPROVAL_EXPIRY_DAYS * 86_400_000));
  const candidates = await db
    .select({ id: orderApprovalTable.id })
    .from(orderApprovalTable)
    .where(
      and(
        eq(orderApprovalTable.status, 'pending'),
        due,
        input.companyId ? eq(orderApprovalTable.companyId, input.companyId) : undefined,
      ),
    )
    .limit(500);
  let expired = 0;
  for (const { id } of candidates) {
    expired += await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [row] = await tx
        .select()
        .from(orderApprovalTable)
        .where(and(eq(orderApprovalTable.id, id), eq(orderApprovalTable.status, 'pending'), due))
        .for('update');
      if (!row) return 0;
      await endApproval(tx, row, { status: 'expired', actorId: null, now, reason: 'expired' });
      return 1;
    });
  }
  return expired;
}

/** How often the running shop sweeps expired approval requests: every 10 minutes. */
export const APPROVAL_EXPIRY_INTERVAL_MS = 600_000;

/**
 * Expires due approval requests once at start and then every APPROVAL_EXPIRY_INTERVAL_MS on an unref'd timer; a
 * sweep still running skips the next tick; an error is logged and retried on the next tick. Requests are also
 * expired when listed or decided, so nothing relies on this timer alone.
 *
 * @returns a function that stops the timer.
 */
export function startApprovalExpiry(db: Db, intervalMs: number = APPROVAL_EXPIRY_INTERVAL_MS): () => void {
  return startPeriodic('approvals: expiry sweep', intervalMs, () => expireApprovals(db));
}

/**
 * True when the requester may still order: exists, active, of the request's company (itself active), and holds
 * ROLE_PLACE_ORDERS, read in the caller's transaction.
 */
async function requesterMayOrder(tx: Db, row: ApprovalRow): Promise<boolean> {
  const [requester] = await tx
    .select({ active: customerTable.active, companyId: customerTable.companyId, companyActive: companyTable.active })
    .from(customerTable)
    .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
    .where(eq(customerTable.id, row.requesterId));
  if (!requester || !requester.active || !requester.companyActive || requester.companyId !== row.companyId) {
    return false;
  }
  const [right] = await tx
    .select({ code: customerRightTable.code })
    .from(customerRightTable)
    .where(
      and(
        eq(customerRightTable.customerId, row.requesterId),
        eq(customerRightTable.code, 'ROLE_PLACE_ORDERS'),
        eq(customerRightTable.enabled, true),
      ),
    );
  return Boolean(right);
}

/**
 * Why an approved request may not be placed any more, or null when it may: its requester may no longer order
 * (`requesterMayOrder`), or its order reference is no longer one the requester may book to (deactivated, outside its
 * dates, the requester taken off it: `usableReference`, the same rule the checkout applies in the order's
 * transaction). The request is then cancelled and its reservations released instead of placing the order.
 */
async function approvalBlocker(
  tx: Db,
  row: ApprovalRow,
  now: Date,
): Promise<{ code: ApprovalErrorCode; reason: string; detail: (approvalNumber: string) => string } | null> {
  if (!(await requesterMayOrder(tx, row))) {
    return {
      code: 'APPROVAL_REQUESTER_CANNOT_ORDER',
      reason: 'requester_cannot_order',
      detail: (n) => `The requester of ${n} may no longer order; the request was cancelled and its budget released.`,
    };
  }
  const requester = { id: row.requesterId, companyId: row.companyId };
  if (row.orderReferenceId && !(await usableReference(tx, requester, row.orderReferenceId, now))) {
    return {
      code: 'APPROVAL_REFERENCE_NOT_USABLE',
      reason: 'reference_not_usable',
      detail: (n) =>
        `The order reference of ${n} can no longer be booked to by its requester; the request was cancelled and its budget released.`,
    };
  }
  return null;
}

/** 409 `{PROVIDER}__APPROVAL_ALREADY_DECIDED` naming the request's state. */
function alreadyDecided(provider: string, row: { approvalNumber: string; status: string }): StoreApiError {
  return new StoreApiError(
    409,
    providerErrorCode(provider, 'APPROVAL_ALREADY_DECIDED'),
    `The approval request ${row.approvalNumber} was already ${row.status}.`,
    { parameters: { status: row.status } },
  );
}

/** 409 `{PROVIDER}__APPROVAL_EXPIRED`: the request was pending longer than APPROVAL_EXPIRY_DAYS and has expired. */
function approvalExpired(provider: string, row: { approvalNumber: string }): StoreApiError {
  return new StoreApiError(
    409,
    providerErrorCode(provider, 'APPROVAL_EXPIRED'),
    `The approval request ${row.approvalNumber} was pending for more than ${APPROVAL_EXPIRY_DAYS} days and has expired.`,
    { parameters: { status: 'expired', days: APPROVAL_EXPIRY_DAYS } },
  );
}

/**
 * Decides one approval request in one transaction (see the module comment). A request found expired, or whose
 * requester may no longer order when it is approved, is ended (expired, cancelled; reservations released) and that
 * is committed before the error is answered.
 *
 * @throws StoreApiError 404 `{PROVIDER}__APPROVAL_NOT_FOUND`; 403 `{PROVIDER}__MISSING_RIGHT`,
 *   `{PROVIDER}__APPROVAL_SELF_DECISION`, `{PROVIDER}__APPROVAL_NOT_APPROVER`; 409
 *   `{PROVIDER}__APPROVAL_ALREADY_DECIDED`, `{PROVIDER}__APPROVAL_EXPIRED`,
 *   `{PROVIDER}__APPROVAL_REQUESTER_CANNOT_ORDER`, `{PROVIDER}__APPROVAL_REFERENCE_NOT_USABLE` (`meta.parameters.status`
 *   'cancelled'); when approving the order
 *   writer's 400 errors (closeout stock, credit).
 */
export async function decideApproval(deps: ApprovalDeps, db: Db, input: DecideApprovalInput): Promise<DecidedApproval> {
  const { provider } = deps.config;
  const { decider, id, action } = input;
  const comment = input.comment ?? null;
  const now = input.now ?? new Date();
  const outcome = await db.transaction(async (t): Promise<DecidedApproval | { ended: StoreApiError }> => {
    const tx = t as unknown as Db;
    const [row] = await tx.select().from(orderApprovalTable).where(eq(orderApprovalTable.id, id)).for('update');
    if (!row || row.companyId !== decider.companyId) throw approvalNotFound(provider, id);
    await assertMayDecide(tx, provider, decider.id, row);
    if (row.status !== 'pending') throw alreadyDecided(provider, row);
    const audited = input.contextToken ? { contextToken: input.contextToken } : {};
    if (approvalExpiresAt(row.createdAt) <= now) {
      await endApproval(tx, row, { status: 'expired', actorId: null, now, reason: 'expired' });
      return { ended: approvalExpired(provider, row) };
    }
    const blocked = action === 'approve' ? await approvalBlocker(tx, row, now) : null;
    if (blocked) {
      await endApproval(tx, row, {
        status: 'cancelled',
        actorId: decider.id,
        now,
        comment,
        reason: blocked.reason,
        ...audited,
      });
      return {
        ended: new StoreApiError(409, providerErrorCode(provider, blocked.code), blocked.detail(row.approvalNumber), {
          parameters: { status: 'cancelled' },
        }),
      };
    }
    const snapshot = row.snapshot as unknown as ApprovalSnapshot;
    const mailIds: string[] = [];
    let orderId: string | null = null;
    let orderNumber: string | null = null;
    if (action === 'approve') {
      const written = await writeOrder(deps, tx, snapshot.draft, {
        approvalId: row.id,
        flowId: row.flowId,
        orderReferenceId: row.orderReferenceId,
        costCenterId: row.costCenterId,
      });
      orderId = written.orderId;
      orderNumber = written.orderNumber;
      if (written.mailId) mailIds.push(written.mailId);
      await consume(tx, { approvalId: row.id, orderId });
      await tx
        .update(orderApprovalTable)
        .set({
          status: 'approved',
          decidedById: decider.id,
          decidedAt: now,
          decisionComment: comment,
          orderId,
          updatedAt: now,
        })
        .where(eq(orderApprovalTable.id, row.id));
      await audit(tx, {
        actorCustomerId: decider.id,
        action: 'order_approval.approved',
        targetCustomerId: row.requesterId,
        companyId: row.companyId,
        details: {
          approvalId: row.id,
          approvalNumber: row.approvalNumber,
          snapshotHash: row.snapshotHash,
          outcome: 'approved',
          orderId,
          orderNumber,
        },
        ...audited,
        at: now,
      });
    } else {
      await endApproval(tx, row, { status: 'declined', actorId: decider.id, now, comment, ...audited });
    }
    const status = action === 'approve' ? 'approved' : 'declined';
    const [requester] = await tx
      .select({ email: customerTable.email, localeCode: languageTable.localeCode })
      .from(customerTable)
      .leftJoin(languageTable, eq(languageTable.id, customerTable.languageId))
      .where(eq(customerTable.id, row.requesterId));
    mailIds.push(
      await queueMail(
        tx,
        approvalDecidedMail({
          to: requester?.email ?? snapshot.draft.mail.to,
          name: snapshot.draft.mail.name,
          locale: requester?.localeCode ?? snapshot.draft.mail.locale,
          approvalNumber: row.approvalNumber,
          approverName: `${decider.firstName} ${decider.lastName}`.trim(),
          outcome: orderNumber ? { status: 'approved', orderNumber } : { status: 'declined' },
          comment,
        }),
        deps.jobs,
      ),
    );
    return {
      decision: { id: row.id, approvalNumber: row.approvalNumber, status, orderId, orderNumber },
      mailIds,
    };
  });
  if ('ended' in outcome) throw outcome.ended;
  return outcome;
}

/**
 * The requester takes back their own pending request, in one transaction with the row locked: it ends as
 * 'withdrawn' and its reservations are released once. A request found expired is ended as such (committed) first.
 *
 * @throws StoreApiError 404 `{PROVIDER}__APPROVAL_NOT_FOUND` (unknown, another company's, or not the caller's own);
 *   409 `{PROVIDER}__APPROVAL_ALREADY_DECIDED` (no longer pending), `{PROVIDER}__APPROVAL_EXPIRED`.
 */
export async function withdrawApproval(
  deps: ApprovalDeps,
  db: Db,
  input: { requester: AuthenticatedCustomer; id: string; contextToken?: string; now?: Date },
): Promise<ApprovalDecision> {
  const { provider } = deps.config;
  const { requester, id } = input;
  const now = input.now ?? new Date();
  const outcome = await db.transaction(async (t): Promise<ApprovalDecision | { ended: StoreApiError }> => {
    const tx = t as unknown as Db;
    const [row] = await tx.select().from(orderApprovalTable).where(eq(orderApprovalTable.id, id)).for('update');
    if (!row || row.companyId !== requester.companyId || row.requesterId !== requester.id) {
      throw approvalNotFound(provider, id);
    }
    if (row.status !== 'pending') throw alreadyDecided(provider, row);
    if (approvalExpiresAt(row.createdAt) <= now) {
      await endApproval(tx, row, { status: 'expired', actorId: null, now, reason: 'expired' });
      return { ended: approvalExpired(provider, row) };
    }
    await endApproval(tx, row, {
      status: 'withdrawn',
      actorId: requester.id,
      now,
      ...(input.contextToken ? { contextToken: input.contextToken } : {}),
    });
    return { id: row.id, approvalNumber: row.approvalNumber, status: 'withdrawn', orderId: null, orderNumber: null };
  });
  if ('ended' in outcome) throw outcome.ended;
  return outcome;
}
