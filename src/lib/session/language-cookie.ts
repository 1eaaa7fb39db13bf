/**
 * The second session cookie beside the context token (lifetime 31536000 s,
 * SameSite Lax): `sw-language-id`, readable by scripts (it is no secret). Set by the pages that start a session
 * (/auth …), never by cached catalogue pages, whose HTML must not depend on or set cookies.
 */
import type { AstroCookies } from 'astro';
import { CONTEXT_COOKIE_MAX_AGE } from '../context-cookie.ts';

export const LANGUAGE_COOKIE = 'sw-language-id';

/** Sets `sw-language-id` to the domain's language id unless it already holds it. */
export function setLanguageCookie(cookies: AstroCookies, url: URL, languageId: string): void {
  if (cookies.get(LANGUAGE_COOKIE)?.value === languageId) return;
  cookies.set(LANGUAGE_COOKIE, languageId, {
    httpOnly: false,
    sameSite: 'lax',
    path: '/',
    maxAge: CONTEXT_COOKIE_MAX_AGE,
    secure: url.protocol === 'https:',
  });
}
