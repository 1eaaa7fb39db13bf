/**
 * The versions of the snapshots a Store API process keeps in memory (docs/decisions/026-several-instances.md): `catalog`
 * (category tree, SEO paths, facets, listing indexes, search candidates, property options) and `channel` (sales
 * channel, domains, maintenance, languages). Each rises by one with every committed write of its scope, and every
 * process of the shop serves data of the new version within the poll interval (`WERKBANK_CACHE_POLL_MS`, default
 * 5000 ms) of the commit, usually at once.
 *
 * - Every Store API answer carries `x-werkbank-cache-version`, the versions the process had when the request came in,
 *   as an RFC 8941 Dictionary of Integers: `catalog=12, channel=3`.
 * - `GET /store-api/{provider}/cache-version` answers the same versions as JSON (`CacheVersionResponseSchema`); a
 *   storefront on `STORE_API_URL` polls it and keys its page cache by the catalogue version.
 */
import * as v from 'valibot';

/** The response header carrying the versions of an answer. */
export const CACHE_VERSION_HEADER = 'x-werkbank-cache-version';

/** The scopes, in the order the header lists them. */
export const CACHE_SCOPES = ['catalog', 'channel'] as const;
export type CacheScope = (typeof CACHE_SCOPES)[number];

/** The version of every scope; 0 while a process has not read them yet. */
export type CacheVersions = Readonly<Record<CacheScope, number>>;

/** The versions before any was read. */
export const UNKNOWN_CACHE_VERSIONS: CacheVersions = Object.freeze({ catalog: 0, channel: 0 });

/** The answer of `GET /store-api/{provider}/cache-version`. */
export const CacheVersionResponseSchema = v.object({
  /** Version of the catalogue snapshot the process serves. */
  catalog: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** Version of the sales-channel snapshot the process serves. */
  channel: v.pipe(v.number(), v.integer(), v.minValue(0)),
  apiAlias: v.literal('werkbank_cache_version'),
});
export type CacheVersionResponse = v.InferOutput<typeof CacheVersionResponseSchema>;

/** `{ catalog: 12, channel: 3 }` → `catalog=12, channel=3` (RFC 8941 §3.2 Dictionary, Integer members). */
export function formatCacheVersions(versions: CacheVersions): string {
  return CACHE_SCOPES.map((scope) => `${scope}=${versions[scope]}`).join(', ');
}

/**
 * The versions of a header value written by `formatCacheVersions`; members of unknown scopes and members whose value
 * is not a non-negative integer are ignored. Null for a missing header (a Store API that does not version its
 * caches, e.g. a real Shopware) or one without any known scope.
 */
export function parseCacheVersions(value: string | null | undefined): Partial<Record<CacheScope, number>> | null {
  if (!value) return null;
  const out: Partial<Record<CacheScope, number>> = {};
  for (const member of value.split(',')) {
    const match = /^\s*([a-z][a-z0-9_-]*)=(\d{1,15})\s*$/.exec(member);
    const scope = match?.[1] as CacheScope | undefined;
    if (match && scope && (CACHE_SCOPES as readonly string[]).includes(scope)) out[scope] = Number(match[2]);
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** Default of `WERKBANK_CACHE_POLL_MS`: how often a process re-reads the versions, in milliseconds. */
export const DEFAULT_CACHE_POLL_MS = 5000;

/**
 * `WERKBANK_CACHE_POLL_MS` of an environment: the interval, in milliseconds, at which a backend re-reads the
 * `cache_version` rows and a storefront on `STORE_API_URL` polls the cache-version endpoint.
 *
 * @throws Error when it is set but not an integer from 100 to 600000.
 */
export function cachePollMs(env: Record<string, string | undefined>): number {
  const raw = env.WERKBANK_CACHE_POLL_MS?.trim();
  if (!raw) return DEFAULT_CACHE_POLL_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 100 || ms > 600_000)
    throw new Error(`WERKBANK_CACHE_POLL_MS must be an integer from 100 to 600000 (milliseconds), not "${raw}".`);
  return ms;
}
