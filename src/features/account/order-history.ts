/**
 * The order history of the account area: its filters in the query string (orderNumber, productNumber,
 * orderReference, dateFrom, dateTo, state, page), the provider's history calls (contract/provider/order-history.ts)
 * and the reorder, which puts an order's product lines into the cart again.
 *
 * @throws StoreApiClientError from the calls for a non-2xx answer; an answer that is not the contract's shape throws
 *   valibot's ValiError.
 */
import {
  ORDER_STATES,
  type OrderHistoryDetail,
  type OrderHistoryLine,
  type OrderHistoryQuery,
  type OrderHistoryResponse,
} from '../../../contract/provider/order-history.ts';
import { addToCart, cartErrors, productLineItems, type Cart } from '../../lib/cart/cart-store.ts';
import { invoke } from '../../lib/store-api/browser.ts';
import { provider } from '../../lib/store-api/provider.ts';
import { choiceParam, dayParam, pageParam, textParam, urlCodec, type UrlStateOf } from '../../lib/url-state.ts';

/** Page size of the order history. */
export const ORDER_PAGE_SIZE = 20;

const ORDER_HISTORY_PARAMS = {
  orderNumber: textParam({ maxLength: 100 }),
  productNumber: textParam({ maxLength: 100 }),
  orderReference: textParam({ maxLength: 100 }),
  /** ISO date `YYYY-MM-DD` or ''. */
  dateFrom: dayParam(),
  dateTo: dayParam(),
  state: choiceParam(ORDER_STATES),
  page: pageParam(),
};

/**
 * The shop order history's query string (`orderNumber=10023&page=2`): unreadable values read as unset, unset values
 * and page 1 are left out.
 */
export const orderHistoryUrl = urlCodec(ORDER_HISTORY_PARAMS);

/** The filter state of the history; strings are '' when unset, the page is 1-based. */
export type OrderListQuery = UrlStateOf<typeof ORDER_HISTORY_PARAMS>;

const TEXT_KEYS = ['orderNumber', 'productNumber', 'orderReference'] as const;
const DATE_KEYS = ['dateFrom', 'dateTo'] as const;

/** The history query of a filter state (contract OrderHistoryQuery, page size 20). */
export function toOrderHistoryQuery(q: OrderListQuery): OrderHistoryQuery {
  const query: OrderHistoryQuery = { page: String(q.page), limit: String(ORDER_PAGE_SIZE) };
  for (const key of [...TEXT_KEYS, ...DATE_KEYS] as const) if (q[key]) query[key] = q[key];
  if (q.state) query.state = q.state;
  return query;
}

/** GET `{provider}/sw/order/history` with the filters: one page of orders, newest first. */
export async function listOrders(q: OrderListQuery): Promise<OrderHistoryResponse> {
  return provider.invoke('readOrderHistory', { query: toOrderHistoryQuery(q) });
}

/** GET `{provider}/sw/order/history/detail?orderNumber=…`; an unknown or foreign order answers 404. */
export async function fetchOrder(orderNumber: string): Promise<OrderHistoryDetail> {
  return provider.invoke('readOrderHistoryDetail', { query: { orderNumber } });
}

/** What a reorder did: the cart it left and the lines it could not add (by their label and article number). */
export interface ReorderResult<L = OrderHistoryLine> {
  cart: Cart | null;
  missing: L[];
}

/**
 * Adds the product lines of `order` to the cart again, each with its ordered quantity (`reorderLines` for the
 * order's lines of type product).
 */
export async function reorder(order: OrderHistoryDetail): Promise<ReorderResult> {
  return reorderLines(order.lines.filter((line) => line.type === 'product'));
}

/**
 * Puts lines into the cart by article number, each with its quantity (a shop order's or an ERP order's lines): the
 * products are found by their article numbers (POST `/product` with an `equalsAny` filter on `productNumber`) and
 * added with `addToCart`. A line is missing when its product no longer exists or is not orderable, or when the cart
 * answers an error for it (`{messageKey}-{productId}`, e.g. product-not-found) or does not hold it afterwards.
 */
export async function reorderLines<L extends { productNumber: string | null; quantity: number }>(
  lines: readonly L[],
): Promise<ReorderResult<L>> {
  const numbers = [...new Set(lines.flatMap((line) => (line.productNumber ? [line.productNumber] : [])))];
  const found =
    numbers.length === 0
      ? []
      : ((
          await invoke('readProduct post /product', {
            body: {
              filter: [{ type: 'equalsAny', field: 'productNumber', value: numbers.join('|') }],
              limit: numbers.length,
              includes: { product: ['id', 'productNumber'] },
            },
          })
        ).elements ?? []);
  const idByNumber = new Map(found.map((product) => [product.productNumber, product.id]));
  const toAdd = lines.flatMap((line) => {
    const id = line.productNumber ? idByNumber.get(line.productNumber) : undefined;
    return id ? [{ line, id }] : [];
  });
  const cart =
    toAdd.length === 0
      ? null
      : await addToCart(
          toAdd.map(({ line, id }) => ({ id, referencedId: id, type: 'product', quantity: line.quantity })),
        );
  const inCart = new Set(productLineItems(cart).map((item) => item.referencedId ?? item.id));
  const failed = new Set(
    cartErrors(cart)
      .filter((error) => error.level >= 20)
      .flatMap((error) => toAdd.filter(({ id }) => error.key.endsWith(`-${id}`)).map(({ id }) => id)),
  );
  const added = new Set(toAdd.filter(({ id }) => inCart.has(id) && !failed.has(id)).map(({ line }) => line));
  return { cart, missing: lines.filter((line) => !added.has(line)) };
}
