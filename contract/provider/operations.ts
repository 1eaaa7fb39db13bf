/**
 * The provider endpoints of endpoints.ts by operationId, with the types both sides derive from one entry: the path
 * parameters, the query and the JSON body a call sends and the answer a success gives. The storefront's client
 * (src/lib/store-api/provider.ts) and the backend's route registration (backend/http/provider-route.ts) take method,
 * path, schemas and answer from here, so an endpoint is written once. The table holds no documentation text (that is
 * endpoint-docs.ts, read by the OpenAPI generator and tests only), so what the browser loads stays small.
 *
 * - Path parameters, query and body are the schemas' input types (what goes over the wire: query values are
 *   strings) on the caller's side and their output types (after validation) on the handler's side.
 * - The success answer is the first 2xx response of the entry: its named schema's output for JSON, a file
 *   (`application/pdf`, `text/csv`) for a download, nothing (`null`) for 204.
 */
import type * as v from 'valibot';
import {
  PROVIDER_ENDPOINT_TABLE,
  PROVIDER_SCHEMAS,
  type ProviderEndpoint,
  type ProviderResponse,
  type ProviderSchemaName,
  type ProviderSuccessStatus,
} from './endpoints.ts';

/** Every entry of PROVIDER_ENDPOINTS with its literal types. */
type Endpoints = (typeof PROVIDER_ENDPOINT_TABLE)[number];

/** The name of one provider endpoint, e.g. `'readErpOrderHistory'`. */
export type ProviderOperationId = Endpoints['operationId'];

/** The table entry of an operation. */
export type ProviderOperation<Op extends ProviderOperationId> = Extract<Endpoints, { operationId: Op }>;

/** The success response of an entry (its 2xx key). */
type SuccessOf<Op extends ProviderOperationId> = ProviderOperation<Op>['responses'][Extract<
  keyof ProviderOperation<Op>['responses'],
  ProviderSuccessStatus
>];

type SchemaOf<N> = N extends ProviderSchemaName ? (typeof PROVIDER_SCHEMAS)[N] : never;

/** The kind of answer a success gives: `json` (a named schema), `file` (a download) or `empty` (204). */
export type ProviderAnswerKind<Op extends ProviderOperationId> =
  SuccessOf<Op> extends { file: string } ? 'file' : SuccessOf<Op> extends { schema: string } ? 'json' : 'empty';

/** The JSON answer of a success, as its schema's output; `null` for 204; `never` for a file. */
export type ProviderSuccess<Op extends ProviderOperationId> =
  SuccessOf<Op> extends { schema: infer N }
    ? v.InferOutput<SchemaOf<N>>
    : SuccessOf<Op> extends { file: string }
      ? never
      : null;

/** The operations that answer JSON or nothing. */
export type ProviderJsonOperationId = {
  [Op in ProviderOperationId]: ProviderAnswerKind<Op> extends 'file' ? never : Op;
}[ProviderOperationId];

/** The operations that answer a file. */
export type ProviderFileOperationId = Exclude<ProviderOperationId, ProviderJsonOperationId>;

type Part<Op extends ProviderOperationId, K extends 'params' | 'query'> =
  ProviderOperation<Op> extends { [P in K]: infer S extends v.GenericSchema } ? S : never;
type BodySchema<Op extends ProviderOperationId> = ProviderOperation<Op> extends { body: infer N } ? SchemaOf<N> : never;

/** What a caller sends as path parameters, query and body (absent parts are `never`). */
export interface ProviderRequestInput<Op extends ProviderOperationId> {
  params: v.InferInput<Part<Op, 'params'>>;
  query: v.InferInput<Part<Op, 'query'>>;
  body: v.InferInput<BodySchema<Op>>;
}

/** What a handler receives after validation (absent parts are `never`). */
export interface ProviderRequestOutput<Op extends ProviderOperationId> {
  params: v.InferOutput<Part<Op, 'params'>>;
  query: v.InferOutput<Part<Op, 'query'>>;
  body: v.InferOutput<BodySchema<Op>>;
}

/** Whether an operation has a part (`params`, `query`, `body`). */
export type HasPart<Op extends ProviderOperationId, K extends 'params' | 'query' | 'body'> =
  ProviderOperation<Op> extends { [P in K]: unknown } ? true : false;

/** Whether an operation's body may be left out (`bodyRequired: false`). */
export type BodyOptional<Op extends ProviderOperationId> =
  ProviderOperation<Op> extends { bodyRequired: false } ? true : false;

/** The table by operationId. */
export const PROVIDER_OPERATIONS = Object.fromEntries(PROVIDER_ENDPOINT_TABLE.map((e) => [e.operationId, e])) as {
  readonly [Op in ProviderOperationId]: ProviderOperation<Op>;
};

/** The entry of an operation, read through the wide ProviderEndpoint shape. */
export function providerOperation(operationId: ProviderOperationId): ProviderEndpoint {
  return PROVIDER_OPERATIONS[operationId];
}

/**
 * The success status and response of an entry: the first 2xx of `responses`.
 *
 * @throws Error when the entry declares none.
 */
export function providerSuccess(endpoint: ProviderEndpoint): {
  status: ProviderSuccessStatus;
  response: ProviderResponse;
} {
  for (const [status, response] of Object.entries(endpoint.responses)) {
    const code = Number(status);
    if (response && code >= 200 && code < 300) return { status: code as ProviderSuccessStatus, response };
  }
  throw new Error(`${endpoint.operationId} declares no success response.`);
}

/** The JSON schema of an entry's success answer; null for a file or 204. */
export function providerSuccessSchema(endpoint: ProviderEndpoint): v.GenericSchema | null {
  const { schema } = providerSuccess(endpoint).response;
  return schema ? PROVIDER_SCHEMAS[schema] : null;
}

/** The body schema of an entry; null without one. */
export function providerBodySchema(endpoint: ProviderEndpoint): v.GenericSchema | null {
  return endpoint.body ? PROVIDER_SCHEMAS[endpoint.body] : null;
}

/**
 * The entry's path with its `{name}` parameters replaced by the URI-encoded values of `params`
 * (`/companies/{companyId}/address` + `{ companyId: 'a b' }` → `/companies/a%20b/address`).
 *
 * @throws Error when a parameter of the path has no value.
 */
export function providerOperationPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`Path parameter ${name} of ${path} is missing.`);
    return encodeURIComponent(String(value));
  });
}
