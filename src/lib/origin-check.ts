/**
 * Cross-site request check for unsafe methods (OWASP CSRF Prevention Cheat Sheet, "Fetch Metadata" and "Verifying
 * Origin"): Astro's `checkOrigin` only covers form content types, so every POST/PUT/PATCH/DELETE, whatever its
 * content type, must come from the same origin. Browsers send `Sec-Fetch-Site`; older ones send `Origin`. The punch-out entry points authenticate with
 * their own credentials and are exempt.
 */

/** Path prefixes (below any domain prefix) whose unsafe requests come from other systems by design. */
export const ORIGIN_CHECK_EXEMPT_PATHS = ['/oci', '/cxml'] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when the request may proceed: safe methods always; unsafe ones when `Sec-Fetch-Site` is `same-origin` or
 * `none` (typed into the address bar), or, without that header, when `Origin` equals the request's origin. A request
 * with neither header (curl, server-to-server) is allowed: it carries no ambient browser credentials.
 */
export function isSameOriginRequest(request: Request, pathBelowPrefix: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  if (ORIGIN_CHECK_EXEMPT_PATHS.some((p) => pathBelowPrefix === p || pathBelowPrefix.startsWith(`${p}/`))) return true;
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = request.headers.get('origin');
  if (!origin) return true;
  return origin === new URL(request.url).origin;
}
