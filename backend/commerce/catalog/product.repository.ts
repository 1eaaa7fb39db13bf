/**
 * Reads products and everything a product response carries (media, options and properties with their groups,
 * prices, parents for inherited fields) in a fixed number of batched queries per page, never one per product. Each
 * query has a fixed text (ids as one array parameter) and runs as a prepared statement (`queryPrepared`).
 */
import { sql, type SQL } from 'drizzle-orm';
import { queryPrepared as rows, type Db } from '../../db/client.ts';
import type { PriceRow } from '../../lib/price.ts';
import { textArray } from '../../db/sql-params.ts';
import { jsonColumns } from '../../db/json-rows.ts';
import { productTable } from '../../db/schema/index.ts';
import type { MediaFileRef } from '../../http/entities.ts';

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
    /** The stored image, when the media store has the file. */
    file: MediaFileRef | null;
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

/** A timestamp as the drivers answer it (node-postgres: `Date`; text when cast). */
type DbTimestamp = Date | string;
/** A `numeric` as the drivers answer it (decimal string; a number when computed). */
type DbNumeric = string | number;

const iso = (v: DbTimestamp | null | undefined): string | null =>
  v === null || v === undefined ? null : new Date(v).toISOString();

/** A product as PRODUCT_COLUMNS selects it: snake_case columns of `product`. */
export interface ProductDbRow {
  id: string;
  parent_id: string | null;
  product_number: string;
  ean: string | null;
  manufacturer_id: string | null;
  manufacturer_number: string | null;
  active: boolean;
  stock: number;
  available_stock: number;
  is_closeout: boolean;
  min_purchase: number;
  max_purchase: number | null;
  purchase_steps: number;
  unit: string;
  content_unit: string | null;
  content_per_unit: DbNumeric | null;
  delivery_time_min: number | null;
  delivery_time_max: number | null;
  delivery_time_unit: string | null;
  restock_time: number | null;
  cover_media_id: string | null;
  translated: ProductRow['translated'] | null;
  option_ids: string[] | null;
  property_ids: string[] | null;
  category_ids: string[] | null;
  category_tree: string[] | null;
  child_count: number | null;
  listing_price: DbNumeric | null;
  tax_rate: DbNumeric | null;
  rating_average: DbNumeric | null;
  release_date: DbTimestamp | null;
  custom_fields: Record<string, unknown> | null;
  created_at: DbTimestamp | null;
  updated_at: DbTimestamp | null;
}

/** The `product` columns every product response needs (search vectors excluded). */
const PRODUCT_COLUMN_NAMES = `id parent_id product_number ean manufacturer_id manufacturer_number active stock
  available_stock is_closeout min_purchase max_purchase purchase_steps unit content_unit content_per_unit
  delivery_time_min delivery_time_max delivery_time_unit restock_time cover_media_id translated option_ids
  property_ids category_ids category_tree child_count listing_price tax_rate rating_average release_date custom_fields
  created_at updated_at`.split(/\s+/);

/** The product columns every product response needs (search vectors excluded), of `product p`. */
export const PRODUCT_COLUMNS = sql.raw(PRODUCT_COLUMN_NAMES.map((name) => `p.${name}`).join(', '));

/**
 * PRODUCT_COLUMNS with the `numeric` columns as text under their own names, for rows read as JSON (JSON has no
 * decimal: "21.00" would become 21; ../../db/json-rows.ts); `toProductRow` maps both alike.
 */
export const PRODUCT_TEXT_COLUMNS = jsonColumns(productTable, 'p', PRODUCT_COLUMN_NAMES);

const numberOrNull = (v: DbNumeric | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);
const stringOrNull = (v: DbNumeric | null | undefined): string | null =>
  v === null || v === undefined ? null : String(v);

/** Converts a raw product row (snake_case, driver types) into a ProductRow. */
export function toProductRow(r: ProductDbRow): ProductRow {
  return {
    id: r.id,
    parentId: r.parent_id ?? null,
    productNumber: r.product_number,
    ean: r.ean ?? null,
    manufacturerId: r.manufacturer_id ?? null,
    manufacturerNumber: r.manufacturer_number ?? null,
    active: Boolean(r.active),
    stock: Number(r.stock),
    availableStock: Number(r.available_stock),
    isCloseout: Boolean(r.is_closeout),
    minPurchase: Number(r.min_purchase),
    maxPurchase: numberOrNull(r.max_purchase),
    purchaseSteps: Number(r.purchase_steps),
    unit: r.unit,
    contentUnit: r.content_unit ?? null,
    contentPerUnit: stringOrNull(r.content_per_unit),
    deliveryTimeMin: numberOrNull(r.delivery_time_min),
    deliveryTimeMax: numberOrNull(r.delivery_time_max),
    deliveryTimeUnit: r.delivery_time_unit ?? 'day',
    restockTime: numberOrNull(r.restock_time),
    coverMediaId: r.cover_media_id ?? null,
    translated: r.translated ?? {},
    optionIds: r.option_ids ?? [],
    propertyIds: r.property_ids ?? [],
    categoryIds: r.category_ids ?? [],
    categoryTree: r.category_tree ?? [],
    childCount: Number(r.child_count ?? 0),
    listingPrice: stringOrNull(r.listing_price),
    taxRate: String(r.tax_rate ?? '21'),
    ratingAverage: stringOrNull(r.rating_average),
    releaseDate: iso(r.release_date),
    customFields: r.custom_fields ?? {},
    createdAt: iso(r.created_at) ?? new Date(0).toISOString(),
    updatedAt: iso(r.updated_at),
  };
}

/**
 * Products by id, in the order of `ids`; unknown ids are skipped. `activeOnly` hides inactive products.
 *
 * The rows come as one JSON value (PRODUCT_TEXT_COLUMNS): the embedded database hands each row and column to
 * JavaScript one by one, so a page of 24 products read as rows costs more than the statement itself.
 */
export async function loadProducts(db: Db, ids: string[], activeOnly = true): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  const [result] = await rows<{ products: ProductDbRow[] | null }>(
    db,
    sql`
    SELECT json_agg(x) AS products FROM (
      SELECT ${PRODUCT_TEXT_COLUMNS} FROM product p
       WHERE p.id = ANY(${textArray(ids)}) ${activeOnly ? sql`AND p.active` : sql``}) x`,
  );
  const byId = new Map((result?.products ?? []).map((r) => [r.id, toProductRow(r)]));
  return ids.map((id) => byId.get(id)).filter((p): p is ProductRow => Boolean(p));
}

/** Active variants of a parent, ordered by product number. */
export async function loadVariants(db: Db, parentId: string): Promise<ProductRow[]> {
  const list = await rows<ProductDbRow>(
    db,
    sql`
    SELECT ${PRODUCT_COLUMNS} FROM product p WHERE p.parent_id = ${parentId} AND p.active ORDER BY p.product_number`,
  );
  return list.map(toProductRow);
}

/** A media link as `productMediaSelect` selects it (snake_case columns). */
export interface ProductMediaDbRow {
  id: string;
  product_id: string;
  media_id: string;
  position: number;
  purpose: string;
  description: string | null;
  file_name: string;
  mime_type: string | null;
  file_extension: string | null;
  url: string | null;
  translated: ProductMediaRow['media']['translated'] | null;
  custom_fields: Record<string, unknown> | null;
  file_hash: string | null;
  file_mime_type: string | null;
  file_width: number | null;
  file_height: number | null;
}

/** Purposes of a product's media link that belong to its gallery (BMEcat MIME_PURPOSE values; others are documents). */
export const GALLERY_PURPOSES = ['normal', 'detail', 'thumbnail', 'logo'] as const;
/** File extensions read as images when a media has no image MIME type. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'svg', 'tif', 'tiff'] as const;

/**
 * Whether a media link is an image of the product's gallery (else a document for downloads): an image (MIME type
 * `image/*`, or one of IMAGE_EXTENSIONS by its extension or file name) linked with one of GALLERY_PURPOSES.
 * `galleryImageSql` is the same rule in SQL.
 */
export function isGalleryImage(pm: Pick<ProductMediaRow, 'purpose' | 'media'>): boolean {
  const mime = pm.media.mimeType ?? '';
  const ext = (pm.media.fileExtension ?? /\.([A-Za-z0-9]+)$/.exec(pm.media.fileName)?.[1] ?? '').toLowerCase();
  const image = mime.startsWith('image/') || (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  return image && (GALLERY_PURPOSES as readonly string[]).includes(pm.purpose);
}

/** `isGalleryImage` in SQL, for the link `pm` of the media `m`. */
const galleryImageSql = sql`(
  (coalesce(m.mime_type, '') LIKE 'image/%'
    OR lower(coalesce(m.file_extension, substring(m.file_name FROM '\\.([A-Za-z0-9]+)$'), '')) = ANY(${textArray([...IMAGE_EXTENSIONS])}))
  AND pm.purpose = ANY(${textArray([...GALLERY_PURPOSES])}))`;

/**
 * The media links (with media and stored file) of the products whose ids are the text array `productIds`, ordered by
 * product, position and id.
 *
 * Media and file are looked up per link by their primary keys: PostgreSQL cannot tell how many ids an array built in
 * the statement holds and plans for about a thousand links, so in a join it reads the whole `media` and `media_file`
 * tables into hash tables for the dozen links of a product page (EXPLAIN ANALYZE on the demo catalogue: 9 ms on the
 * embedded database for 11 links). `OFFSET 0` keeps each lookup a subquery of its own: the planner pulls a subquery
 * up into the join only when it has no LIMIT or OFFSET (PostgreSQL source, optimizer/prep/prepjointree.c,
 * `is_simple_subquery`).
 */
export function productMediaSelect(productIds: SQL): SQL {
  return sql`
    ${MEDIA_LINKS}
     WHERE pm.product_id = ANY(${productIds})
     ORDER BY pm.product_id, pm.position, pm.id`;
}

/**
 * Per product of the text array `productIds`, the one media link a listing shows, with media and stored file: the
 * gallery image (`isGalleryImage`) that is the product's cover (its own `cover_media_id`, else its parent's), else
 * its first gallery image by position, else its first link (a document: the product has media of its own, so it
 * does not inherit its parent's, and shows no cover). The rule of the product mapper's `cover`, without reading the
 * dozens of links a product may have (a listing of 24 ladders held 658 links, 260 KB of JSON).
 */
function productCoverSelect(productIds: SQL): SQL {
  // One product at a time, each branch an ordered index scan (product_media_product_idx) that stops at its first
  // row, and the first branch with a row wins (Append under LIMIT 1): usually one or two links are read per product.
  // Joining the links of all products to `product` instead made PostgreSQL scan the whole table (EXPLAIN ANALYZE on the
  // demo catalogue: 15 ms on the embedded database for 24 products with 658 links).
  const link = (where: SQL) => sql`(
    ${MEDIA_LINKS}
     WHERE pm.product_id = wanted.id AND ${where}
     ORDER BY pm.position, pm.id LIMIT 1)`;
  return sql`
    SELECT cover.* FROM unnest(${productIds}) AS wanted(id)
      LEFT JOIN LATERAL (
        SELECT coalesce(p.cover_media_id, parent.cover_media_id) AS media_id
          FROM product p LEFT JOIN product parent ON parent.id = p.parent_id
         WHERE p.id = wanted.id) chosen ON true
      CROSS JOIN LATERAL (
        ${link(sql`pm.media_id = chosen.media_id AND ${galleryImageSql}`)}
        UNION ALL ${link(galleryImageSql)}
        UNION ALL ${link(sql`true`)}
        LIMIT 1) cover`;
}

/**
 * The rows of `productMediaSelect` for the text array `productIds` as one JSON list in its order (null for none): one
 * value instead of a row per media link, which the embedded database hands over far faster (`loadProducts`).
 */
export function productMediaJson(productIds: SQL): SQL {
  return mediaLinksJson(productMediaSelect(productIds));
}

/** The rows of a select of media links as one JSON list by product, position and id (null for none). */
function mediaLinksJson(select: SQL): SQL {
  return sql`(SELECT json_agg(x ORDER BY x.product_id, x.position, x.id) FROM (${select}) x)`;
}

/** The media columns of `productMediaSelect` and `loadMedia` (`m` the media, `f` its stored file). */
const MEDIA_COLUMNS = sql.raw(`m.file_name, m.mime_type, m.file_extension, m.url, m.translated, m.custom_fields,
           f.hash AS file_hash, f.mime_type AS file_mime_type, f.width AS file_width, f.height AS file_height`);

/** The media links `pm` with their media `m` and stored file `f`, each looked up by its key (`productMediaSelect`). */
const MEDIA_LINKS = sql`
    SELECT pm.id, pm.product_id, pm.media_id, pm.position, pm.purpose, pm.description, ${MEDIA_COLUMNS}
      FROM product_media pm
      CROSS JOIN LATERAL (SELECT * FROM media WHERE media.id = pm.media_id OFFSET 0) m
      LEFT JOIN LATERAL (SELECT * FROM media_file WHERE media_file.hash = m.file_hash OFFSET 0) f ON true`;

/** A media row with its stored file, from the MEDIA_COLUMNS of a row whose media id is `id`. */
function toMediaRow(
  id: string,
  r: Omit<ProductMediaDbRow, 'id' | 'product_id' | 'media_id' | 'position' | 'purpose' | 'description'>,
): ProductMediaRow['media'] {
  return {
    id,
    fileName: r.file_name,
    mimeType: r.mime_type ?? null,
    fileExtension: r.file_extension ?? null,
    url: r.url ?? null,
    translated: r.translated ?? {},
    customFields: r.custom_fields ?? {},
    file: r.file_hash
      ? {
          hash: r.file_hash,
          mimeType: r.file_mime_type ?? '',
          width: Number(r.file_width),
          height: Number(r.file_height),
        }
      : null,
  };
}

/** Converts a row of `productMediaSelect` into a ProductMediaRow. */
export function toProductMediaRow(r: ProductMediaDbRow): ProductMediaRow {
  return {
    id: r.id,
    productId: r.product_id,
    mediaId: r.media_id,
    position: Number(r.position),
    purpose: r.purpose,
    description: r.description ?? null,
    media: toMediaRow(r.media_id, r),
  };
}

/** Media by id, each with its stored file (a cover named by `cover_media_id`); unknown ids are left out. */
export async function loadMedia(db: Db, mediaIds: string[]): Promise<Map<string, ProductMediaRow['media']>> {
  if (mediaIds.length === 0) return new Map();
  const list = await rows<Omit<ProductMediaDbRow, 'product_id' | 'media_id' | 'position' | 'purpose' | 'description'>>(
    db,
    sql`SELECT m.id, ${MEDIA_COLUMNS}
          FROM media m LEFT JOIN media_file f ON f.hash = m.file_hash
         WHERE m.id = ANY(${textArray([...new Set(mediaIds)])})`,
  );
  return new Map(list.map((r) => [r.id, toMediaRow(r.id, r)]));
}

/**
 * Media links of products, by product, position and id: `'all'` every link (images and documents), `'cover'` the
 * one a listing shows per product (`productCoverSelect`).
 */
export async function loadProductMedia(
  db: Db,
  productIds: string[],
  scope: 'all' | 'cover' = 'all',
): Promise<ProductMediaRow[]> {
  if (productIds.length === 0) return [];
  const ids = textArray(productIds);
  const select = mediaLinksJson(scope === 'all' ? productMediaSelect(ids) : productCoverSelect(ids));
  const [result] = await rows<{ media: ProductMediaDbRow[] | null }>(db, sql`SELECT ${select} AS media`);
  return (result?.media ?? []).map(toProductMediaRow);
}

/** An option as `optionSelect` selects it (snake_case columns). */
export interface OptionDbRow {
  id: string;
  group_id: string;
  position: number;
  color_hex_code: string | null;
  translated: OptionRow['translated'] | null;
  display_type: string;
  sorting_type: string;
  filterable: boolean;
  group_position: number;
  unit: string | null;
  group_translated: OptionRow['group']['translated'] | null;
}

/** The property group options whose ids are the text array `optionIds`, with their groups. */
export function optionSelect(optionIds: SQL): SQL {
  return sql`
    SELECT o.id, o.group_id, o.position, o.color_hex_code, o.translated,
           g.display_type, g.sorting_type, g.filterable, g.position AS group_position, g.unit, g.translated AS group_translated
      FROM property_group_option o JOIN property_group g ON g.id = o.group_id
     WHERE o.id = ANY(${optionIds})`;
}

/** Options of `optionSelect` by id. */
export function toOptionMap(list: OptionDbRow[]): Map<string, OptionRow> {
  return new Map(
    list.map((r) => [
      r.id,
      {
        id: r.id,
        groupId: r.group_id,
        position: Number(r.position),
        colorHexCode: r.color_hex_code ?? null,
        translated: r.translated ?? {},
        group: {
          id: r.group_id,
          displayType: r.display_type,
          sortingType: r.sorting_type,
          filterable: Boolean(r.filterable),
          position: Number(r.group_position),
          unit: r.unit ?? null,
          translated: r.group_translated ?? {},
        },
      },
    ]),
  );
}

/** Property group options with their groups. */
export async function loadOptions(db: Db, optionIds: string[]): Promise<Map<string, OptionRow>> {
  if (optionIds.length === 0) return new Map();
  return toOptionMap(await rows<OptionDbRow>(db, optionSelect(textArray([...new Set(optionIds)]))));
}

/** A price as `priceSelect` selects it (snake_case columns; decimals as text). */
export interface PriceDbRow {
  product_id: string;
  price_type: string;
  lower_bound: number;
  amount: DbNumeric;
  price_quantity: DbNumeric | null;
  currency: string;
  valid_from: DbTimestamp | null;
  valid_to: DbTimestamp | null;
}

/** The price rows of the products whose ids are the text array `productIds` (decimals as text). */
export function priceSelect(productIds: SQL): SQL {
  return sql`
    SELECT product_id, price_type, lower_bound, amount::text AS amount, price_quantity::text AS price_quantity,
           currency, valid_from, valid_to
      FROM product_price WHERE product_id = ANY(${productIds})`;
}

/** Rows of `priceSelect` per product id. */
export function toPriceMap(list: PriceDbRow[]): Map<string, PriceRow[]> {
  const out = new Map<string, PriceRow[]>();
  for (const r of list) {
    const id = r.product_id;
    const entry: PriceRow = {
      priceType: r.price_type,
      lowerBound: Number(r.lower_bound),
      amount: String(r.amount),
      priceQuantity: String(r.price_quantity ?? '1'),
      currency: r.currency,
      validFrom: r.valid_from ?? null,
      validTo: r.valid_to ?? null,
    };
    out.set(id, [...(out.get(id) ?? []), entry]);
  }
  return out;
}

/** Price rows per product id. */
export async function loadPrices(db: Db, productIds: string[]): Promise<Map<string, PriceRow[]>> {
  if (productIds.length === 0) return new Map();
  return toPriceMap(await rows<PriceDbRow>(db, priceSelect(textArray(productIds))));
}
