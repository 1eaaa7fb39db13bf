/**
 * Approval requests of the provider API (`/store-api/{provider}/order/approvals…`, docs/decisions/015): an order a
 * buyer may not place alone (its net total is at or above the threshold of the buyer's order flow) waits as a
 * request, bound to the snapshot of the cart and the order data taken when it was sent, until one approver decides
 * it once: approved (the order is written from the snapshot) or declined (the reserved budgets are released). A
 * request also ends without an order when its requester withdraws it (`POST …/order/withdraw/{id}`), when it waits
 * longer than APPROVAL_EXPIRY_DAYS (expired), and when it is cancelled: its order flow or order reference was
 * deleted, its requester was deleted, or its requester may no longer order when it is approved. Every such end
 * releases what the request reserved on the budgets.
 *
 * Every call needs a logged-in customer. The list answers what the caller may see: an approver the requests of the
 * flows and order references they approve, a buyer their own, a lead buyer or a holder of
 * ROLE_MANAGE_COMPANY_ORDER_HISTORY the whole company's. Deciding needs ROLE_APPROVE_ORDER_FLOWS and being an
 * approver of the request's flow (or order reference); nobody decides their own request; a request of another
 * company answers 404 exactly like one that does not exist. Amounts are EUR as JSON numbers, unit prices with up to
 * 5 decimals.
 */
import * as v from 'valibot';
import { BodyPageNumberSchema, optionalNullableText } from '../query.ts';
import { TimestampSchema } from '../fields.ts';
import { IdInputSchema, IdSchema } from '../ids.ts';
import { ORDER_REMARK_MAX_LENGTH, SHIPPING_OPTIONS } from '../order.ts';
import { OrderHistoryAddressSchema, OrderHistoryPickupLocationSchema } from './order-history.ts';

/** States of an approval request: pending until it ends once. */
export const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'withdrawn', 'expired', 'cancelled'] as const;
export type ApprovalStatusName = (typeof APPROVAL_STATUSES)[number];

/** What a decision does to a request. */
export const APPROVAL_ACTIONS = ['approve', 'decline'] as const;
export type ApprovalActionName = (typeof APPROVAL_ACTIONS)[number];

/** Page size of the list unless the request names one; the largest page. */
export const APPROVAL_LIST_DEFAULT_LIMIT = 20;
export const APPROVAL_LIST_MAX_LIMIT = 100;
/**
 * Days a request waits for a decision: one sent at instant t expires at t + 30 × 24 hours (then its reservations are
 * released). Thirty days is one budget period of a monthly flow, so a request never outlives the period after the one
 * it was charged to by much.
 */
export const APPROVAL_EXPIRY_DAYS = 30;

/** Most decisions in one call of `…/order/approvals/actions`. */
export const APPROVAL_ACTIONS_MAX = 100;
/** Longest search term and longest decision comment. */
export const APPROVAL_TERM_MAX_LENGTH = 100;
export const APPROVAL_COMMENT_MAX_LENGTH = ORDER_REMARK_MAX_LENGTH;

/**
 * Error codes of the approval endpoints, after the upper-case provider prefix (`{PROVIDER}__…`):
 * - `APPROVAL_NOT_FOUND` (404): unknown id, or a request of another company, or one the caller may not see;
 * - `APPROVAL_ALREADY_DECIDED` (409): the request is no longer pending (`meta.parameters.status` is its state);
 * - `APPROVAL_NOT_APPROVER` (403): the caller is not an approver of the request's flow or order reference;
 * - `APPROVAL_SELF_DECISION` (403): the caller sent the request (four-eyes principle);
 * - `APPROVAL_EXPIRED` (409): the request was pending longer than APPROVAL_EXPIRY_DAYS; it is now expired;
 * - `APPROVAL_REQUESTER_CANNOT_ORDER` (409): approving found that the requester may no longer order (deleted,
 *   deactivated, ROLE_PLACE_ORDERS taken away); the request is now cancelled and its budget released;
 * - `APPROVAL_REFERENCE_NOT_USABLE` (409): approving found that the request's order reference can no longer be booked
 *   to by the requester (deactivated, outside its dates, the requester taken off it); the request is now cancelled;
 * - `MISSING_RIGHT` (403, `meta.parameters.right`): ROLE_APPROVE_ORDER_FLOWS is missing.
 * Approving also answers the order writer's errors (stock of a closeout article, credit limit).
 */
export const APPROVAL_ERROR_CODES = [
  'APPROVAL_NOT_FOUND',
  'APPROVAL_ALREADY_DECIDED',
  'APPROVAL_NOT_APPROVER',
  'APPROVAL_SELF_DECISION',
  'APPROVAL_EXPIRED',
  'APPROVAL_REQUESTER_CANNOT_ORDER',
  'APPROVAL_REFERENCE_NOT_USABLE',
  'MISSING_RIGHT',
] as const;
export type ApprovalErrorCode = (typeof APPROVAL_ERROR_CODES)[number];

/**
 * Body of `POST …/order/approvals` (every field optional): `page` (default 1), `limit` (default 20, at most 100),
 * `status` ('approved', 'declined' or 'pending'; absent: all), `term` (part of the approval or order number, the
 * requester's first, last or user name, the order reference; case ignored), `ids` (only these requests, at most 100).
 */
export const ApprovalListRequestSchema = v.object({
  page: v.optional(BodyPageNumberSchema, 1),
  limit: v.optional(
    v.pipe(BodyPageNumberSchema, v.maxValue(APPROVAL_LIST_MAX_LIMIT, 'TOO_HIGH_ERROR')),
    APPROVAL_LIST_DEFAULT_LIMIT,
  ),
  status: v.optional(v.nullable(v.picklist(APPROVAL_STATUSES, 'NO_SUCH_CHOICE_ERROR'))),
  term: optionalNullableText(APPROVAL_TERM_MAX_LENGTH),
  ids: v.optional(v.pipe(v.array(IdInputSchema), v.maxLength(APPROVAL_LIST_MAX_LIMIT, 'TOO_MANY_ERROR'))),
});
export type ApprovalListRequest = v.InferInput<typeof ApprovalListRequestSchema>;
export type ApprovalListQuery = v.InferOutput<typeof ApprovalListRequestSchema>;

/** One line of the requested order, as it was when the request was sent. */
export const ApprovalLineSchema = v.object({
  productId: IdSchema,
  productName: v.string(),
  sku: v.pipe(v.string(), v.description("The supplier's article number.")),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
  unitPrice: v.pipe(v.number(), v.description('Net unit price in EUR, up to 5 decimals.')),
  totalPrice: v.pipe(v.number(), v.description('Net line total in EUR.')),
  comment: v.pipe(v.nullable(v.string()), v.description("The buyer's remark for the line.")),
});
export type ApprovalLine = v.InferOutput<typeof ApprovalLineSchema>;

/** An approval request with its snapshot's lines and order data. */
export const ApprovalSchema = v.object({
  id: IdSchema,
  approvalNumber: v.pipe(v.string(), v.description('Number of the request, shown until the order exists.')),
  orderId: v.nullable(IdSchema),
  orderNumber: v.pipe(v.nullable(v.string()), v.description('Number of the order written when it was approved.')),
  orderName: v.pipe(
    v.nullable(v.string()),
    v.description('The name the buyer gave the order: its order reference, else its file number; null without.'),
  ),
  status: v.picklist(APPROVAL_STATUSES),
  requester: v.object({
    id: IdSchema,
    firstName: v.string(),
    lastName: v.string(),
    username: v.string(),
  }),
  flowId: v.nullable(IdSchema),
  flowName: v.nullable(v.string()),
  orderReferenceId: v.nullable(IdSchema),
  amountNet: v.pipe(v.number(), v.description('Net order total in EUR: what the threshold and budgets check.')),
  amountTotal: v.pipe(v.number(), v.description('Gross order total in EUR.')),
  openBudget: v.pipe(
    v.nullable(v.number()),
    v.description("What was left of the requester's flow budget in EUR when the request was sent; null without one."),
  ),
  remainingBudget: v.pipe(
    v.nullable(v.number()),
    v.description(
      "What is left now of the flow budget of the request's period in EUR (the request's reservation counted); " +
        'null without one.',
    ),
  ),
  orderDate: v.pipe(TimestampSchema, v.description('When the request was sent.')),
  expiresAt: v.pipe(
    v.nullable(TimestampSchema),
    v.description('When a pending request expires (APPROVAL_EXPIRY_DAYS after it was sent); null once it ended.'),
  ),
  canWithdraw: v.pipe(v.boolean(), v.description('The caller sent it and it is pending: they may withdraw it.')),
  decidedAt: v.nullable(TimestampSchema),
  decidedBy: v.nullable(v.object({ id: IdSchema, firstName: v.string(), lastName: v.string() })),
  decisionComment: v.nullable(v.string()),
  canDecide: v.pipe(
    v.boolean(),
    v.description('The caller may decide it now: pending, an approver holding the right, not the requester.'),
  ),
  lines: v.array(ApprovalLineSchema),
  orderReference: v.nullable(v.string()),
  fileNumber: v.nullable(v.string()),
  remark: v.nullable(v.string()),
  shippingOption: v.picklist(SHIPPING_OPTIONS),
  shippingAddress: v.nullable(OrderHistoryAddressSchema),
  pickupLocation: v.nullable(OrderHistoryPickupLocationSchema),
  shippingMethod: v.pipe(v.nullable(v.string()), v.description('Name of the shipping method.')),
  shippingDate: v.pipe(v.nullable(v.pipe(v.string(), v.isoDate())), v.description('The requested shipping date.')),
});
export type Approval = v.InferOutput<typeof ApprovalSchema>;

/** Answer of `POST …/order/approvals`: one page, newest first. */
export const ApprovalListResponseSchema = v.object({
  elements: v.array(ApprovalSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type ApprovalListResponse = v.InferOutput<typeof ApprovalListResponseSchema>;

/** Path parameters of `…/order/approve/{id}` and `…/order/withdraw/{id}`. */
export const ApprovalPathSchema = v.object({ id: IdInputSchema });

/** Body of `POST …/order/approve/{id}`: an optional comment for the requester (at most 1000 characters). */
export const ApprovalApproveRequestSchema = v.object({
  comment: optionalNullableText(APPROVAL_COMMENT_MAX_LENGTH),
});
export type ApprovalApproveRequest = v.InferInput<typeof ApprovalApproveRequestSchema>;

/** The outcome of one decision. */
export const ApprovalDecisionSchema = v.object({
  id: IdSchema,
  approvalNumber: v.string(),
  status: v.picklist(['approved', 'declined', 'withdrawn']),
  orderId: v.pipe(v.nullable(IdSchema), v.description('The order written by the approval; null otherwise.')),
  orderNumber: v.nullable(v.string()),
});
export type ApprovalDecision = v.InferOutput<typeof ApprovalDecisionSchema>;

/** One decision of a bulk call. */
export const ApprovalActionSchema = v.object({
  id: IdInputSchema,
  action: v.picklist(APPROVAL_ACTIONS, 'NO_SUCH_CHOICE_ERROR'),
  comment: optionalNullableText(APPROVAL_COMMENT_MAX_LENGTH),
});

/** Body of `POST …/order/approvals/actions`: 1 to 100 decisions, each id at most once. */
export const ApprovalActionsRequestSchema = v.object({
  actions: v.pipe(
    v.array(ApprovalActionSchema),
    v.minLength(1, 'TOO_FEW_ERROR'),
    v.maxLength(APPROVAL_ACTIONS_MAX, 'TOO_MANY_ERROR'),
    v.check((actions) => new Set(actions.map((a) => a.id)).size === actions.length, 'NOT_UNIQUE_ERROR'),
  ),
});
export type ApprovalActionsRequest = v.InferInput<typeof ApprovalActionsRequestSchema>;

/** The result of one decision of a bulk call: its outcome, or the error it answered alone. */
export const ApprovalActionResultSchema = v.object({
  id: IdSchema,
  action: v.picklist(APPROVAL_ACTIONS),
  outcome: v.nullable(ApprovalDecisionSchema),
  error: v.nullable(
    v.object({
      status: v.pipe(v.string(), v.regex(/^\d{3}$/)),
      code: v.pipe(v.string(), v.description('E.g. {PROVIDER}__APPROVAL_ALREADY_DECIDED.')),
      detail: v.string(),
    }),
  ),
});
export type ApprovalActionResult = v.InferOutput<typeof ApprovalActionResultSchema>;

/** Answer of `POST …/order/approvals/actions`: one result per action, in the order sent; each decided alone. */
export const ApprovalActionsResponseSchema = v.object({
  results: v.array(ApprovalActionResultSchema),
});
export type ApprovalActionsResponse = v.InferOutput<typeof ApprovalActionsResponseSchema>;
