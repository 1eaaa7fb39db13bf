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
 * - `POST /store-api/product`: products by criteria (`ids`, `filter`, `sort`, `page`, `limit`).
 * - `POST /store-api/product-manufacturer`: manufacturers by criteria (`ids`, `page`, `limit`).
 * - `POST /store-api/{provider}/variants`: `{ elements: [{ id, childCount }] }` for the parent ids in `ids`.
 * Prices and stock figures follow the visibility rule of product.mapper.ts.
 */
import { queryRows } from '../../db/client.ts';
import { sql, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { isId, stableId } from '../../lib/ids.ts';
import type { StoreApiEnv } from '../context.ts';
import { pagination } from '../criteria.ts';
import { requestCriteria, viewContext, type CatalogDeps } from '../deps.ts';
import { compact, searchResult } from '../entities.ts';
import { StoreApiError, violations } from '../../http/errors.ts';
import { applyIncludes } from '../includes.ts';
import { compileFilter, compileSort } from '../listing/product-filter.ts';
import { translateFields } from '../../lib/translate.ts';
import { buildProducts, mapOption } from './product.mapper.ts';
import { loadProducts, loadVariants, type OptionRow } from './product.repository.ts';
import { textArray } from '../../db/sql-params.ts';

/** 404 with Shopware's product code. */
export function productNotFound(id: string): StoreApiError {
  return new StoreApiError(404, 'CONTENT__PRODUCT_NOT_FOUND', `Product for id ${id} not found.`, {
    parameters: { productId: id },
  });
}

const REFERENCE_TYPES: Record<string, Record<string, string>> = {
  accessories: { 'de-DE': 'Zubehör', 'en-GB': 'Accessories', 'fr-FR': 'Accessoires', 'nl-NL': 'Accessoires' },
  mandatory: {
    'de-DE': 'Pflichtzubehör',
    'en-GB': 'Required accessories',
    'fr-FR': 'Accessoires obligatoires',
    'nl-NL': 'Verplichte accessoires',
  },
  select: {
    'de-DE': 'Auswahlzubehör',
    'en-GB': 'Optional accessories',
    'fr-FR': 'Accessoires optionnels',
    'nl-NL': 'Optionele accessoires',
  },
  sparepart: {
    'de-DE': 'Ersatzteile',
    'en-GB': 'Spare parts',
    'fr-FR': 'Pièces de rechange',
    'nl-NL': 'Reserveonderdelen',
  },
  similar: {
    'de-DE': 'Ähnliche Artikel',
    'en-GB': 'Similar products',
    'fr-FR': 'Produits similaires',
    'nl-NL': 'Vergelijkbare producten',
  },
  followup: {
    'de-DE': 'Nachfolgeartikel',
    'en-GB': 'Successor products',
    'fr-FR': 'Produits de remplacement',
    'nl-NL': 'Opvolgers',
  },
  consists_of: { 'de-DE': 'Besteht aus', 'en-GB': 'Consists of', 'fr-FR': 'Composé de', 'nl-NL': 'Bestaat uit' },
  others: {
    'de-DE': 'Weitere Artikel',
    'en-GB': 'Other products',
    'fr-FR': 'Autres produits',
    'nl-NL': 'Overige producten',
  },
};
const REFERENCE_ORDER = Object.keys(REFERENCE_TYPES);

/** Name of a BMEcat reference type in a locale; unknown types keep their code. */
export function referenceTypeName(type: string, locale: string): string {
  const names = REFERENCE_TYPES[type] ?? REFERENCE_TYPES.others!;
  return REFERENCE_TYPES[type] ? (names[locale] ?? names['en-GB']!) : type;
}

function rows<T>(deps: CatalogDeps, statement: SQL): Promise<T[]> {
  return queryRows<T>(deps.db, statement);
}

/** Configurator: the property groups of the variants' options, each with the options that occur. */
function buildConfigurator(options: OptionRow[], locale: string): Record<string, unknown>[] {
  const groups = new Map<string, { group: OptionRow['group']; options: Record<string, unknown>[] }>();
  for (const o of options) {
    const entry = groups.get(o.groupId) ?? { group: o.group, options: [] };
    entry.options.push({ ...mapOption(o, locale), combinable: true });
    groups.set(o.groupId, entry);
  }
  return [...groups.values()]
    .map(({ group, options: opts }) => {
      const t = translateFields(group.translated, locale);
      const sortNumeric = group.sortingType === 'numeric';
      return compact({
        id: group.id,
        name: t.name ?? '',
        description: t.description,
        displayType: group.displayType,
        sortingType: group.sortingType,
        filterable: group.filterable,
        visibleOnProductDetailPage: true,
        position: group.position,
        translated: compact({ name: t.name ?? '', description: t.description }),
        options: opts.sort(
          (a, b) =>
            (a.position as number) - (b.position as number) ||
            (sortNumeric ? parseFloat(String(a.name)) - parseFloat(String(b.name)) : 0) ||
            String(a.name).localeCompare(String(b.name), undefined, { numeric: true }),
        ),
        apiAlias: 'property_group',
      });
    })
    .sort((a, b) => (a.position as number) - (b.position as number) || String(a.name).localeCompare(String(b.name)));
}

export function registerProductRoutes(app: Hono<StoreApiEnv>, deps: CatalogDeps): void {
  app.on(['GET', 'POST'], '/store-api/product/:productId', async (c) => {
    const criteria = await requestCriteria(c);
    const id = c.req.param('productId');
    if (!isId(id)) throw productNotFound(id);
    const [row] = await loadProducts(deps.db, [id]);
    if (!row) throw productNotFound(id);
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
    const id = c.req.param('productId');
    if (!isId(id)) throw productNotFound(id);
    const [row] = await loadProducts(deps.db, [id]);
    if (!row) throw productNotFound(id);
    const view = await viewContext(c.get('context'), deps);
    const fetchRefs = (productId: string) =>
      rows<{ type: string; target_product_id: string }>(
        deps,
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
      ).map((p) => [p.id as string, p]),
    );
    const byType = new Map<string, Record<string, unknown>[]>();
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
    const result = types.map((type, position) => {
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

  app.post('/store-api/product', async (c) => {
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
    const elements = list.slice(offset, offset + limit).map((m) => {
      const t = translateFields(m.translated, view.locale);
      const name = t.name ?? m.name;
      return compact({
        id: m.id,
        name,
        link: m.link,
        description: t.description,
        translated: compact({ name, description: t.description }),
        apiAlias: 'product_manufacturer',
      });
    });
    return c.json(
      applyIncludes(searchResult('product_manufacturer', elements, list.length, page, limit), criteria.includes),
    );
  });

  app.post(`/store-api/${deps.config.provider}/variants`, async (c) => {
    const criteria = await requestCriteria(c);
    const ids = criteria.ids ?? [];
    if (ids.length > 500)
      throw violations([{ pointer: '/ids', code: 'TOO_MANY', detail: 'At most 500 ids per request.' }]);
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
    });
  });
}
