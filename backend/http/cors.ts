/**
 * Cross-origin requests to the standalone Store API (`npm run backend`) from browser-based headless frontends, with
 * Hono's `cors` middleware. Shopware's Store API answers CORS for its own headers (Shopware Frontends documentation,
 * "Dealing with CORS in Your Project": methods GET, POST, PUT, PATCH, DELETE; headers Content-Type, Authorization,
 * sw-context-token, sw-access-key, sw-language-id, sw-version-id, sw-inheritance, indexing-behavior,
 * sw-include-seo-urls, sw-context-token-alias). The session travels in the `sw-context-token` header, never in a
 * cookie, so no credentials mode is offered; the answer exposes `sw-context-token`, because a client keeps the token
 * a login or context switch answers with.
 *
 * Which origins may call is configured with CORS_ALLOWED_ORIGINS: a comma list of origins (`https://host[:port]`,
 * compared exactly), or `*` for any origin as Shopware's default. Unset or empty: no CORS headers (same-origin
 * clients and server-side callers only). A preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered
 * here, before the access key is checked: browsers send no custom headers with it.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** Request headers a Store API client sends (Shopware's list). */
export const STORE_API_CORS_HEADERS = [
  'Content-Type',
  'Authorization',
  'sw-context-token',
  'sw-access-key',
  'sw-language-id',
  'sw-version-id',
  'sw-inheritance',
  'indexing-behavior',
  'sw-include-seo-urls',
  'sw-context-token-alias',
] as const;

/** Seconds a browser may keep a preflight answer. */
export const CORS_MAX_AGE_SECONDS = 86_400;

/**
 * The allowed origins of CORS_ALLOWED_ORIGINS: `'*'`, a list of origins (trailing slashes removed), or null when
 * unset or empty.
 *
 * @throws Error naming an entry that is not an http(s) origin (a path, query or user part is not an origin).
 */
export function parseCorsOrigins(raw: string | undefined): '*' | string[] | null {
  const entries = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  if (entries.includes('*')) return '*';
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`CORS_ALLOWED_ORIGINS: "${entry}" is not an origin such as https://shop.example.com`);
    }
    const bare = entry.replace(/\/+$/, '');
    if (!/^https?:$/.test(url.protocol) || url.origin !== bare) {
      throw new Error(`CORS_ALLOWED_ORIGINS: "${entry}" is not an origin such as https://shop.example.com`);
    }
    return url.origin;
  });
}

/** The CORS middleware for `origins` (see the module comment); a pass-through when `origins` is null. */
export function storeApiCors(origins: '*' | string[] | null): MiddlewareHandler {
  if (origins === null) return async (_c, next) => next();
  return cors({
    origin: origins === '*' ? '*' : (origin) => (origins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: [...STORE_API_CORS_HEADERS],
    exposeHeaders: ['sw-context-token'],
    maxAge: CORS_MAX_AGE_SECONDS,
  });
}
