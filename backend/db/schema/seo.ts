/**
 * SEO URLs (Shopware `seo_url`): the readable path of a category, product or landing page per sales channel and
 * language. Product paths follow the pattern `{name}/{productNumber}` and are resolved from the product number, so
 * only categories and landing pages need rows here (see docs/decisions/004-seo-urls.md).
 */
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './common.ts';

export const seoUrlTable = pgTable(
  'seo_url',
  {
    id: idColumn('id').primaryKey(),
    salesChannelId: idColumn('sales_channel_id').notNull(),
    languageId: idColumn('language_id').notNull(),
    /** Id of the category, product or landing page. */
    foreignKey: idColumn('foreign_key').notNull(),
    /** 'frontend.navigation.page', 'frontend.detail.page' or 'frontend.landing.page'. */
    routeName: text('route_name').notNull(),
    /** Technical path, e.g. `/navigation/{id}`. */
    pathInfo: text('path_info').notNull(),
    /** Readable path without leading slash, with trailing slash for categories, e.g. `Werkzeuge/Zangen/`. */
    seoPathInfo: text('seo_path_info').notNull(),
    isCanonical: boolean('is_canonical').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('seo_url_path_idx').on(t.salesChannelId, t.languageId, t.seoPathInfo),
    index('seo_url_foreign_idx').on(t.foreignKey, t.languageId),
    // Path resolution also matches paths of other languages (a language switch keeps the old path).
    index('seo_url_seo_path_idx').on(t.seoPathInfo),
  ],
);

/** Content pages (home, terms, privacy, footer sections), rendered from sections and blocks. */
export const cmsPageTable = pgTable('cms_page', {
  id: idColumn('id').primaryKey(),
  /** 'landingpage', 'page', 'product_list', 'product_detail' or 'footer'. */
  type: text('type').notNull(),
  /** Stable key for pages the storefront asks for by name: 'home', 'footer', 'agb', 'datenschutz', … */
  key: text('key').unique(),
  translated: jsonb('translated').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});
