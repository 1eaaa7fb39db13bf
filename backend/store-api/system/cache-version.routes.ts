/**
 * `GET /store-api/{provider}/cache-version`: the versions of the catalogue and sales-channel snapshots this process
 * serves (contract/provider/cache-version.ts), answered from memory. A storefront on `STORE_API_URL` polls it to key
 * its page cache by the catalogue version; the same versions go with every answer as `x-werkbank-cache-version`
 * (backend/app.ts).
 */
import type { Hono } from 'hono';
import type { CacheVersionResponse } from '../../../contract/provider/cache-version.ts';
import type { CacheVersionState } from '../../db/cache-version.ts';
import { providerRoute } from '../../http/provider-route.ts';
import type { BackendConfig } from '../../config.ts';
import type { StoreApiEnv } from '../context.ts';

/** Registers `readCacheVersion` below `config.provider`, answering `cacheVersions.current()` (never throws). */
export function registerCacheVersionRoute(
  app: Hono<StoreApiEnv>,
  deps: { config: BackendConfig; cacheVersions: CacheVersionState },
): void {
  providerRoute(app, deps.config.provider, 'readCacheVersion', () => {
    const { catalog, channel } = deps.cacheVersions.current();
    return { catalog, channel, apiAlias: 'werkbank_cache_version' } satisfies CacheVersionResponse;
  });
}
