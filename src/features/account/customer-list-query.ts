/**
 * The users list's filters in the query string (the list keeps its filters in the query string:
 * search, firstName, lastName, username, leadBuyer, budgetMin, budgetMax, budgetRemainingMin, budgetRemainingMax,
 * page, and sort fields order, field, type), and their Store API criteria: contains on firstName, lastName and the
 * extension's username; equals on leadBuyer (true unless the value is 'no'); range on flow.budget and
 * flow.budgetRemaining. Page size 20, budget range 0 to 10000.
 */

/** Page size of the users list. */
export const CUSTOMER_PAGE_SIZE = 20;
/** Default budget range of the filters in EUR. */
export const BUDGET_DEFAULT_MIN = 0;
export const BUDGET_DEFAULT_MAX = 10_000;
/** Debounce of query changes in ms. */
export const QUERY_DEBOUNCE_MS = 500;

/** The filter state; strings are '' when unset. */
export interface CustomerListQuery {
  search: string;
  firstName: string;
  lastName: string;
  username: string;
  /** '' (any), 'yes' or 'no'. */
  leadBuyer: string;
  budgetMin: number;
  budgetMax: number;
  budgetRemainingMin: number;
  budgetRemainingMax: number;
  /** 1-based. */
  page: number;
  /** Sort direction: 'asc' or 'desc' ('' → no sort). */
  order: '' | 'asc' | 'desc';
  /** Sort field, e.g. 'lastName' ('' → no sort). */
  field: string;
  /** Sort type: 'natural' sorts naturally, anything else as stored. */
  type: string;
}

export const DEFAULT_CUSTOMER_LIST_QUERY: CustomerListQuery = {
  search: '',
  firstName: '',
  lastName: '',
  username: '',
  leadBuyer: '',
  budgetMin: BUDGET_DEFAULT_MIN,
  budgetMax: BUDGET_DEFAULT_MAX,
  budgetRemainingMin: BUDGET_DEFAULT_MIN,
  budgetRemainingMax: BUDGET_DEFAULT_MAX,
  page: 1,
  order: '',
  field: '',
  type: '',
};

/** Sortable fields of the list; anything else in the URL is ignored. */
export const SORT_FIELDS = ['firstName', 'lastName', 'username', 'email', 'active', 'leadBuyer'] as const;

const TEXT_KEYS = ['search', 'firstName', 'lastName', 'username', 'type'] as const;
const NUMBER_KEYS = ['budgetMin', 'budgetMax', 'budgetRemainingMin', 'budgetRemainingMax'] as const;

function numberOr(value: string | null, fallback: number, min = 0): number {
  if (value === null || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= min ? n : fallback;
}

/** Reads the filter state from a query string; invalid values fall back to the defaults. */
export function parseCustomerListQuery(search: string | URLSearchParams): CustomerListQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const q: CustomerListQuery = { ...DEFAULT_CUSTOMER_LIST_QUERY };
  for (const key of TEXT_KEYS) q[key] = (params.get(key) ?? '').trim().slice(0, 200);
  for (const key of NUMBER_KEYS) q[key] = numberOr(params.get(key), DEFAULT_CUSTOMER_LIST_QUERY[key]);
  const leadBuyer = params.get('leadBuyer') ?? '';
  // Any value but 'no' means lead buyers only.
  q.leadBuyer = leadBuyer === '' ? '' : leadBuyer === 'no' ? 'no' : 'yes';
  q.page = Math.max(1, Math.floor(numberOr(params.get('page'), 1, 1)));
  const order = (params.get('order') ?? '').toLowerCase();
  q.order = order === 'asc' || order === 'desc' ? order : '';
  const field = params.get('field') ?? '';
  q.field = (SORT_FIELDS as readonly string[]).includes(field) ? field : '';
  return q;
}

/** Writes the filter state as a query string; values equal to the defaults are left out. */
export function serializeCustomerListQuery(q: CustomerListQuery): string {
  const params = new URLSearchParams();
  const keys = Object.keys(DEFAULT_CUSTOMER_LIST_QUERY) as (keyof CustomerListQuery)[];
  for (const key of keys) {
    const value = q[key];
    if (value === DEFAULT_CUSTOMER_LIST_QUERY[key]) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

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
