/**
 * Products, manufacturers, properties, prices, media and references.
 *
 * Units: quantities are whole order units (pieces of `unit`, a UN/ECE Rec 20 code such as C62); money is `numeric`
 * with up to five decimals (BMEcat prices have up to five), in the price's currency, net of VAT unless stated;
 * delivery and restock times are days unless `deliveryTimeUnit` says otherwise.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tsvector, type Translations } from './common.ts';
import { mediaFileTable } from './media-file.ts';

export interface ProductTranslation {
  name?: string;
  /** Sanitised HTML. */
  description?: string;
  keywords?: string;
  metaTitle?: string;
  metaDescription?: string;
}

export const manufacturerTable = pgTable('product_manufacturer', {
  id: idColumn('id').primaryKey(),
  /** Normalised key (lower-case name) that importers match on. */
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  link: text('link'),
  mediaFileName: text('media_file_name'),
  translated: jsonb('translated').$type<Translations<{ name?: string; description?: string }>>().notNull().default({}),
  ...timestamps,
});

export const propertyGroupTable = pgTable('property_group', {
  id: idColumn('id').primaryKey(),
  /** Normalised key (feature name or ETIM feature code) that importers match on. */
  key: text('key').notNull().unique(),
  /** 'text', 'color' or 'media'. */
  displayType: text('display_type').notNull().default('text'),
  /** 'alphanumeric', 'numeric' or 'position'. */
  sortingType: text('sorting_type').notNull().default('alphanumeric'),
  filterable: boolean('filterable').notNull().default(true),
  position: integer('position').notNull().default(0),
  /** Unit symbol shown after option values, e.g. "mm". */
  unit: text('unit'),
  translated: jsonb('translated').$type<Translations<{ name?: string; description?: string }>>().notNull().default({}),
  ...timestamps,
});

export const propertyGroupOptionTable = pgTable(
  'property_group_option',
  {
    id: idColumn('id').primaryKey(),
    groupId: idColumn('group_id')
      .notNull()
      .references(() => propertyGroupTable.id, { onDelete: 'cascade' }),
    /** Normalised value key, unique within the group. */
    key: text('key').notNull(),
    position: integer('position').notNull().default(0),
    colorHexCode: text('color_hex_code'),
    translated: jsonb('translated').$type<Translations<{ name?: string }>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [uniqueIndex('property_group_option_key_idx').on(t.groupId, t.key)],
);

export const mediaTable = pgTable('media', {
  id: idColumn('id').primaryKey(),
  /** File name as the catalogue references it (MIME_SOURCE), resolved against MEDIA_BASE_URL. */
  fileName: text('file_name').notNull().unique(),
  mimeType: text('mime_type'),
  fileExtension: text('file_extension'),
  /** Absolute URL when the source gives one (a deep link), else null and the placeholder is shown. */
  url: text('url'),
  /** The stored image (`media_file.hash`) when the file itself is in the media store; it wins over `url`. */
  fileHash: text('file_hash').references(() => mediaFileTable.hash, { onDelete: 'set null' }),
  translated: jsonb('translated').$type<Translations<{ alt?: string; title?: string }>>().notNull().default({}),
  customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

export const productTable = pgTable(
  'product',
  {
    id: idColumn('id').primaryKey(),
    /** Parent of a variant; null for a main product. */
    parentId: idColumn('parent_id'),
    /** Supplier article number (BMEcat SUPPLIER_PID / SUPPLIER_AID); a string, leading zeros kept. */
    productNumber: text('product_number').notNull(),
    ean: text('ean'),
    /** False when the EAN's GS1 check digit is wrong: still stored and searchable, flagged for the supplier. */
    eanValid: boolean('ean_valid').notNull().default(true),
    manufacturerId: idColumn('manufacturer_id'),
    manufacturerNumber: text('manufacturer_number'),
    active: boolean('active').notNull().default(true),
    /** Pieces in stock. */
    stock: integer('stock').notNull().default(0),
    availableStock: integer('available_stock').notNull().default(0),
    isCloseout: boolean('is_closeout').notNull().default(false),
    /** Pieces; BMEcat QUANTITY_MIN. */
    minPurchase: integer('min_purchase').notNull().default(1),
    /** Pieces; BMEcat QUANTITY_MAX; null for no maximum. */
    maxPurchase: integer('max_purchase'),
    /** Pieces; BMEcat QUANTITY_INTERVAL. */
    purchaseSteps: integer('purchase_steps').notNull().default(1),
    /** Order unit (UN/ECE Rec 20 code, e.g. C62, PK, MTR); the price refers to it. */
    unit: text('unit').notNull().default('C62'),
    /**
     * Environmental contribution per order unit in euro cents, net (Belgian Recupel for electrical and electronic
     * equipment, Bebat for batteries): part of the net price, shown separately; null when none applies.
     */
    ecotaxCents: integer('ecotax_cents'),
    /** Content unit and number of content units per order unit (BMEcat CONTENT_UNIT, NO_CU_PER_OU). */
    contentUnit: text('content_unit'),
    contentPerUnit: numeric('content_per_unit', { precision: 14, scale: 4 }),
    deliveryTimeMin: integer('delivery_time_min'),
    deliveryTimeMax: integer('delivery_time_max'),
    /** 'day', 'week', 'month' or 'year' (in days: week 7, month 30, year 365, as Shopware's DeliveryTime converts). */
    deliveryTimeUnit: text('delivery_time_unit').notNull().default('day'),
    /** Days added when the article is out of stock. */
    restockTime: integer('restock_time'),
    coverMediaId: idColumn('cover_media_id'),
    translated: jsonb('translated').$type<Translations<ProductTranslation>>().notNull().default({}),
    /** Variant options (property_group_option ids) that set this variant apart from its siblings. */
    optionIds: text('option_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Filterable property option ids; on a parent, the union of its variants'. */
    propertyIds: text('property_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Categories the product is assigned to directly. */
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Direct categories and all their ancestors: what a category listing matches on. */
    categoryTree: text('category_tree')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    childCount: integer('child_count').notNull().default(0),
    /** Net list price per order unit in EUR for listing filters and sorting; never sent to anonymous callers. */
    listingPrice: numeric('listing_price', { precision: 18, scale: 5 }),
    /** VAT rate in percent, e.g. 19.00. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('21'),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2 }),
    releaseDate: timestamp('release_date', { withTimezone: true, mode: 'date' }),
    /** Denormalised names with the fallback applied, for sorting and trigram search. */
    nameDe: text('name_de').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    nameFr: text('name_fr').notNull().default(''),
    nameNl: text('name_nl').notNull().default(''),
    /** Full-text vectors per language (PostgreSQL german, english, french and dutch configurations). */
    searchDe: tsvector('search_de'),
    searchEn: tsvector('search_en'),
    searchFr: tsvector('search_fr'),
    searchNl: tsvector('search_nl'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** Origin, e.g. 'bmecat:weidmueller', 'tabular:fixings', 'generated'. */
    source: text('source').notNull().default('generated'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_number_idx').on(t.productNumber),
    index('product_parent_idx').on(t.parentId),
    index('product_ean_idx').on(t.ean),
    index('product_manufacturer_number_idx').on(t.manufacturerNumber),
    index('product_manufacturer_idx').on(t.manufacturerId),
    // Listings sort listed main products by the name of the context language or by price and stop after one page
    // (backend/store-api/listing): partial indexes over exactly the rows a listing can show.
    index('product_listing_name_de_idx')
      .on(t.nameDe, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listing_name_en_idx')
      .on(t.nameEn, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listing_name_fr_idx')
      .on(t.nameFr, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listing_name_nl_idx')
      .on(t.nameNl, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listing_price_idx')
      .on(t.listingPrice, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    // The brand tier of backend/search lists a manufacturer's listed products by name and stops after the candidate
    // cap: read in name order from these, instead of sorting all of a brand's products (tens of thousands on a
    // 400,000-article catalogue).
    index('product_listed_manufacturer_name_de_idx')
      .on(t.manufacturerId, t.nameDe, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listed_manufacturer_name_en_idx')
      .on(t.manufacturerId, t.nameEn, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listed_manufacturer_name_fr_idx')
      .on(t.manufacturerId, t.nameFr, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listed_manufacturer_name_nl_idx')
      .on(t.manufacturerId, t.nameNl, t.id)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    // Full-text search over listed products only: variants carry their parent's words and would otherwise fill
    // the bounded candidate sets of backend/search with rows that are then discarded.
    index('product_listed_search_de_idx')
      .using('gin', t.searchDe)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listed_search_en_idx')
      .using('gin', t.searchEn)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listed_search_fr_idx')
      .using('gin', t.searchFr)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listed_search_nl_idx')
      .using('gin', t.searchNl)
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    // Typo-tolerant search on the name of every language, over listed products only (variants repeat their
    // parent's name and would multiply the rows a similarity scan has to check).
    index('product_listed_name_de_trgm_idx')
      .using('gin', t.nameDe.op('gin_trgm_ops'))
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listed_name_en_trgm_idx')
      .using('gin', t.nameEn.op('gin_trgm_ops'))
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listed_name_fr_trgm_idx')
      .using('gin', t.nameFr.op('gin_trgm_ops'))
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
    index('product_listed_name_nl_trgm_idx')
      .using('gin', t.nameNl.op('gin_trgm_ops'))
      .where(sql`${t.parentId} IS NULL AND ${t.active}`),
  ],
);

export const productPriceTable = pgTable(
  'product_price',
  {
    id: idColumn('id').primaryKey(),
    productId: idColumn('product_id')
      .notNull()
      .references(() => productTable.id, { onDelete: 'cascade' }),
    /** BMEcat price type: net_list, net_customer, gros_list, nrp, udp_*, … */
    priceType: text('price_type').notNull().default('net_list'),
    /** Quantity (order units) from which this tier applies. */
    lowerBound: integer('lower_bound').notNull().default(1),
    /** Amount for `priceQuantity` order units, in `currency`. */
    amount: numeric('amount', { precision: 18, scale: 5 }).notNull(),
    priceQuantity: numeric('price_quantity', { precision: 14, scale: 4 }).notNull().default('1'),
    currency: text('currency').notNull().default('EUR'),
    /** VAT rate as a fraction (BMEcat TAX, e.g. 0.19). */
    tax: numeric('tax', { precision: 6, scale: 4 }),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }),
    validTo: timestamp('valid_to', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('product_price_product_idx').on(t.productId)],
);

export const productMediaTable = pgTable(
  'product_media',
  {
    id: idColumn('id').primaryKey(),
    productId: idColumn('product_id')
      .notNull()
      .references(() => productTable.id, { onDelete: 'cascade' }),
    mediaId: idColumn('media_id')
      .notNull()
      .references(() => mediaTable.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    /**
     * BMEcat MIME_PURPOSE: normal, detail, thumbnail (images) or data_sheet, safety_data_sheet, others (downloads).
     * Decides the product detail tab: images go to the gallery, documents to downloads/instructions/documents.
     */
    purpose: text('purpose').notNull().default('normal'),
    /** Label (BMEcat MIME_DESCR). */
    description: text('description'),
  },
  (t) => [index('product_media_product_idx').on(t.productId, t.position)],
);

export const productReferenceTable = pgTable(
  'product_reference',
  {
    id: idColumn('id').primaryKey(),
    productId: idColumn('product_id')
      .notNull()
      .references(() => productTable.id, { onDelete: 'cascade' }),
    /** BMEcat reference type: accessories, similar, followup, mandatory, select, sparepart, consists_of, … */
    type: text('type').notNull(),
    /** Referenced article number as the source gives it; resolved to `targetProductId` when present. */
    targetProductNumber: text('target_product_number').notNull(),
    targetProductId: idColumn('target_product_id'),
    /** Pieces, for consists_of. */
    quantity: integer('quantity'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_reference_product_idx').on(t.productId, t.type, t.position)],
);
