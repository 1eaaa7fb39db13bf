/**
 * Configuration of the embedded Store API: the sales channel, its domains and the provider path segment.
 *
 * Read from the environment once at start (see `.env.example`); every value has an offline default so the shop runs
 * with no edits.
 */
import * as v from 'valibot';
import { DEFAULT_PROVIDER, ProviderSegmentSchema } from '../contract/provider.ts';
import { DEFAULT_CXML_ENTRY, DEFAULT_OCI_ENTRY } from '../contract/provider/punchout.ts';
import type { LocaleCode } from '../contract/locales.ts';

export interface DomainConfig {
  /** Absolute URL without trailing slash, e.g. `http://localhost:4321/en`. */
  url: string;
  locale: LocaleCode;
  /** Two-letter upper-case label for the language switcher. */
  label: string;
}

export interface BackendConfig {
  /** The `sw-access-key` of the one sales channel. */
  accessKey: string;
  /** Path segment of the provider's B2B endpoints: `/store-api/{provider}/…` (contract/provider.ts). */
  provider: string;
  /**
   * Path segments of the punch-out entries: `/store-api/{oci-entry}/…` and `/store-api/{cxml-entry}/…`
   * (STORE_API_OCI_ENTRY, STORE_API_CXML_ENTRY; contract/provider/punchout.ts).
   */
  ociEntry: string;
  cxmlEntry: string;
  /** Domains of the sales channel, in switcher order. */
  domains: DomainConfig[];
  /**
   * The procurement simulator's aids are served (`PUNCHOUT_TEST_PAGE=1`; the storefront's `/punchout-test` page
   * needs them): never on a public shop by default.
   */
  punchOutTestPage: boolean;
  /** Base URL that media file names are resolved against; empty means placeholders only. */
  mediaBaseUrl: string;
  /**
   * `statement_timeout` of the search's statements on PostgreSQL, in milliseconds (`SEARCH_STATEMENT_TIMEOUT_MS`,
   * default 2,000; docs/decisions/022-input-bounds.md). A search stopped by it answers 503 `FRAMEWORK__QUERY_TIMEOUT`.
   * PGlite has no timer to stop a statement; there the term's bounds keep every search short.
   */
  searchStatementTimeoutMs: number;
  /**
   * Largest category (listed products) whose listings are filtered and paged in an in-memory listing index
   * (`LISTING_INDEX_MAX_ROWS`, default 300,000; backend/commerce/catalog/catalog-cache.ts); larger ones are listed in
   * SQL.
   */
  listingIndexMaxRows: number;
}

/** Default `searchStatementTimeoutMs`: 80 times the 25 ms p95 budget of the search page (docs/decisions/007). */
export const DEFAULT_SEARCH_STATEMENT_TIMEOUT_MS = 2000;

/**
 * Default `listingIndexMaxRows`: 300,000 listed products take about 48 MB as a listing index at about 160 bytes per
 * row (`indexBytes`, backend/commerce/catalog/listing-index.ts), under a fifth of the catalogue cache's 256 MiB
 * budget, so the five largest such categories fit at once (docs/decisions/011-in-memory-listing-index.md).
 */
export const DEFAULT_LISTING_INDEX_MAX_ROWS = 300_000;

/** Published default access key of the demo sales channel; set STORE_API_ACCESS_KEY in production. */
export const DEFAULT_ACCESS_KEY = 'SWSCWERKBANKDEMO0000000001';

const envSchema = v.object({
  PORT: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'PORT must be a number')), '4321'),
  STORE_API_ACCESS_KEY: v.optional(v.pipe(v.string(), v.minLength(8)), DEFAULT_ACCESS_KEY),
  STORE_API_PROVIDER: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (segment) => v.is(ProviderSegmentSchema, segment),
        'a lower-case letter, then lower-case letters, digits or dashes',
      ),
    ),
    DEFAULT_PROVIDER,
  ),
  STORE_API_OCI_ENTRY: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (segment) => v.is(ProviderSegmentSchema, segment),
        'a lower-case letter, then lower-case letters, digits or dashes',
      ),
    ),
    DEFAULT_OCI_ENTRY,
  ),
  STORE_API_CXML_ENTRY: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (segment) => v.is(ProviderSegmentSchema, segment),
        'a lower-case letter, then lower-case letters, digits or dashes',
      ),
    ),
    DEFAULT_CXML_ENTRY,
  ),
  PUNCHOUT_TEST_PAGE: v.optional(v.picklist(['0', '1', '']), '0'),
  SHOP_URL_BE: v.optional(v.pipe(v.string(), v.url())),
  SHOP_URL_AT: v.optional(v.pipe(v.string(), v.url())),
  MEDIA_BASE_URL: v.optional(v.string(), ''),
  SEARCH_STATEMENT_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,6}$/, 'SEARCH_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds from 1'),
      v.transform(Number),
    ),
    String(DEFAULT_SEARCH_STATEMENT_TIMEOUT_MS),
  ),
  LISTING_INDEX_MAX_ROWS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, 'LISTING_INDEX_MAX_ROWS must be a whole number of products from 0'),
      v.transform(Number),
    ),
    String(DEFAULT_LISTING_INDEX_MAX_ROWS),
  ),
});

/**
 * The default domains: the Belgian site on `http://localhost:PORT` (Dutch at `/`, English at `/en`,
 * French at `/fr`, German at `/de`) and the Austrian site on `http://at.localhost:PORT` (German).
 */
export function defaultDomains(beOrigin: string, atOrigin: string): DomainConfig[] {
  const be = beOrigin.replace(/\/+$/, '');
  const at = atOrigin.replace(/\/+$/, '');
  return [
    { url: be, locale: 'nl-NL', label: 'NL' },
    { url: `${be}/en`, locale: 'en-GB', label: 'EN' },
    { url: `${be}/fr`, locale: 'fr-FR', label: 'FR' },
    { url: `${be}/de`, locale: 'de-DE', label: 'DE' },
    { url: at, locale: 'de-DE', label: 'DE' },
  ];
}

/**
 * Builds the configuration from environment variables.
 *
 * @throws Error naming each invalid variable.
 */
export function loadBackendConfig(env: Record<string, string | undefined> = process.env): BackendConfig {
  const parsed = v.safeParse(envSchema, env);
  if (!parsed.success) {
    const issues = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.output;
  return {
    accessKey: e.STORE_API_ACCESS_KEY,
    provider: e.STORE_API_PROVIDER,
    ociEntry: e.STORE_API_OCI_ENTRY,
    cxmlEntry: e.STORE_API_CXML_ENTRY,
    domains: defaultDomains(
      e.SHOP_URL_BE ?? `http://localhost:${e.PORT}`,
      e.SHOP_URL_AT ?? `http://at.localhost:${e.PORT}`,
    ),
    punchOutTestPage: e.PUNCHOUT_TEST_PAGE === '1',
    mediaBaseUrl: e.MEDIA_BASE_URL,
    searchStatementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
    listingIndexMaxRows: e.LISTING_INDEX_MAX_ROWS,
  };
}

/**
 * True when the development outbox and the other development aids of the Store API are served in this environment:
 * only with `WERKBANK_DEV_OUTBOX=1` set explicitly (backend/store-api/account/dev-outbox.routes.ts).
 */
export function devOutboxEnabled(env: Record<string, string | undefined>): boolean {
  return env.WERKBANK_DEV_OUTBOX === '1';
}

/**
 * The storefront base URL a link or a start page of the Store API points to: `requested` when it equals a configured
 * domain URL (trailing slashes ignored), else the first domain of `locale`, else the first domain. Never built from a
 * Host header or an unchecked parameter, so a link cannot point to another site (docs/decisions/008, 025).
 */
export function configuredSiteUrl(
  config: Pick<BackendConfig, 'domains'>,
  requested: string | undefined,
  locale?: string,
): string {
  const norm = (u: string) => u.replace(/\/+$/, '');
  const wanted = requested ? norm(requested) : undefined;
  const match =
    config.domains.find((d) => norm(d.url) === wanted) ??
    config.domains.find((d) => d.locale === locale) ??
    config.domains[0];
  return match ? norm(match.url) : '';
}
