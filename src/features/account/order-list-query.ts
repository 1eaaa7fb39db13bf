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
  type OrderListQuery,
} from '../../../contract/provider/order-list.ts';
import { choiceParam, idListParam, pageParam, textParam, urlCodec, type UrlStateOf } from '../../lib/url-state.ts';

const TAG_ID = /^[0-9a-f]{32}$/;

const ORDER_LIST_PARAMS = {
  term: textParam({ maxLength: ORDER_LIST_TERM_MAX_LENGTH }),
  ownerType: choiceParam(ORDER_LIST_OWNER_TYPES),
  tagIds: idListParam(TAG_ID),
  page: pageParam(),
};

/** The order lists' query string; unknown or invalid values fall back to the defaults, which are left out. */
export const orderListUrl = urlCodec(ORDER_LIST_PARAMS);

/** The filter state; `ownerType` '' means both, the page is 1-based. */
export type OrderListFilterState = UrlStateOf<typeof ORDER_LIST_PARAMS>;

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
