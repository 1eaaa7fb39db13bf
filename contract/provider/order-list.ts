/**
 * Order lists of the provider API (`/store-api/{provider}/order/list…`, docs/decisions/017): saved sets of articles
 * with quantities that a buyer reorders from. A list is private (`ownerType` 'user': only its creator sees it) or
 * shared with the whole company (`ownerType` 'company': every user of the company with the right sees and edits it;
 * only the creator may make it private again).
 *
 * Every endpoint needs ROLE_MANAGE_ORDER_LISTS. A list of another company, and a colleague's private list, answer
 * 404 exactly like one that does not exist. Prices and stock figures of items are null without ROLE_VIEW_PRICES.
 * Amounts are EUR as decimal JSON numbers (the server computes them from integer cents); quantities are order units.
 */
import * as v from 'valibot';
import { DELIVERY_TIME_UNITS } from '../delivery-time.ts';
import { CoverImageSchema } from '../cover-image.ts';
import { TimestampSchema } from '../fields.ts';
import { IdInputSchema, IdSchema } from '../ids.ts';
import { optionalSearchText, QueryPageNumberSchema } from '../query.ts';

/** Who sees a list: its creator only, or every user of the company. */
export const ORDER_LIST_OWNER_TYPES = ['user', 'company'] as const;
export type OrderListOwnerType = (typeof ORDER_LIST_OWNER_TYPES)[number];

/** Longest list name; most items of one list; most tags of one list; longest tag name. */
export const ORDER_LIST_NAME_MAX_LENGTH = 100;
export const ORDER_LIST_MAX_ITEMS = 500;
export const ORDER_LIST_MAX_TAGS = 10;
export const ORDER_LIST_TAG_MAX_LENGTH = 30;
/** Page size of the list unless the query names one; the largest page; the longest search term. */
export const ORDER_LIST_DEFAULT_LIMIT = 20;
export const ORDER_LIST_MAX_LIMIT = 100;
export const ORDER_LIST_TERM_MAX_LENGTH = 100;
/** Largest quantity of one item, order units. */
export const ORDER_LIST_MAX_QUANTITY = 100_000;

/**
 * Error codes of the order list endpoints:
 * - `{PROVIDER}__ORDER_LIST_NOT_FOUND` (404): unknown id, a list of another company or a colleague's private list;
 * - `{PROVIDER}__ORDER_LIST_NOT_OWNER` (403): only the creator may make a shared list private;
 * - `{PROVIDER}__ORDER_LIST_TOO_MANY_ITEMS` (400, `meta.parameters.max`): the list would hold more than 500 items;
 * - `{PROVIDER}__ORDER_LIST_PRODUCT_NOT_FOUND` (400, `meta.parameters.productNumber` or `productId`): an item names
 *   an article that does not exist or cannot be ordered; nothing of the request is written then;
 * - `{PROVIDER}__ORDER_LIST_CART_EMPTY` (400): `fromCart` with a cart without product lines;
 * - `{PROVIDER}__MISSING_RIGHT` (403, `meta.parameters.right`).
 */
export const ORDER_LIST_ERRORS = {
  notFound: 'ORDER_LIST_NOT_FOUND',
  notOwner: 'ORDER_LIST_NOT_OWNER',
  tooManyItems: 'ORDER_LIST_TOO_MANY_ITEMS',
  productNotFound: 'ORDER_LIST_PRODUCT_NOT_FOUND',
  cartEmpty: 'ORDER_LIST_CART_EMPTY',
} as const;

/** Characters a name or tag may not hold: control, format and line or paragraph separator characters. */
const FORBIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** The name of a list: trimmed, 1 to 100 characters, no control characters (REGEX_FAILED_ERROR). */
export const OrderListNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('IS_BLANK_ERROR'),
  v.maxLength(ORDER_LIST_NAME_MAX_LENGTH, 'TOO_LONG_ERROR'),
  v.check((s) => !FORBIDDEN_CHARACTERS.test(s), 'REGEX_FAILED_ERROR'),
);

/** Tags of a list by name (created in the company when new; names compared without regard to case). */
const TagNamesSchema = v.pipe(
  v.array(
    v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty('IS_BLANK_ERROR'),
      v.maxLength(ORDER_LIST_TAG_MAX_LENGTH, 'TOO_LONG_ERROR'),
      v.check((s) => !FORBIDDEN_CHARACTERS.test(s), 'REGEX_FAILED_ERROR'),
    ),
  ),
  v.maxLength(ORDER_LIST_MAX_TAGS, 'TOO_MANY_ERROR'),
);

/** A quantity in order units: a whole number from 1 to 100,000. */
const QuantitySchema = v.pipe(
  v.number('INVALID_TYPE_ERROR'),
  v.integer('INVALID_TYPE_ERROR'),
  v.minValue(1, 'TOO_LOW_ERROR'),
  v.maxValue(ORDER_LIST_MAX_QUANTITY, 'TOO_HIGH_ERROR'),
);

/**
 * An article to put on a list: by `productId` or by supplier article number `productNumber` (exactly one of the
 * two, else `VIOLATION::IS_BLANK_ERROR` at `/productId`), with a quantity (default 1). The server raises a quantity
 * to the article's minimum purchase and rounds it up to its purchase step, as the cart does.
 */
export const OrderListItemInputSchema = v.pipe(
  v.object({
    productId: v.optional(IdInputSchema),
    productNumber: v.optional(
      v.pipe(v.string(), v.trim(), v.nonEmpty('IS_BLANK_ERROR'), v.maxLength(64, 'TOO_LONG_ERROR')),
    ),
    quantity: v.optional(QuantitySchema, 1),
  }),
  v.forward(
    v.check((item) => (item.productId === undefined) !== (item.productNumber === undefined), 'IS_BLANK_ERROR'),
    ['productId'],
  ),
);
export type OrderListItemInput = v.InferOutput<typeof OrderListItemInputSchema>;

const ItemsSchema = v.pipe(v.array(OrderListItemInputSchema), v.maxLength(ORDER_LIST_MAX_ITEMS, 'TOO_MANY_ERROR'));

/**
 * Body of `POST …/order/list`: a new list named `name`, private unless `ownerType` is 'company', with `tags`. Its
 * items come from one source at most: `items`; `fromCart: true` (the product lines of the caller's cart with their
 * quantities: "save cart as order list"; the cart stays as it is); or `sourceListId` (a copy of the items of a list
 * the caller sees: "duplicate"). An article named twice in `items` is put once with the quantities added.
 */
export const OrderListCreateRequestSchema = v.pipe(
  v.object({
    name: OrderListNameSchema,
    ownerType: v.optional(v.picklist(ORDER_LIST_OWNER_TYPES, 'NO_SUCH_CHOICE_ERROR'), 'user'),
    tags: v.optional(TagNamesSchema, []),
    items: v.optional(ItemsSchema, []),
    fromCart: v.optional(v.boolean(), false),
    sourceListId: v.optional(IdInputSchema),
  }),
  v.forward(
    v.check(
      (body) => [body.items.length > 0, body.fromCart, body.sourceListId !== undefined].filter(Boolean).length <= 1,
      'INVALID_VALUE',
    ),
    ['items'],
  ),
);
export type OrderListCreateRequest = v.InferInput<typeof OrderListCreateRequestSchema>;
export type OrderListCreateInput = v.InferOutput<typeof OrderListCreateRequestSchema>;

/** Body of `PATCH …/order/list/{id}`: the fields to change (rename, share or make private, retag). */
export const OrderListPatchRequestSchema = v.object({
  name: v.optional(OrderListNameSchema),
  ownerType: v.optional(v.picklist(ORDER_LIST_OWNER_TYPES, 'NO_SUCH_CHOICE_ERROR')),
  tags: v.optional(TagNamesSchema),
});
export type OrderListPatchRequest = v.InferInput<typeof OrderListPatchRequestSchema>;

/**
 * Body of `POST …/order/list/{id}/items`: `items` to put on the list. `mode` 'add' (default) adds each quantity to
 * the item's quantity, or puts the article on the list; 'set' makes it the item's quantity (changing quantities).
 */
export const OrderListItemsRequestSchema = v.object({
  items: v.pipe(ItemsSchema, v.minLength(1, 'TOO_FEW_ERROR')),
  mode: v.optional(v.picklist(['add', 'set'] as const, 'NO_SUCH_CHOICE_ERROR'), 'add'),
});
export type OrderListItemsRequest = v.InferInput<typeof OrderListItemsRequestSchema>;

/** Body of `DELETE …/order/list/{id}/items`: the product ids to take off the list (unknown ids are ignored). */
export const OrderListItemsDeleteRequestSchema = v.object({
  productIds: v.pipe(
    v.array(IdInputSchema),
    v.minLength(1, 'TOO_FEW_ERROR'),
    v.maxLength(ORDER_LIST_MAX_ITEMS, 'TOO_MANY_ERROR'),
  ),
});
export type OrderListItemsDeleteRequest = v.InferInput<typeof OrderListItemsDeleteRequestSchema>;

/**
 * Query of `GET …/order/list`: `page` (default 1), `limit` (default 20, at most 100), `term` (part of the name, case
 * ignored), `ownerType` (only private or only shared lists), `tagIds` (comma-separated tag ids: lists with any of
 * them, Shopware's `equalsAny`).
 */
export const OrderListQuerySchema = v.object({
  page: v.optional(QueryPageNumberSchema, '1'),
  limit: v.optional(
    v.pipe(QueryPageNumberSchema, v.maxValue(ORDER_LIST_MAX_LIMIT, 'TOO_HIGH_ERROR')),
    String(ORDER_LIST_DEFAULT_LIMIT),
  ),
  term: optionalSearchText(ORDER_LIST_TERM_MAX_LENGTH),
  ownerType: v.optional(v.picklist(ORDER_LIST_OWNER_TYPES, 'NO_SUCH_CHOICE_ERROR')),
  tagIds: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean),
      ),
      v.array(v.pipe(v.string(), v.regex(/^[0-9a-f]{32}$/, 'INVALID_UUID'))),
      v.maxLength(50, 'TOO_MANY_ERROR'),
    ),
  ),
});
export type OrderListQuery = v.InferInput<typeof OrderListQuerySchema>;
export type OrderListFilter = v.InferOutput<typeof OrderListQuerySchema>;

/** Path parameters of `…/order/list/{id}` and `…/order/list/{id}/items`. */
export const OrderListPathSchema = v.object({ id: IdInputSchema });

const money = (description: string) => v.pipe(v.nullable(v.number()), v.description(description));
const count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A tag of the company's order lists. */
export const OrderListTagSchema = v.object({ id: IdSchema, name: v.string() });
export type OrderListTag = v.InferOutput<typeof OrderListTagSchema>;

/** An order list as the list endpoint answers it (without items). */
export const OrderListSummarySchema = v.object({
  id: IdSchema,
  name: v.string(),
  ownerType: v.picklist(ORDER_LIST_OWNER_TYPES),
  createdBy: v.pipe(
    v.object({ id: IdSchema, firstName: v.string(), lastName: v.string() }),
    v.description('The creator of the list.'),
  ),
  isOwner: v.pipe(v.boolean(), v.description('True when the caller created the list.')),
  createdAt: TimestampSchema,
  updatedAt: v.nullable(TimestampSchema),
  tags: v.array(OrderListTagSchema),
  itemCount: v.pipe(count, v.description('Articles on the list.')),
  amount: money("Net amount in EUR of all items at the caller's prices; null without ROLE_VIEW_PRICES."),
  apiAlias: v.literal('order_list'),
});
export type OrderListSummary = v.InferOutput<typeof OrderListSummarySchema>;

/** An item of a list, with what the buyer needs to reorder it. */
export const OrderListItemSchema = v.object({
  productId: IdSchema,
  productNumber: v.pipe(v.string(), v.description('Supplier article number.')),
  customerArticleNumber: v.pipe(
    v.nullable(v.string()),
    v.description(
      "The company's own article number (article link); null without one or without ROLE_MANAGE_ARTICLE_LINKS.",
    ),
  ),
  name: v.string(),
  quantity: v.pipe(count, v.description('Order units.')),
  packUnit: v.pipe(v.string(), v.description('Order unit, a UN/ECE Recommendation 20 code such as C62.')),
  minPurchase: count,
  purchaseSteps: count,
  maxPurchase: v.nullable(count),
  cover: v.pipe(v.nullable(CoverImageSchema), v.description('The cover image; null when the article has none.')),
  url: v.pipe(v.nullable(v.string()), v.description("Path of the product page in the caller's language.")),
  available: v.pipe(v.boolean(), v.description('False when the article can no longer be ordered.')),
  unitPrice: money('Net price in EUR of one order unit at the tier for the quantity; null without ROLE_VIEW_PRICES.'),
  totalPrice: money('Net price in EUR of the quantity; null without ROLE_VIEW_PRICES.'),
  ecotax: money(
    'Environmental contribution in EUR per order unit, part of the price; null when none applies or without ROLE_VIEW_PRICES.',
  ),
  stock: v.pipe(v.nullable(count), v.description('Pieces in stock; null without ROLE_VIEW_PRICES.')),
  deliveryTime: v.nullable(v.object({ min: count, max: count, unit: v.picklist(DELIVERY_TIME_UNITS) })),
});
export type OrderListItem = v.InferOutput<typeof OrderListItemSchema>;

/** Answer of `GET`, `POST`, `PATCH …/order/list/{id}` and of the items endpoints: the list with its items. */
export const OrderListDetailSchema = v.object({
  ...OrderListSummarySchema.entries,
  items: v.array(OrderListItemSchema),
});
export type OrderListDetail = v.InferOutput<typeof OrderListDetailSchema>;

/**
 * Answer of `GET …/order/list`: one page of the lists the caller sees (their own private lists and the company's
 * shared ones), newest first, and `tags`: every tag of those lists, by name, for the filter.
 */
export const OrderListListResponseSchema = v.object({
  elements: v.array(OrderListSummarySchema),
  total: count,
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
  tags: v.array(OrderListTagSchema),
});
export type OrderListListResponse = v.InferOutput<typeof OrderListListResponseSchema>;
