/**
 * Sitemaps of a sales channel domain (sitemaps.org protocol 0.9), generated from the catalogue when asked for, as
 * Shopware's SitemapRoute lists and serves its sitemap files:
 * - the entries of a domain are its home page, the content pages (landing pages), the listing pages (active
 *   categories of type 'page' with products) with their canonical SEO path in the domain's language, and every
 *   active product (variants included: each has a page of its own) at `{name}/{productNumber}`
 *   (docs/decisions/004-seo-urls.md), in that order, products by id;
 * - they are split into files of at most {@link URLS_PER_FILE} URLs (the protocol's limit is 50,000 URLs and 50 MB
 *   uncompressed per file; 50,000 product URLs of this catalogue take about 7 MB), numbered from 1;
 * - `lastmod` is the entity's last change (`updated_at`, else `created_at`) as a W3C date (YYYY-MM-DD).
 *
 * A file's products are read by keyset (`id > last id of the previous file`, in id order), not by OFFSET, so file n
 * costs the same as file 1 however large the catalogue: the last id of every file is found by one scan of the
 * active products' ids and kept in the catalogue cache (`memo`) until it is cleared or expires. A product added since
 * that scan may be missing from the files until then; no file ever holds more than the file limit.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { CatalogCache } from '../../commerce/catalog/catalog-cache.ts';
import { localeColumns } from '../../db/locale-columns.ts';
import { productSeoPath } from '../../lib/slug.ts';

/** URLs per sitemap file. */
export const URLS_PER_FILE = 50_000;

/** A domain of the sales channel: absolute URL without trailing slash, its language and the language's locale. */
export interface SitemapDomain {
  id: string;
  url: string;
  languageId: string;
  locale: string;
}

interface Entry {
  /** Path below the domain, without leading slash ('' for the home page). */
  path: string;
  lastmod: Date | null;
}

/** Home, content and listing pages of the domain (a few thousand at most). */
async function pageEntries(db: Db, salesChannelId: string, domain: SitemapDomain): Promise<Entry[]> {
  const rows = await queryRows<{ path: string; lastmod: Date | string | null }>(
    db,
    sql`
    SELECT s.seo_path_info AS path, COALESCE(c.updated_at, c.created_at) AS lastmod, 1 AS kind, c.id
      FROM seo_url s JOIN cms_page c ON c.id = s.foreign_key AND c.type <> 'footer'
     WHERE s.sales_channel_id = ${salesChannelId} AND s.language_id = ${domain.languageId}
       AND s.route_name = 'frontend.landing.page' AND s.is_canonical AND NOT s.is_deleted
    UNION ALL
    SELECT s.seo_path_info, COALESCE(c.updated_at, c.created_at), 2, c.id
      FROM seo_url s JOIN category c ON c.id = s.foreign_key
     WHERE s.sales_channel_id = ${salesChannelId} AND s.language_id = ${domain.languageId}
       AND s.route_name = 'frontend.navigation.page' AND s.is_canonical AND NOT s.is_deleted
       AND c.active AND c.type = 'page' AND c.product_count > 0
     ORDER BY 3, 4`,
  );
  return [{ path: '', lastmod: null }, ...rows.map((r) => ({ path: r.path, lastmod: toDate(r.lastmod) }))];
}

function toDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

/**
 * The id of each product that ends a file, by its position in id order (1-based): with `pages` page entries first
 * and `perFile` URLs per file, file n (n ≥ 2) starts after the product at position (n - 1) × perFile - pages.
 */
async function fileEnds(db: Db, pages: number, perFile: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: string; position: number | string }>(
    db,
    sql`SELECT id, position FROM (SELECT id, row_number() OVER (ORDER BY id) AS position FROM product WHERE active) p
         WHERE (position + ${pages}) % ${perFile} = 0`,
  );
  return new Map(rows.map((r) => [Number(r.position), r.id]));
}

async function productCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM product WHERE active`);
  return Number(row?.n ?? 0);
}

/**
 * The number of sitemap files of a domain (at least 1: the home page).
 *
 * @throws the database error when a query fails
 */
export async function sitemapFileCount(db: Db, salesChannelId: string, domain: SitemapDomain): Promise<number> {
  const [pages, products] = await Promise.all([pageEntries(db, salesChannelId, domain), productCount(db)]);
  return Math.max(1, Math.ceil((pages.length + products) / URLS_PER_FILE));
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/**
 * Sitemap file `file` (1-based) of a domain as XML (`<urlset>`), or null when the domain has no such file.
 * `perFile` (default URLS_PER_FILE) is the most URLs of a file.
 *
 * @throws the database error when a query fails
 */
export async function sitemapFile(
  db: Db,
  cache: Pick<CatalogCache, 'memo'>,
  salesChannelId: string,
  domain: SitemapDomain,
  file: number,
  perFile = URLS_PER_FILE,
): Promise<string | null> {
  if (!Number.isInteger(file) || file < 1) return null;
  const pages = await pageEntries(db, salesChannelId, domain);
  const start = (file - 1) * perFile;
  const entries = pages.slice(start, start + perFile);
  const wanted = perFile - entries.length;
  // Products before this file: none, or up to the product at position `skipped`, which ends the previous file.
  const skipped = start - pages.length;
  let after: string | undefined;
  if (skipped > 0) {
    const ends = await cache.memo(`sitemap-file-ends:${pages.length}:${perFile}`, () =>
      fileEnds(db, pages.length, perFile),
    );
    after = ends.get(skipped);
    if (after === undefined) return null; // fewer products than files before this one
  }
  const name = sql.raw(`p.${localeColumns(domain.locale).nameColumn}`);
  const products = await queryRows<{ name: string; product_number: string; lastmod: Date | string | null }>(
    db,
    sql`SELECT ${name} AS name, p.product_number, COALESCE(p.updated_at, p.created_at) AS lastmod
          FROM product p WHERE p.active ${after === undefined ? sql`` : sql`AND p.id > ${after}`}
         ORDER BY p.id LIMIT ${wanted}`,
  );
  if (file > 1 && entries.length === 0 && products.length === 0) return null;
  for (const p of products)
    entries.push({ path: productSeoPath(p.name, p.product_number), lastmod: toDate(p.lastmod) });
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : '';
    return `<url><loc>${xmlEscape(`${domain.url}/${e.path}`)}</loc>${lastmod}</url>`;
  });
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  );
}
