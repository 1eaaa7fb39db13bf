/**
 * Product listings (category listing, search page, quick search) in Shopware's ProductListingResult shape:
 * `elements`, `total`, `page`, `limit`, `aggregations`, `currentFilters`, `availableSortings`, `sorting`.
 *
 * Filters (Shopware's listing parameters): `manufacturer` (ids, OR), `properties` (option ids: OR within a property
 * group, AND across groups), `in-stock` (only products with pieces in stock) and, for logged-in contexts only,
 * `min-price`/`max-price` (net, whole currency units). Sortings: name-asc (default), name-desc and, logged-in only,
 * price-asc/price-desc; search results also offer `score` (default there: exact article-number/EAN hits first).
 *
 * Aggregations (an object keyed by name, as Shopware serialises them):
 * - `manufacturer`: `{ entities: [{ id, name, translated, count, apiAlias }], apiAlias: 'manufacturer_aggregation' }`;
 * - `properties`: `{ entities: [property groups with `options: [{ id, name, translated, count, … }]`] }`, filterable
 *   groups only;
 * - `in-stock`: `{ count, apiAlias: 'in-stock_aggregation' }`: products with pieces in stock;
 * - `price` (logged-in only): `{ min, max, apiAlias: 'price_aggregation' }`, net.
 * Category facets are computed over the whole category, unaffected by the chosen filters (Shopware's post-filter
 * behaviour), and cached per category and language until `clearCatalogCaches()`; search facets are computed over the
 * bounded candidate set of the query (the matching products, never the whole catalogue), beside the page, and cached
 * per candidate set for the most recent searches (backend/commerce/catalog/catalog-cache.ts `recent`). A search page
 * without filters in rank order is a slice of the candidates, read by id.
 *
 * Category listings with the listing parameters only (manufacturer, properties, in-stock, price, sorting, page) are
 * answered from the category's in-memory listing index (backend/commerce/catalog/listing-index.ts,
 * docs/decisions/011-in-memory-listing-index.md): filter, exact total, page ids and facets in memory, then one query
 * for the page's products beside one for their media. Criteria `filter`, `post-filter`, `sort` and `ids` address
 * product columns, so those listings run in SQL over `product_listing` joined with `product`, the page and a total
 * capped at COUNT_CAP side by side. A category listing more products than `LISTING_INDEX_MAX_ROWS` has no listing
 * index: its listings and facets run in SQL over `product_listing` (a filtered total capped at COUNT_CAP too). Search listings read the bounded candidate set in SQL.
 */
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows as rows, type Db } from '../db/client.ts';
import type { CatalogCache, ManufacturerRow } from '../commerce/catalog/catalog-cache.ts';
import type { Criteria } from './criteria.ts';
import { pagination } from './criteria.ts';
import type { ViewContext } from './deps.ts';
import { compact } from '../http/entities.ts';
import { StoreApiError } from '../http/errors.ts';
import type {
  StoreListingAggregations,
  StoreProductListing,
  StoreProductSorting,
  StorePropertyGroupOption,
} from '../http/shopware-schemas.ts';
import { buildProducts, type ProductViewOptions } from './product.mapper.ts';
import {
  loadProductMedia,
  loadProducts,
  PRODUCT_COLUMNS,
  toProductRow,
  type OptionRow,
  type ProductDbRow,
  type ProductMediaRow,
  type ProductRow,
} from '../commerce/catalog/product.repository.ts';
import { indexFacets, selectPage, type IndexFacets, type IndexFilter } from '../commerce/catalog/listing-index.ts';
import { localeColumns } from '../db/locale-columns.ts';
import { translateFields } from '../lib/translate.ts';
import { compileFilter, compileSort } from './product-filter.ts';
import { textArray } from '../db/sql-params.ts';
import { SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

/** Largest count a filtered listing reports exactly. */
const COUNT_CAP = 10_000;
/** Default page size of category listings: 24 (Shopware's default `limit` of product listings). */
export const LISTING_DEFAULT_LIMIT = 24;

interface SortingDef {
  key: string;
  labels: Record<string, string>;
  priority: number;
  restricted: boolean;
  searchOnly?: boolean;
}

const SORTINGS: SortingDef[] = [
  {
    key: 'score',
    labels: {
      'de-DE': 'Beste Ergebnisse',
      'en-GB': 'Top results',
      'fr-FR': 'Meilleurs résultats',
      'nl-NL': 'Beste resultaten',
    },
    priority: 5,
    restricted: false,
    searchOnly: true,
  },
  {
    key: 'name-asc',
    labels: { 'de-DE': 'Name A-Z', 'en-GB': 'Name A-Z', 'fr-FR': 'Nom A-Z', 'nl-NL': 'Naam A-Z' },
    priority: 4,
    restricted: false,
  },
  {
    key: 'name-desc',
    labels: { 'de-DE': 'Name Z-A', 'en-GB': 'Name Z-A', 'fr-FR': 'Nom Z-A', 'nl-NL': 'Naam Z-A' },
    priority: 3,
    restricted: false,
  },
  {
    key: 'price-asc',
    labels: {
      'de-DE': 'Preis aufsteigend',
      'en-GB': 'Price ascending',
      'fr-FR': 'Prix croissant',
      'nl-NL': 'Prijs oplopend',
    },
    priority: 2,
    restricted: true,
  },
  {
    key: 'price-desc',
    labels: {
      'de-DE': 'Preis absteigend',
      'en-GB': 'Price descending',
      'fr-FR': 'Prix décroissant',
      'nl-NL': 'Prijs aflopend',
    },
    priority: 1,
    restricted: true,
  },
];

/** The sortings a context may use: price sortings only when logged in; `score` only for search. */
export function availableSortings(view: ViewContext, forSearch: boolean): StoreProductSorting[] {
  return SORTINGS.filter((s) => (!s.restricted || view.pricesVisible) && (forSearch || !s.searchOnly)).map((s) => {
    const label = s.labels[view.locale] ?? s.labels['en-GB']!;
    return {
      key: s.key,
      label,
      translated: { key: s.key, label },
      priority: s.priority,
      apiAlias: 'product_sorting' as const,
    };
  });
}

function chooseSorting(criteria: Criteria, view: ViewContext, forSearch: boolean): string {
  const key = criteria.order ?? (forSearch ? 'score' : 'name-asc');
  if (!availableSortings(view, forSearch).some((s) => s.key === key)) {
    throw new StoreApiError(
      400,
      SHOPWARE_ERROR_CODES.PRODUCT__SORTING_NOT_FOUND,
      `Could not find sorting with key "${key}".`,
      {
        parameters: { key },
      },
    );
  }
  return key;
}

/**
 * Column expressions of a listing source: the listing index `product_listing l` for categories, the product table
 * `p` (joined with the ranked candidate ids `c`) for search.
 */
interface Source {
  from: SQL;
  id: SQL;
  name: SQL;
  price: SQL;
  manufacturer: SQL;
  properties: SQL;
  inStock: SQL;
}

function categorySource(categoryId: string, locale: string, joinProduct: boolean): { source: Source; scope: SQL } {
  const name = sql.raw(`l.${localeColumns(locale).nameColumn}`);
  return {
    source: {
      from: joinProduct ? sql`product_listing l JOIN product p ON p.id = l.product_id` : sql`product_listing l`,
      id: sql`l.product_id`,
      name,
      price: sql`l.listing_price`,
      manufacturer: sql`l.manufacturer_id`,
      properties: sql`l.property_ids`,
      inStock: sql`l.in_stock`,
    },
    scope: sql`l.category_id = ${categoryId}`,
  };
}

function searchSource(ids: string[], locale: string): { source: Source; scope: SQL } {
  return {
    source: {
      from: sql`product p JOIN unnest(${textArray(ids)}) WITH ORDINALITY AS c(id, ord) ON c.id = p.id`,
      id: sql`p.id`,
      name: sql.raw(`p.${localeColumns(locale).nameColumn}`),
      price: sql`p.listing_price`,
      manufacturer: sql`p.manufacturer_id`,
      properties: sql`p.property_ids`,
      inStock: sql`(p.available_stock > 0)`,
    },
    scope: sql`p.active`,
  };
}

function orderBy(key: string, s: Source, ranked: boolean): SQL {
  switch (key) {
    case 'name-desc':
      return sql`${s.name} DESC, ${s.id} DESC`;
    case 'price-asc':
      return sql`${s.price} ASC NULLS LAST, ${s.id}`;
    case 'price-desc':
      return sql`${s.price} DESC NULLS LAST, ${s.id}`;
    case 'score':
      return ranked ? sql`c.ord` : sql`${s.name}, ${s.id}`;
    default:
      return sql`${s.name}, ${s.id}`;
  }
}

/** Facet counts of a listing scope (the same shape whether read in SQL or from the listing index). */
type RawFacets = IndexFacets;

async function computeFacets(db: Db, source: Source, scope: SQL): Promise<RawFacets> {
  const list = await rows<{ kind: string; key: string | null; n: number | string }>(
    db,
    sql`
    WITH base AS (SELECT ${source.manufacturer} AS manufacturer_id, ${source.properties} AS property_ids, ${source.inStock} AS in_stock, ${source.price} AS listing_price FROM ${source.from} WHERE ${scope})
    SELECT 'm' AS kind, manufacturer_id AS key, count(*) AS n FROM base WHERE manufacturer_id IS NOT NULL GROUP BY manufacturer_id
    UNION ALL SELECT 'o', u, count(*) FROM base, unnest(property_ids) AS u GROUP BY u
    UNION ALL SELECT 't', NULL, count(*) FROM base
    UNION ALL SELECT 's', NULL, count(*) FROM base WHERE in_stock
    UNION ALL SELECT 'min', min(listing_price)::text, 0 FROM base
    UNION ALL SELECT 'max', max(listing_price)::text, 0 FROM base`,
  );
  const facets: RawFacets = {
    total: 0,
    inStock: 0,
    manufacturers: new Map(),
    options: new Map(),
    priceMin: null,
    priceMax: null,
  };
  for (const r of list) {
    const n = Number(r.n);
    if (r.kind === 'm') facets.manufacturers.set(r.key!, n);
    else if (r.kind === 'o') facets.options.set(r.key!, n);
    else if (r.kind === 't') facets.total = n;
    else if (r.kind === 's') facets.inStock = n;
    else if (r.kind === 'min') facets.priceMin = r.key;
    else if (r.kind === 'max') facets.priceMax = r.key;
  }
  return facets;
}

/** The aggregation results of a listing scope; `price` is sent to logged-in callers only. */
type MappedFacets = Required<StoreListingAggregations>;

function optionSort(sortingType: string) {
  return (a: { name: string; position: number }, b: { name: string; position: number }) => {
    if (sortingType === 'position') return a.position - b.position || a.name.localeCompare(b.name);
    if (sortingType === 'numeric') return parseFloat(a.name) - parseFloat(b.name) || a.name.localeCompare(b.name);
    return a.name.localeCompare(b.name, undefined, { numeric: true });
  };
}

async function mapFacets(
  cache: CatalogCache,
  raw: RawFacets,
  manufacturers: ManufacturerRow[],
  locale: string,
): Promise<MappedFacets> {
  const options = await cache.options(raw.options.keys());
  const groups = new Map<
    string,
    {
      group: OptionRow['group'];
      options: { id: string; name: string; position: number; count: number; colorHexCode: string | null }[];
    }
  >();
  for (const [id, count] of raw.options) {
    const o = options.get(id);
    if (!o || !o.group.filterable) continue;
    const entry = groups.get(o.groupId) ?? { group: o.group, options: [] };
    const value = translateFields(o.translated, locale).name ?? '';
    const name = o.group.unit && value && !value.endsWith(o.group.unit) ? `${value} ${o.group.unit}` : value;
    entry.options.push({ id, name, position: o.position, count, colorHexCode: o.colorHexCode });
    groups.set(o.groupId, entry);
  }
  const propertyEntities = [...groups.values()]
    .map(({ group, options: opts }) => {
      const g = translateFields(group.translated, locale);
      return {
        id: group.id,
        name: g.name ?? '',
        displayType: group.displayType,
        sortingType: group.sortingType,
        filterable: true,
        position: group.position,
        translated: { name: g.name ?? '' },
        options: opts.sort(optionSort(group.sortingType)).map((o): StorePropertyGroupOption & { count: number } =>
          compact({
            id: o.id,
            groupId: group.id,
            name: o.name,
            position: o.position,
            colorHexCode: o.colorHexCode,
            translated: { name: o.name },
            count: o.count,
            apiAlias: 'property_group_option' as const,
          }),
        ),
        apiAlias: 'property_group' as const,
      };
    })
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  const manufacturerEntities = manufacturers
    .filter((m) => raw.manufacturers.has(m.id))
    .map((m) => {
      const name = translateFields(m.translated, locale).name ?? m.name;
      return {
        id: m.id,
        name,
        translated: { name },
        count: raw.manufacturers.get(m.id) ?? 0,
        apiAlias: 'product_manufacturer' as const,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    manufacturer: { entities: manufacturerEntities, apiAlias: 'manufacturer_aggregation' },
    properties: { entities: propertyEntities, apiAlias: 'properties_aggregation' },
    'in-stock': { count: raw.inStock, apiAlias: 'in-stock_aggregation' },
    price: {
      min: raw.priceMin === null ? null : Number(raw.priceMin),
      max: raw.priceMax === null ? null : Number(raw.priceMax),
      apiAlias: 'price_aggregation',
    },
  };
}

/**
 * Facets of a category in a language, cached (see module comment): from its listing index, or in SQL over
 * `product_listing` for a category too large for one (the counts then cached once for all languages).
 */
function categoryFacets(
  db: Db,
  cache: CatalogCache,
  categoryId: string,
  locale: string,
): Promise<{ raw: RawFacets; mapped: MappedFacets }> {
  return cache.memo(`facets:${categoryId}:${locale}`, async () => {
    const index = await cache.listingIndex(categoryId);
    const raw = index
      ? indexFacets(index)
      : await cache.memo(`facets:${categoryId}`, () => {
          const { source, scope } = categorySource(categoryId, locale, false);
          return computeFacets(db, source, scope);
        });
    return { raw, mapped: await mapFacets(cache, raw, await cache.manufacturers(), locale) };
  });
}

/** A short key of a candidate id list (SHA-1 of the ids in order), for caching what depends only on it. */
function candidateKey(ids: readonly string[]): string {
  return createHash('sha1').update(ids.join(',')).digest('base64url');
}

/** The cache key of a sorting's row order: name orders differ per language, price orders do not. */
function orderKey(sorting: string, locale: string): string {
  return sorting.startsWith('name') ? `${sorting}:${locale}` : sorting;
}

export interface ListingRequest {
  db: Db;
  cache: CatalogCache;
  criteria: Criteria;
  view: ViewContext;
  /** Category listing: the category whose tree the products are in. */
  categoryId?: string;
  /** Search: candidate ids in rank order (already bounded) and the term. */
  search?: { ids: string[]; term: string };
  /** Quick search: no aggregations, filters or sortings in the answer (Shopware's search-suggest). */
  suggest?: boolean;
  defaultLimit: number;
  product: ProductViewOptions;
}

/** Builds a ProductListingResult. @throws StoreApiError 400 for unavailable sortings or invalid filters. */
export async function productListing(req: ListingRequest): Promise<StoreProductListing> {
  const { db, cache, criteria, view } = req;
  const { pricesVisible } = view;
  const forSearch = req.search !== undefined;
  const sorting = chooseSorting(criteria, view, forSearch);
  const { page, limit, offset } = pagination(criteria, req.defaultLimit);

  // Criteria filters, sorts and ids address product columns: only then does a category listing join `product`.
  const needsProduct =
    criteria.filter.length > 0 || criteria.postFilter.length > 0 || criteria.sort.length > 0 || !!criteria.ids;
  const { source, scope } = forSearch
    ? searchSource(req.search!.ids, view.locale)
    : categorySource(req.categoryId!, view.locale, needsProduct);
  const conditions: SQL[] = [scope];
  if (criteria.ids) conditions.push(sql`p.id = ANY(${textArray(criteria.ids)})`);
  const indexFilter: IndexFilter = {
    manufacturers: criteria.manufacturer,
    propertyGroups: [],
    inStock: criteria.inStock,
  };
  const filtered: SQL[] = [];
  if (criteria.manufacturer.length)
    filtered.push(sql`${source.manufacturer} = ANY(${textArray(criteria.manufacturer)})`);
  if (criteria.properties.length) {
    const options = await cache.options(criteria.properties);
    const byGroup = new Map<string, string[]>();
    for (const id of criteria.properties) {
      const groupId = options.get(id)?.groupId ?? id;
      byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), id]);
    }
    indexFilter.propertyGroups = [...byGroup.values()];
    for (const ids of byGroup.values()) filtered.push(sql`${source.properties} && ${textArray(ids)}`);
  }
  if (criteria.inStock) filtered.push(source.inStock);
  const priceFilter = pricesVisible && (criteria.minPrice !== undefined || criteria.maxPrice !== undefined);
  if (priceFilter) {
    if (criteria.minPrice !== undefined && criteria.minPrice > 0) {
      filtered.push(sql`${source.price} >= ${String(criteria.minPrice)}::numeric`);
      indexFilter.minPrice = criteria.minPrice;
    }
    if (criteria.maxPrice !== undefined) {
      filtered.push(sql`${source.price} <= ${String(criteria.maxPrice)}::numeric`);
      indexFilter.maxPrice = criteria.maxPrice;
    }
  }
  for (const f of [...criteria.filter, ...criteria.postFilter])
    filtered.push(compileFilter(f, view.locale, pricesVisible));
  const extraSort = compileSort(criteria.sort, view.locale, pricesVisible);

  const from = source.from;
  const where = sql.join([...conditions, ...filtered], sql` AND `);
  const order = extraSort.length ? sql.join([...extraSort, source.id], sql`, `) : orderBy(sorting, source, forSearch);

  let facets: { raw: RawFacets; mapped: MappedFacets } | undefined;
  let searchFacets: Promise<{ raw: RawFacets; mapped: MappedFacets }> | undefined;
  const wantAggregations = !req.suggest && !criteria.noAggregations;
  if (req.categoryId && wantAggregations) facets = await categoryFacets(db, cache, req.categoryId, view.locale);
  else if (forSearch && wantAggregations) {
    // Read beside the page; the facets of a candidate set (narrowed by criteria `ids`, if any) are cached: they
    // depend on nothing else.
    const key = `search-facets:${view.locale}:${candidateKey(req.search!.ids)}:${candidateKey(criteria.ids ?? [])}`;
    searchFacets = cache.recent(key, async () => {
      const raw = await computeFacets(db, source, sql.join(conditions, sql` AND `));
      return { raw, mapped: await mapFacets(cache, raw, await cache.manufacturers(), view.locale) };
    });
    searchFacets.catch(() => undefined); // awaited below; keeps an early failure from going unhandled
  }

  let products: ProductRow[];
  let count: number;
  let listMedia: Promise<ProductMediaRow[]> | undefined;
  const rankedPage = forSearch && sorting === 'score' && filtered.length === 0 && !criteria.ids && !extraSort.length;
  // A category too large for a listing index (CatalogCache.listingIndex answers null) is listed in SQL.
  const index = req.categoryId && !needsProduct ? await cache.listingIndex(req.categoryId) : null;
  if (rankedPage) {
    // Search results in rank order without filters: the candidates are active products already (every search tier
    // selects active ones), so the page is a slice of them and the total their number.
    const ids = criteria.onlyAggregations ? [] : req.search!.ids.slice(offset, offset + limit);
    count = req.search!.ids.length;
    listMedia = loadProductMedia(db, ids, req.product.media === 'all' ? 'all' : 'cover');
    listMedia.catch(() => undefined); // awaited in buildProducts; keeps an early failure from going unhandled
    products = await loadProducts(db, ids);
  } else if (req.categoryId && index) {
    // Category listing with the listing parameters only: filter, count and page in the category's listing index.
    const rowOrder = await cache.listingOrder(req.categoryId, orderKey(sorting, view.locale), order);
    const selected = selectPage(index, rowOrder, indexFilter, offset, criteria.onlyAggregations ? 0 : limit);
    count = selected.total;
    listMedia = loadProductMedia(db, selected.ids, req.product.media === 'all' ? 'all' : 'cover');
    listMedia.catch(() => undefined); // awaited in buildProducts; keeps an early failure from going unhandled
    products = await loadProducts(db, selected.ids);
  } else {
    // The page (ids and product rows in one statement) and the total run side by side on a pooled connection.
    const pageRows: Promise<ProductDbRow[]> = criteria.onlyAggregations
      ? Promise.resolve([])
      : rows<ProductDbRow>(
          db,
          sql`
          SELECT ${PRODUCT_COLUMNS}
            FROM (SELECT id, row_number() OVER () AS ord
                    FROM (SELECT ${source.id} AS id FROM ${from} WHERE ${where}
                           ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) ranked) page
            JOIN product p ON p.id = page.id AND p.active
           ORDER BY page.ord`,
        );
    // Without filters the total is known: the candidates of a search, the facets' count of a category.
    const total =
      forSearch && filtered.length === 0 && !criteria.ids
        ? Promise.resolve(req.search!.ids.length)
        : req.categoryId && filtered.length === 0 && !criteria.ids && facets
          ? Promise.resolve(facets.raw.total)
          : rows<{ n: number | string }>(
              db,
              sql`SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${COUNT_CAP}) x`,
            ).then(([c]) => Number(c?.n ?? 0));
    const [list, n] = await Promise.all([pageRows, total]);
    products = list.map(toProductRow);
    count = n;
  }

  const elements = await buildProducts(db, cache, products, view, req.product, listMedia);
  if (searchFacets) facets = await searchFacets;
  const aggregations: StoreListingAggregations = {};
  if (facets && wantAggregations) {
    aggregations.manufacturer = facets.mapped.manufacturer;
    aggregations.properties = facets.mapped.properties;
    aggregations['in-stock'] = facets.mapped['in-stock'];
    if (pricesVisible) aggregations.price = facets.mapped.price;
  }
  const currentFilters: StoreProductListing['currentFilters'] = {
    navigationId: req.categoryId ?? view.navigationCategoryId,
    manufacturer: criteria.manufacturer,
    price: { min: priceFilter ? (criteria.minPrice ?? 0) : 0, max: priceFilter ? (criteria.maxPrice ?? 0) : 0 },
    rating: null,
    'shipping-free': false,
    properties: criteria.properties,
    'in-stock': criteria.inStock,
    ...(forSearch ? { search: req.search!.term } : {}),
  };
  return {
    entity: 'product' as const,
    total: count,
    aggregations: Object.keys(aggregations).length ? aggregations : [],
    page,
    limit,
    elements,
    currentFilters,
    availableSortings: req.suggest ? [] : availableSortings(view, forSearch),
    sorting,
    apiAlias: 'product_listing' as const,
  };
}
