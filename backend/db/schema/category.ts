/**
 * Category tree (navigation), as Shopware models it: `path` holds the ancestor ids as `|root|…|parent|`.
 */
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, type Translations } from './common.ts';

export interface CategoryTranslation {
  name?: string;
  /** Sanitised HTML. */
  description?: string;
  keywords?: string;
  metaTitle?: string;
  metaDescription?: string;
  /** For `type = 'link'`: external URL. */
  externalLink?: string;
}

export const categoryTable = pgTable(
  'category',
  {
    id: idColumn('id').primaryKey(),
    parentId: idColumn('parent_id'),
    /** Ancestor ids, `|rootId|…|parentId|`, or null for a root. */
    path: text('path'),
    /** 1 for a root. */
    level: integer('level').notNull().default(1),
    /** Order among siblings, ascending. */
    position: integer('position').notNull().default(0),
    /** 'page' (listing), 'folder' (heading without link) or 'link'. */
    type: text('type').notNull().default('page'),
    /** For links: 'external' or one of 'category', 'product', 'landing_page'. */
    linkType: text('link_type'),
    internalLink: idColumn('internal_link'),
    linkNewTab: boolean('link_new_tab').notNull().default(false),
    active: boolean('active').notNull().default(true),
    visible: boolean('visible').notNull().default(true),
    /** Category image file name (BMEcat MIME_SOURCE), resolved against the media base URL. */
    mediaFileName: text('media_file_name'),
    translated: jsonb('translated').$type<Translations<CategoryTranslation>>().notNull().default({}),
    /** Number of listed products in this category and all its descendants; kept by the catalogue writer. */
    productCount: integer('product_count').notNull().default(0),
    childCount: integer('child_count').notNull().default(0),
    /** Where the row came from, e.g. 'bmecat:kstools', 'tabular:guenzburger', 'generated', 'static'. */
    source: text('source').notNull().default('static'),
    /** The source's own id (BMEcat GROUP_ID), unique per source. */
    externalId: text('external_id'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    index('category_parent_idx').on(t.parentId, t.position),
    uniqueIndex('category_source_external_idx').on(t.source, t.externalId),
  ],
);
