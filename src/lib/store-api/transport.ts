/**
 * The Store API transport: the one place the storefront touches `backend/`.
 *
 * - Without `STORE_API_URL`: in-process, `(await getRuntime()).app.fetch(request)` on the embedded Store API (no
 *   socket; the database opens on first use).
 * - With `STORE_API_URL` (e.g. `http://127.0.0.1:8000` or a real Shopware): HTTP, with `STORE_API_ACCESS_KEY`.
 *
 * It also passes on the backend's process lifecycle helpers (health and readiness endpoints, graceful shutdown of a
 * Node server: backend/http/lifecycle.ts), which the storefront's server (src/server/entry.ts) uses as the standalone
 * backend does.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SalesChannelDomainInput } from '../domain.ts';
import type { CacheVersions } from '../../../contract/provider/cache-version.ts';

export {
  createReadiness,
  onShutdownSignals,
  shutdownDelayMs,
  shutdownTimeoutMs,
  withHealthEndpoints,
} from '../../../backend/http/lifecycle.ts';

export interface StoreApiTransport {
  /** 'in-process' or 'http'. */
  kind: 'in-process' | 'http';
  /** Base URL requests are built against; `/store-api/...` paths are appended. */
  baseUrl: string;
  /** Sends a request to the Store API; never throws for HTTP error statuses. */
  fetch(request: Request): Promise<Response>;
  /** The sales channel's `sw-access-key`. */
  accessKey(): Promise<string>;
  /**
   * Domains from the embedded backend's configuration, for when the Store API context does not list them.
   * Empty over HTTP.
   */
  configuredDomains(): Promise<SalesChannelDomainInput[]>;
  /**
   * Whether the Store API can serve: null when it can, else a short reason (`starting`, `start failed`, `database
   * timeout`, `database unreachable`). In-process: the embedded runtime has started (asking starts it) and its
   * database answers within 1 s. Over HTTP always null: the remote Store API has readiness probes of its own, and a
   * storefront that turned unready with it would only move the outage.
   */
  readiness(): Promise<string | null>;
  /**
   * In-process: subscribes `listener` to the embedded backend's cache versions (backend/db/cache-version.ts, raised by
   * its watcher): called at once with the current versions, then on every rise; resolves to the function that
   * unsubscribes. Over HTTP: null, the versions are read from the cache-version endpoint instead.
   *
   * @throws what starting the embedded runtime throws.
   */
  subscribeCacheVersions(listener: (versions: CacheVersions) => void): Promise<(() => void) | null>;
  /** Closes the embedded database when it was opened (in-process); nothing over HTTP. */
  close(): Promise<void>;
}

const IN_PROCESS_BASE = 'http://store-api.internal';

/**
 * Where the embedded backend's SQL migrations are: WERKBANK_MIGRATIONS_DIR, else next to the built server entry
 * (copied there by astro.config.mjs), else the source folder below the working directory.
 */
function locateMigrations(): void {
  if (process.env.WERKBANK_MIGRATIONS_DIR) return;
  const entryDir = process.argv[1] ? dirname(resolve(process.argv[1])) : process.cwd();
  const candidates = [
    join(entryDir, 'migrations'),
    resolve(process.cwd(), 'dist/server/migrations'),
    resolve(process.cwd(), 'backend/db/migrations'),
  ];
  const found = candidates.find((dir) => existsSync(join(dir, 'meta', '_journal.json')));
  if (found) process.env.WERKBANK_MIGRATIONS_DIR = found;
}

let backendModule: Promise<typeof import('../../../backend/runtime.ts')> | undefined;

/**
 * The embedded backend's runtime module, imported on first use (the storefront over HTTP never loads it) and then
 * kept: every in-process Store API call goes through it.
 */
function backend(): Promise<typeof import('../../../backend/runtime.ts')> {
  locateMigrations();
  backendModule ??= import('../../../backend/runtime.ts');
  return backendModule;
}

async function runtime() {
  return (await backend()).getRuntime();
}

function createTransport(env: Record<string, string | undefined>): StoreApiTransport {
  const url = env.STORE_API_URL?.trim();
  if (url) {
    const key = env.STORE_API_ACCESS_KEY?.trim();
    if (!key) throw new Error('STORE_API_URL is set, so STORE_API_ACCESS_KEY must be set too.');
    return {
      kind: 'http',
      baseUrl: url.replace(/\/+$/, ''),
      fetch: (request) => fetch(request),
      accessKey: async () => key,
      configuredDomains: async () => [],
      readiness: async () => null,
      subscribeCacheVersions: async () => null,
      close: async () => undefined,
    };
  }
  return {
    kind: 'in-process',
    baseUrl: IN_PROCESS_BASE,
    fetch: async (request) => (await runtime()).app.fetch(request),
    accessKey: async () => (await runtime()).config.accessKey,
    configuredDomains: async () => {
      const [rt, seed] = await Promise.all([runtime(), import('../../../backend/db/seed-channel.ts')]);
      return rt.config.domains.map((d, position) => ({
        id: `${d.locale}:${position}`,
        url: d.url,
        languageId: seed.languageId(d.locale),
        currencyId: seed.CURRENCY_EUR_ID,
        snippetSetId: seed.SNIPPET_SET_ID(d.locale),
        languageLabel: d.label,
        localeCode: d.locale,
      }));
    },
    readiness: async () => (await backend()).checkRuntimeReady({ start: true }),
    subscribeCacheVersions: async (listener) => {
      const { cacheVersions } = await runtime();
      listener(cacheVersions.current());
      return cacheVersions.subscribe((_scope, versions) => listener(versions));
    },
    close: async () => {
      await (await backend()).closeRuntime();
    },
  };
}

let transport: StoreApiTransport | undefined;

/** The process-wide transport, chosen from the environment on first use. */
export function getTransport(): StoreApiTransport {
  transport ??= createTransport(process.env);
  return transport;
}
