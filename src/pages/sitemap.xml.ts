/**
 * `/sitemap.xml` of a domain (`/{prefix}/sitemap.xml` on a domain with a path prefix, through
 * src/lib/prefix-rewrite.ts): the sitemap index naming the domain's sitemap files (src/lib/sitemap.ts).
 */
import type { APIRoute } from 'astro';
import { domainSitemapFiles, sitemapIndex } from '../lib/sitemap.ts';

export const GET: APIRoute = async ({ locals }) => {
  const files = await domainSitemapFiles(locals.storeApi, locals.domain);
  return new Response(sitemapIndex(locals.domain, files), {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
