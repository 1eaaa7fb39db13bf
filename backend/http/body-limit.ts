/**
 * Request body limit of the standalone Store API (`npm run backend`): Hono's `bodyLimit` middleware, which refuses a
 * body whose declared `Content-Length` is too large at once and otherwise counts the streamed bytes (chunked bodies
 * declare none), stopping at the first chunk over the limit. The answer is 413 in the Store API error envelope
 * `FRAMEWORK__PAYLOAD_TOO_LARGE`.
 *
 * The storefront's same-origin proxy applies the same limit before it forwards (src/lib/store-api/proxy.ts), and the
 * in-process transport only receives bodies that passed it (docs/decisions/012).
 */
import { Hono, type Env, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ARTICLE_LINK_IMPORT_MAX_BYTES, isArticleLinkImportPath } from '../../contract/provider/article-link.ts';
import { StoreApiError } from './errors.ts';
import { SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

/** Upper bound of a Store API request body in bytes: criteria, carts and account forms are a few KiB. */
export const MAX_STORE_API_BODY_BYTES = 1024 * 1024;

/** The middleware; `maxBytes` defaults to MAX_STORE_API_BODY_BYTES. */
export function storeApiBodyLimit(maxBytes: number = MAX_STORE_API_BODY_BYTES): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) =>
      c.json(
        new StoreApiError(413, SHOPWARE_ERROR_CODES.FRAMEWORK__PAYLOAD_TOO_LARGE, 'The request body is too large.', {
          title: 'Payload Too Large',
          parameters: { maxBytes },
        }).toEnvelope(),
        413,
      ),
  });
}

/**
 * An app that passes every request through the body limit to `app` (the request and the bindings, such as the Node
 * socket, unchanged): the entry point of the standalone backend. The article link CSV import
 * (`isArticleLinkImportPath`) may send up to ARTICLE_LINK_IMPORT_MAX_BYTES; its route applies that limit itself.
 * Paths for which `ownLimit` answers true are passed on unlimited: their routes limit the body themselves and answer
 * in their own format (the cXML entries answer a body over 1 MiB with a cXML Status, never with JSON).
 */
export function withBodyLimit<E extends Env>(
  app: Hono<E>,
  maxBytes?: number,
  ownLimit: (path: string) => boolean = () => false,
): Hono<E> {
  const outer = new Hono<E>();
  const general = storeApiBodyLimit(maxBytes);
  const csvImport = storeApiBodyLimit(Math.max(maxBytes ?? MAX_STORE_API_BODY_BYTES, ARTICLE_LINK_IMPORT_MAX_BYTES));
  outer.use((c, next) => {
    if (ownLimit(c.req.path)) return next();
    return isArticleLinkImportPath(c.req.path) ? csvImport(c, next) : general(c, next);
  });
  outer.all('*', (c) => app.fetch(c.req.raw, c.env));
  return outer;
}
