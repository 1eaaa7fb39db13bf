/**
 * The users list's filters in the query string (the list keeps its filters in the query string:
 * search, firstName, lastName, username, leadBuyer, budgetMin, budgetMax, budgetRemainingMin, budgetRemainingMax,
 * page, and sort fields order, field, type), and their Store API criteria: contains on firstName, lastName and the
 * extension's username; equals on leadBuyer (true unless the value is 'no'); range on flow.budget and
 * flow.budgetRemaining. Page size 20, budget range 0 to 10000.
 */

import {
  choiceParam,
  numberParam,
  pageParam,
  textParam,
  urlCodec,
  type UrlParam,
  type UrlStateOf,
} from '../../lib/url-state.ts';

/** Page size of the users list. */
export const CUSTOMER_PAGE_SIZE = 20;
/** Default budget range of the filters in EUR. */
export const BUDGET_DEFAULT_MIN = 0;
export const BUDGET_DEFAULT_MAX = 10_000;

/** Sortable fields of the list; anything else in the URL is ignored. */
export const SORT_FIELDS = ['firstName', 'lastName', 'username', 'email', 'active', 'leadBuyer'] as const;

const text = () => textParam({ maxLength: 200 });
const budget = (fallback: number) => numberParam({ fallback });

/** '' (any), 'yes' or 'no': any value but 'no' means lead buyers only. */
const leadBuyerParam = {
  read: (raw: string | null): string => (raw === null || raw === '' ? '' : raw === 'no' ? 'no' : 'yes'),
  write: (value: string) => value || null,
} satisfies UrlParam<string>;

/**
 * The users list's parameters: search, firstName, lastName, username, leadBuyer, the budget ranges in EUR
 * (default 0–10000), page, and the sort (order 'asc' or 'desc', any case; field one of SORT_FIELDS; type 'natural'
 * sorts naturally, anything else as stored; '' → no sort). Values equal to the defaults are left out.
 */
const CUSTOMER_LIST_PARAMS = {
  search: text(),
  firstName: text(),
  lastName: text(),
  username: text(),
  leadBuyer: leadBuyerParam,
  budgetMin: budget(BUDGET_DEFAULT_MIN),
  budgetMax: budget(BUDGET_DEFAULT_MAX),
  budgetRemainingMin: budget(BUDGET_DEFAULT_MIN),
  budgetRemainingMax: budget(BUDGET_DEFAULT_MAX),
  page: pageParam(),
  order: choiceParam(['asc', 'desc'], { caseless: true }),
  field: choiceParam<string>(SORT_FIELDS),
  type: text(),
};
export const customerListUrl = urlCodec(CUSTOMER_LIST_PARAMS);

/** The filter state; strings are '' when unset, the page 1-based. */
export type CustomerListQuery = UrlStateOf<typeof CUSTOMER_LIST_PARAMS>;

export const DEFAULT_CUSTOMER_LIST_QUERY: CustomerListQuery = customerListUrl.defaults;
/** Reads the filter state from a query string; invalid values fall back to the defaults. */
export const parseCustomerListQuery = customerListUrl.parse;
/** Writes the filter state as a query string; values equal to the defaults are left out. */
export const serializeCustomerListQuery = customerListUrl.serialize;
/** One Shopware criteria filter as the list call takes it. */
export type CriteriaFilter =
  | { type: 'contains'; field: string; value: string }
  | { type: 'equals'; field: string; value: boolean }
  | { type: 'range'; field: string; parameters: { gte: number; lte: number } };

/** Body of POST `{provider}/companies/customers`. */
export interface CustomerListCriteria {
  page: number;
  limit: number;
  term?: string;
  filter: CriteriaFilter[];
  sort?: { field: string; order: 'ASC' | 'DESC'; naturalSorting?: boolean }[];
}

/** Criteria field of each sortable column. */
const SORT_FIELD_PATHS: Record<string, string> = {
  username: 'customerExtension.username',
  leadBuyer: 'customerExtension.leadBuyer',
};

/**
 * Criteria of the list call for a filter state: contains on firstName, lastName and
 * `customerExtension.username`; equals on `customerExtension.leadBuyer` (true unless 'no') when chosen; ranges on
 * `flow.budget` and `flow.budgetRemaining` when they differ from the default 0–10000.
 */
export function toCustomerListCriteria(q: CustomerListQuery): CustomerListCriteria {
  const filter: CriteriaFilter[] = [];
  if (q.firstName) filter.push({ type: 'contains', field: 'firstName', value: q.firstName });
  if (q.lastName) filter.push({ type: 'contains', field: 'lastName', value: q.lastName });
  if (q.username) filter.push({ type: 'contains', field: 'customerExtension.username', value: q.username });
  if (q.leadBuyer) filter.push({ type: 'equals', field: 'customerExtension.leadBuyer', value: q.leadBuyer !== 'no' });
  if (q.budgetMin !== BUDGET_DEFAULT_MIN || q.budgetMax !== BUDGET_DEFAULT_MAX)
    filter.push({ type: 'range', field: 'flow.budget', parameters: { gte: q.budgetMin, lte: q.budgetMax } });
  if (q.budgetRemainingMin !== BUDGET_DEFAULT_MIN || q.budgetRemainingMax !== BUDGET_DEFAULT_MAX)
    filter.push({
      type: 'range',
      field: 'flow.budgetRemaining',
      parameters: { gte: q.budgetRemainingMin, lte: q.budgetRemainingMax },
    });
  const criteria: CustomerListCriteria = { page: q.page, limit: CUSTOMER_PAGE_SIZE, filter };
  if (q.search) criteria.term = q.search;
  if (q.field && q.order) {
    criteria.sort = [
      {
        field: SORT_FIELD_PATHS[q.field] ?? q.field,
        order: q.order === 'desc' ? 'DESC' : 'ASC',
        ...(q.type === 'natural' ? { naturalSorting: true } : {}),
      },
    ];
  }
  return criteria;
}
