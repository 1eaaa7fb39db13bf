/**
 * Security headers of every storefront response (docs/decisions/012), set by src/middleware.ts.
 *
 * Content-Security-Policy: Astro (`security.csp` in astro.config.mjs) sends with every rendered page a policy
 * whose `script-src` and `style-src` list the hashes of exactly the inline scripts and styles that page renders, so
 * no other inline code runs. `withSecurityHeaders` adds to that policy the directives it does not set, from
 * `RUNTIME_DIRECTIVES` and the run-time settings: `default-src`, images, connections, `object-src`, `base-uri`,
 * `form-action` and `frame-ancestors` (FRAME_ANCESTORS). Responses Astro did not render (status pages, Store API
 * proxy answers, 403s of the origin check) get `fallbackPolicy`: no scripts at all, inline styles allowed.
 *
 * Also `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin` and, when the
 * configured public URL of the domain is https, `Strict-Transport-Security` (decided by configuration, because TLS
 * may end at a reverse proxy before the request reaches Node).
 */
import { createHash } from 'node:crypto';

/** HSTS lifetime in seconds: one year, the minimum for browsers' preload lists. */
export const HSTS_MAX_AGE = 31_536_000;

export interface SecurityHeaderOptions {
  /** Configured public URL of the domain the response belongs to; undefined when the host matched no domain. */
  publicUrl?: string | undefined;
  /**
   * Origins allowed to frame the shop's pages besides itself (`frame-ancestors`), e.g. the procurement systems of
   * OCI or cXML punch-out customers. From FRAME_ANCESTORS (`parseFrameAncestors`).
   */
  frameAncestors?: readonly string[];
  /** Base URL of catalogue media (MEDIA_BASE_URL) when images come from another origin. */
  mediaBaseUrl?: string | undefined;
}

/**
 * Origins in FRAME_ANCESTORS: a comma or space separated list of `https://host[:port]` origins. Anything else (paths
 * are dropped to their origin; keywords, wildcards and other schemes are refused) throws, so a typo fails at start
 * instead of silently allowing more.
 *
 * @throws Error naming the first invalid entry.
 */
export function parseFrameAncestors(value: string | undefined): string[] {
  const entries = (value ?? '').split(/[\s,]+/).filter(Boolean);
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`FRAME_ANCESTORS: "${entry}" is not an origin like https://procurement.example.com`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new Error(`FRAME_ANCESTORS: "${entry}" must be an http(s) origin`);
    }
    return url.origin;
  });
}

/** The directives added to every policy, by name; `frame-ancestors` and media origins are appended at run time. */
function runtimeDirectives(options: SecurityHeaderOptions): [string, string[]][] {
  const media = options.mediaBaseUrl ? originOf(options.mediaBaseUrl) : undefined;
  return [
    ['default-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'https:', ...(media && !media.startsWith('https:') ? [media] : [])]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'", ...(options.frameAncestors ?? [])]],
  ];
}

/**
 * The Content-Security-Policy of a response: `pagePolicy` (Astro's, with the page's script and style hashes) plus
 * every runtime directive it does not name; without a page policy, the runtime directives with `script-src 'none'`
 * and `style-src 'self' 'unsafe-inline'` (the status pages carry one inline `<style>` and no script).
 */
export function contentSecurityPolicy(pagePolicy: string | null, options: SecurityHeaderOptions = {}): string {
  const parts = (pagePolicy ?? "script-src 'none'; style-src 'self' 'unsafe-inline'")
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const named = new Set(parts.map((d) => d.split(/\s+/)[0]!.toLowerCase()));
  for (const [name, sources] of runtimeDirectives(options)) {
    if (!named.has(name)) parts.push([name, ...sources].join(' '));
  }
  return parts.join('; ');
}

/**
 * The headers for one response, by lower-case name.
 *
 * @param pagePolicy the Content-Security-Policy the response already has (Astro's), or null.
 */
export function securityHeaders(
  pagePolicy: string | null,
  options: SecurityHeaderOptions = {},
): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(pagePolicy, options),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  if (options.publicUrl && new URL(options.publicUrl).protocol === 'https:') {
    headers['strict-transport-security'] = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;
  }
  return headers;
}

/**
 * `response` with the security headers set (its own Content-Security-Policy extended, see the module comment; a
 * directive it names, such as the `form-action` of a punch-out transfer page that allows exactly the procurement
 * system's return address, is never replaced). A `Referrer-Policy` the response sets itself is kept (the OCI
 * call-up's redirect answers `no-referrer`, so its credentials cannot leak through the Referer). Responses whose
 * headers are immutable (e.g. from `fetch`) are copied first; the body is passed on, not read.
 */
export function withSecurityHeaders(response: Response, options: SecurityHeaderOptions = {}): Response {
  const headers = securityHeaders(response.headers.get('content-security-policy'), options);
  const ownReferrerPolicy = response.headers.get('referrer-policy');
  if (ownReferrerPolicy) headers['referrer-policy'] = ownReferrerPolicy;
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The CSP hash source (`sha256-…`) of an inline script's exact text, for `Astro.csp.insertScriptHash`: Astro hashes
 * the scripts it bundles, not `<script is:inline>`, so a component with one registers its hash itself.
 */
export function cspHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}
