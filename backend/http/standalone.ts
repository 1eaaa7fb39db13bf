/**
 * The HTTP front of the standalone Store API (`npm run backend`): CORS for browser-based headless frontends
 * (./cors.ts, CORS_ALLOWED_ORIGINS), then the request body limit (./body-limit.ts), then the Store API app. The
 * storefront's in-process transport does not pass through here: its browser calls are same-origin.
 */
import { Hono, type Env } from 'hono';
import { withBodyLimit } from './body-limit.ts';
import { parseCorsOrigins, storeApiCors } from './cors.ts';

/**
 * Wraps `app` for the standalone server; `env` supplies CORS_ALLOWED_ORIGINS.
 *
 * @throws Error when CORS_ALLOWED_ORIGINS holds something that is not an origin (see parseCorsOrigins).
 */
export function standaloneStoreApi<E extends Env>(
  app: Hono<E>,
  env: Record<string, string | undefined> = process.env,
): Hono<E> {
  const limited = withBodyLimit(app);
  const outer = new Hono<E>();
  outer.use(storeApiCors(parseCorsOrigins(env.CORS_ALLOWED_ORIGINS)));
  outer.all('*', (c) => limited.fetch(c.req.raw, c.env));
  return outer;
}
