/**
 * The order lists' filters in the query string of /account/orderlist (like the users list, customer-list-query.ts):
 * `term` (part of the name), `ownerType` ('user' private or 'company' shared), `tagIds` (comma-separated tag ids:
 * lists with any of them) and `page`; and the query of GET `{provider}/order/list` they make
 * (contract/provider/order-list.ts OrderListQuerySchema, page size 20).
 */
import {
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_LIST_OWNER_TYPES,
  ORDER_LIST_TERM_MAX_LENGTH,
  type OrderListOwnerType,
  type OrderListQuery,
} from '../../../contract/provider/order-list.ts';

/** The filter state; `ownerType` '' means both. */
export interface OrderListFilterState {
  term: string;
  ownerType: '' | OrderListOwnerType;
  tagIds: string[];
  /** 1-based. */
  page: number;
}

const TAG_ID = /^[0-9a-f]{32}$/;

/** Reads the filter state from a query string; unknown or invalid values fall back to the defaults. */
export function parseOrderListQuery(search: string | URLSearchParams): OrderListFilterState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const ownerType = params.get('ownerType') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    term: (params.get('term') ?? '').trim().slice(0, ORDER_LIST_TERM_MAX_LENGTH),
    ownerType: (ORDER_LIST_OWNER_TYPES as readonly string[]).includes(ownerType)
      ? (ownerType as OrderListOwnerType)
      : '',
    tagIds: [
      ...new Set(
        (params.get('tagIds') ?? '')
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter((id) => TAG_ID.test(id)),
      ),
    ],
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Writes the filter state as a query string; defaults are left out. */
export function serializeOrderListQuery(state: OrderListFilterState): string {
  const params = new URLSearchParams();
  if (state.term.trim()) params.set('term', state.term.trim());
  if (state.ownerType) params.set('ownerType', state.ownerType);
  if (state.tagIds.length > 0) params.set('tagIds', state.tagIds.join(','));
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** The query of the list call for a filter state. */
export function toOrderListQuery(state: OrderListFilterState): OrderListQuery {
  return {
    page: String(state.page),
    limit: String(ORDER_LIST_DEFAULT_LIMIT),
    ...(state.term ? { term: state.term } : {}),
    ...(state.ownerType ? { ownerType: state.ownerType } : {}),
    ...(state.tagIds.length > 0 ? { tagIds: state.tagIds.join(',') } : {}),
  };
}
