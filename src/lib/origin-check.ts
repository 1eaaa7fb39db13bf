/**
 * Cross-site request check for unsafe methods (OWASP CSRF Prevention Cheat Sheet, "Fetch Metadata" and "Verifying
 * Origin"): every POST/PUT/PATCH/DELETE, whatever its content type, must come from the same origin. Browsers send
 * `Sec-Fetch-Site`; older ones send `Origin`. This is the storefront's one origin check: Astro's own `checkOrigin`
 * covered form content types only and cannot exempt a path, so it is off (astro.config.mjs, docs/decisions/012).
 *
 * Exempt paths (ORIGIN_CHECK_EXEMPT_PATHS), decided like an ADR:
 * - Context: punch-out makes other systems post to the shop by design. A procurement system's page posts the OCI
 *   call-up to `/punchout/oci` from its own site (SAP OCI 4.0 outbound section: POST is the standard call method); a
 *   procurement server posts cXML PunchOutSetupRequest and OrderRequest documents to `/punchout/cxml/setup` and
 *   `/punchout/cxml/order` (cXML Reference Guide 1.2.051 §5.2, §7.3); and the procurement simulator plays such a
 *   system, receiving the returned cart at `/punchout-test/oci-return` and `/punchout-test/cxml-return` from
 *   whatever site the transfer page lies on (SAP OCI 4.0 inbound section; cXML Reference Guide §5.4.3.1).
 * - Decision: exactly these paths (below a domain's prefix, a trailing slash ignored) skip the check; nothing below
 *   them, no other method matters (safe methods always pass). They act on no ambient session: the call-up and the
 *   cXML requests authenticate with their own credentials (USERNAME/PASSWORD, the Sender's SharedSecret) and open a
 *   new session only through a one-time code or StartPage the browser must redeem itself, and the simulator's
 *   return pages only show what they received.
 * - Consequences: a forged post to one of them can at most try credentials, which the Store API rate-limits per
 *   user and address; every other unsafe request, the punch-out transfer and cancel included, still needs the
 *   shop's own origin, which matters more now that a framed punch-out session's cookies are `SameSite=None`.
 */

/** Paths (below any domain prefix) whose unsafe requests come from other sites or servers by design. */
export const ORIGIN_CHECK_EXEMPT_PATHS = [
  '/punchout/oci',
  '/punchout/cxml/setup',
  '/punchout/cxml/order',
  '/punchout-test/oci-return',
  '/punchout-test/cxml-return',
] as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when `path` (below the domain's prefix) is one of ORIGIN_CHECK_EXEMPT_PATHS, a trailing slash ignored. */
export function isOriginCheckExempt(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return (ORIGIN_CHECK_EXEMPT_PATHS as readonly string[]).includes(trimmed);
}

/**
 * True when the request may proceed: safe methods always; unsafe ones to an exempt path, or when `Sec-Fetch-Site`
 * is `same-origin` or `none` (typed into the address bar), or, without that header, when `Origin` equals the
 * request's origin. A request with neither header (curl, server-to-server) is allowed: it carries no ambient
 * browser credentials.
 */
export function isSameOriginRequest(request: Request, pathBelowPrefix: string): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  if (isOriginCheckExempt(pathBelowPrefix)) return true;
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'none';
  const origin = request.headers.get('origin');
  if (!origin) return true;
  return origin === new URL(request.url).origin;
}
