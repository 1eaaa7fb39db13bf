/**
 * Category endpoints of the Store API (Shopware NavigationRoute, CategoryRoute, BreadcrumbRoute):
 * - `GET|POST /store-api/navigation/{activeId}/{rootId}`: the tree below `rootId` (an id or 'main-navigation',
 *   'service-navigation', 'footer-navigation', 'countries-navigation'), `depth` levels deep (default: the channel's
 *   navigationCategoryDepth for the main navigation, else 2) plus the children along the path to `activeId`;
 *   `buildTree: false` gives a flat list. Only active, visible categories; the main navigation also hides listing
 *   pages (type 'page') without products.
 * - `GET|POST /store-api/category/{navigationId}`: one category ('home' is the main navigation root); with the
 *   association `cmsPage`, a listing page (type 'page') comes with Shopware's default listing layout whose
 *   product-listing slot holds the listing for the request's listing parameters (../cms-page.ts).
 * - `GET|POST /store-api/category`: categories of the channel's trees by criteria (`ids`, filters `id`/`parentId`).
 * - `GET /store-api/breadcrumb/{id}?type=category|product`: the path below the main navigation root.
 * Unknown or inactive categories, and categories outside the channel's navigation trees, answer 404.
 */
import { queryPrepared } from '../../db/client.ts';
import { sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { isId } from '../../lib/ids.ts';
import { ancestorIds, type CategoryIndex, type CategoryRow } from '../../commerce/catalog/catalog-cache.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination } from '../criteria.ts';
import { requestCriteria, seoLanguages, viewContext, type CatalogDeps, type ViewContext } from '../deps.ts';
import { searchResult } from '../../http/entities.ts';
import { StoreApiError } from '../../http/errors.ts';
import { applyIncludes } from '../includes.ts';
import type { StoreCategory } from '../../http/shopware-schemas.ts';
import { mapCategory, type CategoryMapContext } from '../category.mapper.ts';
import { listingLayout } from '../cms-page.ts';
import { LISTING_DEFAULT_LIMIT, productListing } from '../listing.service.ts';
import {
  categoryBreadcrumb,
  categoryNotFound,
  channelCategory,
  channelRoots,
  listed,
  resolveNavigationId,
  seoCategoryId,
} from '../category.service.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';

/** Navigation trees active at their root, per category index they were built from and request (see `rootNavigation`). */
const rootNavigations = new WeakMap<CategoryIndex, Map<string, StoreCategory[]>>();

/** Trees kept per category index; further keys (other `includes`, say) are built per request. */
const ROOT_NAVIGATIONS_PER_INDEX = 64;

/**
 * The navigation tree `key` built from `index` by `build`, built once per index: the tree is a function of the
 * index, the sales channel, the language, the root, the depth, the tree form and the `includes`, which `key` names.
 * A reloaded or cleared index (catalogue import, the cache's time to live; backend/commerce/catalog/catalog-cache.ts)
 * is a new object, so its trees are built anew. The same array is answered to every request: callers do not change
 * it. At most ROOT_NAVIGATIONS_PER_INDEX trees are kept per index.
 */
function rootNavigation(index: CategoryIndex, key: string, build: () => StoreCategory[]): StoreCategory[] {
  let trees = rootNavigations.get(index);
  if (!trees) {
    trees = new Map();
    rootNavigations.set(index, trees);
  }
  let tree = trees.get(key);
  if (!tree) {
    tree = build();
    if (trees.size < ROOT_NAVIGATIONS_PER_INDEX) trees.set(key, tree);
  }
  return tree;
}

export function registerCategoryRoutes(app: Hono<StoreApiEnv>, deps: CatalogDeps): void {
  async function mapContext(c: Context<StoreApiEnv>): Promise<CategoryMapContext & ViewContext> {
    const view = await viewContext(c.get('context'), deps);
    return { ...view, index: await deps.cache.categories() };
  }

  app.on(['GET', 'POST'], '/store-api/navigation/:activeId/:rootId', async (c) => {
    const criteria = await requestCriteria(c);
    const channel = c.get('context').salesChannel;
    const ctx = await mapContext(c);
    const rootParam = c.req.param('rootId');
    const rootId = resolveNavigationId(rootParam, channel);
    if (!rootId) throw categoryNotFound(rootParam);
    const root = channelCategory(ctx.index, rootId, channel);
    const activeId = resolveNavigationId(c.req.param('activeId'), channel) ?? root.id;
    const isMain = root.id === channel.navigationCategoryId;
    const depth = criteria.depth ?? (isMain ? channel.navigationCategoryDepth : 2);
    const buildTree = Boolean(criteria.buildTree);

    const navigation = (): StoreCategory[] => {
      const active = ctx.index.byId.get(activeId);
      const activePath = new Set(active ? [...ancestorIds(active), active.id] : []);
      const flat: StoreCategory[] = [];
      const build = (parent: CategoryRow, level: number): StoreCategory[] => {
        const kids = (ctx.index.children.get(parent.id) ?? []).filter((k) => listed(k, isMain));
        return kids.map((k) => {
          const node = mapCategory(k, ctx);
          flat.push(node);
          const expand = level < depth || activePath.has(k.id);
          node.children = expand ? build(k, level + 1) : [];
          node.visibleChildCount = (ctx.index.children.get(k.id) ?? []).filter((g) => listed(g, isMain)).length;
          return node;
        });
      };
      const tree = build(root, 1);
      return buildTree ? tree : flat.map((n) => ({ ...n, children: [] }));
    };
    const answer = () => applyIncludes(navigation(), criteria.includes);
    // A storefront asks for the same few trees on every page (each navigation root, active at its root): those are
    // kept with the category index they were built from. Trees active below their root are built per request.
    const result =
      activeId === root.id
        ? rootNavigation(
            ctx.index,
            `${channel.id}|${ctx.languageId}|${ctx.locale}|${root.id}|${depth}|${buildTree}|${JSON.stringify(criteria.includes ?? {})}`,
            answer,
          )
        : answer();
    return c.json(result);
  });

  app.on(['GET', 'POST'], '/store-api/category/:navigationId', async (c) => {
    const criteria = await requestCriteria(c);
    const channel = c.get('context').salesChannel;
    const ctx = await mapContext(c);
    const param = c.req.param('navigationId');
    const id = resolveNavigationId(param, channel);
    if (!id) throw categoryNotFound(param);
    const row = channelCategory(ctx.index, id, channel);
    const category = mapCategory(row, {
      ...ctx,
      seoLanguageIds: seoLanguages(criteria, c.get('context'))?.map((l) => l.id),
    });
    const isMain = ancestorIds(row).includes(channel.navigationCategoryId) || row.id === channel.navigationCategoryId;
    category.children = (ctx.index.children.get(row.id) ?? [])
      .filter((k) => listed(k, isMain))
      .map((k) => mapCategory(k, ctx));
    // Shopware's CategoryRoute answers a listing page with its layout, the product-listing slot resolved for the
    // request's listing parameters. Here only when asked for: the association `cmsPage` (Shopware Frontends sends it
    // for every category page); the storefront's own pages read the listing route instead.
    if (row.type === 'page' && 'cmsPage' in criteria.associations) {
      const listing = await productListing({
        db: deps.db,
        cache: deps.cache,
        criteria: { ...criteria, associations: {} },
        view: ctx,
        categoryId: row.id,
        defaultLimit: LISTING_DEFAULT_LIMIT,
        product: { properties: false, categories: false, media: 'cover' },
      });
      category.cmsPage = listingLayout(category.name, listing);
    }
    return c.json(applyIncludes(category, criteria.includes));
  });

  app.on(['GET', 'POST'], '/store-api/category', async (c) => {
    const criteria = await requestCriteria(c);
    const channel = c.get('context').salesChannel;
    const ctx = await mapContext(c);
    const roots = channelRoots(channel);
    let list = [...ctx.index.byId.values()].filter(
      (row) => row.active && (roots.includes(row.id) || ancestorIds(row).some((a) => roots.includes(a))),
    );
    if (criteria.ids) list = list.filter((row) => criteria.ids!.includes(row.id));
    for (const f of criteria.filter) {
      if (f.type === 'equals' && f.field === 'parentId') list = list.filter((row) => row.parentId === f.value);
      else if (f.type === 'equalsAny' && f.field === 'id')
        list = list.filter((row) => f.value.map(String).includes(row.id));
      else {
        throw new StoreApiError(
          400,
          SHOPWARE_ERROR_CODES.FRAMEWORK__INVALID_FILTER_QUERY,
          'Categories can be filtered by id and parentId.',
          {
            parameters: { field: 'field' in f ? f.field : f.type },
          },
        );
      }
    }
    list.sort((a, b) => a.level - b.level || a.position - b.position || a.id.localeCompare(b.id));
    const { page, limit, offset } = pagination(criteria, 100);
    const elements = list.slice(offset, offset + limit).map((row) => mapCategory(row, ctx));
    return c.json(applyIncludes(searchResult('category', elements, list.length, page, limit), criteria.includes));
  });

  app.get('/store-api/breadcrumb/:id', async (c) => {
    const channel = c.get('context').salesChannel;
    const ctx = await mapContext(c);
    const id = c.req.param('id');
    if (!isId(id)) throw categoryNotFound(id);
    const type = c.req.query('type') ?? 'product';
    let categoryId: string | undefined;
    if (type === 'category') {
      categoryId = id;
    } else {
      type Row = { category_ids: string[]; parent_id: string | null };
      let [product] = await queryPrepared<Row>(
        deps.db,
        sql`SELECT category_ids, parent_id FROM product WHERE id = ${id} AND active`,
      );
      if (!product)
        throw new StoreApiError(
          404,
          SHOPWARE_ERROR_CODES.PRODUCT__PRODUCT_NOT_FOUND,
          `Product for id ${id} not found.`,
          {
            parameters: { productId: id },
          },
        );
      if (product.category_ids.length === 0 && product.parent_id) {
        const [parent] = await queryPrepared<Row>(
          deps.db,
          sql`SELECT category_ids, parent_id FROM product WHERE id = ${product.parent_id}`,
        );
        product = parent ?? product;
      }
      const referrer = c.req.query('referrerCategoryId');
      categoryId =
        referrer && product.category_ids.includes(referrer)
          ? referrer
          : seoCategoryId(product.category_ids, ctx.index, channel.navigationCategoryId);
      if (!categoryId) return c.json([]);
    }
    const row = channelCategory(ctx.index, categoryId, channel);
    return c.json(categoryBreadcrumb(row, ctx, channel.navigationCategoryId));
  });
}
