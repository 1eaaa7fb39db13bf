/**
 * Registers a provider endpoint (`/store-api/{provider}/…`) from its entry in the contract's endpoint table
 * (contract/provider/operations.ts), so method, path, request validation and answer are written once:
 *
 * - method and path come from the entry, `{name}` parameters becoming Hono's `:name`;
 * - the entry's `params`, `query` and body schemas run through the one validation path (validate.ts), in that order,
 *   after the route's own `middleware` (e.g. a body limit); `c.req.valid('param' | 'query' | 'json')` and the
 *   handler's `input` give the validated values;
 * - the handler answers the entry's success answer: the JSON value (sent with the entry's 2xx status), `null` for a
 *   204, a Response for a file. Headers the handler sets on `c` go with the answer.
 *
 * `providerRoute(app, config.provider, 'readErpOrderHistory', async (c, input) => page)`.
 */
import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  providerBodySchema,
  providerOperation,
  providerSuccess,
  type ProviderAnswerKind,
  type ProviderOperationId,
  type ProviderRequestOutput,
  type ProviderSuccess,
} from '../../contract/provider/operations.ts';
import { validate } from './validate.ts';

/** The validated parts of a request, as the handler's `input` and `c.req.valid` give them. */
export type ProviderInput<Op extends ProviderOperationId> = ProviderRequestOutput<Op>;

/** The context of a provider handler: `c.req.valid` knows the entry's validated parts. */
export type ProviderContext<E extends Env, Op extends ProviderOperationId> = Context<
  E,
  string,
  {
    out: {
      param: ProviderRequestOutput<Op>['params'];
      query: ProviderRequestOutput<Op>['query'];
      json: ProviderRequestOutput<Op>['body'];
    };
  }
>;

/** What a handler answers: the JSON success value, `null` for 204, a Response for a file. */
export type ProviderReply<Op extends ProviderOperationId> =
  ProviderAnswerKind<Op> extends 'file'
    ? Response
    : ProviderAnswerKind<Op> extends 'empty'
      ? null
      : ProviderSuccess<Op>;

/** A handler of one provider endpoint. */
export type ProviderHandler<E extends Env, Op extends ProviderOperationId> = (
  c: ProviderContext<E, Op>,
  input: ProviderInput<Op>,
) => ProviderReply<Op> | Promise<ProviderReply<Op>>;

/** Options of a route beyond its entry. */
export interface ProviderRouteOptions {
  /** Middleware run before validation, e.g. a body limit. */
  middleware?: MiddlewareHandler[];
  /**
   * The handler reads and checks the body itself instead of the JSON validator (a body that may also come as
   * Shopware's criteria in the query, read by the route's criteria reader); `input.body` is then undefined.
   */
  ownBody?: boolean;
}

/** The Hono path of an entry: `/store-api/{provider}` and the entry's path with `{name}` as `:name`. */
export function providerRoutePath(provider: string, path: string): string {
  return `/store-api/${provider}${path.replace(/\{(\w+)\}/g, ':$1')}`;
}

/**
 * Registers the endpoint `operationId` on `app` below the provider segment `provider` (see the module comment).
 *
 * @throws Error at registration when the entry declares no success answer.
 */
export function providerRoute<E extends Env, Op extends ProviderOperationId>(
  app: Hono<E>,
  provider: string,
  operationId: Op,
  handler: ProviderHandler<E, Op>,
  options: ProviderRouteOptions = {},
): void {
  const endpoint = providerOperation(operationId);
  const { status, response } = providerSuccess(endpoint);
  const body = options.ownBody ? null : providerBodySchema(endpoint);
  const validators: MiddlewareHandler[] = [
    ...(options.middleware ?? []),
    ...(endpoint.params ? [validate('param', endpoint.params)] : []),
    ...(endpoint.query ? [validate('query', endpoint.query)] : []),
    ...(body ? [validate('json', body)] : []),
  ];
  // One registration with a list of middleware: Hono's overloads type a fixed number of handlers.
  const on = app.on as unknown as (method: string, path: string, ...handlers: MiddlewareHandler<E>[]) => void;
  on(endpoint.method.toUpperCase(), providerRoutePath(provider, endpoint.path), ...validators, async (c) => {
    const context = c as unknown as ProviderContext<E, Op>;
    const input = {
      params: endpoint.params ? c.req.valid('param' as never) : undefined,
      query: endpoint.query ? c.req.valid('query' as never) : undefined,
      body: body ? c.req.valid('json' as never) : undefined,
    } as ProviderInput<Op>;
    const answer: unknown = await handler(context, input);
    if (answer instanceof Response) return answer;
    if (response.file) throw new Error(`${operationId} answers a file: the handler must return a Response.`);
    if (!response.schema) return c.body(null, status as 204);
    return c.json(answer as object, status as ContentfulStatusCode);
  });
}
