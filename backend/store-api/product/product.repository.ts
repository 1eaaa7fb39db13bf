/**
 * Reads products and everything a product response carries (media, options and properties with their groups,
 * prices, parents for inherited fields) in a fixed number of batched queries per page, never one per product.
 */
import { sql } from 'drizzle-orm';
import { queryRows as rows, type Db } from '../../db/client.ts';
import type { PriceRow } from '../../lib/price.ts';
import { textArray } from '../../db/sql-params.ts';

export interface ProductRow {
  id: string;
  parentId: string | null;
  productNumber: string;
  ean: string | null;
  manufacturerId: string | null;
  manufacturerNumber: string | null;
  active: boolean;
  /** Pieces. */
  stock: number;
  /** Pieces. */
  availableStock: number;
  isCloseout: boolean;
  minPurchase: number;
  maxPurchase: number | null;
  purchaseSteps: number;
  unit: string;
  contentUnit: string | null;
  contentPerUnit: string | null;
  deliveryTimeMin: number | null;
  deliveryTimeMax: number | null;
  deliveryTimeUnit: string;
  /** Days. */
  restockTime: number | null;
  coverMediaId: string | null;
  translated: Partial<
    Record<
      string,
      { name?: string; description?: string; keywords?: string; metaTitle?: string; metaDescription?: string }
    >
  >;
  optionIds: string[];
  propertyIds: string[];
  categoryIds: string[];
  categoryTree: string[];
  childCount: number;
  /** Decimal string, net EUR per order unit. */
  listingPrice: string | null;
  /** Decimal string, percent. */
  taxRate: string;
  ratingAverage: string | null;
  releaseDate: string | null;
  customFields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string | null;
}

export interface ProductMediaRow {
  id: string;
  productId: string;
  mediaId: string;
  position: number;
  purpose: string;
  description: string | null;
  media: {
    id: string;
    fileName: string;
    mimeType: string | null;
    fileExtension: string | null;
    url: string | null;
    translated: Partial<Record<string, { alt?: string; title?: string }>>;
    customFields: Record<string, unknown>;
  };
}

export interface OptionRow {
  id: string;
  groupId: string;
  position: number;
  colorHexCode: string | null;
  translated: Partial<Record<string, { name?: string }>>;
  group: {
    id: string;
    displayType: string;
    sortingType: string;
    filterable: boolean;
    position: number;
    unit: string | null;
    translated: Partial<Record<string, { name?: string; description?: string }>>;
  };
}

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The product columns every product response needs (search vectors excluded). */
export const PRODUCT_COLUMNS =
  sql.raw(`p.id, p.parent_id, p.product_number, p.ean, p.manufacturer_id, p.manufacturer_number, p.active,
  p.stock, p.available_stock, p.is_closeout, p.min_purchase, p.max_purchase, p.purchase_steps, p.unit, p.content_unit,
  p.content_per_unit, p.delivery_time_min, p.delivery_time_max, p.delivery_time_unit, p.restock_time, p.cover_media_id,
  p.translated, p.option_ids, p.property_ids, p.category_ids, p.category_tree, p.child_count, p.listing_price, p.tax_rate,
  p.rating_average, p.release_date, p.custom_fields, p.created_at, p.updated_at`);

/** Converts a raw row (snake_case, driver types) into a ProductRow. */
export function toProductRow(r: Record<string, unknown>): ProductRow {
  return {
    id: r.id as string,
    parentId: (r.parent_id as string | null) ?? null,
    productNumber: r.product_number as string,
    ean: (r.ean as string | null) ?? null,
    manufacturerId: (r.manufacturer_id as string | null) ?? null,
    manufacturerNumber: (r.manufacturer_number as string | null) ?? null,
    active: Boolean(r.active),
    stock: Number(r.stock),
    availableStock: Number(r.available_stock),
    isCloseout: Boolean(r.is_closeout),
    minPurchase: Number(r.min_purchase),
    maxPurchase: r.max_purchase === null || r.max_purchase === undefined ? null : Number(r.max_purchase),
    purchaseSteps: Number(r.purchase_steps),
    unit: r.unit as string,
    contentUnit: (r.content_unit as string | null) ?? null,
    contentPerUnit: r.content_per_unit === null || r.content_per_unit === undefined ? null : String(r.content_per_unit),
    deliveryTimeMin:
      r.delivery_time_min === null || r.delivery_time_min === undefined ? null : Number(r.delivery_time_min),
    deliveryTimeMax:
      r.delivery_time_max === null || r.delivery_time_max === undefined ? null : Number(r.delivery_time_max),
    deliveryTimeUnit: (r.delivery_time_unit as string) ?? 'day',
    restockTime: r.restock_time === null || r.restock_time === undefined ? null : Number(r.restock_time),
    coverMediaId: (r.cover_media_id as string | null) ?? null,
    translated: (r.translated ?? {}) as ProductRow['translated'],
    optionIds: (r.option_ids as string[] | null) ?? [],
    propertyIds: (r.property_ids as string[] | null) ?? [],
    categoryIds: (r.category_ids as string[] | null) ?? [],
    categoryTree: (r.category_tree as string[] | null) ?? [],
    childCount: Number(r.child_count ?? 0),
    listingPrice: r.listing_price === null || r.listing_price === undefined ? null : String(r.listing_price),
    taxRate: String(r.tax_rate ?? '21'),
    ratingAverage: r.rating_average === null || r.rating_average === undefined ? null : String(r.rating_average),
    releaseDate: iso(r.release_date),
    customFields: (r.custom_fields ?? {}) as Record<string, unknown>,
    createdAt: iso(r.created_at) ?? new Date(0).toISOString(),
    updatedAt: iso(r.updated_at),
  };
}

/** Products by id, in the order of `ids`; unknown ids are skipped. `activeOnly` hides inactive products. */
export async function loadProducts(db: Db, ids: string[], activeOnly = true): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const list = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT ${PRODUCT_COLUMNS} FROM product p
     WHERE p.id = ANY(${textArray(ids)}) ${activeOnly ? sql`AND p.active` : sql``}`,
  );
  const byId = new Map(list.map((r) => [r.id as string, toProductRow(r)]));
  return ids.map((id) => byId.get(id)).filter((p): p is ProductRow => Boolean(p));
}

/** Active variants of a parent, ordered by product number. */
export async function loadVariants(db: Db, parentId: string): Promise<ProductRow[]> {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT ${PRODUCT_COLUMNS} FROM product p WHERE p.parent_id = ${parentId} AND p.active ORDER BY p.product_number`,
  );
  return list.map(toProductRow);
}

/** Media links of products (images and documents), by position. */
export async function loadProductMedia(db: Db, productIds: string[]): Promise<ProductMediaRow[]> {
  if (productIds.length === 0) return [];
  const list = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT pm.id, pm.product_id, pm.media_id, pm.position, pm.purpose, pm.description,
           m.file_name, m.mime_type, m.file_extension, m.url, m.translated, m.custom_fields
      FROM product_media pm JOIN media m ON m.id = pm.media_id
     WHERE pm.product_id = ANY(${textArray(productIds)})
     ORDER BY pm.product_id, pm.position, pm.id`,
  );
  return list.map((r) => ({
    id: r.id as string,
    productId: r.product_id as string,
    mediaId: r.media_id as string,
    position: Number(r.position),
    purpose: r.purpose as string,
    description: (r.description as string | null) ?? null,
    media: {
      id: r.media_id as string,
      fileName: r.file_name as string,
      mimeType: (r.mime_type as string | null) ?? null,
      fileExtension: (r.file_extension as string | null) ?? null,
      url: (r.url as string | null) ?? null,
      translated: (r.translated ?? {}) as ProductMediaRow['media']['translated'],
      customFields: (r.custom_fields ?? {}) as Record<string, unknown>,
    },
  }));
}

/** Property group options with their groups. */
export async function loadOptions(db: Db, optionIds: string[]): Promise<Map<string, OptionRow>> {
  if (optionIds.length === 0) return new Map();
  const list = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT o.id, o.group_id, o.position, o.color_hex_code, o.translated,
           g.display_type, g.sorting_type, g.filterable, g.position AS group_position, g.unit, g.translated AS group_translated
      FROM property_group_option o JOIN property_group g ON g.id = o.group_id
     WHERE o.id = ANY(${textArray([...new Set(optionIds)])})`,
  );
  return new Map(
    list.map((r) => [
      r.id as string,
      {
        id: r.id as string,
        groupId: r.group_id as string,
        position: Number(r.position),
        colorHexCode: (r.color_hex_code as string | null) ?? null,
        translated: (r.translated ?? {}) as OptionRow['translated'],
        group: {
          id: r.group_id as string,
          displayType: r.display_type as string,
          sortingType: r.sorting_type as string,
          filterable: Boolean(r.filterable),
          position: Number(r.group_position),
          unit: (r.unit as string | null) ?? null,
          translated: (r.group_translated ?? {}) as OptionRow['group']['translated'],
        },
      },
    ]),
  );
}

/** Price rows per product id. */
export async function loadPrices(db: Db, productIds: string[]): Promise<Map<string, PriceRow[]>> {
  const out = new Map<string, PriceRow[]>();
  if (productIds.length === 0) return out;
  const list = await rows<Record<string, unknown>>(
    db,
    sql`
    SELECT product_id, price_type, lower_bound, amount, price_quantity, currency, valid_from, valid_to
      FROM product_price WHERE product_id = ANY(${textArray(productIds)})`,
  );
  for (const r of list) {
    const id = r.product_id as string;
    const entry: PriceRow = {
      priceType: r.price_type as string,
      lowerBound: Number(r.lower_bound),
      amount: String(r.amount),
      priceQuantity: String(r.price_quantity ?? '1'),
      currency: r.currency as string,
      validFrom: (r.valid_from as string | null) ?? null,
      validTo: (r.valid_to as string | null) ?? null,
    };
    out.set(id, [...(out.get(id) ?? []), entry]);
  }
  return out;
}
