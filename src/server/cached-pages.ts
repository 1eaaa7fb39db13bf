/**
 * The page-cache lookup of the server's fast path (src/server/delivery.ts): the same steps as src/middleware.ts
 * takes before it would answer from the cache (sales channel settings, domain of the host, maintenance, cache key
 * with the build and the known catalogue version),
 * on Node's request instead of Astro's, so that a hit costs no Astro request, render context or Web `Response`.
 * Anything that is not a hit — an unknown host (421), maintenance, a miss — goes on to Astro, which answers it.
 */
import type { IncomingMessage } from 'node:http';
import { resolveDomain } from '#src/lib/domain.ts';
import { cacheKey, mayUseCache, pageCache, type CachedPage } from '#src/lib/html-cache.ts';
import { getSalesChannelSettings } from '#src/lib/sales-channel.ts';
import { pageCacheScope } from '#src/lib/cache-version.ts';

/**
 * The request's URL as Astro's Node adapter builds it (`http://` + Host header + request target), or null when the
 * two do not form a URL (Astro then falls back to another URL, so such a request is left to it).
 */
function requestUrl(req: IncomingMessage): URL | null {
  const host = req.headers.host;
  if (typeof host !== 'string' || !req.url) return null;
  const href = `http://${host}${req.url}`;
  return URL.canParse(href) ? new URL(href) : null;
}

/** The cached page that answers `req`, or undefined when Astro's pipeline has to answer it. */
export async function findCachedPage(req: IncomingMessage): Promise<CachedPage | undefined> {
  const url = requestUrl(req);
  if (!url || !mayUseCache(req.method ?? 'GET', url.pathname, req.headers.authorization !== undefined))
    return undefined;
  let settings: Awaited<ReturnType<typeof getSalesChannelSettings>>;
  try {
    settings = await getSalesChannelSettings();
  } catch {
    return undefined;
  }
  if (settings.maintenance) return undefined;
  const domain = resolveDomain(settings.domains, url);
  return domain ? pageCache.get(cacheKey(domain.url, url, pageCacheScope())) : undefined;
}
