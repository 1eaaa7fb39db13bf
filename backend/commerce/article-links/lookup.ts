/**
 * Customer article numbers (article links, docs/decisions/017) as the rest of the Store API reads them: the order
 * lists, the cart, the order, the offers and the search show or find an article by the company's own number.
 *
 * The lookup runs only for a logged-in user holding ROLE_MANAGE_ARTICLE_LINKS (the specification: "the article-link
 * lookup runs only for a logged-in user holding ManageArticleLinks"); for anyone else every function answers empty,
 * so a company's numbers never reach another company or an anonymous caller.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { textArray } from '../../db/sql-params.ts';
import { articleLinkTable, companyTable, customerRightTable, customerTable } from '../../db/schema/index.ts';

/** The caller as the lookup needs it: company and enabled right codes. */
export interface ArticleLinkReader {
  companyId: string;
  rights: ReadonlySet<string>;
}

/** True when `reader` may see and use the company's customer article numbers. */
export function readsArticleLinks(reader: ArticleLinkReader | null | undefined): reader is ArticleLinkReader {
  return Boolean(reader?.rights.has('ROLE_MANAGE_ARTICLE_LINKS'));
}

/**
 * The select of the reader's company's article links (`product_id`, `customer_sku`) of the products whose ids are
 * the text array `productIds`; null without the right (then nothing may be read).
 */
export function customerSkuSelect(reader: ArticleLinkReader | null | undefined, productIds: SQL): SQL | null {
  if (!readsArticleLinks(reader)) return null;
  return sql`SELECT product_id, customer_sku FROM article_link
              WHERE company_id = ${reader.companyId} AND product_id = ANY(${productIds})`;
}

/** Rows of `customerSkuSelect` as a map product id → customer number. */
export function toCustomerSkuMap(rows: readonly { product_id: string; customer_sku: string }[]): Map<string, string> {
  return new Map(rows.map((r) => [r.product_id, r.customer_sku]));
}

/**
 * The customer article number of each of `productIds` (product uuids) that has one in the reader's company, as a map
 * product id → customer number; empty without the right or without ids.
 */
export async function customerSkusByProductId(
  db: Db,
  reader: ArticleLinkReader | null | undefined,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  const select = productIds.length ? customerSkuSelect(reader, textArray([...new Set(productIds)])) : null;
  if (!select) return new Map();
  return toCustomerSkuMap(await queryRows<{ product_id: string; customer_sku: string }>(db, select));
}

/**
 * The product ids the reader's company links to `customerSkus` (compared without regard to case), as a map
 * customer number as asked → product id; numbers without a link are left out; empty without the right.
 */
export async function productIdsByCustomerSku(
  db: Db,
  reader: ArticleLinkReader | null | undefined,
  customerSkus: readonly string[],
): Promise<Map<string, string>> {
  if (!readsArticleLinks(reader) || customerSkus.length === 0) return new Map();
  const lowered = [...new Set(customerSkus.map((s) => s.trim().toLowerCase()))];
  const rows = await db
    .select({ productId: articleLinkTable.productId, sku: sql<string>`lower(${articleLinkTable.customerSku})` })
    .from(articleLinkTable)
    .where(
      and(
        eq(articleLinkTable.companyId, reader.companyId),
        inArray(sql`lower(${articleLinkTable.customerSku})`, lowered),
      ),
    );
  const bySku = new Map(rows.map((r) => [r.sku, r.productId]));
  const result = new Map<string, string>();
  for (const asked of customerSkus) {
    const id = bySku.get(asked.trim().toLowerCase());
    if (id) result.set(asked, id);
  }
  return result;
}

/**
 * The lookup's reader for a request context's customer (`customerId` of the Store API context, null when
 * anonymous): the customer's company and enabled right codes, or null for an anonymous context or a customer or
 * company that is inactive (such a context is answered as an anonymous one, docs/decisions/008). For endpoints that
 * serve anonymous callers too (search, search-suggest); endpoints that require a customer pass the customer loaded by
 * `requireCustomer` directly. Two indexed lookups.
 */
export async function articleLinkReaderOf(db: Db, customerId: string | null): Promise<ArticleLinkReader | null> {
  if (!customerId) return null;
  const [row] = await db
    .select({ companyId: customerTable.companyId })
    .from(customerTable)
    .innerJoin(companyTable, eq(companyTable.id, customerTable.companyId))
    .where(and(eq(customerTable.id, customerId), eq(customerTable.active, true), eq(companyTable.active, true)))
    .limit(1);
  if (!row) return null;
  const rights = await db
    .select({ code: customerRightTable.code })
    .from(customerRightTable)
    .where(and(eq(customerRightTable.customerId, customerId), eq(customerRightTable.enabled, true)));
  return { companyId: row.companyId, rights: new Set(rights.map((r) => r.code)) };
}

/**
 * `lines` (anything naming a product id: cart lines, order list items, offer request lines), each with
 * `customerArticleNumber`: the reader's company's own number for the line's article, or null (no link, or the reader
 * does not hold ROLE_MANAGE_ARTICLE_LINKS). Order and length of `lines` are kept. One query.
 */
export async function withCustomerArticleNumbers<T extends { productId: string }>(
  db: Db,
  reader: ArticleLinkReader | null | undefined,
  lines: readonly T[],
): Promise<(T & { customerArticleNumber: string | null })[]> {
  const skus = await customerSkusByProductId(
    db,
    reader,
    lines.map((l) => l.productId),
  );
  return lines.map((l) => ({ ...l, customerArticleNumber: skus.get(l.productId) ?? null }));
}
