/**
 * Customer article numbers (article links, docs/decisions/017) as the rest of the Store API reads them: the order
 * lists, the cart, the order, the offers and the search show or find an article by the company's own number.
 *
 * The lookup runs only for a logged-in user holding ROLE_MANAGE_ARTICLE_LINKS (the specification: "the article-link
 * lookup runs only for a logged-in user holding ManageArticleLinks"); for anyone else every function answers empty,
 * so a company's numbers never reach another company or an anonymous caller.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { articleLinkTable } from '../../db/schema/index.ts';

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
 * The customer article number of each of `productIds` (product uuids) that has one in the reader's company, as a map
 * product id → customer number; empty without the right or without ids.
 */
export async function customerSkusByProductId(
  db: Db,
  reader: ArticleLinkReader | null | undefined,
  productIds: readonly string[],
): Promise<Map<string, string>> {
  if (!readsArticleLinks(reader) || productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: articleLinkTable.productId, customerSku: articleLinkTable.customerSku })
    .from(articleLinkTable)
    .where(
      and(
        eq(articleLinkTable.companyId, reader.companyId),
        inArray(articleLinkTable.productId, [...new Set(productIds)]),
      ),
    );
  return new Map(rows.map((r) => [r.productId, r.customerSku]));
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
