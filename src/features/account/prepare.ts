/**
 * The first step of the account routes (src/pages/account and src/pages/[prefix]/account): a 404 rewrite when the
 * URL's prefix segment is not the prefix of the request's domain; otherwise marks the response private
 * (`Cache-Control: private, no-store`: the page depends on the session) and sets the language cookie (spec §3).
 */
import type { AstroGlobal } from 'astro';
import { setLanguageCookie } from '../../lib/session/language-cookie.ts';

/** Returns the 404 rewrite for a foreign prefix, else null after setting the headers and cookie. */
export function prepareAccountPage(astro: AstroGlobal): Promise<Response> | null {
  const { domain } = astro.locals;
  if ((astro.params.prefix ?? '') !== domain.pathPrefix.replace(/^\//, '')) return astro.rewrite('/404');
  astro.response.headers.set('cache-control', 'private, no-store');
  setLanguageCookie(astro.cookies, astro.url, domain.languageId);
  return null;
}
