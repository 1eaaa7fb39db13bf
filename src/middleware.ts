/**
 * Runs once per request: resolves the domain and locale, checks the origin of unsafe requests, serves and stores
 * anonymous catalogue HTML in every content coding (docs/decisions/005 and 018), keyed by build and catalogue version
 * and rendered once per key at a time (src/lib/html-cache.ts), fills `Astro.locals` and sets the security headers on
 * every response, early answers included (src/lib/security-headers.ts, docs/decisions/012).
 */
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { pathBelowPrefix, resolveDomain } from './lib/domain.ts';
import { isSameOriginRequest } from './lib/origin-check.ts';
import { prefixRewrite } from './lib/prefix-rewrite.ts';
import { getSalesChannelSettings } from './lib/sales-channel.ts';
import { pageCacheScope, startCacheVersionTracking } from './lib/cache-version.ts';
import { createStoreApiClient } from './lib/store-api/client.ts';
import { maintenanceResponse, unavailableResponse, unknownDomainResponse } from './lib/status-pages.ts';
import {
  cacheControlHeader,
  cacheKey,
  cachedAnswer,
  etagOf,
  isCacheable,
  mayUseCache as mayUsePageCache,
  pageCache,
  type CachedAnswer,
  type RenderedPage,
} from './lib/html-cache.ts';
import { toBuffer } from './lib/content-coding.ts';
import { getTranslator, rawMessage } from './i18n/translator.ts';
import { parseFrameAncestors, securityHeaders, withSecurityHeaders } from './lib/security-headers.ts';

/** Read once at start: an invalid FRAME_ANCESTORS entry stops the server instead of allowing more. */
const frameAncestors = parseFrameAncestors(process.env.FRAME_ANCESTORS);
const mediaBaseUrl = process.env.MEDIA_BASE_URL?.trim() || undefined;

/**
 * Response headers that are stored with a cached page and replayed; the security headers (the page's
 * Content-Security-Policy extended) are stored beside them, so a hit served before Astro's pipeline sends the same.
 */
const REPLAYED_HEADERS = ['content-type', 'content-language', 'link', 'x-robots-tag'];

/** A cached page's answer as a Web response. */
function responseOf(answer: CachedAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

/**
 * The URL whose domain a request belongs to: the page itself, or for same-origin `/store-api/*` calls from an island
 * the page that made the call (its `Referer`), so the proxy answers in the page's language.
 */
function domainUrlOf(url: URL, request: Request): URL {
  if (!url.pathname.startsWith('/store-api/')) return url;
  const referer = request.headers.get('referer');
  if (!referer) return url;
  try {
    const ref = new URL(referer);
    return ref.host === url.host ? ref : url;
  } catch {
    return url;
  }
}

export const onRequest = defineMiddleware(async (ctx, next) => {
  const response = await handle(ctx, next);
  const domain = (ctx.locals as Partial<App.Locals>).domain;
  return withSecurityHeaders(response, { publicUrl: domain?.url, frameAncestors, mediaBaseUrl });
});

/** Everything but the security headers: domain, origin check, locals and the page cache. */
async function handle(ctx: APIContext, next: MiddlewareNext): Promise<Response> {
  const { url, request } = ctx;
  const isApi = url.pathname.startsWith('/store-api/');
  // The page cache and the sales-channel settings follow the Store API's versions once they are known; a Store API
  // without them (or one not reachable yet) leaves them at 0: pages then live until their s-maxage, settings 60 s.
  await startCacheVersionTracking().catch(() => undefined);
  let settings: Awaited<ReturnType<typeof getSalesChannelSettings>>;
  try {
    settings = await getSalesChannelSettings();
  } catch {
    return unavailableResponse(isApi);
  }
  const domain = resolveDomain(settings.domains, domainUrlOf(url, request));
  if (!domain) {
    console.error(`[storefront] no domain configured for host "${url.host}" (path ${url.pathname})`);
    return unknownDomainResponse(url.host, settings.domains, isApi);
  }
  const path = isApi ? url.pathname : pathBelowPrefix(domain, url.pathname);
  if (!isSameOriginRequest(request, path)) {
    return new Response('Cross-site request refused.', {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }

  const locale = domain.locale;
  if (settings.maintenance && !isApi) return maintenanceResponse(locale);
  ctx.locals.domain = domain;
  ctx.locals.domains = settings.domains;
  ctx.locals.locale = locale;
  ctx.locals.t = getTranslator(locale);
  ctx.locals.raw = (key) => rawMessage(locale, key);
  ctx.locals.path = path;
  ctx.locals.settings = settings;
  ctx.locals.storeApi = createStoreApiClient({ languageId: domain.languageId });
  ctx.locals.cachePolicy = null;

  const method = request.method.toUpperCase();
  const mayUseCache = mayUsePageCache(method, url.pathname, request.headers.has('authorization'));
  if (!mayUseCache) return next(prefixRewrite(domain, url));
  const scope = pageCacheScope();
  const key = cacheKey(domain.url, url, scope);
  const conditions = {
    method,
    acceptEncoding: request.headers.get('accept-encoding'),
    ifNoneMatch: request.headers.get('if-none-match'),
  };
  /** The answer of a page of `key`, in the coding this request accepts (added to the page when it lacks it). */
  const answerWith = async (page: RenderedPage, cacheStatus: 'HIT' | 'MISS'): Promise<Response> => {
    await pageCache.encoded(key, page, conditions.acceptEncoding);
    return responseOf(cachedAnswer(page, conditions, cacheStatus));
  };
  const hit = pageCache.get(key);
  if (hit) return answerWith(hit, 'HIT');

  /** Renders the page, and stores it when it is cacheable and was rendered from the key's catalogue version. */
  const render = async (): Promise<{ result: Response; page: RenderedPage | undefined }> => {
    const response = await next(prefixRewrite(domain, url));
    const policy = ctx.locals.cachePolicy;
    const setsCookie = [...ctx.cookies.headers()].length > 0;
    if (
      setsCookie ||
      !policy ||
      !isCacheable({ method, policy, status: response.status, responseHeaders: response.headers, authorization: false })
    ) {
      return { result: response, page: undefined };
    }
    const body = await response.text();
    const headers: [string, string][] = [
      ['cache-control', cacheControlHeader(policy)],
      ['vary', 'Accept-Encoding'],
    ];
    for (const name of REPLAYED_HEADERS) {
      const value = response.headers.get(name);
      if (value) headers.push([name, value]);
    }
    const security = securityHeaders(response.headers.get('content-security-policy'), {
      publicUrl: domain.url,
      frameAncestors,
      mediaBaseUrl,
    });
    headers.push(...Object.entries(security));
    // Encoded in the coding this request accepts (answerWith) before it is stored; another is added when a request
    // asks for it.
    const page = { bodies: { identity: toBuffer(body) }, etag: etagOf(body), headers };
    const result = await answerWith(page, 'MISS');
    // A Store API process that had not reached the key's catalogue version yet (another backend behind a load
    // balancer) answered part of this page: it is sent, but not kept under the newer key.
    const answered = ctx.locals.storeApi.answeredCacheVersions.catalog;
    const current = answered === undefined || answered >= scope.catalogVersion;
    if (current) pageCache.set(key, page, policy);
    return { result, page: current ? page : undefined };
  };

  const flight = await pageCache.singleFlight(key, render);
  if (flight.rendered) return flight.result;
  if (flight.page) return answerWith(flight.page, 'HIT');
  return (await render()).result;
}
