/**
 * The shared first step of the /auth pages, reached as `/auth/…` on a domain at the root and as `/{prefix}/auth/…`
 * (src/pages/[prefix]/auth) on domains with a path prefix.
 */
import type { AstroGlobal } from 'astro';
import { setLanguageCookie } from '../../../lib/session/language-cookie.ts';

/**
 * Marks the page as private (`Cache-Control: private, no-store`: it depends on the visitor's session) and sets the
 * `sw-language-id` cookie (spec §3). Returns a 404 rewrite when the URL's prefix segment is not the prefix of the
 * request's domain (e.g. `/xx/auth`), otherwise null.
 */
export function prepareAuthPage(astro: AstroGlobal): Promise<Response> | null {
  const { domain } = astro.locals;
  const prefix = astro.params.prefix;
  const expected = domain.pathPrefix.replace(/^\//, '');
  if ((prefix ?? '') !== expected) return astro.rewrite('/404');
  astro.response.headers.set('cache-control', 'private, no-store');
  setLanguageCookie(astro.cookies, astro.url, domain.languageId);
  return null;
}
