/**
 * Spending control of a company (docs/decisions/015-budgets-and-approvals.md): order flows (a budget per user and
 * period, a per-order approval threshold, approvers), order references (purchase order numbers with an optional
 * budget), approval requests bound to a snapshot of the cart, cost centres with external contacts, and the budget
 * ledger that every reservation, consumption and release is written to.
 *
 * Money is integer euro cents (`…_cents`). Periods are computed in the time zone Europe/Brussels with exact
 * boundaries at local midnight; `period_start` and `period_end` of ledger rows are the UTC instants of those
 * boundaries (end exclusive).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './common.ts';
import { companyTable, customerTable } from './customer.ts';

/** Budget periods: fixed lengths in days from the start date (daily 1, weekly 7, monthly 30, yearly 365) or custom. */
export type BudgetPeriod = 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom';

/** An order flow: who orders how much per period, and from which order total an approval is needed. */
export const orderFlowTable = pgTable(
  'order_flow',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Budget of each user of the flow per period, cents; null: no budget (only the threshold applies). */
    budgetCents: bigint('budget_cents', { mode: 'number' }),
    /** 'weekly' (7 days), 'monthly' (30), 'yearly' (365) or 'custom' (start to end date). */
    period: text('period').$type<BudgetPeriod>().notNull().default('monthly'),
    /** The remainder of a period is added to the next one. */
    transferRemainder: boolean('transfer_remainder').notNull().default(false),
    /** The budget starts again with each period; otherwise it is spent once. */
    renewable: boolean('renewable').notNull().default(true),
    /** Orders with a total (net, cents) at or above this need an approval; null: never. */
    approveFromCents: bigint('approve_from_cents', { mode: 'number' }),
    /**
     * Approval threshold per period (net, cents): once the user's orders of the flow in the current budget period
     * would sum above it, each further order needs an approval; null: none.
     */
    approveFromPeriodCents: bigint('approve_from_period_cents', { mode: 'number' }),
    /** First day of the flow and anchor of its periods (ISO date, Europe/Brussels). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Last day of the flow (inclusive); null: open-ended. */
    endDate: date('end_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdById: idColumn('created_by_id'),
    ...timestamps,
  },
  (t) => [index('order_flow_company_idx').on(t.companyId)],
);

/** The users of a flow: a user belongs to at most one flow. */
export const orderFlowUserTable = pgTable(
  'order_flow_user',
  {
    customerId: idColumn('customer_id')
      .primaryKey()
      .references(() => customerTable.id, { onDelete: 'cascade' }),
    flowId: idColumn('flow_id')
      .notNull()
      .references(() => orderFlowTable.id, { onDelete: 'cascade' }),
  },
  (t) => [index('order_flow_user_flow_idx').on(t.flowId)],
);

/** The approvers of a flow. */
export const orderFlowApproverTable = pgTable(
  'order_flow_approver',
  {
    flowId: idColumn('flow_id')
      .notNull()
      .references(() => orderFlowTable.id, { onDelete: 'cascade' }),
    customerId: idColumn('customer_id')
      .notNull()
      .references(() => customerTable.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.flowId, t.customerId] })],
);

/** An order reference (the buyer's purchase order number), optionally with a budget per period. */
export const orderReferenceTable = pgTable(
  'order_reference',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    /** Name or number, at most 30 characters, unique per company without regard to case. */
    name: text('name').notNull(),
    budgetCents: bigint('budget_cents', { mode: 'number' }),
    period: text('period').$type<BudgetPeriod>().notNull().default('monthly'),
    renewable: boolean('renewable').notNull().default(true),
    transferable: boolean('transferable').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    createdById: idColumn('created_by_id'),
    ...timestamps,
  },
  (t) => [uniqueIndex('order_reference_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);

/** Users who may book to an order reference (none: every user of the company). */
export const orderReferenceUserTable = pgTable(
  'order_reference_user',
  {
    referenceId: idColumn('reference_id')
      .notNull()
      .references(() => orderReferenceTable.id, { onDelete: 'cascade' }),
    customerId: idColumn('customer_id')
      .notNull()
      .references(() => customerTable.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.referenceId, t.customerId] })],
);

/** Approvers of an order reference. */
export const orderReferenceApproverTable = pgTable(
  'order_reference_approver',
  {
    referenceId: idColumn('reference_id')
      .notNull()
      .references(() => orderReferenceTable.id, { onDelete: 'cascade' }),
    customerId: idColumn('customer_id')
      .notNull()
      .references(() => customerTable.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.referenceId, t.customerId] })],
);

/** A cost centre of a company, chosen at checkout and kept on the order. */
export const costCenterTable = pgTable(
  'cost_center',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    /** The company's own code of the cost centre. */
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('cost_center_identifier_idx').on(t.companyId, t.identifier)],
);

/** An external contact (e.g. a site manager outside the shop) of a company, connected to its cost centres or not. */
export const externalContactTable = pgTable(
  'external_contact',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    /** Linked to the company's cost centres (offered at checkout) or not. */
    connected: boolean('connected').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('external_contact_identifier_idx').on(t.companyId, t.identifier)],
);

/** Approval request numbers: a sequence, so concurrent requests never share one. */
export const approvalNumberSequence = pgSequence('approval_number_seq', { startWith: 500001 });

/**
 * 'pending' until it ends once: 'approved' (then an order exists), 'declined' by an approver, 'withdrawn' by its
 * requester, 'expired' (pending longer than APPROVAL_EXPIRY_DAYS) or 'cancelled' (its flow was deleted, or its
 * requester may no longer order).
 */
export type ApprovalStatus = 'pending' | 'approved' | 'declined' | 'withdrawn' | 'expired' | 'cancelled';

/**
 * An approval request: an order the requester may not place alone, bound to a snapshot of the cart and the order
 * data at request time. Deciding it is exactly-once (`status` moves from pending once, under a row lock).
 */
export const orderApprovalTable = pgTable(
  'order_approval',
  {
    id: idColumn('id').primaryKey(),
    /** Shown as the request's number until the order exists. */
    approvalNumber: text('approval_number').notNull(),
    companyId: idColumn('company_id').notNull(),
    requesterId: idColumn('requester_id').notNull(),
    flowId: idColumn('flow_id'),
    orderReferenceId: idColumn('order_reference_id'),
    costCenterId: idColumn('cost_center_id'),
    status: text('status').$type<ApprovalStatus>().notNull().default('pending'),
    /** Net total of the snapshot, cents: what the threshold and the budgets were checked against. */
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** The calculated cart and the order data as requested (lines, prices, totals, addresses, reference). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 (hex) of the snapshot's canonical JSON, kept in the audit of every decision. */
    snapshotHash: text('snapshot_hash').notNull(),
    /** The submit's Idempotency-Key: the same key answers the same request. */
    idempotencyKey: text('idempotency_key'),
    decidedById: idColumn('decided_by_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decisionComment: text('decision_comment'),
    /** The order created by the approval. */
    orderId: idColumn('order_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('order_approval_number_idx').on(t.approvalNumber),
    uniqueIndex('order_approval_idempotency_idx')
      .on(t.requesterId, t.idempotencyKey)
      .where(sql`idempotency_key IS NOT NULL`),
    index('order_approval_company_idx').on(t.companyId, t.status, t.createdAt),
  ],
);

/** What a budget is: a flow's budget of one user, or an order reference's budget. */
export type BudgetKind = 'flow' | 'order_reference';

/**
 * The usage of one budget in one period, the row every reservation locks and checks in the same statement
 * (`UPDATE … SET used_cents = used_cents + $a WHERE … AND used_cents + $a <= limit_cents`), so concurrent orders
 * never overdraw it. `used_cents` always equals the sum of the period's ledger rows.
 */
export const budgetUsageTable = pgTable(
  'budget_usage',
  {
    kind: text('kind').$type<BudgetKind>().notNull(),
    /** The flow or order reference. */
    budgetId: idColumn('budget_id').notNull(),
    /** The user whose flow budget it is; '' for an order reference. */
    customerId: text('customer_id').notNull().default(''),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true, mode: 'date' }).notNull(),
    /** The budget of the period (with a transferred remainder), cents. */
    limitCents: bigint('limit_cents', { mode: 'number' }).notNull(),
    /** Reserved and consumed in the period, cents. */
    usedCents: bigint('used_cents', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.kind, t.budgetId, t.customerId, t.periodStart] })],
);

/**
 * The budget ledger, append-only: each reservation (approval requested), consumption (order placed or approved)
 * and release (declined, cancelled) is a row; a reset of the period never rewrites history.
 */
export const budgetLedgerTable = pgTable(
  'budget_ledger',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id').notNull(),
    kind: text('kind').$type<BudgetKind>().notNull(),
    budgetId: idColumn('budget_id').notNull(),
    customerId: text('customer_id').notNull().default(''),
    periodStart: timestamp('period_start', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'reserve', 'consume' (a reservation turned into an order, or a direct order) or 'release'. */
    entry: text('entry').$type<'reserve' | 'consume' | 'release'>().notNull(),
    /** Change of the period's usage, cents (negative for a release; 0 when a reservation is consumed). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    approvalId: idColumn('approval_id'),
    orderId: idColumn('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('budget_ledger_budget_idx').on(t.kind, t.budgetId, t.customerId, t.periodStart)],
);
