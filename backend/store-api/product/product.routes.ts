/**
 * Product endpoints:
 * - `GET|POST /store-api/product/{productId}` (Shopware ProductDetailRoute): `{ product, configurator }`; the
 *   product with gallery (`media` by position), `cover`, `properties` and `options` with their groups, manufacturer,
 *   categories, `seoUrls`, delivery and restock time, purchase rules, `extensions.downloads` (documents) and, for a
 *   parent, `children` (its active variants); `configurator` lists the property groups of the family's variant
 *   options with their options.
 * - `GET|POST /store-api/product/{productId}/cross-selling`: one element per BMEcat reference type (accessories,
 *   mandatory, select, sparepart, similar, followup, consists_of, others), named in the context language; references
 *   to articles not in the catalogue are left out. A variant without references of its own shows its parent's.
 * - `GET|POST /store-api/product`: products by criteria (`ids`, `filter`, `sort`, `page`, `limit`; the GET twin takes
 *   them as `_criteria`).
 * - `POST /store-api/product-manufacturer`: manufacturers by criteria (`ids`, `page`, `limit`).
 * - `POST /store-api/{provider}/variants`: `{ elements: [{ id, childCount }] }` for the parent ids in `ids`.
 * Prices and stock figures follow the visibility rule of product.mapper.ts.
 */
import { VariantCountRequestSchema, type VariantCountResponse } from '../../../contract/provider/variants.ts';
import { queryPrepared, queryRows } from '../../db/client.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { isId, stableId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination } from '../criteria.ts';
import { requestCriteria, viewContext, type CatalogDeps } from '../deps.ts';
import { searchResult } from '../entities.ts';
import { parseRequest } from '../../http/validate.ts';
import { applyIncludes } from '../includes.ts';
import { compileFilter, compileSort } from '../listing/product-filter.ts';
import { REFERENCE_ORDER, referenceTypeName } from './cross-selling.ts';
import { buildConfigurator, buildProducts, mapManufacturer, productNotFound } from './product.mapper.ts';
import { loadProducts, loadVariants, type ProductRow } from './product.repository.ts';
import { textArray } from '../../db/sql-params.ts';
import type { StoreCrossSellingElement, StoreProduct } from '../shopware-schemas.ts';

function rows<T>(deps: CatalogDeps, statement: SQL): Promise<T[]> {
  return queryRows<T>(deps.db, statement);
}

/** The active product with id `id`, or 404 `CONTENT__PRODUCT_NOT_FOUND` for a malformed or unknown id. */
async function productOr404(deps: CatalogDeps, id: string): Promise<ProductRow> {
  if (!isId(id)) throw productNotFound(id);
  const [row] = await loadProducts(deps.db, [id]);
  if (!row) throw productNotFound(id);
  return row;
}

export function registerProductRoutes(app: Hono<StoreApiEnv>, deps: CatalogDeps): void {
  app.on(['GET', 'POST'], '/store-api/product/:productId', async (c) => {
    const criteria = await requestCriteria(c);
    const row = await productOr404(deps, c.req.param('productId'));
    const view = await viewContext(c.get('context'), deps);
    // The product and its variant family are read side by side.
    const [[product], family] = await Promise.all([
      buildProducts(deps.db, deps.cache, [row], view, { media: 'all', properties: true, categories: true }),
      row.parentId || row.childCount > 0 ? loadVariants(deps.db, row.parentId ?? row.id) : Promise.resolve([]),
    ]);
    if (!row.parentId && family.length > 0) {
      product!.children = await buildProducts(deps.db, deps.cache, family, view, {
        media: 'cover',
        properties: false,
        categories: false,
      });
    }
    const optionRows = await deps.cache.options(family.flatMap((v) => v.optionIds));
    const configurator =
      c.req.query('skipConfigurator') === 'true' ? [] : buildConfigurator([...optionRows.values()], view.locale);
    return c.json(applyIncludes({ product, configurator, apiAlias: 'product_detail' }, criteria.includes));
  });

  app.on(['GET', 'POST'], '/store-api/product/:productId/cross-selling', async (c) => {
    const criteria = await requestCriteria(c);
    const row = await productOr404(deps, c.req.param('productId'));
    const view = await viewContext(c.get('context'), deps);
    const fetchRefs = (productId: string) =>
      queryPrepared<{ type: string; target_product_id: string }>(
        deps.db,
        sql`
        SELECT type, target_product_id FROM product_reference
         WHERE product_id = ${productId} AND target_product_id IS NOT NULL
         ORDER BY type, position, target_product_number`,
      );
    let refs = await fetchRefs(row.id);
    if (refs.length === 0 && row.parentId) refs = await fetchRefs(row.parentId);
    const targets = await loadProducts(deps.db, [...new Set(refs.map((r) => r.target_product_id))]);
    const products = new Map(
      (
        await buildProducts(deps.db, deps.cache, targets, view, {
          media: 'cover',
          properties: false,
          categories: false,
        })
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
          id: stableId('cross-selling', `${row.id}:${type}`),
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

  app.post(`/store-api/${deps.config.provider}/variants`, async (c) => {
    const { ids = [] } = parseRequest(VariantCountRequestSchema, await requestCriteria(c));
    const found = ids.length
      ? await rows<{ id: string; child_count: number | string }>(
          deps,
          sql`
          SELECT p.id, (SELECT count(*) FROM product v WHERE v.parent_id = p.id AND v.active) AS child_count
            FROM product p WHERE p.id = ANY(${textArray(ids)}) AND p.active`,
        )
      : [];
    return c.json({
      elements: found.map((r) => ({ id: r.id, childCount: Number(r.child_count), apiAlias: 'product_variant_count' })),
    } satisfies VariantCountResponse);
  });
}
