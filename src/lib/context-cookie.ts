/**
 * The visitor's Store API context token lives only in an HttpOnly cookie (ARCHITECTURE §2: "JavaScript never sees
 * the context token"). Spec §3 "Session cookies": lifetime 31536000 s, SameSite Lax.
 */
import type { AstroCookieSetOptions } from 'astro';

export const CONTEXT_COOKIE = 'sw-context-token';

/** Cookie lifetime in seconds (spec §9 "Cookie lifetime 31536000 s"). */
export const CONTEXT_COOKIE_MAX_AGE = 31_536_000;

/** Attributes of the context-token cookie; `Secure` on https. */
export function contextCookieOptions(url: URL): AstroCookieSetOptions {
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: CONTEXT_COOKIE_MAX_AGE,
    secure: url.protocol === 'https:',
  };
}

/** A token we accept from the cookie: Shopware tokens are 32 alphanumerics; anything else is ignored. */
export function isPlausibleToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{16,64}$/.test(value);
}
