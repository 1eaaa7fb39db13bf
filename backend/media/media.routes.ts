/**
 * `GET /media/{hash}/{file}`: the media store's files (backend/media/media-store.ts), outside `/store-api` because
 * browsers load them by URL without an access key. Content-addressed, so every answer is
 * `Cache-Control: public, max-age=31536000, immutable` (RFC 8246); an unknown hash, size or file name answers 404
 * with Shopware's `CONTENT__MEDIA_NOT_FOUND`.
 */
import type { Env, Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { StoreApiError } from '../http/errors.ts';
import { createMediaStore, parseMediaPath } from './media-store.ts';
import { SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

/** The caching header of every media answer: one year, never revalidated. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Mounts the media route on `app`, reading from `deps.db`. */
export function registerMediaRoutes<E extends Env>(app: Hono<E>, deps: { db: Db }): void {
  const store = createMediaStore(deps.db);
  app.get('/media/:hash/:file', async (c) => {
    const request = parseMediaPath(c.req.param('hash'), c.req.param('file'));
    const found = request ? await store.read(request) : null;
    if (!found)
      throw new StoreApiError(
        404,
        SHOPWARE_ERROR_CODES.CONTENT__MEDIA_NOT_FOUND,
        'No media file found at this address.',
      );
    return new Response(new Uint8Array(found.body), {
      headers: {
        'content-type': found.contentType,
        'content-length': String(found.body.length),
        'cache-control': IMMUTABLE_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
      },
    });
  });
}
