/**
 * The Store API's cache versions as this storefront process knows them (contract/provider/cache-version.ts): the
 * catalogue version keys the page cache (src/lib/html-cache.ts `cacheKey`), so pages rendered from an older catalogue
 * stop matching once a newer one is known, and a rise of the channel version makes the sales-channel settings load
 * again (src/lib/sales-channel.ts).
 *
 * How they are learnt (`startCacheVersionTracking`):
 * - in-process (default): straight from the embedded backend's watcher, on every rise (transport.ts
 *   `subscribeCacheVersions`);
 * - over HTTP (`STORE_API_URL`): by reading `GET /store-api/{provider}/cache-version` every `WERKBANK_CACHE_POLL_MS`
 *   (default 5000 ms). A Store API without that endpoint (a real Shopware) leaves them at 0: pages then live until
 *   their `s-maxage`.
 */
import {
  cachePollMs,
  UNKNOWN_CACHE_VERSIONS,
  type CacheScope,
  type CacheVersions,
} from '../../contract/provider/cache-version.ts';
import { BUILD_ID } from './build-id.ts';
import type { PageCacheScope } from './html-cache.ts';
import { createStoreApiClient } from './store-api/client.ts';
import { invokeProvider } from './store-api/server-provider.ts';
import { getTransport } from './store-api/transport.ts';

let known: CacheVersions = UNKNOWN_CACHE_VERSIONS;
let tracking: Promise<void> | undefined;
/** Ends the subscription or the poll of the running tracking. */
let stopTracking: (() => void) | undefined;

/** The versions this process knows (0 before the first is learnt). */
export function knownCacheVersions(): CacheVersions {
  return known;
}

/**
 * Takes the versions given that are higher than the known ones; versions never go back (a late or lagging answer
 * changes nothing).
 */
export function learnCacheVersions(versions: Partial<Record<CacheScope, number>>): void {
  const next = { ...known };
  let rose = false;
  for (const scope of Object.keys(next) as CacheScope[]) {
    const version = versions[scope];
    if (version !== undefined && version > next[scope]) {
      next[scope] = version;
      rose = true;
    }
  }
  if (rose) known = Object.freeze(next);
}

/** What the page cache keys a page of this process by: the build and the known catalogue version. */
export function pageCacheScope(): PageCacheScope {
  return { buildId: BUILD_ID, catalogVersion: known.catalog };
}

/**
 * Starts following the Store API's versions (see the module comment), once per process; later calls return the same
 * promise. Resolves when the first versions are known (or the first read over HTTP failed, which is logged once and
 * retried on every poll).
 *
 * @throws nothing over HTTP; in-process what starting the embedded runtime throws (the next call tries again).
 */
export function startCacheVersionTracking(): Promise<void> {
  tracking ??= track().catch((error: unknown) => {
    tracking = undefined;
    throw error;
  });
  return tracking;
}

/** Stops following the versions (the known ones stay); the next `startCacheVersionTracking` starts again. */
export function stopCacheVersionTracking(): void {
  stopTracking?.();
  stopTracking = undefined;
  tracking = undefined;
}

async function track(): Promise<void> {
  const unsubscribe = await getTransport().subscribeCacheVersions(learnCacheVersions);
  if (unsubscribe) {
    stopTracking = unsubscribe;
    return;
  }
  let failed = false;
  const poll = async (): Promise<void> => {
    try {
      learnCacheVersions(await invokeProvider(createStoreApiClient({ timeout: 5_000 }), 'readCacheVersion'));
      failed = false;
    } catch (error) {
      if (!failed) console.error('[storefront] could not read the Store API cache versions', error);
      failed = true;
    }
  };
  const timer = setInterval(() => void poll(), cachePollMs(process.env));
  timer.unref();
  stopTracking = () => clearInterval(timer);
  await poll();
}
