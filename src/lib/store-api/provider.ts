/**
 * The browser's typed client of the provider endpoints (`/store-api/{provider}/…`, and for an entry with `segment`
 * `/store-api/{oci-entry}/…` or `/store-api/{cxml-entry}/…`; contract/provider/endpoints.ts),
 * over the one browser Store API client (browser.ts `storeApi`, `storeApiFile`): a call names the operation, the
 * table gives method and path, and the answer is parsed once by the endpoint's success schema.
 *
 * `provider.invoke('readErpOrderHistory', { query: { page: '2' } })` → GET
 * `/store-api/{provider}/order/history?page=2`, resolving to ErpOrderHistoryResponse.
 *
 * - `params`: the path's `{name}` parameters, URI-encoded into the path.
 * - `query`: the query string, every value that is not `undefined` (strings, as on the wire), in the given order.
 * - `body`: the JSON body, typed by the entry's named body schema (sent for every method but GET).
 * - `raw`: a body that is not JSON (the CSV of `importArticleLinks`).
 * - `signal`, `timeoutMs`, `headers`: as for `storeApi`.
 */
import * as v from 'valibot';
import {
  providerOperation,
  providerSuccess,
  providerSuccessSchema,
  type BodyOptional,
  type HasPart,
  type ProviderFileOperationId,
  type ProviderJsonOperationId,
  type ProviderOperationId,
  type ProviderRequestInput,
  type ProviderSuccess,
} from '../../../contract/provider/operations.ts';
import type { ProviderEndpoint } from '../../../contract/provider/endpoints.ts';
import { browserSchema, providerCallPath, PROXY_REMOVED } from './provider-call.ts';
import {
  storeApi,
  storeApiEntry,
  storeApiFile,
  storeApiProvider,
  type StoreApiCallOptions,
  type StoreApiFile,
} from './browser.ts';

/** The request options of a provider call besides its parts. */
export type ProviderCallOptions = Pick<StoreApiCallOptions, 'signal' | 'timeoutMs' | 'headers' | 'raw'>;

type ParamsPart<Op extends ProviderOperationId> =
  HasPart<Op, 'params'> extends true ? { params: ProviderRequestInput<Op>['params'] } : { params?: never };
type QueryPart<Op extends ProviderOperationId> =
  HasPart<Op, 'query'> extends true
    ? object extends ProviderRequestInput<Op>['query']
      ? { query?: ProviderRequestInput<Op>['query'] }
      : { query: ProviderRequestInput<Op>['query'] }
    : { query?: never };
type BodyPart<Op extends ProviderOperationId> =
  HasPart<Op, 'body'> extends true
    ? BodyOptional<Op> extends true
      ? { body?: ProviderRequestInput<Op>['body'] }
      : { body: ProviderRequestInput<Op>['body'] }
    : { body?: never };

/** The request of one provider call: its parts as the entry declares them, and the call options. */
export type ProviderRequest<Op extends ProviderOperationId> = ParamsPart<Op> &
  QueryPart<Op> &
  BodyPart<Op> &
  ProviderCallOptions;

/** The request argument: optional when the operation needs no part. */
export type ProviderRequestArgs<Op extends ProviderOperationId> =
  object extends ProviderRequest<Op> ? [request?: ProviderRequest<Op>] : [request: ProviderRequest<Op>];

/** The arguments of `href`: the path parameters when the path has some, and a query. */
export type ProviderHrefArgs<Op extends ProviderOperationId> =
  HasPart<Op, 'params'> extends true
    ? [request: Pick<ProviderRequest<Op>, 'params' | 'query'>]
    : [request?: Pick<ProviderRequest<Op>, 'query'>];

/** A success answer as it reaches the browser: without the fields the proxy takes out. */
export type ProviderBrowserSuccess<Op extends ProviderJsonOperationId> =
  ProviderSuccess<Op> extends { token: unknown } | { contextToken: unknown }
    ? Omit<ProviderSuccess<Op>, (typeof PROXY_REMOVED)[number]>
    : ProviderSuccess<Op>;

/** The loose shape of a request, once typed by the operation. */
interface AnyRequest extends ProviderCallOptions {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
}

/** The path of a call below `/store-api/`, with the segments the page states (browser.ts). */
function callPath(endpoint: ProviderEndpoint, request: AnyRequest): string {
  return providerCallPath(endpoint, request, {
    provider: storeApiProvider(),
    oci: storeApiEntry('oci'),
    cxml: storeApiEntry('cxml'),
  });
}

/** The `storeApi` options of a call. */
function callOptions(endpoint: ProviderEndpoint, request: AnyRequest): StoreApiCallOptions {
  const { signal, timeoutMs, headers, raw, body } = request;
  return {
    method: endpoint.method.toUpperCase() as Uppercase<ProviderEndpoint['method']>,
    ...(body === undefined ? {} : { body }),
    ...(raw ? { raw } : {}),
    ...(signal ? { signal } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(headers ? { headers } : {}),
  };
}

/**
 * Calls a provider endpoint that answers JSON or nothing and resolves to its success answer, parsed by the entry's
 * success schema (`null` for 204); the context-token fields the proxy takes out of a body are not expected.
 *
 * @throws StoreApiClientError for every non-2xx answer (Shopware's envelope); v.ValiError when a success answer
 *   breaks its schema; network errors, an abort or the timeout as `storeApi`.
 */
async function invoke<Op extends ProviderJsonOperationId>(
  operationId: Op,
  ...[request]: ProviderRequestArgs<Op>
): Promise<ProviderBrowserSuccess<Op>> {
  const endpoint = providerOperation(operationId);
  const call = (request ?? {}) as AnyRequest;
  const answer = await storeApi(callPath(endpoint, call), callOptions(endpoint, call));
  const schema = providerSuccessSchema(endpoint);
  return (schema ? v.parse(browserSchema(schema), answer) : null) as ProviderBrowserSuccess<Op>;
}

/**
 * Downloads the file a provider endpoint answers (a PDF, a CSV), asking for the entry's media type.
 *
 * @throws StoreApiClientError for a non-2xx answer; network errors, an abort or the timeout as `storeApi`.
 */
async function file<Op extends ProviderFileOperationId>(
  operationId: Op,
  ...[request]: ProviderRequestArgs<Op>
): Promise<StoreApiFile> {
  const endpoint = providerOperation(operationId);
  const call = (request ?? {}) as AnyRequest;
  const accept = providerSuccess(endpoint).response.file ?? 'application/octet-stream';
  return storeApiFile(callPath(endpoint, call), accept, callOptions(endpoint, call));
}

/**
 * The same-origin path of a provider endpoint for a link or a form (`/store-api/{provider}/invoice/4711/document`),
 * e.g. a download the browser follows itself.
 */
function href<Op extends ProviderOperationId>(operationId: Op, ...[request]: ProviderHrefArgs<Op>): string {
  return `/store-api/${callPath(providerOperation(operationId), (request ?? {}) as AnyRequest)}`;
}

/** The provider client: `invoke` (JSON), `file` (downloads), `href` (links). */
export const provider = { invoke, file, href };
