/**
 * The provider segment: the path part that holds the supplier's own B2B endpoints, `/store-api/{provider}/…`, beside
 * Shopware's standard Store API routes (docs/decisions/001-embedded-store-api.md). The backend reads it from
 * `STORE_API_PROVIDER`; the storefront builds its provider paths with the same value. Error codes of the provider's
 * own rules start with the segment in upper case (`WERKBANK__MISSING_RIGHT`).
 */
import * as v from 'valibot';

/** The segment used when `STORE_API_PROVIDER` is not set. */
export const DEFAULT_PROVIDER = 'werkbank';

/** A segment: a lower-case letter, then lower-case letters, digits or dashes (one URL path segment, no escaping). */
export const PROVIDER_PATTERN = /^[a-z][a-z0-9-]*$/;

export const ProviderSegmentSchema = v.pipe(v.string(), v.regex(PROVIDER_PATTERN, 'REGEX_FAILED_ERROR'));

/** The segment as error codes start with it: upper case, a dash as an underscore (`my-shop` → `MY_SHOP`). */
export function providerErrorPrefix(provider: string): string {
  return provider.toUpperCase().replace(/-/g, '_');
}

/** The error code of a provider rule: `werkbank` + `MISSING_RIGHT` → `WERKBANK__MISSING_RIGHT`. */
export function providerErrorCode(provider: string, name: string): string {
  return `${providerErrorPrefix(provider)}__${name}`;
}
