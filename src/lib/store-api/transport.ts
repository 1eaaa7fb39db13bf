/**
 * The Store API transport: the one place the storefront touches `backend/`.
 *
 * - Without `STORE_API_URL`: in-process, `(await getRuntime()).app.fetch(request)` on the embedded Store API (no
 *   socket; the database opens on first use).
 * - With `STORE_API_URL` (e.g. `http://127.0.0.1:8000` or a real Shopware): HTTP, with `STORE_API_ACCESS_KEY`.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { SalesChannelDomainInput } from '../domain.ts';

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

async function runtime() {
  locateMigrations();
  const { getRuntime } = await import('../../../backend/runtime.ts');
  return getRuntime();
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
  };
}

let transport: StoreApiTransport | undefined;

/** The process-wide transport, chosen from the environment on first use. */
export function getTransport(): StoreApiTransport {
  transport ??= createTransport(process.env);
  return transport;
}
