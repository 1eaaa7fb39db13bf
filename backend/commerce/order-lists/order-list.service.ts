/**
 * Order lists of a company (contract/provider/order-list.ts, docs/decisions/017): reading the lists a buyer sees with
 * their items priced at the buyer's prices, and writing lists, their tags and their items.
 *
 * Visibility: a list is seen by its creator, and by every user of its company when it is shared (`ownerType`
 * 'company'). Anything else, an unknown id, another company's list or a colleague's private list, is
 * `{PROVIDER}__ORDER_LIST_NOT_FOUND` (404), indistinguishable.
 *
 * Quantities are order units, brought onto the article's purchase grid as the cart's quantity rules define it
 * (backend/commerce/cart/purchase-rules.ts `purchasableQuantity`: at least the minimum purchase, rounded up to a purchase step).
 * Prices: the net unit price of the tier for the item's quantity and the line total in integer cents, exactly as the
 * cart calculation prices a line (backend/lib/price.ts `unitPriceForQuantity`, `lineTotalCents`); EUR on the wire.
 * Every write runs in one transaction that locks the list row first, so concurrent writes to one list serialise.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_LIST_ERRORS,
  ORDER_LIST_MAX_ITEMS,
  ORDER_LIST_MAX_QUANTITY,
  type OrderListCreateInput,
  type OrderListDetail,
  type OrderListFilter,
  type OrderListItem,
  type OrderListItemInput,
  type OrderListListResponse,
  type OrderListSummary,
  type OrderListTag,
} from '../../../contract/provider/order-list.ts';
import type { DeliveryTimeUnit } from '../../../contract/delivery-time.ts';
import { providerErrorCode } from '../../../contract/provider.ts';
import type { AuthenticatedCustomer } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import {
  cartLineItemTable,
  customerTable,
  orderListItemTable,
  orderListTable,
  orderListTagAssignmentTable,
  orderListTagTable,
  productTable,
} from '../../db/schema/index.ts';
import { StoreApiError } from '../../http/errors.ts';
import { randomId } from '../../lib/ids.ts';
import { centsToNumber, formatUnitPrice, lineTotalCents, unitPriceForQuantity } from '../../lib/price.ts';
import { productSeoPath } from '../../lib/slug.ts';
import { translateFields } from '../../lib/translate.ts';
import { customerSkusByProductId } from '../article-links/lookup.ts';
import { coverOf } from '../../commerce/cart/mapper.ts';
import { purchasableQuantity } from '../../commerce/cart/purchase-rules.ts';
import { isOrderable, orderableProductCondition } from '../../commerce/catalog/orderable.ts';
import { containsPattern } from '../../db/like.ts';
import { coverImage, mapMedia } from '../../http/entities.ts';
import { deliveryTime } from '../catalog/delivery-time.ts';
import { loadPrices, loadProductMedia, loadProducts, type ProductMediaRow } from '../catalog/product.repository.ts';

export type OrderListRow = typeof orderListTable.$inferSelect;

/** What the answers depend on besides the caller: the request's language and where media files are served. */
export interface OrderListView {
  /** Locale code of the context language, e.g. `nl-NL`. */
  locale: string;
  mediaBaseUrl: string;
}

/** 404 `{PROVIDER}__ORDER_LIST_NOT_FOUND`: unknown, another company's, or a colleague's private list. */
export function orderListNotFound(provider: string, id: string): StoreApiError {
  return new StoreApiError(
    404,
    providerErrorCode(provider, ORDER_LIST_ERRORS.notFound),
    `The order list "${id}" was not found.`,
    { parameters: { id } },
  );
}

/** 403 `{PROVIDER}__ORDER_LIST_NOT_OWNER`: only the creator makes a shared list private. */
function notOwner(provider: string): StoreApiError {
  return new StoreApiError(
    403,
    providerErrorCode(provider, ORDER_LIST_ERRORS.notOwner),
    'Only the creator of a shared order list may make it private.',
  );
}

/** 400 `{PROVIDER}__ORDER_LIST_TOO_MANY_ITEMS` (`meta.parameters.max`). */
function tooManyItems(provider: string): StoreApiError {
  return new StoreApiError(
    400,
    providerErrorCode(provider, ORDER_LIST_ERRORS.tooManyItems),
    `An order list holds at most ${ORDER_LIST_MAX_ITEMS} articles.`,
    { parameters: { max: ORDER_LIST_MAX_ITEMS } },
  );
}

/** 400 `{PROVIDER}__ORDER_LIST_PRODUCT_NOT_FOUND` naming the article as the request named it. */
function productNotFound(provider: string, item: OrderListItemInput): StoreApiError {
  const parameters =
    item.productNumber !== undefined ? { productNumber: item.productNumber } : { productId: item.productId };
  return new StoreApiError(
    400,
    providerErrorCode(provider, ORDER_LIST_ERRORS.productNotFound),
    `The article ${item.productNumber ?? item.productId ?? ''} does not exist or cannot be ordered.`,
    { parameters },
  );
}

/** 400 `{PROVIDER}__ORDER_LIST_CART_EMPTY`. */
function cartEmpty(provider: string): StoreApiError {
  return new StoreApiError(
    400,
    providerErrorCode(provider, ORDER_LIST_ERRORS.cartEmpty),
    'The cart holds no articles to save as an order list.',
  );
}

/** The condition "the caller sees this list": of the caller's company, shared or created by the caller. */
function visibleTo(me: AuthenticatedCustomer): SQL {
  return and(
    eq(orderListTable.companyId, me.companyId),
    or(eq(orderListTable.ownerType, 'company'), eq(orderListTable.createdById, me.id)),
  )!;
}

/**
 * Loads a list the caller sees; with `forUpdate` (inside a transaction) it locks the row for the rest of it.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_LIST_NOT_FOUND`.
 */
export async function loadVisibleList(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
  forUpdate = false,
): Promise<OrderListRow> {
  const query = db
    .select()
    .from(orderListTable)
    .where(and(eq(orderListTable.id, id), visibleTo(me)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw orderListNotFound(provider, id);
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

interface ItemModel {
  item: OrderListItem;
  /** Line total in cents at the caller's prices; null without the right, without a price or when not available. */
  totalCents: number | null;
}

/** The items of `lists` as the answers show them, per list id, in the order they were put on the list. */
async function itemModels(
  db: Db,
  me: AuthenticatedCustomer,
  listIds: string[],
  view: OrderListView,
  detailed: boolean,
): Promise<Map<string, ItemModel[]>> {
  const out = new Map<string, ItemModel[]>(listIds.map((id) => [id, []]));
  if (!listIds.length) return out;
  const rows = await db
    .select()
    .from(orderListItemTable)
    .where(inArray(orderListItemTable.listId, listIds))
    .orderBy(asc(orderListItemTable.position), asc(orderListItemTable.createdAt));
  const productIds = [...new Set(rows.map((r) => r.productId))];
  if (!productIds.length) return out;
  const viewPrices = me.rights.has('ROLE_VIEW_PRICES');
  const products = new Map((await loadProducts(db, productIds, false)).map((p) => [p.id, p]));
  const parentIds = [...new Set([...products.values()].flatMap((p) => (p.parentId ? [p.parentId] : [])))];
  const parents = new Map((await loadProducts(db, parentIds, false)).map((p) => [p.id, p]));
  const prices = await loadPrices(db, productIds);
  const ecotax = new Map(
    (
      await db
        .select({ id: productTable.id, ecotaxCents: productTable.ecotaxCents })
        .from(productTable)
        .where(inArray(productTable.id, productIds))
    ).map((p) => [p.id, p.ecotaxCents]),
  );
  const media = new Map<string, ProductMediaRow[]>();
  if (detailed) {
    for (const m of await loadProductMedia(db, [...productIds, ...parentIds])) {
      media.set(m.productId, [...(media.get(m.productId) ?? []), m]);
    }
  }
  const customerSkus = detailed ? await customerSkusByProductId(db, me, productIds) : new Map<string, string>();
  const now = new Date();
  for (const row of rows) {
    const product = products.get(row.productId);
    if (!product) continue;
    const parent = product.parentId ? parents.get(product.parentId) : undefined;
    const name =
      translateFields(product.translated, view.locale).name ??
      translateFields(parent?.translated, view.locale).name ??
      product.productNumber;
    const unit = unitPriceForQuantity(prices.get(product.id) ?? [], product.taxRate, row.quantity, 'EUR', now);
    const available = isOrderable(product, parent, unit);
    const totalCents = viewPrices && available && unit !== undefined ? lineTotalCents(unit, row.quantity) : null;
    const cover = detailed ? coverOf(product, parent, media) : undefined;
    const coverMedia = cover ? coverImage(mapMedia(cover.media, view.locale, view.mediaBaseUrl)) : null;
    const dt = deliveryTime(
      product.deliveryTimeMin ?? parent?.deliveryTimeMin ?? null,
      product.deliveryTimeMax ?? parent?.deliveryTimeMax ?? null,
      product.deliveryTimeUnit,
      view.locale,
    );
    const ecotaxCents = ecotax.get(product.id) ?? null;
    out.get(row.listId)!.push({
      totalCents,
      item: {
        productId: product.id,
        productNumber: product.productNumber,
        customerArticleNumber: customerSkus.get(product.id) ?? null,
        name,
        quantity: row.quantity,
        packUnit: product.unit,
        minPurchase: Math.max(1, product.minPurchase),
        purchaseSteps: Math.max(1, product.purchaseSteps),
        maxPurchase: product.maxPurchase,
        cover: coverMedia,
        url: `/${productSeoPath(name, product.productNumber)}`,
        available,
        unitPrice: totalCents !== null && unit !== undefined ? Number(formatUnitPrice(unit)) : null,
        totalPrice: totalCents !== null ? centsToNumber(totalCents) : null,
        ecotax: viewPrices && ecotaxCents !== null ? centsToNumber(ecotaxCents) : null,
        stock: viewPrices ? Math.max(0, product.availableStock) : null,
        deliveryTime: dt ? { min: dt.min, max: dt.max, unit: dt.unit as DeliveryTimeUnit } : null,
      },
    });
  }
  return out;
}

/** The tags of each of `listIds`, by name (case ignored). */
async function tagsOf(db: Db, listIds: string[]): Promise<Map<string, OrderListTag[]>> {
  const out = new Map<string, OrderListTag[]>(listIds.map((id) => [id, []]));
  if (!listIds.length) return out;
  const rows = await db
    .select({ listId: orderListTagAssignmentTable.listId, id: orderListTagTable.id, name: orderListTagTable.name })
    .from(orderListTagAssignmentTable)
    .innerJoin(orderListTagTable, eq(orderListTagTable.id, orderListTagAssignmentTable.tagId))
    .where(inArray(orderListTagAssignmentTable.listId, listIds))
    .orderBy(sql`lower(${orderListTagTable.name})`, asc(orderListTagTable.id));
  for (const r of rows) out.get(r.listId)?.push({ id: r.id, name: r.name });
  return out;
}

/** Maps lists to their answers; with `detailed`, with their items (cover, customer article number). */
async function mapLists(
  db: Db,
  me: AuthenticatedCustomer,
  rows: OrderListRow[],
  view: OrderListView,
  detailed: boolean,
): Promise<{ summary: OrderListSummary; items: OrderListItem[] }[]> {
  const ids = rows.map((r) => r.id);
  const items = await itemModels(db, me, ids, view, detailed);
  const tags = await tagsOf(db, ids);
  const creatorIds = [...new Set(rows.map((r) => r.createdById))];
  const creators = new Map(
    (creatorIds.length
      ? await db
          .select({ id: customerTable.id, firstName: customerTable.firstName, lastName: customerTable.lastName })
          .from(customerTable)
          .where(inArray(customerTable.id, creatorIds))
      : []
    ).map((c) => [c.id, c]),
  );
  const viewPrices = me.rights.has('ROLE_VIEW_PRICES');
  return rows.map((r) => {
    const models = items.get(r.id) ?? [];
    const summary: OrderListSummary = {
      id: r.id,
      name: r.name,
      ownerType: r.ownerType,
      createdBy: creators.get(r.createdById) ?? { id: r.createdById, firstName: '', lastName: '' },
      isOwner: r.createdById === me.id,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
      tags: tags.get(r.id) ?? [],
      itemCount: models.length,
      amount: viewPrices ? centsToNumber(models.reduce((s, m) => s + (m.totalCents ?? 0), 0)) : null,
      apiAlias: 'order_list',
    };
    return { summary, items: models.map((m) => m.item) };
  });
}

/** The detail answer of one list the caller sees (items included). */
export async function orderListDetail(
  db: Db,
  me: AuthenticatedCustomer,
  row: OrderListRow,
  view: OrderListView,
): Promise<OrderListDetail> {
  const [mapped] = await mapLists(db, me, [row], view, true);
  return { ...mapped!.summary, items: mapped!.items };
}

/**
 * One page of the lists the caller sees, newest first, filtered by `term` (part of the name, case ignored),
 * `ownerType` and `tagIds` (any of them), with every tag of the lists the caller sees (unfiltered) for the filter.
 */
export async function listOrderLists(
  db: Db,
  me: AuthenticatedCustomer,
  filter: OrderListFilter,
  view: OrderListView,
): Promise<OrderListListResponse> {
  const where = and(
    visibleTo(me),
    filter.term ? ilike(orderListTable.name, containsPattern(filter.term)) : undefined,
    filter.ownerType ? eq(orderListTable.ownerType, filter.ownerType) : undefined,
    filter.tagIds?.length
      ? inArray(
          orderListTable.id,
          db
            .select({ id: orderListTagAssignmentTable.listId })
            .from(orderListTagAssignmentTable)
            .where(inArray(orderListTagAssignmentTable.tagId, filter.tagIds)),
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(orderListTable).where(where);
  const rows = await db
    .select()
    .from(orderListTable)
    .where(where)
    .orderBy(desc(orderListTable.createdAt), desc(orderListTable.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  const tags = await db
    .selectDistinct({
      id: orderListTagTable.id,
      name: orderListTagTable.name,
      lower: sql<string>`lower(${orderListTagTable.name})`,
    })
    .from(orderListTagTable)
    .innerJoin(orderListTagAssignmentTable, eq(orderListTagAssignmentTable.tagId, orderListTagTable.id))
    .innerJoin(orderListTable, eq(orderListTable.id, orderListTagAssignmentTable.listId))
    .where(visibleTo(me))
    .orderBy(sql`lower(${orderListTagTable.name})`, asc(orderListTagTable.id));
  const mapped = await mapLists(db, me, rows, view, false);
  return {
    elements: mapped.map((m) => m.summary),
    total: total?.n ?? 0,
    page: filter.page,
    limit: filter.limit,
    tags: tags.map((t) => ({ id: t.id, name: t.name })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/** An article to write onto a list, with its purchase rules. */
interface ItemEntry {
  productId: string;
  /** Order units as asked (merged), before the purchase rules. */
  quantity: number;
  minPurchase: number;
  purchaseSteps: number;
}

/** Buyable articles as the cart's add-to-cart takes them (backend/commerce/catalog/orderable.ts). */
async function buyableProducts(
  db: Db,
  by: { ids?: string[]; numbers?: string[] },
): Promise<{ id: string; productNumber: string; minPurchase: number; purchaseSteps: number }[]> {
  const ids = by.ids ?? [];
  const numbers = by.numbers ?? [];
  if (!ids.length && !numbers.length) return [];
  return db
    .select({
      id: productTable.id,
      productNumber: productTable.productNumber,
      minPurchase: productTable.minPurchase,
      purchaseSteps: productTable.purchaseSteps,
    })
    .from(productTable)
    .where(
      and(
        or(
          ids.length ? inArray(productTable.id, ids) : undefined,
          numbers.length ? inArray(productTable.productNumber, numbers) : undefined,
        ),
        orderableProductCondition(),
      ),
    );
}

/** Adds `entry` to `entries`, adding its quantity to an entry of the same article (first occurrence keeps its place). */
function merge(entries: Map<string, ItemEntry>, entry: ItemEntry): void {
  const before = entries.get(entry.productId);
  if (before) before.quantity += entry.quantity;
  else entries.set(entry.productId, { ...entry });
}

/**
 * Resolves the items of a request to articles, merging an article named twice (quantities added).
 *
 * @throws StoreApiError 400 `{PROVIDER}__ORDER_LIST_PRODUCT_NOT_FOUND` for the first item naming an unknown, inactive
 *   or variant-parent article.
 */
async function resolveItems(db: Db, provider: string, items: OrderListItemInput[]): Promise<ItemEntry[]> {
  const products = await buyableProducts(db, {
    ids: items.flatMap((i) => (i.productId ? [i.productId] : [])),
    numbers: items.flatMap((i) => (i.productNumber ? [i.productNumber] : [])),
  });
  const byId = new Map(products.map((p) => [p.id, p]));
  const byNumber = new Map(products.map((p) => [p.productNumber, p]));
  const entries = new Map<string, ItemEntry>();
  for (const item of items) {
    const p = item.productId ? byId.get(item.productId) : byNumber.get(item.productNumber ?? '');
    if (!p) throw productNotFound(provider, item);
    merge(entries, {
      productId: p.id,
      quantity: item.quantity,
      minPurchase: p.minPurchase,
      purchaseSteps: p.purchaseSteps,
    });
  }
  return [...entries.values()];
}

/** The product lines of the caller's cart as items (articles no longer buyable left out, repeated ones merged). */
async function cartItems(db: Db, customerId: string): Promise<ItemEntry[]> {
  const lines = await db
    .select({ productId: cartLineItemTable.referencedId, quantity: cartLineItemTable.quantity })
    .from(cartLineItemTable)
    .where(and(eq(cartLineItemTable.customerId, customerId), eq(cartLineItemTable.type, 'product')))
    .orderBy(asc(cartLineItemTable.position), asc(cartLineItemTable.createdAt));
  const products = new Map(
    (await buyableProducts(db, { ids: [...new Set(lines.map((l) => l.productId))] })).map((p) => [p.id, p]),
  );
  const entries = new Map<string, ItemEntry>();
  for (const line of lines) {
    const p = products.get(line.productId);
    if (p)
      merge(entries, {
        productId: p.id,
        quantity: line.quantity,
        minPurchase: p.minPurchase,
        purchaseSteps: p.purchaseSteps,
      });
  }
  return [...entries.values()];
}

/**
 * Writes `entries` onto list `listId` (inside the transaction that locked it): `add` adds each quantity to the
 * article's item or puts it on the list at the end; `set` makes it the item's quantity. Every resulting quantity is
 * brought onto the article's purchase grid (at most 100,000).
 *
 * @throws StoreApiError 400 `{PROVIDER}__ORDER_LIST_TOO_MANY_ITEMS` when the list would hold more than 500 articles.
 */
async function writeItems(
  tx: Db,
  provider: string,
  listId: string,
  entries: ItemEntry[],
  mode: 'add' | 'set',
): Promise<void> {
  const existing = await tx
    .select({
      productId: orderListItemTable.productId,
      quantity: orderListItemTable.quantity,
      position: orderListItemTable.position,
    })
    .from(orderListItemTable)
    .where(eq(orderListItemTable.listId, listId));
  const quantities = new Map(existing.map((e) => [e.productId, e.quantity]));
  const added = entries.filter((e) => !quantities.has(e.productId)).length;
  if (quantities.size + added > ORDER_LIST_MAX_ITEMS) throw tooManyItems(provider);
  let position = existing.reduce((last, e) => Math.max(last, e.position), 0) + 1;
  const now = new Date();
  for (const entry of entries) {
    const before = quantities.get(entry.productId);
    const wanted = mode === 'add' ? (before ?? 0) + entry.quantity : entry.quantity;
    const quantity = purchasableQuantity(entry, Math.min(wanted, ORDER_LIST_MAX_QUANTITY), ORDER_LIST_MAX_QUANTITY);
    if (before === undefined) {
      await tx
        .insert(orderListItemTable)
        .values({ listId, productId: entry.productId, quantity, position: position++ });
    } else if (before !== quantity) {
      await tx
        .update(orderListItemTable)
        .set({ quantity, updatedAt: now })
        .where(and(eq(orderListItemTable.listId, listId), eq(orderListItemTable.productId, entry.productId)));
    }
  }
}

/** Replaces the tags of a list with `names` (case ignored; new names become tags of the company). */
async function writeTags(tx: Db, companyId: string, listId: string, names: string[]): Promise<void> {
  await tx.delete(orderListTagAssignmentTable).where(eq(orderListTagAssignmentTable.listId, listId));
  const unique = new Map<string, string>();
  for (const name of names) if (!unique.has(name.toLowerCase())) unique.set(name.toLowerCase(), name);
  if (!unique.size) return;
  const find = () =>
    tx
      .select({ id: orderListTagTable.id, lower: sql<string>`lower(${orderListTagTable.name})` })
      .from(orderListTagTable)
      .where(
        and(
          eq(orderListTagTable.companyId, companyId),
          inArray(sql`lower(${orderListTagTable.name})`, [...unique.keys()]),
        ),
      );
  const known = new Set((await find()).map((t) => t.lower));
  const missing = [...unique.entries()].filter(([lower]) => !known.has(lower));
  if (missing.length) {
    await tx
      .insert(orderListTagTable)
      .values(missing.map(([, name]) => ({ id: randomId(), companyId, name })))
      .onConflictDoNothing();
  }
  const tags = await find();
  await tx
    .insert(orderListTagAssignmentTable)
    .values(tags.map((t) => ({ listId, tagId: t.id })))
    .onConflictDoNothing();
}

/** Marks a list as changed. */
async function touch(tx: Db, listId: string): Promise<void> {
  await tx.update(orderListTable).set({ updatedAt: new Date() }).where(eq(orderListTable.id, listId));
}

/**
 * Creates a list of the caller's company, created by the caller, with its tags and its items from `items`, the
 * caller's cart (`fromCart`, the cart unchanged) or a list the caller sees (`sourceListId`, quantities copied).
 *
 * @returns the new list's row.
 * @throws StoreApiError 400 `{PROVIDER}__ORDER_LIST_PRODUCT_NOT_FOUND`, `…_CART_EMPTY`, `…_TOO_MANY_ITEMS`; 404
 *   `{PROVIDER}__ORDER_LIST_NOT_FOUND` for a source list the caller does not see. Nothing is written then.
 */
export async function createOrderList(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  input: OrderListCreateInput,
): Promise<OrderListRow> {
  const id = randomId();
  await db.transaction(async (tx) => {
    let entries: ItemEntry[];
    if (input.fromCart) {
      entries = await cartItems(tx, me.id);
      if (!entries.length) throw cartEmpty(provider);
    } else if (input.sourceListId) {
      const source = await loadVisibleList(tx, me, provider, input.sourceListId);
      entries = (
        await tx
          .select({
            productId: orderListItemTable.productId,
            quantity: orderListItemTable.quantity,
            minPurchase: productTable.minPurchase,
            purchaseSteps: productTable.purchaseSteps,
          })
          .from(orderListItemTable)
          .innerJoin(productTable, eq(productTable.id, orderListItemTable.productId))
          .where(eq(orderListItemTable.listId, source.id))
          .orderBy(asc(orderListItemTable.position), asc(orderListItemTable.createdAt))
      ).map((e) => ({ ...e }));
    } else {
      entries = await resolveItems(tx, provider, input.items);
    }
    await tx.insert(orderListTable).values({
      id,
      companyId: me.companyId,
      createdById: me.id,
      name: input.name,
      ownerType: input.ownerType,
    });
    await writeTags(tx, me.companyId, id, input.tags);
    await writeItems(tx, provider, id, entries, 'add');
  });
  return loadVisibleList(db, me, provider, id);
}

/**
 * Renames, shares or makes private, or retags a list the caller sees.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_LIST_NOT_FOUND`; 403 `{PROVIDER}__ORDER_LIST_NOT_OWNER` when someone
 *   other than the creator makes a shared list private.
 */
export async function patchOrderList(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
  patch: { name?: string; ownerType?: 'user' | 'company'; tags?: string[] },
): Promise<OrderListRow> {
  await db.transaction(async (tx) => {
    const row = await loadVisibleList(tx, me, provider, id, true);
    if (patch.ownerType === 'user' && row.ownerType === 'company' && row.createdById !== me.id) {
      throw notOwner(provider);
    }
    await tx
      .update(orderListTable)
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.ownerType !== undefined ? { ownerType: patch.ownerType } : {}),
        updatedAt: new Date(),
      })
      .where(eq(orderListTable.id, row.id));
    if (patch.tags !== undefined) await writeTags(tx, me.companyId, row.id, patch.tags);
  });
  return loadVisibleList(db, me, provider, id);
}

/**
 * Deletes a list the caller sees (its items and tag assignments with it; the company's tags stay).
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_LIST_NOT_FOUND`.
 */
export async function deleteOrderList(db: Db, me: AuthenticatedCustomer, provider: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadVisibleList(tx, me, provider, id, true);
    await tx.delete(orderListTable).where(eq(orderListTable.id, row.id));
  });
}

/**
 * Puts `items` on a list the caller sees: `add` adds the quantities, `set` sets them (see `writeItems`).
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_LIST_NOT_FOUND`; 400 `…_PRODUCT_NOT_FOUND`, `…_TOO_MANY_ITEMS` with
 *   nothing written.
 */
export async function putOrderListItems(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
  items: OrderListItemInput[],
  mode: 'add' | 'set',
): Promise<OrderListRow> {
  await db.transaction(async (tx) => {
    const row = await loadVisibleList(tx, me, provider, id, true);
    const entries = await resolveItems(tx, provider, items);
    await writeItems(tx, provider, row.id, entries, mode);
    await touch(tx, row.id);
  });
  return loadVisibleList(db, me, provider, id);
}

/**
 * Takes the articles `productIds` off a list the caller sees (ids not on the list are ignored).
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_LIST_NOT_FOUND`.
 */
export async function removeOrderListItems(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
  productIds: string[],
): Promise<OrderListRow> {
  await db.transaction(async (tx) => {
    const row = await loadVisibleList(tx, me, provider, id, true);
    await tx
      .delete(orderListItemTable)
      .where(and(eq(orderListItemTable.listId, row.id), inArray(orderListItemTable.productId, productIds)));
    await touch(tx, row.id);
  });
  return loadVisibleList(db, me, provider, id);
}

/**
 * The lines of an offer request from a list the caller sees (the ERP port's `OfferRequestInput.lines`): its
 * available items in list order, with name in the caller's language, quantity and order unit.
 *
 * @throws StoreApiError 404 `{PROVIDER}__ORDER_LIST_NOT_FOUND`.
 */
export async function orderListOfferLines(
  db: Db,
  me: AuthenticatedCustomer,
  provider: string,
  id: string,
  view: OrderListView,
): Promise<{ productId: string; productNumber: string; label: string; quantity: number; unit: string | null }[]> {
  const row = await loadVisibleList(db, me, provider, id);
  const items = (await itemModels(db, me, [row.id], view, false)).get(row.id) ?? [];
  return items
    .filter((m) => m.item.available)
    .map(({ item }) => ({
      productId: item.productId,
      productNumber: item.productNumber,
      label: item.name,
      quantity: item.quantity,
      unit: item.packUnit,
    }));
}
