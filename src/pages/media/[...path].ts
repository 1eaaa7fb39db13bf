/**
 * The media store's files (`/media/{hash}/{file}`: product images and their thumbnails) from the Store API backend,
 * passed through as they are: content-addressed, so the backend answers `Cache-Control: public, max-age=31536000,
 * immutable` (docs/decisions/020-media-store.md). Only GET and HEAD; the request's headers are not forwarded.
 */
import type { APIRoute } from 'astro';
import { getTransport } from '../../lib/store-api/transport.ts';

export const GET: APIRoute = async ({ params, request }) => {
  const transport = getTransport();
  const path = (params.path ?? '')
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const upstream = await transport.fetch(new Request(`${transport.baseUrl}/media/${path}`, { method: request.method }));
  const headers = new Headers();
  for (const name of ['content-type', 'content-length', 'cache-control', 'x-content-type-options']) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(request.method === 'HEAD' ? null : upstream.body, { status: upstream.status, headers });
};
