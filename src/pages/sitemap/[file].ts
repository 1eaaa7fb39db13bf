/**
 * `/sitemap/{domainId}-sitemap-{n}.xml.gz`: one of the domain's sitemap files, passed through from the Store API
 * (`getSitemapFile`, gzip-compressed XML). A file of another domain answers 404, like an unknown one.
 */
import type { APIRoute } from 'astro';
import { isDomainSitemapFile } from '../../lib/sitemap.ts';
import { forwardToStoreApi, storeApiHeaders } from '../../lib/store-api/client.ts';

export const GET: APIRoute = async ({ locals }) => {
  // The path below the domain's prefix (on a prefixed domain the page is reached through a rewrite, whose params
  // Astro leaves empty).
  const name = locals.path.split('/').at(-1) ?? '';
  if (!isDomainSitemapFile(locals.domain, name)) {
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const upstream = await forwardToStoreApi(`sitemap/${name}`, {
    method: 'GET',
    headers: await storeApiHeaders({ languageId: locals.domain.languageId }),
  });
  if (!upstream.ok) {
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  return new Response(upstream.body, {
    headers: { 'content-type': 'application/gzip', 'cache-control': 'public, max-age=3600' },
  });
};
