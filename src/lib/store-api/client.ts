/**
 * The server's Store API client (the browser's is browser.ts): ky over the transport of `transport.ts` (in-process or HTTP). Every
 * request carries `sw-access-key`, the domain's `sw-language-id` and, when there is one, the `sw-context-token`.
 * Non-2xx answers throw `StoreApiClientError` with Shopware's envelope.
 */
import ky, { type KyInstance } from 'ky';
import { readStoreApiResponse } from './errors.ts';
import { operationQuery, operationRequest } from './operation.ts';
import { getTransport } from './transport.ts';
import {
  CACHE_SCOPES,
  CACHE_VERSION_HEADER,
  parseCacheVersions,
  type CacheScope,
} from '../../../contract/provider/cache-version.ts';
import type { InvokeArgs, StoreApiOperation, StoreApiResponse } from './types.ts';

export interface StoreApiClientOptions {
  /** `sw-language-id` of the current domain; omitted → the sales channel's default language. */
  languageId?: string | undefined;
  /** `sw-context-token` of the visitor; omitted → an anonymous context. */
  contextToken?: string | undefined;
  /** Per-request timeout in milliseconds (default 30 s, the storefront's limit for Store API calls). */
  timeout?: number;
}

export interface StoreApiClient {
  /**
   * Calls the standard Store API operation named by `@shopware/api-client`'s key `"<operationId> <method> <path>"`
   * (e.g. `'readProductListing post /product-listing/{categoryId}'`), like that package's `createAPIClient().invoke`:
   * `{placeholders}` in the path are replaced by the URI-encoded `pathParams`, `query` becomes the query string and
   * `body` the JSON body (`{}` for a POST without one). Resolves to the answer typed as types.ts StoreApiResponse.
   *
   * @throws StoreApiClientError for every non-2xx response.
   */
  invoke<K extends StoreApiOperation>(operation: K, ...request: InvokeArgs<K>): Promise<StoreApiResponse<K>>;
  /**
   * GET `/store-api/{path}` with optional query parameters; resolves to the parsed JSON body. For routes outside
   * Shopware's standard operations (the provider's routes, typed by their contract); standard calls use `invoke`.
   */
  get<T>(path: string, searchParams?: Record<string, string>): Promise<T>;
  /** POST `/store-api/{path}` with a JSON body (criteria, payload); as `get`, for routes outside the standard ones. */
  post<T>(path: string, body?: unknown): Promise<T>;
  /** The `sw-context-token` the last response carried (a new anonymous one, or a rotated one). */
  readonly lastContextToken: string | undefined;
  /**
   * Per cache scope, the lowest version any answer of this client reported in `x-werkbank-cache-version`
   * (contract/provider/cache-version.ts): everything the client was answered is at least that new. A scope is absent
   * while no answer reported it (a Store API that does not version its caches).
   */
  readonly answeredCacheVersions: Readonly<Partial<Record<CacheScope, number>>>;
}

let base: KyInstance | undefined;

function baseClient(): KyInstance {
  const transport = getTransport();
  base ??= ky.create({
    baseUrl: `${transport.baseUrl}/store-api/`,
    fetch: (input, init) => transport.fetch(input instanceof Request && !init ? input : new Request(input, init)),
    throwHttpErrors: false,
    retry: 0,
  });
  return base;
}

/**
 * Headers the Store API expects on every call; shared by the client and the same-origin proxy.
 */
export async function storeApiHeaders(options: StoreApiClientOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = {
    'sw-access-key': await getTransport().accessKey(),
    accept: 'application/json',
    'sw-include-seo-urls': 'true',
  };
  if (options.languageId) headers['sw-language-id'] = options.languageId;
  if (options.contextToken) headers['sw-context-token'] = options.contextToken;
  return headers;
}

/**
 * Creates a client bound to one language and context.
 *
 * @throws StoreApiClientError from its methods for every non-2xx response.
 */
export function createStoreApiClient(options: StoreApiClientOptions = {}): StoreApiClient {
  let lastContextToken: string | undefined;
  const answeredCacheVersions: Partial<Record<CacheScope, number>> = {};
  async function send<T>(
    method: 'get' | 'post' | 'patch' | 'delete',
    path: string,
    init: { json?: unknown; searchParams?: Record<string, string> | URLSearchParams },
  ): Promise<T> {
    const cleanPath = path.replace(/^\/+/, '').replace(/^store-api\//, '');
    const response = await baseClient()(cleanPath, {
      method,
      headers: await storeApiHeaders(options),
      timeout: options.timeout ?? 30_000,
      ...(init.json !== undefined ? { json: init.json } : {}),
      ...(init.searchParams ? { searchParams: init.searchParams } : {}),
    });
    lastContextToken = response.headers.get('sw-context-token') ?? lastContextToken;
    const versions = parseCacheVersions(response.headers.get(CACHE_VERSION_HEADER));
    for (const scope of CACHE_SCOPES) {
      const version = versions?.[scope];
      if (version !== undefined)
        answeredCacheVersions[scope] = Math.min(answeredCacheVersions[scope] ?? version, version);
    }
    return (await readStoreApiResponse(response, `/store-api/${cleanPath}`)) as T;
  }
  return {
    invoke: (operation, ...[request]) => {
      const parts = (request ?? {}) as { pathParams?: Record<string, string>; query?: object; body?: unknown };
      const { method, path } = operationRequest(operation, parts.pathParams);
      const searchParams = parts.query ? operationQuery(parts.query) : undefined;
      return send(method, path, {
        ...(method !== 'get' ? { json: parts.body ?? {} } : {}),
        ...(searchParams ? { searchParams } : {}),
      });
    },
    get: (path, searchParams) => send('get', path, searchParams ? { searchParams } : {}),
    post: (path, body) => send('post', path, { json: body ?? {} }),
    get lastContextToken() {
      return lastContextToken;
    },
    answeredCacheVersions,
  };
}

/**
 * Forwards a prepared request to the Store API transport unchanged (used by the same-origin proxy, which sets its
 * own headers); `path` is below `/store-api/`.
 */
export async function forwardToStoreApi(path: string, init: RequestInit & { search?: string }): Promise<Response> {
  const transport = getTransport();
  const url = `${transport.baseUrl}/store-api/${path.replace(/^\/+/, '')}${init.search ?? ''}`;
  return transport.fetch(new Request(url, init));
}
