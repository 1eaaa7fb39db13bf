/**
 * Server-side storefront configuration read from the environment. `STORE_API_PROVIDER`, `STORE_API_OCI_ENTRY` and
 * `STORE_API_CXML_ENTRY` are the same variables the embedded Store API reads (backend/config.ts): the path segments of
 * the provider's B2B endpoints (`/store-api/{provider}/…`) and of the punch-out entries (`/store-api/{oci-entry}/…`,
 * `/store-api/{cxml-entry}/…`; contract/provider/punchout.ts). Pages render them as `<html data-store-api-provider>`,
 * `data-store-api-oci-entry` and `data-store-api-cxml-entry`, so browser code (src/lib/store-api/browser.ts
 * `storeApiProvider`, `storeApiEntry`, used by provider.ts) builds the same paths.
 */
import * as v from 'valibot';
import { DEFAULT_PROVIDER, ProviderSegmentSchema } from '../../contract/provider.ts';
import { DEFAULT_CXML_ENTRY, DEFAULT_OCI_ENTRY } from '../../contract/provider/punchout.ts';
import { parseFrameAncestors } from './security-headers.ts';

export interface StorefrontConfig {
  /** Provider path segment, lower-case letters, digits and dashes, starting with a letter. */
  storeApiProvider: string;
  /** Path segment of the OCI entry (`/store-api/{oci-entry}/…`), same rules. */
  storeApiOciEntry: string;
  /** Path segment of the cXML entry (`/store-api/{cxml-entry}/…`), same rules. */
  storeApiCxmlEntry: string;
  /**
   * The procurement simulator `/punchout-test` (PUNCHOUT_TEST_PAGE=1): a page for the supplier's staff that plays a
   * procurement system. Off by default; every path below it answers 404 then.
   */
  punchOutTestPage: boolean;
  /**
   * Origins besides the shop that may frame its pages (FRAME_ANCESTORS, src/lib/security-headers.ts): when there are
   * any, the cookies of a punch-out session are `SameSite=None; Secure` (src/lib/context-cookie.ts).
   */
  frameAncestors: string[];
}

/** A path segment variable: the schema's value when set, else `fallback`. */
function segment(value: string | undefined, fallback: string): string {
  return value ? v.parse(ProviderSegmentSchema, value) : fallback;
}

/**
 * The configuration of this server process.
 *
 * @throws valibot's ValiError when STORE_API_PROVIDER, STORE_API_OCI_ENTRY or STORE_API_CXML_ENTRY is set but not a
 *   valid path segment (the backend refuses it too); Error for an invalid FRAME_ANCESTORS entry (which stops the
 *   start already, src/middleware.ts).
 */
export function storefrontConfig(env: Record<string, string | undefined> = process.env): StorefrontConfig {
  return {
    storeApiProvider: segment(env.STORE_API_PROVIDER, DEFAULT_PROVIDER),
    storeApiOciEntry: segment(env.STORE_API_OCI_ENTRY, DEFAULT_OCI_ENTRY),
    storeApiCxmlEntry: segment(env.STORE_API_CXML_ENTRY, DEFAULT_CXML_ENTRY),
    punchOutTestPage: env.PUNCHOUT_TEST_PAGE === '1',
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS),
  };
}
