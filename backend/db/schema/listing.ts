/**
 * Listing index: one narrow row per listed product (active main product) and category of its category tree, kept in
 * sync with `product` by triggers (migration 0004). Category listings read pages, counts and facets from here in
 * index order instead of filtering the wide `product` rows: a category page is an index range scan whatever the
 * category's size (backend/store-api/listing).
 */
import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { idColumn } from './common.ts';

export const productListingTable = pgTable(
  'product_listing',
  {
    categoryId: idColumn('category_id').notNull(),
    productId: idColumn('product_id').notNull(),
    nameDe: text('name_de').notNull(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    nameNl: text('name_nl').notNull(),
    /** Net EUR per order unit, as product.listing_price. */
    listingPrice: numeric('listing_price', { precision: 18, scale: 5 }),
    manufacturerId: idColumn('manufacturer_id'),
    /** available_stock > 0. */
    inStock: boolean('in_stock').notNull(),
    propertyIds: text('property_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.productId] }),
    index('product_listing_product_idx').on(t.productId),
    index('product_listing_cat_name_de_idx').on(t.categoryId, t.nameDe, t.productId),
    index('product_listing_cat_name_en_idx').on(t.categoryId, t.nameEn, t.productId),
    index('product_listing_cat_name_fr_idx').on(t.categoryId, t.nameFr, t.productId),
    index('product_listing_cat_name_nl_idx').on(t.categoryId, t.nameNl, t.productId),
    index('product_listing_cat_price_idx').on(t.categoryId, t.listingPrice, t.productId),
    index('product_listing_cat_price_desc_idx').on(t.categoryId, t.listingPrice.desc().nullsLast(), t.productId),
    // Manufacturer filters on large categories: the brand's rows of the category, then sorted.
    index('product_listing_cat_manufacturer_idx').on(t.categoryId, t.manufacturerId),
    // Property filters on large categories: combined with the category range as a bitmap.
    index('product_listing_properties_idx').using('gin', t.propertyIds),
  ],
);
