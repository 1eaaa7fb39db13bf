/**
 * Sitemaps and robots.txt of the storefront's domains (sitemaps.org protocol 0.9, the robots exclusion protocol of
 * RFC 9309). The sitemap files come from the Store API (Shopware's `readSitemap` and `getSitemapFile`, generated
 * from the catalogue, backend/store-api/seo/sitemap.ts); a domain lists only its own files, so a sitemap never names
 * another host's or another site's URLs (the protocol allows URLs below the sitemap's own location only).
 */
import escapeHtml from 'escape-html';
import type { StorefrontDomain } from './domain.ts';
import { SESSION_PAGE_SEGMENTS } from './prefix-rewrite.ts';
import type { StoreApiClient } from './store-api/client.ts';

/** Name of a domain's sitemap file (the last segment of the Store API's filename), e.g. `{domainId}-sitemap-1.xml.gz`. */
const FILE_NAME = /^[0-9a-f]{32}-sitemap-[1-9]\d{0,5}\.xml\.gz$/;

/**
 * The domain's sitemap files: the last segments of the Store API's filenames that name this domain.
 *
 * @throws StoreApiClientError when the Store API refuses the call
 */
export async function domainSitemapFiles(storeApi: StoreApiClient, domain: StorefrontDomain): Promise<string[]> {
  const files = await storeApi.invoke('readSitemap get /sitemap');
  return files.map((f) => f.filename.split('/').at(-1) ?? '').filter((name) => isDomainSitemapFile(domain, name));
}

/** Whether `name` is one of the domain's sitemap file names (checked before the file is fetched). */
export function isDomainSitemapFile(domain: StorefrontDomain, name: string): boolean {
  return FILE_NAME.test(name) && name.startsWith(`${domain.id}-`);
}

/** The sitemap index (`<sitemapindex>`) of a domain, its files below `{domain.url}/sitemap/`. */
export function sitemapIndex(domain: StorefrontDomain, files: readonly string[]): string {
  const entries = files.map((name) => `<sitemap><loc>${escapeHtml(`${domain.url}/sitemap/${name}`)}</loc></sitemap>`);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`
  );
}

/**
 * robots.txt of a host: every crawler may read the catalogue; the session-bound pages (account, checkout, login,
 * registration, quick order) and the Store API are disallowed on each of the host's sites; each site's sitemap index
 * is named.
 */
export function robotsTxt(hostDomains: readonly StorefrontDomain[]): string {
  const prefixes = [...new Set(hostDomains.map((d) => d.pathPrefix))].sort();
  const disallow = [
    ...prefixes.flatMap((prefix) => SESSION_PAGE_SEGMENTS.map((segment) => `Disallow: ${prefix}/${segment}`)),
    'Disallow: /store-api/',
  ];
  const sitemaps = hostDomains.map((d) => `Sitemap: ${d.url}/sitemap.xml`);
  return ['User-agent: *', 'Allow: /', ...disallow, '', ...sitemaps, ''].join('\n');
}
