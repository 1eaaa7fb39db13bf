/**
 * The in-memory listing index of one category: the columns of its `product_listing` rows that the listing filters
 * and facets read (manufacturer, availability, listing price, property options), held as typed arrays, plus the
 * row order of each sorting as PostgreSQL returns it. Filtering, counting, paging and facet counts of a category
 * listing then run in memory over at most a few ten thousand rows (well under a millisecond), and the database
 * only reads the 24 products of the page. See docs/decisions/011-in-memory-listing-index.md.
 *
 * Semantics match the SQL of backend/store-api/listing.service.ts exactly: manufacturers OR; options OR within a
 * property group and AND across groups; `inStock` only rows with pieces in stock; `minPrice`/`maxPrice` inclusive
 * bounds on the net listing price in currency units, rows without a price never match a price bound.
 *
 * The index reflects the data when it was loaded; the catalogue cache drops it on `clearCatalogCaches()` (imports
 * in this process) and after its TTL (other processes), like the category facets.
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows as rows, type Db } from '../../db/client.ts';

export interface ListingIndex {
  categoryId: string;
  /** Number of listed products. */
  size: number;
  productIds: string[];
  /** Position of each product id in `productIds`. */
  rowOf: Map<string, number>;
  /** Index into `manufacturerIds` per row, -1 without manufacturer. */
  manufacturer: Int32Array;
  manufacturerIds: string[];
  /** 1 when the row has pieces in stock. */
  inStock: Uint8Array;
  /** Net listing price in currency units per row, NaN without price. */
  price: Float64Array;
  /** Options of row r are `options[optionStart[r] .. optionStart[r + 1])`, as indexes into `optionIds`. */
  optionStart: Int32Array;
  options: Int32Array;
  optionIds: string[];
  /** Rows having option k are `optionRows[optionRowStart[k] .. optionRowStart[k + 1])` (the inverted index). */
  optionRowStart: Int32Array;
  optionRows: Int32Array;
  /** Index of each option id in `optionIds`. */
  optionIndex: Map<string, number>;
  /** Listing price bounds as the database prints them (decimal strings), null without prices. */
  priceMin: string | null;
  priceMax: string | null;
}

/** What a listing may be filtered by in memory. */
export interface IndexFilter {
  /** Manufacturer ids, any of them (empty: no manufacturer filter). */
  manufacturers: string[];
  /** Option ids per property group: each group must match one of its options. */
  propertyGroups: string[][];
  inStock: boolean;
  /** Inclusive, currency units. */
  minPrice?: number;
  maxPrice?: number;
}

export interface IndexFacets {
  total: number;
  inStock: number;
  manufacturers: Map<string, number>;
  options: Map<string, number>;
  priceMin: string | null;
  priceMax: string | null;
}

/** Reads the listing index of a category (one range scan of `product_listing`). */
export async function loadListingIndex(db: Db, categoryId: string): Promise<ListingIndex> {
  const list = await rows<{
    product_id: string;
    manufacturer_id: string | null;
    in_stock: boolean;
    listing_price: string | number | null;
    property_ids: string;
  }>(
    db,
    // Options as one comma-separated string: splitting it is several times faster than parsing an array literal.
    sql`SELECT product_id, manufacturer_id, in_stock, listing_price, array_to_string(property_ids, ',') AS property_ids
          FROM product_listing WHERE category_id = ${categoryId}`,
  );
  const propertyIds = list.map((r) => (r.property_ids ? r.property_ids.split(',') : []));
  const size = list.length;
  const manufacturer = new Int32Array(size);
  const inStock = new Uint8Array(size);
  const price = new Float64Array(size);
  const optionStart = new Int32Array(size + 1);
  const manufacturerIds: string[] = [];
  const manufacturerIndex = new Map<string, number>();
  const optionIds: string[] = [];
  const optionIndex = new Map<string, number>();
  const productIds: string[] = new Array<string>(size);
  const rowOf = new Map<string, number>();
  let optionCount = 0;
  for (const ids of propertyIds) optionCount += ids.length;
  const options = new Int32Array(optionCount);
  let o = 0;
  let min: number | null = null;
  let max: number | null = null;
  let minText: string | null = null;
  let maxText: string | null = null;
  list.forEach((r, i) => {
    productIds[i] = r.product_id;
    rowOf.set(r.product_id, i);
    if (r.manufacturer_id === null) manufacturer[i] = -1;
    else {
      let m = manufacturerIndex.get(r.manufacturer_id);
      if (m === undefined) {
        m = manufacturerIds.push(r.manufacturer_id) - 1;
        manufacturerIndex.set(r.manufacturer_id, m);
      }
      manufacturer[i] = m;
    }
    inStock[i] = r.in_stock ? 1 : 0;
    if (r.listing_price === null) price[i] = NaN;
    else {
      const p = Number(r.listing_price);
      price[i] = p;
      if (min === null || p < min) [min, minText] = [p, String(r.listing_price)];
      if (max === null || p > max) [max, maxText] = [p, String(r.listing_price)];
    }
    optionStart[i] = o;
    for (const id of propertyIds[i]!) {
      let k = optionIndex.get(id);
      if (k === undefined) {
        k = optionIds.push(id) - 1;
        optionIndex.set(id, k);
      }
      options[o++] = k;
    }
  });
  optionStart[size] = o;
  const optionRowStart = new Int32Array(optionIds.length + 1);
  for (let k = 0; k < o; k++) optionRowStart[options[k]! + 1]!++;
  for (let k = 0; k < optionIds.length; k++) optionRowStart[k + 1]! += optionRowStart[k]!;
  const optionRows = new Int32Array(o);
  const fill = optionRowStart.slice(0, optionIds.length);
  for (let r = 0; r < size; r++) {
    for (let k = optionStart[r]!; k < optionStart[r + 1]!; k++) optionRows[fill[options[k]!]!++] = r;
  }
  return {
    categoryId,
    size,
    productIds,
    rowOf,
    manufacturer,
    manufacturerIds,
    inStock,
    price,
    optionStart,
    options,
    optionIds,
    optionRowStart,
    optionRows,
    optionIndex,
    priceMin: minText,
    priceMax: maxText,
  };
}

/**
 * Reads the row order of a sorting: `orderBy` is the ORDER BY expression over `product_listing l`, so the order is
 * exactly the database's (collation included).
 */
export async function loadListingOrder(db: Db, index: ListingIndex, orderBy: SQL): Promise<Int32Array> {
  const list = await rows<{ product_id: string }>(
    db,
    sql`SELECT l.product_id FROM product_listing l WHERE l.category_id = ${index.categoryId} ORDER BY ${orderBy}`,
  );
  const order = new Int32Array(list.length);
  let n = 0;
  for (const r of list) {
    const row = index.rowOf.get(r.product_id);
    if (row !== undefined) order[n++] = row;
  }
  return n === list.length ? order : order.slice(0, n);
}

/** Facet counts of the whole category (Shopware's post-filter behaviour: unaffected by the chosen filters). */
export function indexFacets(index: ListingIndex): IndexFacets {
  const manufacturerCounts = new Int32Array(index.manufacturerIds.length);
  const optionCounts = new Int32Array(index.optionIds.length);
  let inStock = 0;
  for (let r = 0; r < index.size; r++) {
    const m = index.manufacturer[r]!;
    if (m >= 0) manufacturerCounts[m]!++;
    inStock += index.inStock[r]!;
  }
  for (let k = 0; k < index.options.length; k++) optionCounts[index.options[k]!]!++;
  return {
    total: index.size,
    inStock,
    manufacturers: new Map(index.manufacturerIds.map((id, i) => [id, manufacturerCounts[i]!])),
    options: new Map(index.optionIds.map((id, i) => [id, optionCounts[i]!])),
    priceMin: index.priceMin,
    priceMax: index.priceMax,
  };
}

/**
 * Filters, counts and pages the rows of `order`.
 *
 * @returns `total`, the exact number of matching rows, and `ids`, the product ids of rows `offset .. offset + limit`.
 */
export function selectPage(
  index: ListingIndex,
  order: Int32Array,
  filter: IndexFilter,
  offset: number,
  limit: number,
): { total: number; ids: string[] } {
  const manufacturerMask = filter.manufacturers.length ? new Uint8Array(index.manufacturerIds.length) : null;
  if (manufacturerMask) {
    const wanted = new Set(filter.manufacturers);
    index.manufacturerIds.forEach((id, i) => {
      if (wanted.has(id)) manufacturerMask[i] = 1;
    });
  }
  // Rows matching every property group: a row's counter reaches g + 1 when it matched groups 0..g.
  const groups = filter.propertyGroups.length;
  let groupHits: Uint8Array | Uint16Array | null = null;
  if (groups > 0) {
    groupHits = groups > 255 ? new Uint16Array(index.size) : new Uint8Array(index.size);
    const { optionIndex, optionRowStart, optionRows } = index;
    filter.propertyGroups.forEach((ids, g) => {
      for (const id of new Set(ids)) {
        const k = optionIndex.get(id);
        if (k === undefined) continue;
        for (let j = optionRowStart[k]!, end = optionRowStart[k + 1]!; j < end; j++) {
          const r = optionRows[j]!;
          if (groupHits![r] === g) groupHits![r] = g + 1;
        }
      }
    });
  }
  const minPrice = filter.minPrice ?? -Infinity;
  const maxPrice = filter.maxPrice ?? Infinity;
  const priceBound = filter.minPrice !== undefined || filter.maxPrice !== undefined;
  const onlyInStock = filter.inStock;
  const { inStock, manufacturer, price, productIds } = index;
  const ids: string[] = [];
  let total = 0;
  const n = order.length;
  for (let i = 0; i < n; i++) {
    const r = order[i]!;
    if (groupHits !== null && groupHits[r] !== groups) continue;
    if (onlyInStock && inStock[r] === 0) continue;
    if (manufacturerMask !== null) {
      const m = manufacturer[r]!;
      if (m < 0 || manufacturerMask[m] === 0) continue;
    }
    if (priceBound) {
      const p = price[r]!;
      if (!(p >= minPrice && p <= maxPrice)) continue;
    }
    if (total >= offset && ids.length < limit) ids.push(productIds[r]!);
    total++;
  }
  return { total, ids };
}

/**
 * Approximate heap bytes of one listed product in an index besides its options: its id string and `rowOf` entry
 * dominate (docs/decisions/011-in-memory-listing-index.md).
 */
export const LISTING_INDEX_ROW_BYTES = 160;

/** Approximate heap bytes of an index (for the cache's memory budget). */
export function indexBytes(index: ListingIndex): number {
  return index.size * LISTING_INDEX_ROW_BYTES + index.options.length * 8;
}
