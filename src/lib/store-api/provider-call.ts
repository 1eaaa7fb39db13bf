/**
 * What the browser's (provider.ts) and the server's (server-provider.ts) provider clients build alike from an entry of
 * the endpoint table (contract/provider/endpoints.ts): the path below `/store-api/` of a call, and the success schema
 * as the browser side sees the answers (the same-origin proxy takes the context-token fields out, proxy.ts).
 */
import * as v from 'valibot';
import { providerOperationPath } from '../../../contract/provider/operations.ts';
import type { ProviderEndpoint } from '../../../contract/provider/endpoints.ts';

/** Context-token fields the same-origin proxy takes out of every answer's top level (proxy.ts `withoutTokens`). */
export const PROXY_REMOVED = ['token', 'contextToken'] as const;

/** The path segments an entry may lie below: the provider's, or a punch-out entry's (`segment`). */
export interface ProviderSegments {
  provider: string;
  oci: string;
  cxml: string;
}

/**
 * `{segment}/{path}?query` of a call (without the leading `/store-api/`): the entry's path with its `{name}`
 * parameters URI-encoded, below the provider's segment or the entry's punch-out segment; query values that are not
 * `undefined`, as strings, in the given order.
 *
 * @throws Error when a path parameter is missing.
 */
export function providerCallPath(
  endpoint: Pick<ProviderEndpoint, 'path' | 'segment'>,
  request: { params?: Readonly<Record<string, unknown>>; query?: Readonly<Record<string, unknown>> },
  segments: ProviderSegments,
): string {
  const segment = endpoint.segment ? segments[endpoint.segment] : segments.provider;
  const path = `${segment}${providerOperationPath(endpoint.path, request.params)}`;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** A success schema as the browser side sees its answers: an object schema without the context-token fields. */
export function browserSchema(schema: v.GenericSchema): v.GenericSchema {
  if (schema.type !== 'object' || !('entries' in schema)) return schema;
  const object = schema as v.ObjectSchema<v.ObjectEntries, undefined>;
  const [first, ...rest] = PROXY_REMOVED.filter((key) => key in object.entries);
  return first ? v.omit(object, [first, ...rest]) : schema;
}
