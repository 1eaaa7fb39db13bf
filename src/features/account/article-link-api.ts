/**
 * The account area's calls of the provider's article link endpoints (`{provider}/article-links…`,
 * contract/provider/article-link.ts, docs/decisions/017): the company's list with search, sort and paging, create,
 * change, delete, and the CSV export and import. Every endpoint needs ROLE_MANAGE_ARTICLE_LINKS. Request bodies
 * are typed with the contract's request types and every JSON answer is read with its response schema.
 *
 * @throws StoreApiClientError from every call for a non-2xx answer; an answer that is not the contract's shape
 *   throws valibot's ValiError.
 */
import type {
  ArticleLink,
  ArticleLinkImportResponse,
  ArticleLinkListResponse,
  ArticleLinkQuery,
  ArticleLinkRequest,
} from '../../../contract/provider/article-link.ts';
import type { StoreApiFile } from '../../lib/store-api/browser.ts';
import { provider } from '../../lib/store-api/provider.ts';

/**
 * GET `{provider}/article-links?page&limit&term&sort&order`: one page of the company's links (`term` matches part of
 * the customer number, the supplier number or the article name; default sort by customer number, ascending).
 */
export async function listArticleLinks(query: ArticleLinkQuery): Promise<ArticleLinkListResponse> {
  const set = Object.entries(query).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
  );
  return provider.invoke('listArticleLinks', { query: Object.fromEntries(set) as ArticleLinkQuery });
}

/**
 * POST `{provider}/article-links`: links the supplier article number `productId` to the customer number
 * `customerSku`. A number in use answers 400 CUSTOMER_SKU_NOT_UNIQUE at `/customerSku`, an article that has a
 * number already PRODUCT_ID_NOT_UNIQUE and an unknown article PRODUCT_ID_NOT_FOUND, both at `/productId`.
 */
export async function createArticleLink(request: ArticleLinkRequest): Promise<ArticleLink> {
  return provider.invoke('createArticleLink', { body: request });
}

/** PUT `{provider}/article-links/{id}` with both numbers; errors as `createArticleLink`, another company's id 404. */
export async function updateArticleLink(id: string, request: ArticleLinkRequest): Promise<ArticleLink> {
  return provider.invoke('updateArticleLink', { params: { id }, body: request });
}

/** DELETE `{provider}/article-links/{id}` (204). */
export async function deleteArticleLink(id: string): Promise<void> {
  await provider.invoke('deleteArticleLink', { params: { id } });
}

/**
 * GET `{provider}/article-links/export`: every link of the company as CSV (`productId;customerSku`, UTF-8), fetched
 * with the session like every call, with the file name the server gives.
 */
export async function exportArticleLinks(): Promise<StoreApiFile> {
  return provider.file('exportArticleLinks');
}

/**
 * POST `{provider}/article-links/import` with the CSV file as `text/csv` (at most ARTICLE_LINK_IMPORT_MAX_BYTES,
 * checked by the caller before): answers the report of every data row and the counts.
 */
export async function importArticleLinks(file: Blob): Promise<ArticleLinkImportResponse> {
  return provider.invoke('importArticleLinks', {
    raw: { data: file, contentType: 'text/csv' },
    // A file of 20,000 rows takes longer than a plain call.
    timeoutMs: 120_000,
  });
}
