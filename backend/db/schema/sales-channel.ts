/**
 * Sales channel, domains, languages and currencies: what `sw-access-key` selects and what a storefront domain
 * resolves to (docs/decisions/003-domains-and-locales.md).
 */
import { boolean, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './common.ts';

export const languageTable = pgTable('language', {
  id: idColumn('id').primaryKey(),
  /** Display name in its own language, e.g. "Deutsch". */
  name: text('name').notNull(),
  /** BCP-47 locale code: de-DE, en-GB, fr-FR, nl-NL. */
  localeCode: text('locale_code').notNull().unique(),
  ...timestamps,
});

export const currencyTable = pgTable('currency', {
  id: idColumn('id').primaryKey(),
  isoCode: text('iso_code').notNull().unique(),
  symbol: text('symbol').notNull(),
  name: text('name').notNull(),
  /** Digits after the decimal separator shown to buyers (2, the euro's minor unit, ISO 4217). */
  decimalPrecision: integer('decimal_precision').notNull().default(2),
  factor: numeric('factor', { precision: 12, scale: 6 }).notNull().default('1'),
  ...timestamps,
});

export const salesChannelTable = pgTable('sales_channel', {
  id: idColumn('id').primaryKey(),
  name: text('name').notNull(),
  /** The `sw-access-key` header value that selects this channel. */
  accessKey: text('access_key').notNull().unique(),
  languageId: idColumn('language_id')
    .notNull()
    .references(() => languageTable.id),
  currencyId: idColumn('currency_id')
    .notNull()
    .references(() => currencyTable.id),
  /** Root of the main navigation. */
  navigationCategoryId: idColumn('navigation_category_id').notNull(),
  navigationCategoryDepth: integer('navigation_category_depth').notNull().default(3),
  serviceCategoryId: idColumn('service_category_id'),
  footerCategoryId: idColumn('footer_category_id'),
  /** Root of the countries navigation (the header's country picker). */
  countriesCategoryId: idColumn('countries_category_id'),
  maintenance: boolean('maintenance').notNull().default(false),
  /** Free configuration (robots default, feature flags, shop name, …). */
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  ...timestamps,
});

export const salesChannelDomainTable = pgTable(
  'sales_channel_domain',
  {
    id: idColumn('id').primaryKey(),
    salesChannelId: idColumn('sales_channel_id')
      .notNull()
      .references(() => salesChannelTable.id, { onDelete: 'cascade' }),
    /** Absolute URL without trailing slash, e.g. `http://localhost:4321/en`. */
    url: text('url').notNull(),
    languageId: idColumn('language_id')
      .notNull()
      .references(() => languageTable.id),
    currencyId: idColumn('currency_id')
      .notNull()
      .references(() => currencyTable.id),
    snippetSetId: idColumn('snippet_set_id').notNull(),
    /** Short label for the language switcher, e.g. "NL". */
    languageLabel: text('language_label').notNull(),
    /** Position in the language switcher and the alternate links. */
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('sales_channel_domain_url_idx').on(t.url)],
);
