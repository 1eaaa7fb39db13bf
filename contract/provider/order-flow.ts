/**
 * Order flows of the provider API (`/store-api/{provider}/order-flow…`, docs/decisions/015): a budget per user and
 * period, a per-order approval threshold (`approveFrom`), an approval threshold per period (`approveFromPeriod`), the
 * approvers and the users of the flow.
 *
 * Periods are the specification's fixed lengths, not calendar months: weekly 7, monthly 30 and yearly 365 days,
 * counted from the start date (so "monthly" from 1 January starts again on 31 January, 2 March, …); each answer names
 * the current period (`currentPeriod`).
 *
 * Rights: reading, listing, creating, changing and deleting flows need ROLE_MANAGE_ORDER_FLOWS; a body that sets or
 * changes a budget field (`budget`, `budgetPeriod`, `budgetTransfer`, `budgetRenewable`, `approveFrom`,
 * `approveFromPeriod`) also needs ROLE_MANAGE_BUDGETS, one that sets or changes the approvers also
 * ROLE_MANAGE_APPROVERS. A change that lifts or loosens a limit from a user needs ROLE_MANAGE_BUDGETS too: removing a
 * user, moving a user out of another flow, deactivating, setting an earlier end date, changing the start date, and
 * deleting a flow that has users; nobody lifts a limit of their own (`{PROVIDER}__OWN_LIMIT_CHANGE`) or becomes
 * approver of their own flow (`{PROVIDER}__OWN_APPROVER`). Deleting a flow cancels its pending approval requests and
 * releases what they reserved. The pending requests
 * (`GET …/order-flow/pending`) need ROLE_APPROVE_ORDER_FLOWS. A flow of another company answers 404 exactly like one
 * that does not exist.
 *
 * Amounts are EUR as JSON numbers with at most 2 decimals, as Shopware writes prices; the server keeps integer cents.
 * A user belongs to at most one flow: assigning a user to a flow takes them out of their former one.
 */
import * as v from 'valibot';
import { BodyPageNumberSchema, optionalNullableText } from '../query.ts';
import { TimestampSchema } from '../fields.ts';
import { IdInputSchema, IdSchema } from '../ids.ts';

/** Budget periods of a flow: weekly 7 days, monthly 30, yearly 365, custom (start to end date). */
export const ORDER_FLOW_PERIODS = ['weekly', 'monthly', 'yearly', 'custom'] as const;
export type OrderFlowPeriod = (typeof ORDER_FLOW_PERIODS)[number];

/** Page size of the list unless the request names one; the largest page; the longest search term. */
export const ORDER_FLOW_LIST_DEFAULT_LIMIT = 20;
export const ORDER_FLOW_LIST_MAX_LIMIT = 100;
export const ORDER_FLOW_TERM_MAX_LENGTH = 100;
/** Longest name; most users or approvers of one flow; largest budget or threshold (EUR). */
export const ORDER_FLOW_NAME_MAX_LENGTH = 255;
export const ORDER_FLOW_MAX_MEMBERS = 500;
export const ORDER_FLOW_MAX_AMOUNT = 100_000_000;
/** Most pending requests `GET …/order-flow/pending` lists (newest first); `total` counts them all. */
export const ORDER_FLOW_PENDING_LIMIT = 20;

/**
 * Error codes of the order flow endpoints:
 * - `{PROVIDER}__ORDER_FLOW_NOT_FOUND` (404): unknown id, or a flow of another company;
 * - `CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID` (404, `meta.parameters.id`): a user or approver who is not a customer of
 *   the caller's company;
 * - `{PROVIDER}__MISSING_RIGHT` (403, `meta.parameters.right`);
 * - `{PROVIDER}__OWN_LIMIT_CHANGE` (403): the change would lift or loosen a limit of the caller;
 * - `{PROVIDER}__OWN_APPROVER` (403): the change would make the caller approver of a flow they are a user of.
 * Assigning (`POST …/order-flow/assign`) without a flow answers `VIOLATION::IS_BLANK_ERROR` at `/flowId`, without
 * a user `VIOLATION::TOO_FEW_ERROR` at `/users`.
 * @public The error codes are part of the contract that clients outside this repository read.
 */
export const ORDER_FLOW_NOT_FOUND_SUFFIX = '__ORDER_FLOW_NOT_FOUND';

/** True when `n` has at most two decimals (whole cents). */
function wholeCents(n: number): boolean {
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

/** An amount in EUR: 0 to 100,000,000 with at most 2 decimals. */
const AmountInputSchema = v.pipe(
  v.number(),
  v.minValue(0, 'TOO_LOW_ERROR'),
  v.maxValue(ORDER_FLOW_MAX_AMOUNT, 'TOO_HIGH_ERROR'),
  v.check(wholeCents, 'INVALID_VALUE'),
);

/** Converts an amount in EUR (at most 2 decimals) to integer cents. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Converts integer cents to EUR as a JSON number. */
export function centsToEuros(cents: number): number {
  return cents / 100;
}

/** True when an ISO date names a real calendar day (2026-02-30 does not). */
function calendarDay(s: string): boolean {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A day as an ISO date (YYYY-MM-DD) that exists in the calendar. */
const isoDate = v.pipe(v.string(), v.isoDate('INVALID_VALUE'), v.check(calendarDay, 'INVALID_VALUE'));

/** A list of customer ids of the company, each at most once. */
const MembersSchema = v.pipe(
  v.array(IdInputSchema),
  v.maxLength(ORDER_FLOW_MAX_MEMBERS, 'TOO_MANY_ERROR'),
  v.check((ids) => new Set(ids).size === ids.length, 'NOT_UNIQUE_ERROR'),
);

/**
 * Body of `POST …/order-flow` and `PUT …/order-flow/{id}` (the whole flow; absent fields take their defaults):
 * `name` (1 to 255 characters); `budget` (EUR per user and period; null or absent: no budget, only the threshold
 * applies); `budgetPeriod` (default monthly); `budgetTransfer` (default false: the remainder of a period is added to
 * the next); `budgetRenewable` (default true: the budget starts again each period; false: one budget from start to end
 * date); `approvers` and `users` (customer ids of the company); `startDate` (ISO date, anchor of the periods, Europe/
 * Brussels); `endDate` (ISO date, inclusive; required for a custom period and for a budget that is not renewable, else
 * `VIOLATION::IS_BLANK_ERROR` at `/endDate`; never before `startDate`: `VIOLATION::TOO_LOW_ERROR`); `approveFrom` (EUR:
 * orders with a net total at or above it need an approval; null or absent: never); `approveFromPeriod` (EUR: once
 * the user's orders of the flow in the current period, this one included, would sum above it, the order needs an
 * approval, so splitting an order does not avoid one; null or absent: never); `active` (default true).
 */
export const OrderFlowRequestSchema = v.pipe(
  v.object({
    name: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('IS_BLANK_ERROR'),
      v.maxLength(ORDER_FLOW_NAME_MAX_LENGTH, 'TOO_LONG_ERROR'),
    ),
    budget: v.optional(v.nullable(AmountInputSchema), null),
    budgetPeriod: v.optional(v.picklist(ORDER_FLOW_PERIODS, 'NO_SUCH_CHOICE_ERROR'), 'monthly'),
    budgetTransfer: v.optional(v.boolean(), false),
    budgetRenewable: v.optional(v.boolean(), true),
    approvers: v.optional(MembersSchema, []),
    users: v.optional(MembersSchema, []),
    startDate: isoDate,
    endDate: v.optional(v.nullable(isoDate), null),
    approveFrom: v.optional(v.nullable(AmountInputSchema), null),
    approveFromPeriod: v.optional(v.nullable(AmountInputSchema), null),
    active: v.optional(v.boolean(), true),
  }),
  v.forward(
    v.partialCheck(
      [['budgetPeriod'], ['budgetRenewable'], ['endDate']],
      (input) => (input.budgetPeriod !== 'custom' && input.budgetRenewable !== false) || Boolean(input.endDate),
      'IS_BLANK_ERROR',
    ),
    ['endDate'],
  ),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      (input) => !input.endDate || input.endDate >= input.startDate,
      'TOO_LOW_ERROR',
    ),
    ['endDate'],
  ),
);
export type OrderFlowRequest = v.InferInput<typeof OrderFlowRequestSchema>;
export type OrderFlowInput = v.InferOutput<typeof OrderFlowRequestSchema>;

/**
 * Body of `POST …/order-flow/list` (every field optional): `page` (default 1), `limit` (default 20, at most 100),
 * `term` (part of the name, case ignored).
 */
export const OrderFlowListRequestSchema = v.object({
  page: v.optional(BodyPageNumberSchema, 1),
  limit: v.optional(
    v.pipe(BodyPageNumberSchema, v.maxValue(ORDER_FLOW_LIST_MAX_LIMIT, 'TOO_HIGH_ERROR')),
    ORDER_FLOW_LIST_DEFAULT_LIMIT,
  ),
  term: optionalNullableText(ORDER_FLOW_TERM_MAX_LENGTH),
});
export type OrderFlowListRequest = v.InferInput<typeof OrderFlowListRequestSchema>;
export type OrderFlowListQuery = v.InferOutput<typeof OrderFlowListRequestSchema>;

/**
 * Body of `POST …/order-flow/assign`: puts the users into the flow (each leaves their former flow). Needs a flow
 * (`flowId`) and at least one user.
 */
export const OrderFlowAssignRequestSchema = v.object({
  flowId: v.pipe(v.string('IS_BLANK_ERROR'), v.nonEmpty('IS_BLANK_ERROR'), IdInputSchema),
  users: v.pipe(
    v.array(IdInputSchema, 'TOO_FEW_ERROR'),
    v.minLength(1, 'TOO_FEW_ERROR'),
    v.maxLength(ORDER_FLOW_MAX_MEMBERS, 'TOO_MANY_ERROR'),
  ),
});
export type OrderFlowAssignRequest = v.InferInput<typeof OrderFlowAssignRequestSchema>;

/**
 * A budget period as the answers name it: ISO timestamps of local midnight in Europe/Brussels, `start` inclusive,
 * `end` exclusive (the last day of the period is the day before `end`).
 */
export const BudgetPeriodWindowSchema = v.object({ start: TimestampSchema, end: TimestampSchema });
export type BudgetPeriodWindow = v.InferOutput<typeof BudgetPeriodWindowSchema>;

/** An order flow as the endpoints answer it. */
export const OrderFlowSchema = v.object({
  id: IdSchema,
  name: v.string(),
  budget: v.pipe(v.nullable(v.number()), v.description('Budget per user and period in EUR; null: no budget.')),
  budgetPeriod: v.picklist(ORDER_FLOW_PERIODS),
  budgetTransfer: v.pipe(v.boolean(), v.description('The remainder of a period is added to the next.')),
  budgetRenewable: v.pipe(v.boolean(), v.description('The budget starts again each period.')),
  approvers: v.pipe(v.array(IdSchema), v.description('Customer ids of the approvers.')),
  users: v.pipe(v.array(IdSchema), v.description('Customer ids of the users.')),
  startDate: v.pipe(v.string(), v.isoDate()),
  endDate: v.pipe(v.nullable(v.pipe(v.string(), v.isoDate())), v.description('Last day (inclusive); null: open.')),
  approveFrom: v.pipe(
    v.nullable(v.number()),
    v.description('Orders with a net total (EUR) at or above this need an approval; null: never.'),
  ),
  approveFromPeriod: v.pipe(
    v.nullable(v.number()),
    v.description(
      "Once a user's orders (EUR, net) in the current period would sum above this, each further order needs an " +
        'approval; null: never.',
    ),
  ),
  currentPeriod: v.pipe(
    v.nullable(BudgetPeriodWindowSchema),
    v.description('The period in force now; null when the flow is inactive or today lies outside its dates.'),
  ),
  active: v.boolean(),
  createdAt: TimestampSchema,
});
export type OrderFlow = v.InferOutput<typeof OrderFlowSchema>;

/** Answer of `POST …/order-flow/list`: one page, by name. */
export const OrderFlowListResponseSchema = v.object({
  elements: v.array(OrderFlowSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type OrderFlowListResponse = v.InferOutput<typeof OrderFlowListResponseSchema>;

/** Path parameters of `…/order-flow/{id}`. */
export const OrderFlowPathSchema = v.object({ id: IdInputSchema });

/** One pending approval request of a flow the caller approves. */
export const OrderFlowPendingSchema = v.object({
  id: IdSchema,
  approvalNumber: v.string(),
  flowId: v.nullable(IdSchema),
  requester: v.object({ id: IdSchema, firstName: v.string(), lastName: v.string() }),
  amountNet: v.pipe(v.number(), v.description('Net total of the request in EUR.')),
  createdAt: TimestampSchema,
});
export type OrderFlowPending = v.InferOutput<typeof OrderFlowPendingSchema>;

/**
 * Answer of `GET …/order-flow/pending`: how many requests of the flows the caller approves wait for a decision
 * (`total`, the caller's own requests left out) and the newest 20 of them.
 */
export const OrderFlowPendingResponseSchema = v.object({
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  elements: v.array(OrderFlowPendingSchema),
});
export type OrderFlowPendingResponse = v.InferOutput<typeof OrderFlowPendingResponseSchema>;

/** A budget period as the cart shows it (`BudgetPeriodWindowSchema`). */
const CartBudgetPeriodSchema = BudgetPeriodWindowSchema;

/**
 * Cart extension `orderFlowBudget` (`cart.extensions.orderFlowBudget`), present when the customer is a user of an
 * active order flow in force today: the flow, its budget per period and what is left of it before this cart (EUR;
 * null without a budget), the current period of the flow, the approval threshold per order (EUR; null: never), the
 * threshold per period with what the customer ordered under the flow in the current period (EUR; both null without
 * one), and whether the cart needs an approval (`needsApproval`: its net total reaches `approveFrom`, or
 * `orderedInPeriod` plus its net total exceeds `approveFromPeriod`; the submit then sends an approval request instead
 * of an order).
 * When the net total exceeds `remaining`, the cart has the error `{provider}-flow-unsufficient-budget-blocked`
 * (level 20).
 */
export const CartOrderFlowBudgetSchema = v.object({
  flowId: IdSchema,
  name: v.string(),
  budget: v.nullable(v.number()),
  remaining: v.nullable(v.number()),
  period: v.nullable(CartBudgetPeriodSchema),
  approveFrom: v.nullable(v.number()),
  approveFromPeriod: v.nullable(v.number()),
  orderedInPeriod: v.nullable(v.number()),
  needsApproval: v.boolean(),
  apiAlias: v.literal('cart_order_flow_budget'),
});
export type CartOrderFlowBudget = v.InferOutput<typeof CartOrderFlowBudgetSchema>;

/**
 * Cart extension `orderReferenceBudget`, present when the cart is booked to an order reference (`PUT
 * …/order-reference/cart/{id}`): its budget per period and what is left of it before this cart (EUR; null without a
 * budget or outside its dates) and the current period. When the net total exceeds `remaining`, the cart has the
 * error `{provider}-order-reference-unsufficient-budget-blocked` (level 20).
 */
export const CartOrderReferenceBudgetSchema = v.object({
  orderReferenceId: IdSchema,
  name: v.string(),
  budget: v.nullable(v.number()),
  remaining: v.nullable(v.number()),
  period: v.nullable(CartBudgetPeriodSchema),
  apiAlias: v.literal('cart_order_reference_budget'),
});
export type CartOrderReferenceBudget = v.InferOutput<typeof CartOrderReferenceBudgetSchema>;
