/**
 * The catalogue writer: the one place that persists catalogue changes (ADR 006). Sources (BMEcat and spreadsheet
 * importers, the generator) call `write(change)`; the writer buffers changes and upserts them in batches of hundreds
 * of rows per statement, with ids derived from source keys so a re-import updates instead of duplicating.
 * `finalize()` then computes, set-based in SQL, everything that depends on other rows: category paths, levels and
 * counts, product category trees, variant unions, listing prices of variant parents, resolved references, and the
 * categories' SEO URLs.
 *
 * Columns that depend only on the product itself are computed while writing, in the same statement: denormalised
 * names (`name_de` … with the fallback requested locale → en-GB → de-DE → any), the per-language search vectors
 * (`to_tsvector` over name, keywords, description without tags, manufacturer name and property values, with the same
 * fallback), the listing price and the cover image.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import { FALLBACK_LOCALES, LOCALE_CODES } from '../../contract/locales.ts';
import { queryRows as query, type Db } from '../db/client.ts';
import { LOCALE_COLUMNS } from '../db/locale-columns.ts';
import {
  categoryTable,
  manufacturerTable,
  mediaTable,
  productMediaTable,
  productPriceTable,
  productReferenceTable,
  productTable,
  propertyGroupOptionTable,
  propertyGroupTable,
  seoUrlTable,
} from '../db/schema/index.ts';
import { LANGUAGES, languageId, ROOT_CATEGORY_IDS, SALES_CHANNEL_ID } from '../db/seed-channel.ts';
import { stableId } from '../lib/ids.ts';
import { categorySeoPath } from '../lib/slug.ts';
import type {
  CatalogCategory,
  CatalogChange,
  CatalogMedia,
  CatalogPrice,
  CatalogProduct,
  CatalogProperty,
  CatalogSink,
  LocaleCode,
  LocalizedText,
} from './model.ts';

/** What `finalize()` reports: rows in the catalogue after the run and what this writer did. */
export interface FinalizeReport {
  /** Category and product changes written by this writer (after de-duplication within a batch). */
  written: { categories: number; products: number; deleted: number; priceUpdates: number };
  /** `prices` changes for product numbers that do not exist. */
  skippedPriceUpdates: string[];
  /** Totals in the database after finalize. */
  totals: { categories: number; products: number; variants: number; seoUrls: number };
  /** References whose target product number is not in the catalogue (kept, `targetProductId` null). */
  unresolvedReferences: number;
  durationMs: number;
}

export interface CatalogWriterOptions {
  /**
   * Where the top-level categories of each source hang: source → parent category id. Read when each category is
   * written, so callers may add entries between writes. Sources without an entry hang below the main navigation root.
   */
  mounts?: Record<string, string> | undefined;
  /** Sales channel the SEO URLs belong to (default: the one Werkbank channel). */
  salesChannelId?: string | undefined;
  /** Products per insert statement (default 500). */
  batchSize?: number | undefined;
}

export interface CatalogWriter extends CatalogSink {
  /** Buffers one change; flushes a batch when the buffer is full. Rejects when a batch fails to write. */
  write(change: CatalogChange): Promise<void>;
  /** Flushes the buffers and runs the set-based post-processing. Call once at the end of an import. */
  finalize(): Promise<FinalizeReport>;
}

/** Keys held in the per-run caches of manufacturers, property options and media before they are cleared. */
const CACHE_LIMIT = 50_000;

/** Category id from its source key (`stableId('category', 'source:externalId')`). */
export const categoryId = (source: string, externalId: string): string =>
  stableId('category', `${source}:${externalId}`);
/** Product id from the supplier article number. */
export const productId = (productNumber: string): string => stableId('product', productNumber);
/** Normalised matching key: trimmed, inner whitespace collapsed, lower case. */
export const normaliseKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLowerCase();
/** Manufacturer id from its name, matched case- and whitespace-insensitively. */
export const manufacturerId = (name: string): string => stableId('manufacturer', normaliseKey(name));
/** Property group id from its key (feature name or classification code). */
export const propertyGroupId = (group: string): string => stableId('property-group', normaliseKey(group));
/** Property option id from its group and value key. */
export const propertyOptionId = (group: string, valueKey: string): string =>
  stableId('property-option', `${normaliseKey(group)}:${valueKey}`);
/** Media id from its MIME_SOURCE. */
export const mediaId = (source: string): string => stableId('media', source);

/**
 * Text of `text` in `locale`, falling back to en-GB, then de-DE, then any non-empty locale (Shopware's
 * translation inheritance with the shop's fallback order); undefined when there is no text at all.
 */
export function pickText(text: LocalizedText | undefined, locale: LocaleCode): string | undefined {
  if (!text) return undefined;
  for (const l of [locale, ...FALLBACK_LOCALES]) {
    const value = text[l];
    if (value !== undefined && value.trim() !== '') return value;
  }
  return Object.values(text).find((v) => v !== undefined && v.trim() !== '');
}

/**
 * GS1 check digit validation for GTIN-8, GTIN-12 (UPC-A), GTIN-13 (EAN) and GTIN-14: the last digit equals
 * (10 − (Σ digits weighted 3,1,3,… from the right, check digit excluded) mod 10) mod 10.
 */
export function isValidGtin(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  let sum = 0;
  digits.reverse().forEach((d, i) => {
    sum += d * (i % 2 === 0 ? 3 : 1);
  });
  return (10 - (sum % 10)) % 10 === check;
}

/** Order unit as UN/ECE Rec 20 code: the legacy BMEcat code PCE (not in Rec 20) becomes C62 ("one"). */
export function normaliseUnit(unit: string | undefined): string {
  const u = unit?.trim().toUpperCase();
  if (!u || u === 'PCE') return 'C62';
  return u;
}

/**
 * The price a listing sorts and filters by: the first tier (lowest LOWER_BOUND, ≤ 1) of net_list, else
 * net_customer, else the first type that is not a recommended retail price (nrp). Amount and price quantity as
 * decimal strings; the division happens in SQL (numeric), never in floating point.
 */
export function listingPriceSource(
  prices: CatalogPrice[] | undefined,
): { amount: string; priceQuantity: string } | undefined {
  if (!prices?.length) return undefined;
  const firstTier = (type: string) =>
    prices
      .filter((p) => p.priceType === type && (p.lowerBound ?? 1) <= 1)
      .sort((a, b) => (a.lowerBound ?? 1) - (b.lowerBound ?? 1))[0];
  const chosen =
    firstTier('net_list') ??
    firstTier('net_customer') ??
    (() => {
      const other = prices.find((p) => p.priceType !== 'nrp' && (p.lowerBound ?? 1) <= 1);
      return other ? firstTier(other.priceType) : undefined;
    })();
  if (!chosen || !/^\d+(\.\d+)?$/.test(chosen.amount.trim())) return undefined;
  return { amount: chosen.amount.trim(), priceQuantity: chosen.priceQuantity?.trim() || '1' };
}

/** `amount / priceQuantity` rounded to five decimals, computed by PostgreSQL in numeric. */
function listingPriceSql(source: { amount: string; priceQuantity: string }): SQL {
  return sql`round(${source.amount}::numeric / nullif(${source.priceQuantity}::numeric, 0), 5)`;
}

/** `set` clause that takes every listed column from the proposed row (`excluded`), plus `updated_at = now()`. */
function excludedSet<T extends PgTable>(table: T, keys: (keyof T['_']['columns'] & string)[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const set: Record<string, SQL> = {};
  for (const key of keys) set[key] = sql.raw(`excluded."${columns[key]!.name}"`);
  if ('updatedAt' in columns) set.updatedAt = sql`now()`;
  return set;
}

const isAbsoluteUrl = (s: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(s);
const isImage = (m: CatalogMedia): boolean =>
  (m.mimeType ?? '').startsWith('image/') || /\.(jpe?g|png|gif|webp|avif|svg|tiff?)$/i.test(m.source);

function translations<K extends string>(
  fields: Partial<Record<K, LocalizedText | undefined>>,
): Record<string, Partial<Record<K, string>>> {
  const out: Record<string, Partial<Record<K, string>>> = {};
  for (const [field, text] of Object.entries(fields) as [K, LocalizedText | undefined][]) {
    if (!text) continue;
    for (const [locale, value] of Object.entries(text)) {
      if (value === undefined || value === '') continue;
      (out[locale] ??= {})[field] = value;
    }
  }
  return out;
}

/** Option value key within its group: the German (else any) value, normalised, with the unit when given. */
function optionKey(p: CatalogProperty): string {
  const value = pickText(p.value, 'de-DE') ?? '';
  return normaliseKey(p.unit ? `${value} ${p.unit}` : value);
}

/** Bounded set: forgets everything once it holds CACHE_LIMIT keys, so memory stays flat on huge imports. */
class SeenSet {
  #set = new Set<string>();
  has(key: string): boolean {
    return this.#set.has(key);
  }
  add(key: string): void {
    if (this.#set.size >= CACHE_LIMIT) this.#set.clear();
    this.#set.add(key);
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Creates a writer over a migrated database whose sales channel is seeded (`seedSalesChannel`).
 *
 * Ids: category `stableId('category', source:externalId)`, product `stableId('product', productNumber)`,
 * manufacturer by normalised name, property group by key, option by group and value, media by MIME_SOURCE.
 * A product change replaces the product's prices, media links and references; `delete-product` deletes the product
 * and its variants; `prices` replaces the price list of an existing product (BMEcat T_UPDATE_PRICES).
 *
 * @throws (from `write`/`finalize`) the database error of a failed batch; rows of earlier batches stay written.
 */
export function createCatalogWriter(db: Db, options: CatalogWriterOptions = {}): CatalogWriter {
  const mounts = options.mounts ?? {};
  const salesChannelId = options.salesChannelId ?? SALES_CHANNEL_ID;
  const batchSize = options.batchSize ?? 500;
  const started = Date.now();

  const categories = new Map<string, typeof categoryTable.$inferInsert>();
  type Pending =
    | { kind: 'product'; items: Map<string, CatalogProduct> }
    | { kind: 'delete'; items: Set<string> }
    | { kind: 'prices'; items: Map<string, CatalogPrice[]> };
  let pending: Pending | undefined;

  /** Category id → parent id, to compute product category trees while writing (categories number thousands). */
  let categoryParents: Map<string, string | null> | undefined;
  const seenManufacturers = new SeenSet();
  const seenGroups = new SeenSet();
  const seenOptions = new SeenSet();
  const seenMedia = new SeenSet();
  const written = { categories: 0, products: 0, deleted: 0, priceUpdates: 0 };
  const skippedPriceUpdates: string[] = [];

  function bufferCategory(c: CatalogCategory): void {
    const parentId = c.parent
      ? categoryId(c.parent.source, c.parent.externalId)
      : c.parentExternalId !== undefined && c.parentExternalId !== ''
        ? categoryId(c.source, c.parentExternalId)
        : (mounts[c.source] ?? ROOT_CATEGORY_IDS.main);
    const id = categoryId(c.source, c.externalId);
    categoryParents?.set(id, parentId);
    categories.set(id, {
      id,
      parentId,
      position: c.position ?? 0,
      type: c.type ?? 'page',
      mediaFileName: c.mediaFileName ?? null,
      translated: translations({ name: c.name, description: c.description, keywords: c.keywords }),
      source: c.source,
      externalId: c.externalId,
    });
  }

  async function flushCategories(): Promise<void> {
    if (categories.size === 0) return;
    const rows = [...categories.values()];
    categories.clear();
    for (const batch of chunks(rows, 1000)) {
      await db
        .insert(categoryTable)
        .values(batch)
        .onConflictDoUpdate({
          target: categoryTable.id,
          set: excludedSet(categoryTable, [
            'parentId',
            'position',
            'type',
            'mediaFileName',
            'translated',
            'source',
            'externalId',
          ]),
        });
    }
    written.categories += rows.length;
  }

  async function writeManufacturers(products: CatalogProduct[]): Promise<void> {
    const rows = new Map<string, typeof manufacturerTable.$inferInsert>();
    for (const p of products) {
      const name = p.manufacturerName?.trim();
      if (!name) continue;
      const key = normaliseKey(name);
      if (seenManufacturers.has(key) || rows.has(key)) continue;
      rows.set(key, { id: manufacturerId(name), key, name });
    }
    if (rows.size === 0) return;
    await db
      .insert(manufacturerTable)
      .values([...rows.values()])
      .onConflictDoUpdate({ target: manufacturerTable.id, set: excludedSet(manufacturerTable, ['name']) });
    for (const key of rows.keys()) seenManufacturers.add(key);
  }

  async function writeProperties(products: CatalogProduct[]): Promise<void> {
    const groups = new Map<string, { row: typeof propertyGroupTable.$inferInsert; named: boolean }>();
    const optionRows = new Map<string, typeof propertyGroupOptionTable.$inferInsert>();
    for (const p of products) {
      for (const prop of [...(p.properties ?? []), ...(p.options ?? [])]) {
        const groupKey = normaliseKey(prop.group);
        const gid = propertyGroupId(prop.group);
        if (!seenGroups.has(groupKey) && !groups.has(groupKey)) {
          const named = prop.groupName !== undefined && Object.keys(prop.groupName).length > 0;
          groups.set(groupKey, {
            named,
            row: {
              id: gid,
              key: groupKey,
              displayType: prop.displayType ?? 'text',
              filterable: prop.filterable ?? true,
              position: prop.position ?? 0,
              unit: prop.unit ?? null,
              translated: translations({ name: named ? prop.groupName : { 'de-DE': prop.group } }),
            },
          });
        }
        const vKey = optionKey(prop);
        const oid = propertyOptionId(prop.group, vKey);
        if (!seenOptions.has(oid) && !optionRows.has(oid)) {
          optionRows.set(oid, {
            id: oid,
            groupId: gid,
            key: vKey,
            colorHexCode: prop.colorHexCode ?? null,
            translated: translations({ name: prop.value }),
          });
        }
      }
    }
    // Named groups merge their labels over stored ones; a group known only by its key keeps any stored labels.
    const named = [...groups.values()].filter((g) => g.named).map((g) => g.row);
    const unnamed = [...groups.values()].filter((g) => !g.named).map((g) => g.row);
    const groupSet = excludedSet(propertyGroupTable, ['displayType', 'filterable', 'position', 'unit']);
    if (named.length) {
      await db
        .insert(propertyGroupTable)
        .values(named)
        .onConflictDoUpdate({
          target: propertyGroupTable.id,
          set: { ...groupSet, translated: sql`property_group.translated || excluded.translated` },
        });
    }
    if (unnamed.length) {
      await db
        .insert(propertyGroupTable)
        .values(unnamed)
        .onConflictDoUpdate({
          target: propertyGroupTable.id,
          set: { translated: sql`excluded.translated || property_group.translated`, updatedAt: sql`now()` },
        });
    }
    for (const key of groups.keys()) seenGroups.add(key);
    for (const batch of chunks([...optionRows.values()], 1000)) {
      await db
        .insert(propertyGroupOptionTable)
        .values(batch)
        .onConflictDoUpdate({
          target: propertyGroupOptionTable.id,
          set: {
            ...excludedSet(propertyGroupOptionTable, ['colorHexCode']),
            translated: sql`property_group_option.translated || excluded.translated`,
          },
        });
    }
    for (const id of optionRows.keys()) seenOptions.add(id);
  }

  async function writeMedia(products: CatalogProduct[]): Promise<void> {
    const rows = new Map<string, typeof mediaTable.$inferInsert>();
    for (const p of products) {
      for (const m of p.media ?? []) {
        const id = mediaId(m.source);
        if (seenMedia.has(id) || rows.has(id)) continue;
        const ext = /\.([a-z0-9]{1,8})(?:[?#].*)?$/i.exec(m.source)?.[1]?.toLowerCase() ?? null;
        rows.set(id, {
          id,
          fileName: m.source,
          mimeType: m.mimeType ?? null,
          fileExtension: ext,
          url: isAbsoluteUrl(m.source) ? m.source : null,
          translated: translations({ title: m.description, alt: m.description }),
        });
      }
    }
    for (const batch of chunks([...rows.values()], 1000)) {
      await db
        .insert(mediaTable)
        .values(batch)
        .onConflictDoUpdate({
          target: mediaTable.id,
          set: excludedSet(mediaTable, ['mimeType', 'fileExtension', 'url', 'translated']),
        });
    }
    for (const id of rows.keys()) seenMedia.add(id);
  }

  function productRow(p: CatalogProduct): PgInsertValue<typeof productTable> & { id: string } {
    const id = productId(p.productNumber);
    const ean = p.ean?.trim() || null;
    const propertyIds = [
      ...new Set([...(p.properties ?? []), ...(p.options ?? [])].map((o) => propertyOptionId(o.group, optionKey(o)))),
    ];
    const optionIds = [...new Set((p.options ?? []).map((o) => propertyOptionId(o.group, optionKey(o))))];
    const cover = (p.media ?? [])
      .map((m, i) => ({ m, pos: m.position ?? i }))
      .filter(({ m }) => (m.purpose || 'normal') === 'normal' && isImage(m))
      .sort((a, b) => a.pos - b.pos)[0];
    const listing = listingPriceSource(p.prices);
    const row: PgInsertValue<typeof productTable> & { id: string } = {
      id,
      parentId: p.parentProductNumber ? productId(p.parentProductNumber) : null,
      productNumber: p.productNumber,
      ean,
      eanValid: ean === null || isValidGtin(ean),
      manufacturerId: p.manufacturerName?.trim() ? manufacturerId(p.manufacturerName) : null,
      manufacturerNumber: p.manufacturerNumber?.trim() || null,
      active: p.active ?? true,
      stock: p.stock ?? 0,
      availableStock: p.stock ?? 0,
      minPurchase: p.minPurchase ?? 1,
      maxPurchase: p.maxPurchase ?? null,
      purchaseSteps: p.purchaseSteps ?? 1,
      unit: normaliseUnit(p.unit),
      contentUnit: p.contentUnit ?? null,
      contentPerUnit: p.contentPerUnit ?? null,
      deliveryTimeMin: p.deliveryTimeMin ?? null,
      deliveryTimeMax: p.deliveryTimeMax ?? null,
      deliveryTimeUnit: p.deliveryTimeUnit ?? 'day',
      restockTime: p.restockTime ?? null,
      coverMediaId: cover ? mediaId(cover.m.source) : null,
      translated: translations({ name: p.name, description: p.description, keywords: p.keywords }),
      optionIds,
      propertyIds,
      categoryIds: [...new Set((p.categories ?? []).map((c) => categoryId(c.source, c.externalId)))],
      listingPrice: listing ? listingPriceSql(listing) : null,
      taxRate: p.taxRate !== undefined ? String(p.taxRate) : '21',
      releaseDate: p.releaseDate ?? null,
      customFields: p.customFields ?? {},
      source: p.source,
    };
    for (const locale of LOCALE_CODES) {
      const columns = LOCALE_COLUMNS[locale];
      row[columns.nameKey] = pickText(p.name, locale) ?? '';
      const head = [
        pickText(p.name, locale),
        pickText(p.keywords, locale),
        p.manufacturerName,
        ...[...(p.properties ?? []), ...(p.options ?? [])].map((o) => pickText(o.value, locale)),
      ]
        .filter((s) => s !== undefined && s !== '')
        .join(' ');
      const description = pickText(p.description, locale) ?? '';
      row[columns.searchKey] =
        sql`to_tsvector(${columns.tsConfig}::regconfig, ${head} || ' ' || regexp_replace(${description}::text, '<[^>]*>', ' ', 'g'))`;
    }
    return row;
  }

  async function loadCategoryParents(): Promise<Map<string, string | null>> {
    if (!categoryParents) {
      const stored = await query<{ id: string; parent_id: string | null }>(db, sql`SELECT id, parent_id FROM category`);
      categoryParents = new Map(stored.map((r) => [r.id, r.parent_id]));
      for (const c of categories.values()) categoryParents.set(c.id, c.parentId ?? null);
    }
    return categoryParents;
  }

  /** Direct categories and all their ancestors, sorted; finalize recomputes it for categories written later. */
  function categoryTreeOf(categoryIds: string[], parents: Map<string, string | null>): string[] {
    const tree = new Set<string>();
    for (const start of categoryIds) {
      if (!parents.has(start)) continue;
      let id: string | null | undefined = start;
      for (let depth = 0; id && depth < 50 && !tree.has(id); depth++) {
        tree.add(id);
        id = parents.get(id);
      }
    }
    return [...tree].sort();
  }

  /**
   * Values that finalize would otherwise rewrite row by row, computed for the families complete in this batch:
   * category trees, a parent's variant count, property union and cheapest variant price. Finalize still corrects
   * whatever depends on rows outside the batch, touching only rows that differ.
   */
  function completeBatch(
    products: CatalogProduct[],
    rows: ReturnType<typeof productRow>[],
    parents: Map<string, string | null>,
  ): void {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const variantPrices = new Map<string, SQL[]>();
    products.forEach((p, i) => {
      const row = rows[i]!;
      row.categoryTree = categoryTreeOf(row.categoryIds as string[], parents);
      const parent = row.parentId ? byId.get(row.parentId as string) : undefined;
      if (!parent) return;
      parent.childCount = ((parent.childCount as number | undefined) ?? 0) + 1;
      parent.propertyIds = [...new Set([...(parent.propertyIds as string[]), ...(row.propertyIds as string[])])].sort();
      if ((row.categoryIds as string[]).length === 0) row.categoryTree = parent.categoryTree as string[];
      const listing = listingPriceSource(p.prices);
      if (listing) variantPrices.set(parent.id, [...(variantPrices.get(parent.id) ?? []), listingPriceSql(listing)]);
    });
    for (const [parentId, prices] of variantPrices) {
      const parent = byId.get(parentId)!;
      if (parent.listingPrice === null) parent.listingPrice = sql`LEAST(${sql.join(prices, sql`, `)})`;
    }
  }

  async function flushProducts(items: Map<string, CatalogProduct>): Promise<void> {
    const products = [...items.values()];
    await writeManufacturers(products);
    await writeProperties(products);
    await writeMedia(products);
    const rows = products.map(productRow);
    completeBatch(products, rows, await loadCategoryParents());
    await db
      .insert(productTable)
      .values(rows)
      .onConflictDoUpdate({
        target: productTable.id,
        set: excludedSet(productTable, [
          'parentId',
          'ean',
          'eanValid',
          'manufacturerId',
          'manufacturerNumber',
          'active',
          'stock',
          'availableStock',
          'minPurchase',
          'maxPurchase',
          'purchaseSteps',
          'unit',
          'contentUnit',
          'contentPerUnit',
          'deliveryTimeMin',
          'deliveryTimeMax',
          'deliveryTimeUnit',
          'restockTime',
          'coverMediaId',
          'translated',
          'optionIds',
          'propertyIds',
          'categoryIds',
          'categoryTree',
          'childCount',
          'listingPrice',
          'taxRate',
          'releaseDate',
          'nameDe',
          'nameEn',
          'nameFr',
          'nameNl',
          'searchDe',
          'searchEn',
          'searchFr',
          'searchNl',
          'customFields',
          'source',
        ]),
      });
    const ids = rows.map((r) => r.id);
    await db.execute(sql`DELETE FROM product_media WHERE product_id = ANY(${sql.param(ids)}::text[])`);
    await db.execute(sql`DELETE FROM product_reference WHERE product_id = ANY(${sql.param(ids)}::text[])`);
    await insertPrices(
      products.map((p) => ({ productId: productId(p.productNumber), prices: p.prices ?? [] })),
      ids,
    );

    const mediaRows: (typeof productMediaTable.$inferInsert)[] = [];
    const referenceRows: PgInsertValue<typeof productReferenceTable>[] = [];
    for (const p of products) {
      const pid = productId(p.productNumber);
      (p.media ?? []).forEach((m, i) => {
        mediaRows.push({
          id: stableId('product-media', `${pid}:${i}`),
          productId: pid,
          mediaId: mediaId(m.source),
          position: m.position ?? i,
          purpose: m.purpose || 'normal',
          description: pickText(m.description, 'de-DE') ?? null,
        });
      });
      (p.references ?? []).forEach((r, i) => {
        referenceRows.push({
          id: stableId('product-reference', `${pid}:${i}`),
          productId: pid,
          type: r.type || 'others',
          targetProductNumber: r.productNumber,
          targetProductId: sql`(SELECT id FROM product WHERE id = ${productId(r.productNumber)} AND product_number = ${r.productNumber})`,
          quantity: r.quantity ?? null,
          position: r.position ?? i,
        });
      });
    }
    for (const batch of chunks(mediaRows, 2000)) await db.insert(productMediaTable).values(batch);
    for (const batch of chunks(referenceRows, 2000)) await db.insert(productReferenceTable).values(batch);
    written.products += products.length;
  }

  async function insertPrices(
    lists: { productId: string; prices: CatalogPrice[] }[],
    replaceFor: string[],
  ): Promise<void> {
    await db.execute(sql`DELETE FROM product_price WHERE product_id = ANY(${sql.param(replaceFor)}::text[])`);
    const rows: (typeof productPriceTable.$inferInsert)[] = [];
    for (const { productId: pid, prices } of lists) {
      prices.forEach((pr, i) => {
        rows.push({
          id: stableId('product-price', `${pid}:${i}`),
          productId: pid,
          priceType: pr.priceType,
          lowerBound: pr.lowerBound ?? 1,
          amount: pr.amount,
          priceQuantity: pr.priceQuantity ?? '1',
          currency: pr.currency,
          tax: pr.tax ?? null,
          validFrom: pr.validFrom ?? null,
          validTo: pr.validTo ?? null,
        });
      });
    }
    for (const batch of chunks(rows, 2000)) await db.insert(productPriceTable).values(batch);
  }

  async function flushDeletes(numbers: Set<string>): Promise<void> {
    const ids = [...numbers].map(productId);
    const deleted = await query<{ id: string }>(
      db,
      sql`DELETE FROM product WHERE id = ANY(${sql.param(ids)}::text[]) OR parent_id = ANY(${sql.param(ids)}::text[]) RETURNING id`,
    );
    written.deleted += deleted.length;
  }

  async function flushPriceUpdates(items: Map<string, CatalogPrice[]>): Promise<void> {
    const ids = [...items.keys()].map(productId);
    const existing = await query<{ id: string }>(
      db,
      sql`SELECT id FROM product WHERE id = ANY(${sql.param(ids)}::text[])`,
    );
    const known = new Set(existing.map((r) => r.id));
    const lists: { productId: string; prices: CatalogPrice[] }[] = [];
    for (const [number, prices] of items) {
      const pid = productId(number);
      if (known.has(pid)) lists.push({ productId: pid, prices });
      else skippedPriceUpdates.push(number);
    }
    if (lists.length === 0) return;
    await insertPrices(
      lists,
      lists.map((l) => l.productId),
    );
    const sources = lists.map((l) => listingPriceSource(l.prices));
    await db.execute(sql`
      UPDATE product p
         SET listing_price = round(x.amount::numeric / nullif(x.quantity::numeric, 0), 5), updated_at = now()
        FROM unnest(${sql.param(lists.map((l) => l.productId))}::text[],
                    ${sql.param(sources.map((s) => s?.amount ?? null))}::text[],
                    ${sql.param(sources.map((s) => s?.priceQuantity ?? null))}::text[]) AS x(id, amount, quantity)
       WHERE p.id = x.id`);
    written.priceUpdates += lists.length;
  }

  async function flushPending(): Promise<void> {
    const p = pending;
    pending = undefined;
    if (!p) return;
    if (p.kind === 'product') await flushProducts(p.items);
    else if (p.kind === 'delete') await flushDeletes(p.items);
    else await flushPriceUpdates(p.items);
  }

  async function write(change: CatalogChange): Promise<void> {
    if (change.kind === 'category') {
      bufferCategory(change.category);
      if (categories.size >= 1000) await flushCategories();
      return;
    }
    const kind = change.kind === 'product' ? 'product' : change.kind === 'delete-product' ? 'delete' : 'prices';
    if (pending && pending.kind !== kind) await flushPending();
    if (change.kind === 'product') {
      pending ??= { kind: 'product', items: new Map() };
      (pending.items as Map<string, CatalogProduct>).set(change.product.productNumber, change.product);
    } else if (change.kind === 'delete-product') {
      pending ??= { kind: 'delete', items: new Set() };
      (pending.items as Set<string>).add(change.productNumber);
    } else {
      pending ??= { kind: 'prices', items: new Map() };
      (pending.items as Map<string, CatalogPrice[]>).set(change.productNumber, change.prices);
    }
    const size = pending.items.size;
    if (size >= batchSize) await flushPending();
  }

  async function finalize(): Promise<FinalizeReport> {
    await flushCategories();
    await flushPending();
    await refreshCategoryTree(db);
    await refreshProducts(db);
    await refreshCategoryProductCounts(db);
    await refreshCategorySeoUrls(db, salesChannelId);
    // Fresh planner statistics: after a bulk write the planner otherwise misjudges the search and listing indexes
    // (measured on 400,000 articles: quick search p95 975 ms before, 11 ms after).
    await db.execute(sql`ANALYZE product, product_listing, category, seo_url, product_price`);
    const unresolved = await query<{ n: number | string }>(
      db,
      sql`SELECT count(*) AS n FROM product_reference WHERE target_product_id IS NULL`,
    );
    const totals = await query<{
      categories: number | string;
      products: number | string;
      variants: number | string;
      seo: number | string;
    }>(
      db,
      sql`
      SELECT (SELECT count(*) FROM category) AS categories,
             (SELECT count(*) FROM product WHERE parent_id IS NULL) AS products,
             (SELECT count(*) FROM product WHERE parent_id IS NOT NULL) AS variants,
             (SELECT count(*) FROM seo_url WHERE is_canonical AND NOT is_deleted) AS seo`,
    );
    const t = totals[0]!;
    return {
      written: { ...written },
      skippedPriceUpdates: [...skippedPriceUpdates],
      totals: {
        categories: Number(t.categories),
        products: Number(t.products),
        variants: Number(t.variants),
        seoUrls: Number(t.seo),
      },
      unresolvedReferences: Number(unresolved[0]?.n ?? 0),
      durationMs: Date.now() - started,
    };
  }

  return { write, finalize };
}

/**
 * Recomputes every category's `path` (`|rootId|…|parentId|`, Shopware's format), `level` (1 for a root) and
 * `childCount`, set-based from `parent_id`. Rows that are already right are not touched. Categories whose parent
 * does not exist are treated as roots.
 */
export async function refreshCategoryTree(db: Db): Promise<void> {
  await db.execute(sql`
    WITH RECURSIVE tree AS (
      SELECT c.id, NULL::text AS path, 1 AS level
        FROM category c
       WHERE c.parent_id IS NULL OR NOT EXISTS (SELECT 1 FROM category p WHERE p.id = c.parent_id)
      UNION ALL
      SELECT c.id, coalesce(t.path, '|') || t.id || '|', t.level + 1
        FROM category c JOIN tree t ON c.parent_id = t.id
       WHERE t.level < 50
    )
    UPDATE category c SET path = tree.path, level = tree.level, updated_at = now()
      FROM tree
     WHERE c.id = tree.id AND (c.path IS DISTINCT FROM tree.path OR c.level <> tree.level)`);
  await db.execute(sql`
    UPDATE category c SET child_count = x.n
      FROM (SELECT c2.id, (SELECT count(*) FROM category k WHERE k.parent_id = c2.id)::int AS n FROM category c2) x
     WHERE c.id = x.id AND c.child_count <> x.n`);
}

/**
 * Product post-processing that depends on other rows: category trees (direct categories and their ancestors;
 * variants without own categories take their parent's), variant counts, the parent's property ids as the union of
 * its variants', names and search vectors of variants without own name (taken from the parent, Shopware's
 * inheritance), listing prices of parents without own prices (cheapest variant) and of variants without own prices
 * (the parent's), and reference targets resolved by product number.
 */
export async function refreshProducts(db: Db): Promise<void> {
  await db.execute(sql`
    WITH lineage AS (
      SELECT id, array_append(coalesce(string_to_array(trim(both '|' from path), '|'), '{}'::text[]), id) AS ids FROM category
    ), trees AS (
      SELECT p.id, coalesce(array(
        SELECT DISTINCT u FROM unnest(p.category_ids) AS cid JOIN lineage l ON l.id = cid, unnest(l.ids) AS u ORDER BY u
      ), '{}'::text[]) AS tree
        FROM product p
    )
    UPDATE product p SET category_tree = trees.tree
      FROM trees
     WHERE p.id = trees.id AND p.category_tree IS DISTINCT FROM trees.tree`);
  await db.execute(sql`
    UPDATE product v SET category_tree = parent.category_tree
      FROM product parent
     WHERE v.parent_id = parent.id AND v.category_ids = '{}'::text[]
       AND v.category_tree IS DISTINCT FROM parent.category_tree`);
  await db.execute(sql`
    UPDATE product p SET child_count = coalesce(x.n, 0)
      FROM product p2
      LEFT JOIN (SELECT parent_id, count(*)::int AS n FROM product WHERE parent_id IS NOT NULL GROUP BY parent_id) x
        ON x.parent_id = p2.id
     WHERE p.id = p2.id AND p.child_count <> coalesce(x.n, 0)`);
  await db.execute(sql`
    WITH u AS (
      SELECT parent_id AS id, array_agg(DISTINCT x) AS ids
        FROM product, unnest(property_ids) AS x
       WHERE parent_id IS NOT NULL
       GROUP BY parent_id
    )
    UPDATE product p SET property_ids = array(SELECT DISTINCT y FROM unnest(p.property_ids || u.ids) AS y ORDER BY y)
      FROM u
     WHERE p.id = u.id AND NOT (p.property_ids @> u.ids)`);
  await db.execute(sql`
    UPDATE product v SET
           name_de = parent.name_de, name_en = parent.name_en, name_fr = parent.name_fr, name_nl = parent.name_nl,
           search_de = coalesce(v.search_de, ''::tsvector) || coalesce(parent.search_de, ''::tsvector),
           search_en = coalesce(v.search_en, ''::tsvector) || coalesce(parent.search_en, ''::tsvector),
           search_fr = coalesce(v.search_fr, ''::tsvector) || coalesce(parent.search_fr, ''::tsvector),
           search_nl = coalesce(v.search_nl, ''::tsvector) || coalesce(parent.search_nl, ''::tsvector)
      FROM product parent
     WHERE v.parent_id = parent.id AND v.name_de = '' AND parent.name_de <> ''`);
  await db.execute(sql`
    UPDATE product p SET listing_price = m.price
      FROM (SELECT parent_id, min(listing_price) AS price FROM product
             WHERE parent_id IS NOT NULL AND listing_price IS NOT NULL GROUP BY parent_id) m
     WHERE p.id = m.parent_id AND p.listing_price IS DISTINCT FROM m.price
       AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = p.id)`);
  await db.execute(sql`
    UPDATE product v SET listing_price = parent.listing_price
      FROM product parent
     WHERE v.parent_id = parent.id AND v.listing_price IS DISTINCT FROM parent.listing_price
       AND NOT EXISTS (SELECT 1 FROM product_price pp WHERE pp.product_id = v.id)`);
  await db.execute(sql`
    UPDATE product_reference r SET target_product_id = t.id
      FROM product t
     WHERE t.product_number = r.target_product_number AND r.target_product_id IS DISTINCT FROM t.id`);
  await db.execute(sql`
    UPDATE product_reference r SET target_product_id = NULL
     WHERE r.target_product_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM product t WHERE t.id = r.target_product_id)`);
}

/**
 * Sets every category's `productCount`: active listed products (main products, `parent_id IS NULL`) whose category
 * tree contains the category, so a parent counts its descendants' products once each.
 */
export async function refreshCategoryProductCounts(db: Db): Promise<void> {
  await db.execute(sql`
    WITH counts AS (
      SELECT u AS id, count(*)::int AS n
        FROM product, unnest(category_tree) AS u
       WHERE active AND parent_id IS NULL
       GROUP BY u
    )
    UPDATE category c SET product_count = coalesce(counts.n, 0)
      FROM category c2 LEFT JOIN counts ON counts.id = c2.id
     WHERE c.id = c2.id AND c.product_count <> coalesce(counts.n, 0)`);
}

interface SeoCategory {
  id: string;
  parentId: string | null;
  level: number;
  position: number;
  externalId: string | null;
  translated: Record<string, { name?: string } | undefined>;
}

/**
 * Writes `seo_url` rows (route 'frontend.navigation.page', pathInfo `/navigation/{id}`) for every category below
 * the main navigation root, in every language: the path is `categorySeoPath` of the translated names of the
 * category and its ancestors below the root (a name falls back en-GB → de-DE → any, then to the external id).
 * A path another category already holds gets `-2`, `-3`, … on its last segment. A category keeps its current path
 * while that still fits its names; when the names change, the new path becomes canonical and the old row stays as
 * a non-canonical redirect source (Shopware's behaviour). Categories are processed by level, position, source and
 * external id, so suffixes are deterministic.
 */
export async function refreshCategorySeoUrls(db: Db, salesChannelId: string = SALES_CHANNEL_ID): Promise<number> {
  const mainRoot = ROOT_CATEGORY_IDS.main;
  const rows = await query<{
    id: string;
    parent_id: string | null;
    level: number;
    position: number;
    external_id: string | null;
    translated: SeoCategory['translated'];
  }>(
    db,
    sql`
    SELECT id, parent_id, level, position, external_id, translated FROM category
     WHERE path LIKE ${`%|${mainRoot}|%`} AND active
     ORDER BY level, position, source, external_id, id`,
  );
  const cats = new Map<string, SeoCategory>();
  for (const r of rows) {
    cats.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      level: Number(r.level),
      position: Number(r.position),
      externalId: r.external_id,
      translated: r.translated ?? {},
    });
  }
  const existing = await query<{
    id: string;
    language_id: string;
    foreign_key: string;
    seo_path_info: string;
    is_canonical: boolean;
  }>(
    db,
    sql`
    SELECT id, language_id, foreign_key, seo_path_info, is_canonical FROM seo_url
     WHERE sales_channel_id = ${salesChannelId}`,
  );

  let written = 0;
  for (const { locale } of LANGUAGES) {
    const lang = languageId(locale);
    const taken = new Map<string, string>(); // path → foreign key
    const current = new Map<string, string[]>(); // foreign key → its paths
    const canonicalNow = new Map<string, string>(); // foreign key → its canonical path
    for (const e of existing) {
      if (e.language_id !== lang) continue;
      taken.set(e.seo_path_info, e.foreign_key);
      if (!cats.has(e.foreign_key)) continue;
      current.set(e.foreign_key, [...(current.get(e.foreign_key) ?? []), e.seo_path_info]);
      if (e.is_canonical) canonicalNow.set(e.foreign_key, e.seo_path_info);
    }
    const nameOf = (c: SeoCategory): string => {
      const t: LocalizedText = {};
      for (const [l, v] of Object.entries(c.translated)) if (v?.name) t[l as LocaleCode] = v.name;
      return pickText(t, locale) ?? c.externalId ?? c.id;
    };
    const segments = (c: SeoCategory): string[] => {
      const names: string[] = [];
      let node: SeoCategory | undefined = c;
      while (node) {
        names.unshift(nameOf(node));
        node = node.parentId ? cats.get(node.parentId) : undefined;
      }
      return names;
    };
    const inserts: (typeof seoUrlTable.$inferInsert)[] = [];
    const canonical: { foreignKey: string; path: string }[] = [];
    for (const c of cats.values()) {
      const base = categorySeoPath(segments(c));
      if (!base) continue;
      const stem = base.slice(0, -1);
      const suffixed = new RegExp(`^${escapeRegExp(stem)}-\\d+/$`);
      const fits = (path: string) => path === base || suffixed.test(path);
      const mine = current.get(c.id) ?? [];
      const now = canonicalNow.get(c.id);
      let path = now !== undefined && fits(now) ? now : mine.find(fits);
      if (!path) {
        path = base;
        for (let n = 2; taken.has(path) && taken.get(path) !== c.id; n++) path = `${stem}-${n}/`;
        taken.set(path, c.id);
      }
      if (path === now) continue;
      canonical.push({ foreignKey: c.id, path });
      if (!mine.includes(path)) {
        inserts.push({
          id: stableId('seo-url', `${salesChannelId}:${lang}:${path}`),
          salesChannelId,
          languageId: lang,
          foreignKey: c.id,
          routeName: 'frontend.navigation.page',
          pathInfo: `/navigation/${c.id}`,
          seoPathInfo: path,
          isCanonical: true,
        });
      }
    }
    for (const batch of chunks(inserts, 1000)) {
      await db
        .insert(seoUrlTable)
        .values(batch)
        .onConflictDoUpdate({
          target: seoUrlTable.id,
          set: excludedSet(seoUrlTable, ['foreignKey', 'routeName', 'pathInfo', 'isCanonical']),
        });
    }
    for (const batch of chunks(canonical, 1000)) {
      const keys = batch.map((b) => b.foreignKey);
      const paths = batch.map((b) => b.path);
      await db.execute(sql`
        UPDATE seo_url s SET is_canonical = (s.seo_path_info = x.path), is_deleted = false, updated_at = now()
          FROM unnest(${sql.param(keys)}::text[], ${sql.param(paths)}::text[]) AS x(fk, path)
         WHERE s.sales_channel_id = ${salesChannelId} AND s.language_id = ${lang} AND s.foreign_key = x.fk
           AND s.is_canonical IS DISTINCT FROM (s.seo_path_info = x.path)`);
    }
    written += canonical.length;
  }
  return written;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
