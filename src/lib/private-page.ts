/**
 * The first step of every page that depends on the visitor's session: the login and password pages (/auth …), the
 * account area (/account/…), registration (/register/…) and login as customer (/loginascustomer).
 *
 * - The page must be reached under its own domain's path prefix (`/en/auth` on the English domain, `/auth` on a
 *   domain at the root; src/lib/prefix-rewrite.ts serves the prefixed form from the one page below src/pages).
 *   Anything else answers the 404 page.
 * - `Cache-Control: private, no-store`: the HTML holds forms bound to the visitor's session, so neither the shared
 *   page cache (docs/decisions/005) nor a proxy may keep it.
 * - The readable session cookie `sw-language-id` is set to the domain's language (src/lib/session/language-cookie.ts;
 *   catalogue pages never set it, their HTML is shared).
 */
import type { AstroCookies } from 'astro';
import { domainPath, type StorefrontDomain } from './domain.ts';
import { setLanguageCookie } from './session/language-cookie.ts';

/** The parts of `Astro` (an `AstroGlobal`) the prelude reads and writes. */
export interface PrivatePageContext {
  locals: { domain: Pick<StorefrontDomain, 'pathPrefix' | 'languageId'> };
  /** The URL the page is rendered for (below the prefix after a prefix rewrite). */
  url: URL;
  /** The request's path before any rewrite, e.g. `/en/auth`. */
  originPathname: string;
  response: { headers: Headers };
  cookies: AstroCookies;
  rewrite(path: string): Promise<Response>;
}

/** A path as Astro compares routes: percent-decoded, doubled slashes collapsed, no trailing slash. */
function normalise(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape stays as it is; it then matches nothing.
  }
  const collapsed = decoded.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

/**
 * Runs the prelude. Returns the 404 rewrite when the request's path is not the domain's prefix followed by the
 * page's path (e.g. a root-domain page reached below a foreign segment); otherwise null, after setting the
 * `Cache-Control` header and the language cookie.
 */
export function preparePrivatePage(astro: PrivatePageContext): Promise<Response> | null {
  const { domain } = astro.locals;
  if (normalise(astro.originPathname) !== normalise(domainPath(domain, astro.url.pathname)))
    return astro.rewrite('/404');
  astro.response.headers.set('cache-control', 'private, no-store');
  setLanguageCookie(astro.cookies, astro.url, domain.languageId);
  return null;
}
