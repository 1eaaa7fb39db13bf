/**
 * Domain resolution: the
 * sales channel's domains are absolute URLs such as `http://localhost:4321/en`; a request belongs to the domain
 * whose host equals the request host and whose path prefix is the longest one the request path starts with.
 * Language, locale and currency follow the domain.
 */
import { toLocale, type Locale } from '../i18n/locales.ts';

/** A sales channel domain as the Store API context reports it (`salesChannel.domains[]`). */
export interface SalesChannelDomainInput {
  id?: string | undefined;
  url: string;
  languageId: string;
  currencyId: string;
  snippetSetId?: string | undefined;
  /** Two-letter upper-case label for the language switcher, e.g. 'EN'. */
  languageLabel?: string | undefined;
  /** BCP-47 code of the domain's language, e.g. 'en-GB'. */
  localeCode: string;
}

/** The domain config (url, origin, host, pathPrefix, ids, language label and locale). */
export interface StorefrontDomain {
  id: string;
  /** Absolute URL without trailing slash. */
  url: string;
  /** `http://localhost:4321` */
  origin: string;
  /** Host with port, lower case: `localhost:4321`. */
  host: string;
  /** '' for a domain at the root, otherwise `/en` (leading slash, no trailing slash). */
  pathPrefix: string;
  languageId: string;
  currencyId: string;
  snippetSetId: string;
  languageLabel: string;
  locale: Locale;
}

/**
 * Normalises a Store API domain into a storefront domain.
 *
 * @throws TypeError when `url` is not an absolute URL.
 */
export function toStorefrontDomain(input: SalesChannelDomainInput): StorefrontDomain {
  const url = new URL(input.url);
  const pathPrefix = url.pathname.replace(/\/+$/, '');
  const locale = toLocale(input.localeCode);
  return {
    id: input.id ?? `${url.host}${pathPrefix}`,
    url: `${url.origin}${pathPrefix}`,
    origin: url.origin,
    host: url.host.toLowerCase(),
    pathPrefix,
    languageId: input.languageId,
    currencyId: input.currencyId,
    snippetSetId: input.snippetSetId ?? '',
    languageLabel: (input.languageLabel || locale.slice(0, 2)).toUpperCase(),
    locale,
  };
}

function prefixMatches(prefix: string, pathname: string): boolean {
  return prefix === '' || pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Chooses the domain for a request URL: exact host (with port) first; when no domain has that host, domains with the
 * same host name on another port (a TLS terminator or proxy in front); then the longest matching path prefix.
 * Returns null when no domain is configured for the host.
 */
export function resolveDomain(domains: readonly StorefrontDomain[], url: URL): StorefrontDomain | null {
  const host = url.host.toLowerCase();
  let candidates = domains.filter((d) => d.host === host);
  if (candidates.length === 0) {
    const hostname = url.hostname.toLowerCase();
    candidates = domains.filter((d) => new URL(d.origin).hostname === hostname);
  }
  let best: StorefrontDomain | null = null;
  for (const d of candidates) {
    if (!prefixMatches(d.pathPrefix, url.pathname)) continue;
    if (!best || d.pathPrefix.length > best.pathPrefix.length) best = d;
  }
  return best;
}

/** The path below the domain's prefix, always starting with '/': `/en/Werkzeug/` on the /en domain → `/Werkzeug/`. */
export function pathBelowPrefix(domain: Pick<StorefrontDomain, 'pathPrefix'>, pathname: string): string {
  const rest = pathname.slice(domain.pathPrefix.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/**
 * An absolute path on a domain for a path below its prefix: (`/en`, `Werkzeug/`) → `/en/Werkzeug/`; doubled
 * slashes are collapsed.
 */
export function domainPath(domain: Pick<StorefrontDomain, 'pathPrefix'>, path: string): string {
  return `${domain.pathPrefix}/${path}`.replace(/\/{2,}/g, '/');
}
