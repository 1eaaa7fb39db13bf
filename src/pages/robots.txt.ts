/**
 * `/robots.txt` of a host: rules and sitemaps of every site on that host (src/lib/sitemap.ts `robotsTxt`).
 */
import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/sitemap.ts';

export const GET: APIRoute = ({ locals }) => {
  const onHost = locals.domains.filter((d) => d.host === locals.domain.host);
  return new Response(robotsTxt(onHost), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
