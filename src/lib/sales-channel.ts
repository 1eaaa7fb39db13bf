/**
 * The sales channel's domains and settings as the storefront needs them, read from the Store API and kept for a
 * minute per process (domains change only through configuration, which restarts the process anyway).
 *
 * Source: GET /store-api/context (`salesChannel.domains`, `salesChannel.configuration`/`config`) and POST
 * /store-api/language (locale codes by language id). When the context does not list domains (an older backend), the
 * embedded backend's configured domains are used through the transport.
 */
import { createStoreApiClient } from './store-api/client.ts';
import { getTransport } from './store-api/transport.ts';
import { toStorefrontDomain, type SalesChannelDomainInput, type StorefrontDomain } from './domain.ts';

export interface SalesChannelSettings {
  domains: StorefrontDomain[];
  /** Configured robots default. */
  robots: string | null;
  /** When the sales channel reports maintenance. */
  maintenance: boolean;
}

const TTL_MS = 60_000;
let cached: { at: number; value: Promise<SalesChannelSettings> } | undefined;

async function load(): Promise<SalesChannelSettings> {
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
  if (!cached || now - cached.at > TTL_MS) {
    const value = load();
    cached = { at: now, value };
    value.catch(() => {
      cached = undefined;
    });
  }
  return cached.value;
}
