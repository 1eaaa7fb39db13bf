/**
 * The HTTP front of the standalone Store API (`npm run backend`): the health and readiness probes (`/healthz`,
 * `/readyz`, ./lifecycle.ts) when given a readiness, then CORS for browser-based headless frontends (./cors.ts,
 * CORS_ALLOWED_ORIGINS), then the request body limit (./body-limit.ts), then the Store API app. The storefront's
 * in-process transport does not pass through here: its browser calls are same-origin.
 */
import { Hono, type Env } from 'hono';
import { withBodyLimit } from './body-limit.ts';
import { parseCorsOrigins, storeApiCors } from './cors.ts';
import { healthAnswer, type Readiness } from './lifecycle.ts';
import { DEFAULT_CXML_ENTRY } from '../../contract/provider/punchout.ts';

/**
 * Wraps `app` for the standalone server; `env` supplies CORS_ALLOWED_ORIGINS; `options.readiness` adds `/healthz`
 * and `/readyz`, answered before CORS and the body limit.
 *
 * @throws Error when CORS_ALLOWED_ORIGINS holds something that is not an origin (see parseCorsOrigins).
 */
export function standaloneStoreApi<E extends Env>(
  app: Hono<E>,
  env: Record<string, string | undefined> = process.env,
  options: { readiness?: Readiness } = {},
): Hono<E> {
  // The cXML setup and order requests (`/store-api/{cxml-entry}/setup`, `/order`) are limited by their routes, which
  // answer a body over the limit with a cXML Status (a procurement system reads nothing else).
  const cxmlEntry = env.STORE_API_CXML_ENTRY || DEFAULT_CXML_ENTRY;
  const cxmlDocuments = new Set([`/store-api/${cxmlEntry}/setup`, `/store-api/${cxmlEntry}/order`]);
  const limited = withBodyLimit(app, undefined, (path) => cxmlDocuments.has(path));
  const outer = new Hono<E>();
  const { readiness } = options;
  if (readiness) {
    outer.use(async (c, next) => {
      const answer = await healthAnswer(c.req.method, c.req.path, readiness);
      if (!answer) return next();
      return c.body(answer.body, answer.status as 200, answer.headers);
    });
  }
  outer.use(storeApiCors(parseCorsOrigins(env.CORS_ALLOWED_ORIGINS)));
  outer.all('*', (c) => limited.fetch(c.req.raw, c.env));
  return outer;
}
