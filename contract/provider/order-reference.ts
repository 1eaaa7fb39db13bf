/**
 * Order references of the provider API (`/store-api/{provider}/order-reference…`, docs/decisions/015): a company's
 * purchase order numbers, each optionally with a budget per period, chosen in the checkout and kept on the order.
 *
 * Managing (list, create, read, change, delete) needs ROLE_MANAGE_ORDER_REFERENCES; a body that sets or changes a
 * budget field (`budget`, `period`, `renewable`, `transferable`) or the start date also needs ROLE_MANAGE_BUDGETS,
 * one that sets or changes the approvers also ROLE_MANAGE_APPROVERS; nobody loosens the budget of a reference they
 * may book to (`{PROVIDER}__OWN_LIMIT_CHANGE`) or becomes approver of one (`{PROVIDER}__OWN_APPROVER`). Periods are
 * fixed lengths counted from the start date (daily 1, weekly 7, monthly 30, yearly 365 days), not calendar months;
 * answers name the current period (`currentPeriod`). Searching the references the
 * caller may book to and choosing one for the cart need ROLE_ADD_ORDER_REFERENCES. A reference of another company
 * answers 404 exactly like one that does not exist. Amounts are EUR as JSON numbers with at most 2 decimals (the
 * server keeps integer cents). The name is at most 30 characters, without control characters, and unique per company
 * without regard to case.
 */
import * as v from 'valibot';
import { BodyPageNumberSchema, optionalNullableText } from '../query.ts';
import { TimestampSchema } from '../fields.ts';
import { IdInputSchema, IdSchema } from '../ids.ts';
import { ORDER_REFERENCE_MAX_LENGTH } from '../order.ts';
import { BudgetPeriodWindowSchema } from './order-flow.ts';

/** Longest name of an order reference (the order's reference field holds it). */
export const ORDER_REFERENCE_NAME_MAX_LENGTH = ORDER_REFERENCE_MAX_LENGTH;

/** Budget periods of an order reference: daily 1 day, weekly 7, monthly 30, yearly 365, custom (start to end). */
export const ORDER_REFERENCE_PERIODS = ['daily', 'weekly', 'monthly', 'yearly', 'custom'] as const;
export type OrderReferencePeriod = (typeof ORDER_REFERENCE_PERIODS)[number];

/** Page size of the list unless the request names one; the largest page; the longest search term. */
export const ORDER_REFERENCE_LIST_DEFAULT_LIMIT = 20;
export const ORDER_REFERENCE_LIST_MAX_LIMIT = 100;
export const ORDER_REFERENCE_TERM_MAX_LENGTH = 100;
/** Most users or approvers of one reference; most hits of a search. */
export const ORDER_REFERENCE_MAX_MEMBERS = 500;
export const ORDER_REFERENCE_SEARCH_LIMIT = 20;
/** Largest budget, EUR. */
export const ORDER_REFERENCE_MAX_BUDGET = 100_000_000;

/**
 * Error codes of the order reference endpoints:
 * - `ORDER_REFERENCE_NAME_NOT_UNIQUE` (400, without prefix, as the specification names it; also as a violation item
 *   with `source.pointer` `/name`): another reference of the company has the name, case ignored;
 * - `{PROVIDER}__ORDER_REFERENCE_NOT_FOUND` (404): unknown id, or a reference of another company;
 * - `{PROVIDER}__ORDER_REFERENCE_NOT_USABLE` (400): the reference exists but the caller may not book to it now
 *   (inactive, outside its dates, or the caller is not one of its users);
 * - `{PROVIDER}__MISSING_RIGHT` (403, `meta.parameters.right`);
 * - `{PROVIDER}__OWN_LIMIT_CHANGE`, `{PROVIDER}__OWN_APPROVER` (403): see above.
 * Users and approvers that are not customers of the company answer `CHECKOUT__CUSTOMER_NOT_FOUND_BY_ID` (404).
 */
export const ORDER_REFERENCE_NAME_NOT_UNIQUE = 'ORDER_REFERENCE_NAME_NOT_UNIQUE';

/** Characters a name may not hold: control, format and line or paragraph separator characters. */
const FORBIDDEN_NAME_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The name of a reference: trimmed, 1 to 30 characters, no control characters (REGEX_FAILED_ERROR). */
export const OrderReferenceNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('IS_BLANK_ERROR'),
  v.maxLength(ORDER_REFERENCE_NAME_MAX_LENGTH, 'TOO_LONG_ERROR'),
  v.check((s) => !FORBIDDEN_NAME_CHARACTERS.test(s), 'REGEX_FAILED_ERROR'),
);

/** True when `n` has at most two decimals (whole cents). */
function wholeCents(n: number): boolean {
  return Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

/** A budget in EUR: 0 to 100,000,000 with at most 2 decimals; null: no budget. */
const BudgetInputSchema = v.pipe(
  v.number(),
  v.minValue(0, 'TOO_LOW_ERROR'),
  v.maxValue(ORDER_REFERENCE_MAX_BUDGET, 'TOO_HIGH_ERROR'),
  v.check(wholeCents, 'INVALID_VALUE'),
);

/** Converts a budget in EUR (at most 2 decimals) to integer cents. */
export function budgetToCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Converts integer cents to EUR as a JSON number. */
export function centsToBudget(cents: number): number {
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
  v.maxLength(ORDER_REFERENCE_MAX_MEMBERS, 'TOO_MANY_ERROR'),
  v.check((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, 'NOT_UNIQUE_ERROR'),
);

/**
 * Body of `POST …/order-reference` and `PUT …/order-reference/{id}` (the whole reference; absent fields take their
 * defaults): `name`; `budget` (EUR, null or absent: no budget); `period` (default monthly); `renewable` (default
 * true: the budget starts again each period); `transferable` (default false: the remainder of a period is added to
 * the next); `startDate` (ISO date, anchor of the periods); `endDate` (ISO date, inclusive; required for a custom
 * period, else `VIOLATION::IS_BLANK_ERROR` at `/endDate`; never before `startDate`, see `endDateBeforeStart`);
 * `active` (default true); `users` (customer ids who may book to it; empty: every user of the company); `approvers` (customer ids).
 */
export const OrderReferenceRequestSchema = v.pipe(
  v.object({
    name: OrderReferenceNameSchema,
    budget: v.optional(v.nullable(BudgetInputSchema), null),
    period: v.optional(v.picklist(ORDER_REFERENCE_PERIODS, 'NO_SUCH_CHOICE_ERROR'), 'monthly'),
    renewable: v.optional(v.boolean(), true),
    transferable: v.optional(v.boolean(), false),
    startDate: isoDate,
    endDate: v.optional(v.nullable(isoDate), null),
    active: v.optional(v.boolean(), true),
    users: v.optional(MembersSchema, []),
    approvers: v.optional(MembersSchema, []),
  }),
  v.forward(
    v.partialCheck(
      [['period'], ['endDate']],
      (input) => input.period !== 'custom' || Boolean(input.endDate),
      'IS_BLANK_ERROR',
    ),
    ['endDate'],
  ),
);

/**
 * True when the reference's end date lies before its start date, which the server answers with
 * `VIOLATION::TOO_LOW_ERROR` at `/endDate` ("The end date must not be before the start date.").
 */
export function endDateBeforeStart(input: { startDate: string; endDate?: string | null }): boolean {
  return Boolean(input.endDate && input.endDate < input.startDate);
}

export type OrderReferenceRequest = v.InferInput<typeof OrderReferenceRequestSchema>;
export type OrderReferenceInput = v.InferOutput<typeof OrderReferenceRequestSchema>;

/**
 * Body of `POST …/order-reference/list` (every field optional): `page` (default 1), `limit` (default 20, at most
 * 100), `term` (part of the name, case ignored).
 */
export const OrderReferenceListRequestSchema = v.object({
  page: v.optional(BodyPageNumberSchema, 1),
  limit: v.optional(
    v.pipe(BodyPageNumberSchema, v.maxValue(ORDER_REFERENCE_LIST_MAX_LIMIT, 'TOO_HIGH_ERROR')),
    ORDER_REFERENCE_LIST_DEFAULT_LIMIT,
  ),
  term: optionalNullableText(ORDER_REFERENCE_TERM_MAX_LENGTH),
});
export type OrderReferenceListRequest = v.InferInput<typeof OrderReferenceListRequestSchema>;
export type OrderReferenceListQuery = v.InferOutput<typeof OrderReferenceListRequestSchema>;

/** An order reference as the management endpoints answer it. */
export const OrderReferenceSchema = v.object({
  id: IdSchema,
  name: v.string(),
  createdBy: v.pipe(
    v.nullable(v.object({ id: IdSchema, firstName: v.string(), lastName: v.string() })),
    v.description('Who created it; null when that user no longer exists.'),
  ),
  approvers: v.pipe(v.array(IdSchema), v.description('Customer ids of the approvers.')),
  users: v.pipe(v.array(IdSchema), v.description('Customer ids who may book to it; empty: every user.')),
  budget: v.pipe(v.nullable(v.number()), v.description('Budget per period in EUR; null: no budget.')),
  remainingBudget: v.pipe(
    v.nullable(v.number()),
    v.description('What is left of the budget of the current period in EUR; null without a budget.'),
  ),
  period: v.picklist(ORDER_REFERENCE_PERIODS),
  currentPeriod: v.pipe(
    v.nullable(BudgetPeriodWindowSchema),
    v.description('The period `remainingBudget` belongs to; null without a budget or outside its dates.'),
  ),
  renewable: v.boolean(),
  transferable: v.boolean(),
  startDate: v.pipe(v.string(), v.isoDate()),
  endDate: v.pipe(v.nullable(v.pipe(v.string(), v.isoDate())), v.description('Last day (inclusive); null: open.')),
  active: v.boolean(),
  createdAt: TimestampSchema,
});
export type OrderReference = v.InferOutput<typeof OrderReferenceSchema>;

/** Answer of `POST …/order-reference/list`: one page, by name. */
export const OrderReferenceListResponseSchema = v.object({
  elements: v.array(OrderReferenceSchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type OrderReferenceListResponse = v.InferOutput<typeof OrderReferenceListResponseSchema>;

/** Path parameters of `…/order-reference/{id}` and `…/order-reference/cart/{id}`. */
export const OrderReferencePathSchema = v.object({ id: IdInputSchema });

/** Path parameters of `…/order-reference/search/{term}`: 1 to 30 characters after trimming. */
export const OrderReferenceSearchPathSchema = v.object({
  term: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('IS_BLANK_ERROR'),
    v.maxLength(ORDER_REFERENCE_NAME_MAX_LENGTH, 'TOO_LONG_ERROR'),
  ),
});

/** A reference the caller may book to, as the checkout offers it. */
export const OrderReferenceOptionSchema = v.object({
  id: IdSchema,
  name: v.string(),
  budget: v.pipe(v.nullable(v.number()), v.description('Budget per period in EUR; null: no budget.')),
  remainingBudget: v.pipe(
    v.nullable(v.number()),
    v.description('What is left of the budget of the current period in EUR; null without a budget.'),
  ),
  period: v.picklist(ORDER_REFERENCE_PERIODS),
  startDate: v.pipe(v.string(), v.isoDate(), v.description('Anchor of the periods.')),
  currentPeriod: v.pipe(
    v.nullable(BudgetPeriodWindowSchema),
    v.description('The period `remainingBudget` belongs to; null without a budget or outside its dates.'),
  ),
  endDate: v.nullable(v.pipe(v.string(), v.isoDate())),
});
export type OrderReferenceOption = v.InferOutput<typeof OrderReferenceOptionSchema>;

/**
 * Answer of `GET …/order-reference/search/{term}`: at most 20 references whose name contains the term (case
 * ignored) and that the caller may book to now (active, today within start and end date, the caller one of its
 * users or it has none), by name. A reference whose budget is spent is listed with `remainingBudget` 0.
 */
export const OrderReferenceSearchResponseSchema = v.object({
  elements: v.array(OrderReferenceOptionSchema),
});
export type OrderReferenceSearchResponse = v.InferOutput<typeof OrderReferenceSearchResponseSchema>;

/**
 * Answer of `PUT …/order-reference/cart/{id}` (chooses the reference for the caller's cart) and
 * `DELETE …/order-reference/cart` (clears the choice): the cart's reference now, null when none.
 */
export const OrderReferenceCartResponseSchema = v.object({
  orderReference: v.nullable(OrderReferenceOptionSchema),
});
export type OrderReferenceCartResponse = v.InferOutput<typeof OrderReferenceCartResponseSchema>;
