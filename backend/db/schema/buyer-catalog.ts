/**
 * The buyer's own catalogue (docs/decisions/017-order-lists-and-article-links.md): order lists (saved sets of
 * articles with quantities, private to their creator or shared with the whole company) and article links (the
 * company's own article number for a supplier article, Shopware B2B's "customer specific article number").
 *
 * Articles are referenced by product id; the supplier article number (`product.product_number`, BMEcat
 * SUPPLIER_PID) is unique across the catalogue, so a link or an item names exactly one article.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './common.ts';
import { companyTable, customerTable } from './customer.ts';
import { productTable } from './product.ts';

/** Who sees an order list: only its creator ('user') or every user of the company ('company'). */
export type OrderListOwnerType = 'user' | 'company';

/** An order list of a company. */
export const orderListTable = pgTable(
  'order_list',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    /** The user who created it; a private list is visible to this user only. Deleting the user deletes the list. */
    createdById: idColumn('created_by_id')
      .notNull()
      .references(() => customerTable.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ownerType: text('owner_type').$type<OrderListOwnerType>().notNull().default('user'),
    ...timestamps,
  },
  (t) => [
    index('order_list_company_idx').on(t.companyId, t.ownerType),
    index('order_list_creator_idx').on(t.createdById),
  ],
);

/** A tag of a company's order lists (Shopware `tag`, scoped to one company); the list filter `tagIds` uses it. */
export const orderListTagTable = pgTable(
  'order_list_tag',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('order_list_tag_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);

/** The tags of a list. */
export const orderListTagAssignmentTable = pgTable(
  'order_list_tag_assignment',
  {
    listId: idColumn('list_id')
      .notNull()
      .references(() => orderListTable.id, { onDelete: 'cascade' }),
    tagId: idColumn('tag_id')
      .notNull()
      .references(() => orderListTagTable.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.listId, t.tagId] }), index('order_list_tag_assignment_tag_idx').on(t.tagId)],
);

/** An article of an order list, at most once per list. */
export const orderListItemTable = pgTable(
  'order_list_item',
  {
    listId: idColumn('list_id')
      .notNull()
      .references(() => orderListTable.id, { onDelete: 'cascade' }),
    productId: idColumn('product_id')
      .notNull()
      .references(() => productTable.id, { onDelete: 'cascade' }),
    /** Order units (pieces unless the product's unit says otherwise). */
    quantity: integer('quantity').notNull(),
    /** Order of adding; the list shows its items by it. */
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.listId, t.productId] })],
);

/**
 * An article link: the company's own article number (`customerSku`) for a supplier article. One link per article and
 * company, and a customer number names one article of the company (both compared without regard to case).
 */
export const articleLinkTable = pgTable(
  'article_link',
  {
    id: idColumn('id').primaryKey(),
    companyId: idColumn('company_id')
      .notNull()
      .references(() => companyTable.id, { onDelete: 'cascade' }),
    productId: idColumn('product_id')
      .notNull()
      .references(() => productTable.id, { onDelete: 'cascade' }),
    /** The customer's own article number, as entered (trimmed). */
    customerSku: text('customer_sku').notNull(),
    createdById: idColumn('created_by_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('article_link_company_sku_idx').on(t.companyId, sql`lower(${t.customerSku})`),
    uniqueIndex('article_link_company_product_idx').on(t.companyId, t.productId),
  ],
);
