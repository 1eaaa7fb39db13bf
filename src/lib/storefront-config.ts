/**
 * Server-side storefront configuration read from the environment. `STORE_API_PROVIDER` is the same variable the
 * embedded Store API reads (backend/config.ts): the path segment of the provider's B2B endpoints
 * (`/store-api/{provider}/…`). Pages render it as `<html data-store-api-provider="…">` so browser code
 * (src/lib/store-api/browser.ts `storeApiProvider`, used by provider.ts) builds the same paths.
 */
import * as v from 'valibot';
import { DEFAULT_PROVIDER, ProviderSegmentSchema } from '../../contract/provider.ts';

export interface StorefrontConfig {
  /** Provider path segment, lower-case letters, digits and dashes, starting with a letter. */
  storeApiProvider: string;
}

/**
 * The configuration of this server process.
 *
 * @throws valibot's ValiError when STORE_API_PROVIDER is set but not a valid path segment (the backend refuses it too).
 */
export function storefrontConfig(env: Record<string, string | undefined> = process.env): StorefrontConfig {
  const provider = env.STORE_API_PROVIDER;
  return { storeApiProvider: provider ? v.parse(ProviderSegmentSchema, provider) : DEFAULT_PROVIDER };
}
