/**
 * Pages live once below src/pages (docs/decisions/003): `src/pages/auth/index.astro` answers `/auth` on a domain at
 * the root. On a domain with a path prefix the same page is reached as `/{prefix}/auth`; the middleware renders the
 * page below the prefix through Astro's `next(rewritePayload)`, which keeps `Astro.locals` (the domain resolved from
 * the original URL) and the original path in `Astro.originPathname`.
 *
 * Catalogue paths need no rewrite: the catch-all route resolves the path below the prefix itself
 * (src/features/catalog/load-route.ts).
 */
import { pathBelowPrefix, type StorefrontDomain } from './domain.ts';

/**
 * First path segments of the pages that depend on the session
 * (src/pages/{account,auth,checkout,register,loginascustomer,quick-order}) and of the punch-out entries and the
 * procurement simulator (src/pages/{punchout,oci,cxml,punchout-test}).
 */
export const SESSION_PAGE_SEGMENTS: readonly string[] = [
  'account',
  'auth',
  'checkout',
  'loginascustomer',
  'quick-order',
  'register',
  'punchout',
  'oci',
  'cxml',
  'punchout-test',
];

/** First path segments of every page below src/pages that a prefixed domain reaches: the session pages and the sitemaps. */
export const PREFIXED_PAGE_SEGMENTS: readonly string[] = [...SESSION_PAGE_SEGMENTS, 'sitemap.xml', 'sitemap'];

/**
 * The URL to render instead of `url` (same query, path below the domain's prefix) when `url` addresses one of
 * {@link PREFIXED_PAGE_SEGMENTS} below a non-empty prefix: `/en/auth/password-forgot?x=1` → `/auth/password-forgot?x=1`.
 * Undefined when no rewrite applies (a domain at the root, a catalogue path, a path outside the prefix such as
 * `/store-api/…`).
 */
export function prefixRewrite(domain: Pick<StorefrontDomain, 'pathPrefix'>, url: URL): URL | undefined {
  const prefix = domain.pathPrefix;
  if (!prefix || !(url.pathname === prefix || url.pathname.startsWith(`${prefix}/`))) return undefined;
  const below = pathBelowPrefix(domain, url.pathname);
  const segment = below.split('/')[1] ?? '';
  if (!PREFIXED_PAGE_SEGMENTS.includes(segment)) return undefined;
  const target = new URL(url);
  target.pathname = below;
  return target;
}

/**
 * The path the visitor requested, for canonical links: `url.pathname` as it is, or with the domain's prefix put
 * back when the page was rendered through {@link prefixRewrite} (`/auth` on the `/en` domain → `/en/auth`). A
 * trailing slash stays as requested. (Astro's `originPathname` cannot serve here: with `trailingSlash: 'ignore'` it
 * always ends with a slash, and Shopware's product SEO paths do not.)
 */
export function requestedPathname(domain: Pick<StorefrontDomain, 'pathPrefix'>, url: URL): string {
  const prefix = domain.pathPrefix;
  if (!prefix || url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) return url.pathname;
  return `${prefix}${url.pathname}`;
}
