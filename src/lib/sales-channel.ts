/**
 * The sales channel's domains and settings as the storefront needs them, read from the Store API and kept per process
 * for at most a minute, and only while the Store API's `channel` cache version is the one they were read at
 * (src/lib/cache-version.ts): a write of the sales channel (a maintenance switch, new domains) bumps it, so every
 * storefront reads the settings again within the version's bound (docs/decisions/026-several-instances.md). The
 * version of a read is the one the context answer reported (`x-werkbank-cache-version`), else the one known when it
 * started.
 *
 * Source: GET /store-api/context (`salesChannel.domains`, `salesChannel.configuration`/`config`) and POST
 * /store-api/language (locale codes by language id). When the context does not list domains (an older backend), the
 * embedded backend's configured domains are used through the transport.
 */
import { createStoreApiClient } from './store-api/client.ts';
import { getTransport } from './store-api/transport.ts';
import { knownCacheVersions } from './cache-version.ts';
import { toStorefrontDomain, type SalesChannelDomainInput, type StorefrontDomain } from './domain.ts';

export interface SalesChannelSettings {
  domains: StorefrontDomain[];
  /** Configured robots default. */
  robots: string | null;
  /** When the sales channel reports maintenance. */
  maintenance: boolean;
}

const TTL_MS = 60_000;
/** When settings were read, and the `channel` version they are of (`load` sets the one its answer reported). */
interface Stamp {
  at: number;
  version: number;
}
let cached: { stamp: Stamp; value: Promise<SalesChannelSettings> } | undefined;

async function load(stamp: Stamp): Promise<SalesChannelSettings> {
  const client = createStoreApiClient();
  let domains: SalesChannelDomainInput[] = [];
  let robots: string | null = null;
  let maintenance = false;
  let failure: unknown;
  try {
    const [context, languages] = await Promise.all([
      client.invoke('readContext get /context'),
      client
        .invoke('readLanguages post /language', { body: { associations: { locale: {}, translationCode: {} } } })
        .catch(() => ({ elements: [] })),
    ]);
    const localeById = new Map(
      (languages.elements ?? []).map((l) => [
        l.id,
        l.locale?.code ?? l.translationCode?.code ?? (l as { localeCode?: string }).localeCode ?? '',
      ]),
    );
    maintenance = context.salesChannel?.maintenance === true;
    // `config.robots` is this storefront's sales-channel setting, sent beside Shopware's SalesChannel fields.
    const robotsConfig = (context.salesChannel as { config?: Record<string, unknown> | null } | undefined)?.config
      ?.robots;
    robots = typeof robotsConfig === 'string' ? robotsConfig : null;
    domains = (context.salesChannel?.domains ?? [])
      .filter((d) => localeById.get(d.languageId))
      .map((d) => ({ ...d, localeCode: localeById.get(d.languageId) ?? '' }));
  } catch (error) {
    console.error('[storefront] could not read the sales channel context', error);
    failure = error;
  }
  stamp.version = client.answeredCacheVersions.channel ?? stamp.version;
  if (domains.length === 0) domains = await getTransport().configuredDomains();
  if (domains.length === 0 && failure) throw failure;
  return { domains: domains.map(toStorefrontDomain), robots, maintenance };
}

/**
 * The sales channel's domains and settings; rejected loads are retried on the next call.
 *
 * @throws the Store API error when the context cannot be read and no configured domains exist (Store API down).
 */
export function getSalesChannelSettings(): Promise<SalesChannelSettings> {
  const now = Date.now();
  if (!cached || now - cached.stamp.at > TTL_MS || cached.stamp.version < knownCacheVersions().channel) {
    const stamp = { at: now, version: knownCacheVersions().channel };
    const started = { stamp, value: load(stamp) };
    cached = started;
    started.value.catch(() => {
      if (cached === started) cached = undefined;
    });
  }
  return cached.value;
}
