/**
 * The browser's calls of the provider's order list endpoints (contract/provider/order-list.ts, paths
 * `{provider}/order/list…`): saved sets of articles with quantities a buyer reorders from, private to their creator
 * (`ownerType` 'user') or shared with the company ('company'). Every call needs ROLE_MANAGE_ORDER_LISTS; request
 * bodies are typed with the contract's request types and every answer is read with its response schema. Shared by the
 * account area (list and detail), the product page's "add to order list" island and the cart page.
 *
 * Also "add all to cart" ({@link addOrderListToCart}): the list's items go into the one cart store
 * (src/lib/cart/cart-store.ts) and every item the cart did not take is reported with the cart's own errors.
 *
 * @throws StoreApiClientError from every call for a non-2xx answer (`{PROVIDER}__ORDER_LIST_NOT_FOUND` 404 for an
 *   unknown, foreign or colleague's private list, `…_NOT_OWNER` 403, `…_TOO_MANY_ITEMS`, `…_PRODUCT_NOT_FOUND` and
 *   `…_CART_EMPTY` 400, `…__MISSING_RIGHT` 403); an answer that is not the contract's shape throws valibot's ValiError.
 */
import {
  type OrderListCreateRequest,
  type OrderListDetail,
  type OrderListItem,
  type OrderListItemInput,
  type OrderListItemsDeleteRequest,
  type OrderListItemsRequest,
  type OrderListListResponse,
  type OrderListPatchRequest,
  type OrderListQuery,
} from '../../../contract/provider/order-list.ts';
import {
  addToCart,
  CART_ERROR_LEVEL_ERROR,
  cartErrors,
  productLineItems,
  type Cart,
  type CartError,
} from '../cart/cart-store.ts';
import { provider } from '../store-api/provider.ts';

/** The right every order list screen and call needs. */
export const ORDER_LIST_RIGHT = 'ROLE_MANAGE_ORDER_LISTS';

/** Path of a list's detail screen below the domain prefix (route /account/orderlist/details/{id}). */
export const orderListPath = (id: string): string => `/account/orderlist/details/${encodeURIComponent(id)}`;

/**
 * GET `{provider}/order/list`: one page of the lists the caller sees (own private and the company's shared ones),
 * newest first, with every tag of those lists. Empty or absent filters are left out of the query string.
 */
export async function listOrderLists(query: OrderListQuery = {}): Promise<OrderListListResponse> {
  const set = Object.entries(query).filter(([, value]) => Boolean(value));
  return provider.invoke('listOrderLists', { query: Object.fromEntries(set) as OrderListQuery });
}

/**
 * Every list the caller sees (the list read page by page with 100 per page, at most 20 pages): for the choice of a
 * list in the "add to order list" dialog.
 */
export async function listAllOrderLists(): Promise<OrderListListResponse['elements']> {
  const all: OrderListListResponse['elements'] = [];
  for (let page = 1; page <= 20; page++) {
    const result = await listOrderLists({ page: String(page), limit: '100' });
    all.push(...result.elements);
    if (all.length >= result.total || result.elements.length === 0) break;
  }
  return all;
}

/** GET `{provider}/order/list/{id}`: the list with its items. */
export async function fetchOrderList(id: string): Promise<OrderListDetail> {
  return provider.invoke('readOrderList', { params: { id } });
}

/**
 * POST `{provider}/order/list`: a new list with items from at most one source (`items`, `fromCart: true` for "save
 * cart as order list", `sourceListId` for "duplicate").
 */
export async function createOrderList(request: OrderListCreateRequest): Promise<OrderListDetail> {
  return provider.invoke('createOrderList', { body: request });
}

/** PATCH `{provider}/order/list/{id}`: rename, share or make private (creator only), retag. */
export async function updateOrderList(id: string, request: OrderListPatchRequest): Promise<OrderListDetail> {
  return provider.invoke('updateOrderList', { params: { id }, body: request });
}

/** DELETE `{provider}/order/list/{id}` (204). */
export async function deleteOrderList(id: string): Promise<void> {
  await provider.invoke('deleteOrderList', { params: { id } });
}

/**
 * POST `{provider}/order/list/{id}/items`: `mode` 'add' adds each quantity (or puts the article on the list), 'set'
 * makes it the item's quantity. The server raises a quantity to the minimum purchase and rounds it to the step.
 */
export async function putOrderListItems(
  id: string,
  items: OrderListItemInput[] | OrderListItemsRequest['items'],
  mode: 'add' | 'set' = 'add',
): Promise<OrderListDetail> {
  const request: OrderListItemsRequest = { items, mode };
  return provider.invoke('putOrderListItems', { params: { id }, body: request });
}

/** DELETE `{provider}/order/list/{id}/items` with the product ids to take off the list. */
export async function removeOrderListItems(id: string, productIds: string[]): Promise<OrderListDetail> {
  const request: OrderListItemsDeleteRequest = { productIds };
  return provider.invoke('deleteOrderListItems', { params: { id }, body: request });
}

/** One item the cart did not take, with the cart's errors for it (none: the cart does not hold it afterwards). */
export interface OrderListCartFailure {
  item: OrderListItem;
  errors: CartError[];
}

/** What "add all to cart" did: the cart afterwards, the items added and every item that was not. */
export interface OrderListCartResult {
  cart: Cart | null;
  added: OrderListItem[];
  failed: OrderListCartFailure[];
}

/**
 * "Add all to cart": puts every item of `list` into the cart with its quantity in one POST
 * `/checkout/cart/line-item` through the cart store. An item counts as failed when the list marks it unavailable
 * (not sent), when the cart answers an error of level 20 or `product-not-found` for its line (Shopware's per-line
 * key `{messageKey}-{productId}`), or when the cart does not hold it afterwards; warnings (level 10) of added items
 * are returned with the added items' errors in `failed` only when blocking.
 *
 * @throws StoreApiClientError as the cart store's `addToCart` (403 without a session, the server's error answers).
 */
export async function addOrderListToCart(list: Pick<OrderListDetail, 'items'>): Promise<OrderListCartResult> {
  const toAdd = list.items.filter((item) => item.available && item.quantity > 0);
  const cart =
    toAdd.length === 0
      ? null
      : await addToCart(
          toAdd.map((item) => ({
            type: 'product',
            id: item.productId,
            referencedId: item.productId,
            quantity: item.quantity,
          })),
        );
  const inCart = new Set(productLineItems(cart).map((line) => line.referencedId ?? line.id));
  const errors = cartErrors(cart);
  const added: OrderListItem[] = [];
  const failed: OrderListCartFailure[] = [];
  for (const item of list.items) {
    const own = errors.filter((error) => error.key === `${error.messageKey}-${item.productId}`);
    const blocked = own.some(
      (error) => error.level >= CART_ERROR_LEVEL_ERROR || error.messageKey.endsWith('product-not-found'),
    );
    if (toAdd.includes(item) && inCart.has(item.productId) && !blocked) added.push(item);
    else failed.push({ item, errors: own });
  }
  return { cart, added, failed };
}
