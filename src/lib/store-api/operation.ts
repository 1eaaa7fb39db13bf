/**
 * Reading a Store API operation key of `@shopware/api-client` (`"<operationId> <method> <path>"`, see
 * types.ts StoreApiOperations) into the HTTP call it names; shared by the server client (client.ts) and the browser
 * client (browser.ts), as that package's `createAPIClient().invoke` does it.
 */

/**
 * Splits an operation key `"<operationId> <method> <path>"` and fills the `{placeholders}` of its path with the
 * URI-encoded `pathParams`; the path comes back without its leading slash.
 *
 * @throws Error when the key is malformed or a placeholder has no value in `pathParams`.
 */
export function operationRequest(
  operation: string,
  pathParams: Record<string, string> = {},
): { method: 'get' | 'post' | 'patch' | 'delete'; path: string } {
  const match = /^\S+ (get|post|patch|delete) \/(\S*)$/.exec(operation);
  if (!match) throw new Error(`Store API operation key "${operation}" is not "<operationId> <method> <path>".`);
  const path = match[2]!.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = pathParams[name];
    if (value === undefined) throw new Error(`Store API operation "${operation}" needs path parameter "${name}".`);
    return encodeURIComponent(value);
  });
  return { method: match[1] as 'get' | 'post' | 'patch' | 'delete', path };
}

/**
 * An operation's `query` as URL parameters: each array element becomes its own `key=value` entry (the form of
 * Shopware's `ids[]` parameters); `undefined` values are left out.
 */
export function operationQuery(query: object): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}
