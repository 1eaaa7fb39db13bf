/**
 * Product endpoints:
 * - `GET|POST /store-api/product/{productId}` (Shopware ProductDetailRoute): `{ product, configurator }`; the
 *   product with gallery (`media` by position), `cover`, `properties` and `options` with their groups, manufacturer,
 *   categories, `seoUrls`, delivery and restock time, purchase rules, `extensions.downloads` (documents) and, for a
 *   parent, `children` (its active variants); `configurator` lists the property groups of the family's variant
 *   options with their options. The product carries the default product page layout's id as `cmsPageId`; with the
 *   association `cmsPage` also the layout, its elements resolved from the product (../cms-page.ts).
 * - `GET|POST /store-api/product/{productId}/cross-selling`: one element per BMEcat reference type (accessories,
 *   mandatory, select, sparepart, similar, followup, consists_of, others), named in the context language; references
 *   to articles not in the catalogue are left out. A variant without references of its own shows its parent's.
 * - `GET|POST /store-api/product`: products by criteria (`ids`, `filter`, `sort`, `page`, `limit`; the GET twin takes
 *   them as `_criteria`).
 * - `POST /store-api/product-manufacturer`: manufacturers by criteria (`ids`, `page`, `limit`).
 * - `POST /store-api/{provider}/variants`: `{ elements: [{ id, childCount }] }` for the parent ids in `ids`.
 * Prices and stock figures follow the visibility rule of ../product.mapper.ts.
 */
import { VariantCountRequestSchema, type VariantCountResponse } from '../../../contract/provider/variants.ts';
import { queryPrepared, queryRows } from '../../db/client.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { isId, stableId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination } from '../criteria.ts';
import { requestCriteria, seoLanguages, viewContext, type CatalogDeps, type ViewContext } from '../deps.ts';
import { productLayout, PRODUCT_LAYOUT_ID } from '../cms-page.ts';
import { searchResult } from '../../http/entities.ts';
import { parseRequest } from '../../http/validate.ts';
import { applyIncludes } from '../includes.ts';
import { compileFilter, compileSort } from '../product-filter.ts';
import { REFERENCE_ORDER, referenceTypeName } from './cross-selling.ts';
import { buildConfigurator, buildProducts, mapManufacturer, productNotFound } from '../product.mapper.ts';
import {
  loadProducts,
  PRODUCT_TEXT_COLUMNS,
  productMediaJson,
  toProductMediaRow,
  toProductRow,
  type ProductDbRow,
  type ProductMediaDbRow,
  type ProductMediaRow,
  type ProductRow,
} from '../../commerce/catalog/product.repository.ts';
import { textArray } from '../../db/sql-params.ts';
import type { StoreCrossSellingElement, StoreProduct } from '../../http/shopware-schemas.ts';
import { providerRoute } from '../../http/provider-route.ts';

function rows<T>(deps: CatalogDeps, statement: SQL): Promise<T[]> {
  return queryRows<T>(deps.db, statement);
}

/**
 * What the product detail reads, in one statement: the active product `id` with its media links, and its variant
 * family (the active variants of its parent, or of itself when it has variants; by product number) with theirs when
 * the product is a parent. Null for an unknown or inactive product.
 */
async function loadDetail(
  deps: CatalogDeps,
  id: string,
): Promise<{ row: ProductRow; media: ProductMediaRow[]; family: ProductRow[]; familyMedia: ProductMediaRow[] } | null> {
  const [r] = await queryPrepared<{
    product: ProductDbRow | null;
    media: ProductMediaDbRow[] | null;
    family: ProductDbRow[] | null;
    family_media: ProductMediaDbRow[] | null;
  }>(
    deps.db,
    sql`
    WITH me AS (SELECT ${PRODUCT_TEXT_COLUMNS} FROM product p WHERE p.id = ${id} AND p.active),
         family AS (SELECT ${PRODUCT_TEXT_COLUMNS} FROM product p
                     WHERE p.parent_id = (SELECT coalesce(parent_id, CASE WHEN child_count > 0 THEN id END) FROM me)
                       AND p.active)
    SELECT (SELECT row_to_json(me) FROM me) AS product,
           ${productMediaJson(sql`ARRAY(SELECT id FROM me)`)} AS media,
           (SELECT json_agg(f ORDER BY f.product_number) FROM family f) AS family,
           ${productMediaJson(sql`ARRAY(SELECT id FROM family WHERE (SELECT parent_id FROM me) IS NULL)`)} AS family_media`,
  );
  if (!r?.product) return null;
  return {
    row: toProductRow(r.product),
    media: (r.media ?? []).map(toProductMediaRow),
    family: (r.family ?? []).map(toProductRow),
    familyMedia: (r.family_media ?? []).map(toProductMediaRow),
  };
}

/**
 * What the cross-selling reads, in one statement: the references of the active product `id` to articles of the
 * catalogue (its parent's when it has none of its own), by type, position and target number, with the active target
 * products and their media links. Null for an unknown or inactive product.
 */
async function loadCrossSelling(
  deps: CatalogDeps,
  id: string,
): Promise<{
  refs: { type: string; target_product_id: string }[];
  targets: ProductRow[];
  media: ProductMediaRow[];
} | null> {
  const [r] = await queryPrepared<{
    found: boolean;
    refs: { type: string; target_product_id: string }[] | null;
    targets: ProductDbRow[] | null;
    media: ProductMediaDbRow[] | null;
  }>(
    deps.db,
    sql`
    WITH me AS (SELECT id, parent_id FROM product WHERE id = ${id} AND active),
         own AS (SELECT type, target_product_id, position, target_product_number FROM product_reference
                  WHERE product_id = (SELECT id FROM me) AND target_product_id IS NOT NULL),
         refs AS (SELECT * FROM own
                  UNION ALL
                  SELECT type, target_product_id, position, target_product_number FROM product_reference
                   WHERE NOT EXISTS (SELECT 1 FROM own) AND product_id = (SELECT parent_id FROM me)
                     AND target_product_id IS NOT NULL),
         target AS (SELECT ${PRODUCT_TEXT_COLUMNS} FROM product p
                     WHERE p.id = ANY(ARRAY(SELECT target_product_id FROM refs)) AND p.active)
    SELECT EXISTS (SELECT 1 FROM me) AS found,
           (SELECT json_agg(json_build_object('type', type, 'target_product_id', target_product_id)
                            ORDER BY type, position, target_product_number) FROM refs) AS refs,
           (SELECT json_agg(t) FROM target t) AS targets,
           ${productMediaJson(sql`ARRAY(SELECT id FROM target)`)} AS media`,
  );
  if (!r?.found) return null;
  return {
    refs: r.refs ?? [],
    targets: (r.targets ?? []).map(toProductRow),
    media: (r.media ?? []).map(toProductMediaRow),
  };
}

/**
 * The cross-selling of the active product `id` as Shopware's cross_selling_element list: one element per BMEcat
 * reference type in REFERENCE_ORDER, named in the view's language, with the active target products. Null for an
 * unknown or inactive product.
 */
async function crossSellingElements(
  deps: CatalogDeps,
  id: string,
  view: ViewContext,
): Promise<StoreCrossSellingElement[] | null> {
  const found = await loadCrossSelling(deps, id);
  if (!found) return null;
  const { refs } = found;
  const products = new Map(
    (
      await buildProducts(
        deps.db,
        deps.cache,
        found.targets,
        view,
        { media: 'cover', properties: false, categories: false },
        Promise.resolve(found.media),
      )
    ).map((p) => [p.id, p]),
  );
  const byType = new Map<string, StoreProduct[]>();
  for (const r of refs) {
    const p = products.get(r.target_product_id);
    if (!p) continue;
    const list = byType.get(r.type) ?? [];
    if (!list.includes(p)) list.push(p);
    byType.set(r.type, list);
  }
  const types = [...byType.keys()].sort((a, b) => {
    const ia = REFERENCE_ORDER.indexOf(a);
    const ib = REFERENCE_ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  const result = types.map((type, position): StoreCrossSellingElement => {
    const name = referenceTypeName(type, view.locale);
    const list = byType.get(type)!;
    return {
      crossSelling: {
        id: stableId('cross-selling', `${id}:${type}`),
        name,
        position,
        type: 'productList',
        active: true,
        limit: list.length,
        sortBy: 'position',
        sortDirection: 'ASC',
        translated: { name },
        customFields: { referenceType: type },
        apiAlias: 'product_cross_selling',
      },
      products: list,
      total: list.length,
      apiAlias: 'cross_selling_element',
    };
  });
  return result;
}

export function registerProductRoutes(app: Hono<StoreApiEnv>, deps: CatalogDeps): void {
  app.on(['GET', 'POST'], '/store-api/product/:productId', async (c) => {
    const criteria = await requestCriteria(c);
    const id = c.req.param('productId');
    if (!isId(id)) throw productNotFound(id);
    const detail = await loadDetail(deps, id);
    if (!detail) throw productNotFound(id);
    const { row, family } = detail;
    const view = await viewContext(c.get('context'), deps);
    const [product] = await buildProducts(
      deps.db,
      deps.cache,
      [row],
      view,
      { media: 'all', properties: true, categories: true, seoLanguages: seoLanguages(criteria, c.get('context')) },
      Promise.resolve(detail.media),
    );
    if (!row.parentId && family.length > 0) {
      product!.children = await buildProducts(
        deps.db,
        deps.cache,
        family,
        view,
        { media: 'cover', properties: false, categories: false },
        Promise.resolve(detail.familyMedia),
        { rows: [row], media: detail.media },
      );
    }
    const optionRows = await deps.cache.options(family.flatMap((v) => v.optionIds));
    const configurator =
      c.req.query('skipConfigurator') === 'true' ? [] : buildConfigurator([...optionRows.values()], view.locale);
    product!.cmsPageId = PRODUCT_LAYOUT_ID;
    // Shopware (since 6.6) answers every product with its layout, the elements resolved; here only when asked for:
    // the association `cmsPage`, which Shopware Frontends sends for its product page.
    if ('cmsPage' in criteria.associations) {
      const crossSellings = (await crossSellingElements(deps, row.id, view)) ?? [];
      product!.cmsPage = productLayout(product!.name ?? '', {
        product: { ...product! },
        configurator,
        crossSellings,
        reviews: searchResult('product_review', [], 0, 1, 10),
      });
    }
    return c.json(applyIncludes({ product, configurator, apiAlias: 'product_detail' }, criteria.includes));
  });

  app.on(['GET', 'POST'], '/store-api/product/:productId/cross-selling', async (c) => {
    const criteria = await requestCriteria(c);
    const id = c.req.param('productId');
    if (!isId(id)) throw productNotFound(id);
    const result = await crossSellingElements(deps, id, await viewContext(c.get('context'), deps));
    if (!result) throw productNotFound(id);
    return c.json(applyIncludes(result, criteria.includes));
  });

  app.on(['GET', 'POST'], '/store-api/product', async (c) => {
    const criteria = await requestCriteria(c);
    const view = await viewContext(c.get('context'), deps);
    const { pricesVisible } = view;
    const { page, limit, offset } = pagination(criteria, 100);
    const conditions: SQL[] = [sql`p.active`];
    if (criteria.ids) conditions.push(sql`p.id = ANY(${textArray(criteria.ids)})`);
    for (const f of criteria.filter) conditions.push(compileFilter(f, view.locale, pricesVisible));
    const sort = compileSort(criteria.sort, view.locale, pricesVisible);
    const where = sql.join(conditions, sql` AND `);
    const order = sort.length ? sql.join([...sort, sql`p.id`], sql`, `) : sql`p.product_number`;
    const found = await rows<{ id: string }>(
      deps,
      sql`SELECT p.id FROM product p WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
    const [count] = await rows<{ n: number | string }>(
      deps,
      sql`SELECT count(*) AS n FROM (SELECT 1 FROM product p WHERE ${where} LIMIT 10000) x`,
    );
    const flags = {
      media: 'media' in criteria.associations ? ('all' as const) : ('cover' as const),
      properties: 'properties' in criteria.associations,
      categories: 'categories' in criteria.associations,
    };
    const elements = await buildProducts(
      deps.db,
      deps.cache,
      await loadProducts(
        deps.db,
        found.map((r) => r.id),
      ),
      view,
      flags,
    );
    return c.json(
      applyIncludes(searchResult('product', elements, Number(count?.n ?? 0), page, limit), criteria.includes),
    );
  });

  app.post('/store-api/product-manufacturer', async (c) => {
    const criteria = await requestCriteria(c);
    const view = await viewContext(c.get('context'), deps);
    const { page, limit, offset } = pagination(criteria, 100);
    let list = await deps.cache.manufacturers();
    if (criteria.ids) list = list.filter((m) => criteria.ids!.includes(m.id));
    const elements = list.slice(offset, offset + limit).map((m) => mapManufacturer(m, view));
    return c.json(
      applyIncludes(searchResult('product_manufacturer', elements, list.length, page, limit), criteria.includes),
    );
  });

  providerRoute(
    app,
    deps.config.provider,
    'readVariantCounts',
    async (c) => {
      const { ids = [] } = parseRequest(VariantCountRequestSchema, await requestCriteria(c));
      const found = ids.length
        ? await rows<{ id: string; child_count: number | string }>(
            deps,
            sql`
          SELECT p.id, (SELECT count(*) FROM product v WHERE v.parent_id = p.id AND v.active) AS child_count
            FROM product p WHERE p.id = ANY(${textArray(ids)}) AND p.active`,
          )
        : [];
      return {
        elements: found.map((r) => ({
          id: r.id,
          childCount: Number(r.child_count),
          apiAlias: 'product_variant_count',
        })),
      } satisfies VariantCountResponse;
    },
    { ownBody: true },
  );
}
