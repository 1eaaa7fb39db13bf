/**
 * Caching of anonymous catalogue HTML: a page that is the same for every visitor of a domain is
 * sent with `Cache-Control: public, s-maxage, stale-while-revalidate` and an ETag, answered with 304 on a matching
 * `If-None-Match`, and kept in an in-process LRU keyed by build, catalogue version, domain, path and query
 * (`cacheKey`): once the process knows a newer catalogue version (src/lib/cache-version.ts), pages of the older one
 * no longer match and age out of the LRU. A miss is rendered once per key at a time (`singleFlight`): requests for the
 * same page arriving meanwhile wait for that render. Anything that sets a cookie or depends on a session is neither
 * cached nor marked public.
 *
 * A cached page keeps its body in every content coding (src/lib/content-coding.ts), encoded once when it is stored;
 * each coding is its own representation with its own strong ETag (RFC 9110 §8.8.3: a strong validator changes with
 * the content coding), and the page is sent with `Vary: Accept-Encoding`. The process's one cache (`pageCache`) is
 * read by src/middleware.ts and, before Astro's pipeline, by the server (src/server/delivery.ts).
 */
import { createHash } from 'node:crypto';
import { encodeAs, preferredCoding, type ContentCoding, type PageBodies } from './content-coding.ts';

/** Freshness of a cacheable page, in seconds. */
export interface PageCachePolicy {
  /** Shared caches may serve the page this many seconds. */
  sMaxAge: number;
  /** …and serve it stale this many seconds longer while revalidating. */
  staleWhileRevalidate: number;
}

/** Default policy of catalogue pages: the catalogue changes on import, not per request. */
export const CATALOGUE_CACHE_POLICY: PageCachePolicy = { sMaxAge: 300, staleWhileRevalidate: 3600 };

export interface CacheDecisionInput {
  method: string;
  /** The page declared itself session-independent (set by catalogue pages only). */
  policy: PageCachePolicy | null;
  status: number;
  responseHeaders: Headers;
  /** The request carried credentials the page could have used (Authorization header). */
  authorization: boolean;
}

/**
 * Whether a rendered response may be stored and sent as public: only GET/HEAD, status 200, HTML, a page that opted
 * in, no `Set-Cookie`, no `Cache-Control: private/no-store` set by the page and no Authorization on the request.
 */
export function isCacheable(input: CacheDecisionInput): boolean {
  if (input.method !== 'GET' && input.method !== 'HEAD') return false;
  if (!input.policy || input.status !== 200 || input.authorization) return false;
  const h = input.responseHeaders;
  if (h.has('set-cookie') || (typeof h.getSetCookie === 'function' && h.getSetCookie().length > 0)) return false;
  if (/\b(private|no-store)\b/i.test(h.get('cache-control') ?? '')) return false;
  if (h.has('vary') && /\bcookie\b/i.test(h.get('vary') ?? '')) return false;
  return (h.get('content-type') ?? '').startsWith('text/html');
}

/** The `Cache-Control` value of a cacheable page. */
export function cacheControlHeader(policy: PageCachePolicy): string {
  return `public, max-age=0, s-maxage=${policy.sMaxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`;
}

/** Strong ETag of a body: quoted base64url SHA-1 prefix. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/** The ETag of one coding of a body whose unencoded ETag is `etag`: `"…"` → `"…-br"` / `"…-gzip"`. */
export function codingEtag(etag: string, coding: ContentCoding): string {
  return coding === 'identity' ? etag : `${etag.slice(0, -1)}-${coding}"`;
}

/** Whether a request may be answered from, or stored in, the page cache: GET or HEAD, no credentials, not an API call. */
export function mayUseCache(method: string, pathname: string, hasAuthorization: boolean): boolean {
  return (method === 'GET' || method === 'HEAD') && !hasAuthorization && !pathname.startsWith('/store-api/');
}

/** True when an `If-None-Match` header lists the ETag (or `*`); weak validators compare equal (RFC 9110.1.2). */
export function matchesIfNoneMatch(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === bare;
  });
}

/** What a page is rendered from besides its URL (src/lib/cache-version.ts `pageCacheScope`). */
export interface PageCacheScope {
  /** The storefront build (src/lib/build-id.ts). */
  buildId: string;
  /** The catalogue version the process knew when the request came in. */
  catalogVersion: number;
}

/**
 * Cache key: build, catalogue version, domain URL, path and sorted query, so `?a=1&b=2` and `?b=2&a=1` share an
 * entry and a newer build or catalogue version misses every older page.
 */
export function cacheKey(domainUrl: string, url: URL, scope: PageCacheScope): string {
  const params = [...url.searchParams.entries()].sort(([a, av], [b, bv]) =>
    a === b ? av.localeCompare(bv) : a.localeCompare(b),
  );
  const query = new URLSearchParams(params).toString();
  return `${scope.buildId}|${scope.catalogVersion}|${domainUrl}|${url.pathname}${query ? `?${query}` : ''}`;
}

/** How a miss was answered by `singleFlight`. */
export type Flight<T> =
  /** This caller rendered: its own result. */
  | { rendered: true; result: T }
  /** Another caller was rendering the key: the page it stored, or undefined when it stored none (render yourself). */
  | { rendered: false; page: RenderedPage | undefined };

/** A page as a render stores it (`PageCache.set`). */
export type RenderedPage = Omit<CachedPage, 'expires'>;

export interface CachedPage {
  /**
   * The page's HTML unencoded and in the content codings asked for so far (bytes): a render encodes the one its
   * request accepts, `PageCache.encoded` adds another when a later request asks for it (most clients accept brotli,
   * and gzip at level 9 doubled the encoding work of every page rendered).
   */
  bodies: PageBodies;
  /** Strong ETag of the unencoded HTML (`etagOf`); each coding's is `codingEtag(etag, coding)`. */
  etag: string;
  /** Headers sent with every answer of the page, security headers and `Vary: Accept-Encoding` included. */
  headers: [string, string][];
  /** Epoch milliseconds after which the entry is revalidated by rendering again. */
  expires: number;
}

/** One answer of a cached page to a request, ready for a Web `Response` or Node's `writeHead`. */
export interface CachedAnswer {
  status: 200 | 304;
  headers: [string, string][];
  /** The encoded body; null for 304 and HEAD. */
  body: Buffer<ArrayBuffer> | null;
}

/** Whether `page` holds the coding a request with `acceptEncoding` is answered in (`preferredCoding`). */
export function hasCodingFor(page: Pick<CachedPage, 'bodies'>, acceptEncoding: string | null | undefined): boolean {
  return page.bodies[preferredCoding(acceptEncoding)] !== undefined;
}

/**
 * The answer of a cached page to a GET or HEAD: the representation in the coding the request accepts
 * (`preferredCoding`), with its ETag, `Content-Encoding`, `Content-Length` and `X-Cache: HIT|MISS`; 304 without
 * body when `If-None-Match` lists that representation's ETag (RFC 9110 §13.1.2).
 *
 * @throws Error when the page lacks that coding (`hasCodingFor`; `PageCache.encoded` adds it).
 */
export function cachedAnswer(
  page: Pick<CachedPage, 'bodies' | 'etag' | 'headers'>,
  request: { method: string; acceptEncoding: string | null | undefined; ifNoneMatch: string | null | undefined },
  cacheStatus: 'HIT' | 'MISS',
): CachedAnswer {
  const coding = preferredCoding(request.acceptEncoding);
  const etag = codingEtag(page.etag, coding);
  const headers: [string, string][] = [...page.headers, ['etag', etag], ['x-cache', cacheStatus]];
  if (matchesIfNoneMatch(request.ifNoneMatch ?? null, etag)) return { status: 304, headers, body: null };
  const body = page.bodies[coding];
  if (!body) throw new Error(`The cached page has no ${coding} body.`);
  if (coding !== 'identity') headers.push(['content-encoding', coding]);
  headers.push(['content-length', String(body.length)]);
  return { status: 200, headers, body: request.method === 'HEAD' ? null : body };
}

/** Bytes an entry holds: all its codings. */
function sizeOf(page: Pick<CachedPage, 'bodies'>): number {
  return page.bodies.identity.length + (page.bodies.br?.length ?? 0) + (page.bodies.gzip?.length ?? 0);
}

/**
 * A size-bounded LRU of rendered pages (Map insertion order as recency). Entries expire after the policy's
 * `sMaxAge`; `maxEntries` and `maxBytes` bound memory.
 */
export function createPageCache(options: { maxEntries?: number; maxBytes?: number; now?: () => number } = {}) {
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedPage>();
  /** Renders in progress by key: each resolves to the page it stored, or undefined. */
  const flights = new Map<string, Promise<RenderedPage | undefined>>();
  /** Codings being added to a page, by page. */
  const encodings = new WeakMap<Pick<CachedPage, 'bodies'>, Map<'br' | 'gzip', Promise<void>>>();
  let bytes = 0;

  function evict(): void {
    while (entries.size > maxEntries || bytes > maxBytes) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  }

  function remove(key: string): void {
    const e = entries.get(key);
    if (!e) return;
    bytes -= sizeOf(e);
    entries.delete(key);
  }

  return {
    get(key: string): CachedPage | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.expires <= now()) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, e);
      return e;
    },
    set(key: string, page: RenderedPage, policy: PageCachePolicy): void {
      remove(key);
      const size = sizeOf(page);
      if (size > maxBytes) return;
      entries.set(key, { ...page, expires: now() + policy.sMaxAge * 1000 });
      bytes += size;
      evict();
    },
    /**
     * Makes sure `page` (an entry of `key`, or a page a render stored under it) holds the coding a request with
     * `acceptEncoding` is answered in: encodes it once (one encoding per page and coding at a time) and counts its
     * bytes while the entry is kept.
     */
    async encoded(key: string, page: Pick<CachedPage, 'bodies'>, acceptEncoding: string | null | undefined) {
      const coding = preferredCoding(acceptEncoding);
      if (coding === 'identity' || page.bodies[coding]) return;
      let running = encodings.get(page);
      if (!running) encodings.set(page, (running = new Map()));
      let encoding = running.get(coding);
      if (!encoding) {
        encoding = encodeAs(page.bodies.identity, coding).then((body) => {
          page.bodies[coding] = body;
          const entry = entries.get(key);
          if (entry?.bodies === page.bodies) {
            bytes += body.length;
            evict();
          }
        });
        running.set(coding, encoding);
        encoding.then(
          () => running.delete(coding),
          () => running.delete(coding),
        );
      }
      await encoding;
    },
    /**
     * Renders a miss of `key` once at a time in this process. The first caller runs `render`, which resolves to its
     * result and the page it stored under `key` (undefined when the answer was not cacheable); callers that come
     * while it runs do not render but wait for it and get that page, or undefined (they then render on their own,
     * as the answer may depend on their request). A throwing `render` rejects its own caller only.
     */
    async singleFlight<T>(
      key: string,
      render: () => Promise<{ result: T; page: RenderedPage | undefined }>,
    ): Promise<Flight<T>> {
      const running = flights.get(key);
      if (running) return { rendered: false, page: await running };
      let settle!: (page: RenderedPage | undefined) => void;
      flights.set(key, new Promise((resolve) => (settle = resolve)));
      try {
        const { result, page } = await render();
        settle(page);
        return { rendered: true, result };
      } catch (error) {
        settle(undefined);
        throw error;
      } finally {
        flights.delete(key);
      }
    },
    clear(): void {
      entries.clear();
      bytes = 0;
    },
    get size(): number {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** The process's page cache, shared by the middleware and the server's fast path for hits. */
export const pageCache: PageCache = createPageCache();
