/**
 * The one Store API client of browser code (islands and the account SPA). Every call goes to the same-origin proxy
 * `/store-api/*` (src/pages/store-api/[...path].ts), which adds `sw-access-key`, the language and the context token
 * from the HttpOnly cookie, so nothing here ever handles a token (docs/decisions/009).
 *
 * Plain `fetch` rather than ky (which the server client uses): this module ships with the header islands on every
 * catalogue page, and everything it needs (JSON, timeout, abort) is a few lines over `fetch` and `AbortSignal`,
 * where ky would add about 9 kB gzipped.
 */
import { DEFAULT_PROVIDER, PROVIDER_PATTERN } from '../../../contract/provider.ts';
import { DEFAULT_CXML_ENTRY, DEFAULT_OCI_ENTRY } from '../../../contract/provider/punchout.ts';
import { readStoreApiResponse } from './errors.ts';
import { operationQuery, operationRequest } from './operation.ts';
import type { StoreApiClient } from './client.ts';
import type { InvokeArgs, StoreApiOperation, StoreApiResponse } from './types.ts';

/** Default limit of one call, in milliseconds: the storefront waits at most 30 s for the Store API. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** One call of `storeApi`. */
export interface StoreApiCallOptions {
  /** Defaults to GET without a body and POST with one. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON request body; sent for every method but GET. */
  body?: unknown;
  /**
   * A request body that is not JSON, sent as is with its media type instead of `body` (e.g. a CSV file as
   * `text/csv`).
   */
  raw?: { data: Blob | string; contentType: string };
  /** Aborts the call (e.g. a newer search term); the returned promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Abort after this many milliseconds (default DEFAULT_TIMEOUT_MS); rejects with a `TimeoutError`. */
  timeoutMs?: number;
  /** Extra request headers, e.g. the `Idempotency-Key` of an order submit (contract/order.ts). */
  headers?: Record<string, string>;
}

/** What `invoke` takes besides the operation's request parts. */
export type InvokeOptions = Pick<StoreApiCallOptions, 'signal' | 'timeoutMs' | 'headers'>;

/**
 * Calls the standard Store API operation named by `@shopware/api-client`'s key `"<operationId> <method> <path>"`
 * (e.g. `'readCustomer post /account/customer'`, types.ts StoreApiOperations), as the server client's `invoke`
 * does: `{placeholders}` in the path are replaced by the URI-encoded `pathParams`, `query` becomes the query string
 * and `body` the JSON body (`{}` for a POST without one); `signal`, `timeoutMs` and `headers` as for `storeApi`. Resolves to the
 * answer typed as types.ts StoreApiResponse. The provider's routes, typed by their contract, go through provider.ts
 * `provider.invoke`.
 *
 * @throws StoreApiClientError for every non-2xx answer; network errors, an abort or the timeout as `storeApi`.
 */
export async function invoke<K extends StoreApiOperation>(
  operation: K,
  ...[request]: InvokeArgs<K, InvokeOptions>
): Promise<StoreApiResponse<K>> {
  const { pathParams, query, body, signal, timeoutMs, headers } = (request ?? {}) as InvokeOptions & {
    pathParams?: Record<string, string>;
    query?: object;
    body?: unknown;
  };
  const { method, path } = operationRequest(operation, pathParams);
  const search = query ? operationQuery(query).toString() : '';
  return (await storeApi(search ? `${path}?${search}` : path, {
    method: method.toUpperCase() as Uppercase<typeof method>,
    ...(method === 'get' ? {} : { body: body ?? {} }),
    ...(signal ? { signal } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(headers ? { headers } : {}),
  })) as StoreApiResponse<K>;
}

/**
 * `invoke` in the shape of the server's client (src/lib/store-api/client.ts): the default of reads that the server
 * also makes for a page it renders with the visitor's context (the cart page's address book and methods).
 */
export const browserClient: Pick<StoreApiClient, 'invoke'> = { invoke };

/**
 * Calls `/store-api/{path}` (path without leading `/store-api/`, query string allowed) and returns the parsed JSON
 * body (`null` for an empty body, e.g. 204). Shopware's standard operations go through `invoke`, the provider's
 * through provider.ts, both over this call.
 *
 * @throws StoreApiClientError with Shopware's error envelope for every non-2xx answer (a body that is not an
 *   envelope becomes one UNKNOWN_ERROR item); a network failure, an abort or the timeout propagate as the fetch
 *   error (`AbortError`, `TimeoutError`).
 */
export async function storeApi(path: string, request: StoreApiCallOptions = {}): Promise<unknown> {
  const { response, clean } = await send(path, request, 'application/json');
  return readStoreApiResponse(response, `/store-api/${clean}`);
}

/** One request through the proxy as `storeApi` describes it, asking for `accept`. */
async function send(
  path: string,
  request: StoreApiCallOptions,
  accept: string,
): Promise<{ response: Response; clean: string }> {
  const method = request.method ?? (request.body === undefined && request.raw === undefined ? 'GET' : 'POST');
  const clean = path.replace(/^\/+/, '').replace(/^store-api\//, '');
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const url = new URL(`/store-api/${clean}`, globalThis.location?.href ?? 'http://localhost/');
  const contentType = request.raw?.contentType ?? 'application/json';
  const response = await fetch(url, {
    method,
    headers: {
      ...request.headers,
      accept,
      ...(method === 'GET' ? {} : { 'content-type': contentType }),
    },
    credentials: 'same-origin',
    ...(method === 'GET' ? {} : { body: request.raw ? request.raw.data : JSON.stringify(request.body ?? {}) }),
    signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
  });
  return { response, clean };
}

/** A file the Store API answered: its bytes and the name its `Content-Disposition` gives (null without one). */
export interface StoreApiFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * Downloads a file through the proxy (which adds the session's context token like for every call), e.g. a CSV
 * export: `accept` names the media type asked for. Answers the body as a Blob with the file name of the
 * `Content-Disposition` header (RFC 6266 `filename*` or `filename`).
 *
 * @throws StoreApiClientError with the error envelope for a non-2xx answer; network errors, an abort or the
 *   timeout as `storeApi`.
 */
export async function storeApiFile(
  path: string,
  accept: string,
  request: StoreApiCallOptions = {},
): Promise<StoreApiFile> {
  const { response, clean } = await send(path, request, `${accept}, application/json`);
  if (!response.ok) {
    await readStoreApiResponse(response, `/store-api/${clean}`);
  }
  return { blob: await response.blob(), fileName: dispositionFileName(response.headers.get('content-disposition')) };
}

/** The file name of a `Content-Disposition` value (RFC 6266: `filename*=UTF-8''…` before `filename="…"`). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Falls back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  return (plain?.[1] ?? plain?.[2])?.trim() || null;
}

/**
 * The provider path segment of the B2B endpoints (`/store-api/{provider}/…`, backend env STORE_API_PROVIDER): the
 * page states it as `<html data-store-api-provider="…">` from the storefront configuration; without it (tests, a
 * page that leaves it out) contract's DEFAULT_PROVIDER.
 */
export function storeApiProvider(): string {
  const configured = globalThis.document?.documentElement?.dataset.storeApiProvider;
  return configured && PROVIDER_PATTERN.test(configured) ? configured : DEFAULT_PROVIDER;
}

/**
 * The path segment of a punch-out entry (`/store-api/{oci-entry}/…`, `/store-api/{cxml-entry}/…`; backend env
 * STORE_API_OCI_ENTRY, STORE_API_CXML_ENTRY): the page states it as `<html data-store-api-oci-entry="…">` and
 * `data-store-api-cxml-entry` from the storefront configuration; without it contract's DEFAULT_OCI_ENTRY or
 * DEFAULT_CXML_ENTRY.
 */
export function storeApiEntry(entry: 'oci' | 'cxml'): string {
  const data = globalThis.document?.documentElement?.dataset;
  const configured = entry === 'oci' ? data?.storeApiOciEntry : data?.storeApiCxmlEntry;
  if (configured && PROVIDER_PATTERN.test(configured)) return configured;
  return entry === 'oci' ? DEFAULT_OCI_ENTRY : DEFAULT_CXML_ENTRY;
}

/**
 * A path below the provider segment for `storeApi`: `providerPath('companies', id, 'address')` →
 * `'{provider}/companies/{id}/address'`. Every segment after the first is URI-encoded (ids come from data). The
 * contract's endpoints are called through provider.ts, which builds their paths from the endpoint table.
 */
export function providerPath(first: string, ...segments: string[]): string {
  return [storeApiProvider(), first, ...segments.map((s) => encodeURIComponent(s))].join('/');
}
