/**
 * The server's typed calls of provider endpoints (contract/provider/endpoints.ts), the counterpart of the browser's
 * provider.ts: method and path come from the endpoint table, the path below `/store-api/{provider}` or, for an entry
 * with `segment`, below `/store-api/{oci-entry}` / `/store-api/{cxml-entry}` (storefront-config.ts), and a JSON
 * answer is parsed by the entry's success schema.
 *
 * - `providerApiPath`: the path below `/store-api/` of a call.
 * - `invokeProvider`: a call with a server client (`createStoreApiClient`, bound to a context token by the caller),
 *   e.g. the cart page reading the punch-out session.
 * - `callProviderForBrowser` / `invokeProviderForBrowser`: a call on behalf of the browser that sent the page's
 *   request, through the same-origin proxy (proxy.ts `proxyStoreApi`), so its context cookie is sent and rotated
 *   and the logged-in and punch-out markers are kept exactly as for an island's call; the browser's address reaches
 *   the rate limits.
 */
import type { APIContext } from 'astro';
import * as v from 'valibot';
import {
  providerOperation,
  providerSuccess,
  providerSuccessSchema,
  type ProviderJsonOperationId,
  type ProviderOperationId,
  type ProviderSuccess,
} from '../../../contract/provider/operations.ts';
import { storefrontConfig, type StorefrontConfig } from '../storefront-config.ts';
import type { StoreApiClient } from './client.ts';
import type { ProviderBrowserSuccess, ProviderRequestArgs } from './provider.ts';
import { proxyStoreApi, withoutTokens } from './proxy.ts';
import { browserSchema, providerCallPath } from './provider-call.ts';

/** The loose shape of a request, once typed by the operation. */
interface AnyRequest {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  raw?: { data: Blob | string; contentType: string };
  headers?: Record<string, string>;
}

/**
 * The path below `/store-api/` of a call, with its query: `providerApiPath('ociExchangeOtp', { params: { otp } })` →
 * `oci/otp/{otp}`; `providerApiPath('readPunchOutSession')` → `{provider}/punchout/session`.
 *
 * @throws Error when a path parameter is missing.
 */
export function providerApiPath<Op extends ProviderOperationId>(
  operationId: Op,
  request: Pick<AnyRequest, 'params' | 'query'> = {},
  config: StorefrontConfig = storefrontConfig(),
): string {
  return providerCallPath(providerOperation(operationId), request, {
    provider: config.storeApiProvider,
    oci: config.storeApiOciEntry,
    cxml: config.storeApiCxmlEntry,
  });
}

/**
 * Calls a provider endpoint that answers JSON or nothing with a server client and resolves to its success answer,
 * parsed by the entry's success schema (`null` for 204). GET and POST endpoints only (what the server client sends).
 *
 * @throws StoreApiClientError for every non-2xx answer; v.ValiError when the answer breaks its schema; Error for an
 *   endpoint with another method.
 */
export async function invokeProvider<Op extends ProviderJsonOperationId>(
  client: StoreApiClient,
  operationId: Op,
  ...[request]: ProviderRequestArgs<Op>
): Promise<ProviderSuccess<Op>> {
  const endpoint = providerOperation(operationId);
  const call = (request ?? {}) as AnyRequest;
  const path = providerApiPath(operationId, call);
  let answer: unknown;
  if (endpoint.method === 'get') answer = await client.get(path);
  else if (endpoint.method === 'post') answer = await client.post(path, call.body);
  else throw new Error(`${operationId}: the server client sends GET and POST only.`);
  const schema = providerSuccessSchema(endpoint);
  return (schema ? v.parse(schema, answer) : null) as ProviderSuccess<Op>;
}

/** The parts of a page's context a call on the browser's behalf uses. */
export type BrowserCallContext = Pick<APIContext, 'request' | 'url' | 'cookies' | 'locals' | 'clientAddress'>;

/**
 * Calls a provider endpoint for the browser that sent `ctx.request`, through the same-origin proxy (see the module
 * comment), and resolves to the proxy's answer as it is: status, body, `content-type`, `content-security-policy`
 * (a page the Store API renders) and `cache-control`. The body is the entry's JSON (`body`) or a document (`raw`);
 * the answer is asked for in the entry's success media type.
 */
export async function callProviderForBrowser<Op extends ProviderOperationId>(
  ctx: BrowserCallContext,
  operationId: Op,
  ...[request]: ProviderRequestArgs<Op>
): Promise<Response> {
  const endpoint = providerOperation(operationId);
  const call = (request ?? {}) as AnyRequest;
  const path = providerApiPath(operationId, call);
  const url = new URL(`/store-api/${path}`, ctx.url);
  const headers = new Headers(ctx.request.headers);
  for (const name of ['content-length', 'content-type', 'transfer-encoding', 'idempotency-key']) headers.delete(name);
  headers.set('accept', providerSuccess(endpoint).response.file ?? 'application/json');
  for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
  let body: BodyInit | undefined;
  if (call.raw) {
    headers.set('content-type', call.raw.contentType);
    body = call.raw.data;
  } else if (endpoint.method !== 'get') {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(call.body ?? {});
  }
  const method = endpoint.method.toUpperCase();
  return proxyStoreApi({
    path: path.split('?')[0]!,
    request: new Request(url, { method, headers, ...(body === undefined ? {} : { body }) }),
    url,
    cookies: ctx.cookies,
    languageId: ctx.locals.domain.languageId,
    publicUrl: ctx.locals.domain.url,
    clientAddress: ctx.clientAddress,
  });
}

/** One error item of a Store API error answer: its code, and its parameters when it has some. */
export interface ProviderCallError {
  code: string;
  meta?: { parameters?: Record<string, unknown> };
}

/** What a JSON call on the browser's behalf answered. */
export type ProviderOutcome<Op extends ProviderJsonOperationId> =
  | { ok: true; status: number; data: ProviderBrowserSuccess<Op> }
  | { ok: false; status: number; errors: ProviderCallError[] };

/**
 * `callProviderForBrowser` for an endpoint that answers JSON: the success answer parsed by its schema (without the
 * context-token fields the proxy takes out), or the status and error items of a failure (none when the body is
 * not Shopware's envelope).
 *
 * @throws v.ValiError when a success answer breaks its schema.
 */
export async function invokeProviderForBrowser<Op extends ProviderJsonOperationId>(
  ctx: BrowserCallContext,
  operationId: Op,
  ...args: ProviderRequestArgs<Op>
): Promise<ProviderOutcome<Op>> {
  const response = await callProviderForBrowser(ctx, operationId, ...args);
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    json = null;
  }
  if (!response.ok) {
    const errors = (json as { errors?: unknown } | null)?.errors;
    const items = Array.isArray(errors)
      ? errors.filter((e): e is ProviderCallError => typeof (e as { code?: unknown } | null)?.code === 'string')
      : [];
    return { ok: false, status: response.status, errors: items };
  }
  const schema = providerSuccessSchema(providerOperation(operationId));
  const data = schema ? v.parse(browserSchema(schema), withoutTokens(json)) : null;
  return { ok: true, status: response.status, data: data as ProviderBrowserSuccess<Op> };
}
