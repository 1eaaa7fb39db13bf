/**
 * The shared frontmatter step of the catalogue pages: load the route, then redirect (301 to the canonical SEO path),
 * mark 404s and a search the Store API stopped (503, retried after a few seconds, never cached), or opt the page into
 * the public HTML cache.
 */
import type { AstroGlobal } from 'astro';
import { CATALOGUE_CACHE_POLICY } from '../../lib/html-cache.ts';
import { loadRoute, type RouteData } from './load-route.ts';

/** Returns a redirect Response, or the data to render; sets status and cache policy on the way. */
export async function prepareCatalogRoute(
  astro: AstroGlobal,
): Promise<Response | Exclude<RouteData, { kind: 'redirect' }>> {
  const data = await loadRoute(astro.locals, astro.url);
  if (data.kind === 'redirect') return astro.redirect(data.location, 301);
  if (data.kind === 'not-found') astro.response.status = 404;
  else if (data.kind === 'search' && data.busy) {
    astro.response.status = 503;
    astro.response.headers.set('Retry-After', '5');
  } else astro.locals.cachePolicy = CATALOGUE_CACHE_POLICY;
  return data;
}
