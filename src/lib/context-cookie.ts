/**
 * The visitor's Store API context token lives only in an HttpOnly cookie: JavaScript never sees it
 * (docs/decisions/008). Lifetime 31536000 s (one year, Shopware's context lifetime), SameSite Lax.
 *
 * `Secure` is decided by configuration, not by the request: a shop whose configured public URL (the sales channel
 * domain) is https gets Secure cookies even when TLS ends at a reverse proxy and the request reaches Node over plain
 * http (docs/decisions/012).
 *
 * A punch-out session shown in a procurement system's frame (FRAME_ANCESTORS set) is a third-party context there: a
 * `SameSite=Lax` cookie would be neither sent nor stored in that frame, so its cookies are `SameSite=None; Secure`
 * (`crossSite`). The storefront's origin check (src/lib/origin-check.ts) still refuses unsafe requests from other
 * sites, which is what SameSite=Lax added besides it.
 */
import type { AstroCookies, AstroCookieSetOptions } from 'astro';

/** What Astro's `cookies.delete` takes (the type is not exported by name). */
type AstroCookieDeleteOptions = NonNullable<Parameters<AstroCookies['delete']>[1]>;

export const CONTEXT_COOKIE = 'sw-context-token';

/** Cookie lifetime in seconds (one year). */
export const CONTEXT_COOKIE_MAX_AGE = 31_536_000;

/** True when the configured public URL (e.g. the domain's `url`, `https://www.example.be/fr`) is https. */
export function isHttpsPublicUrl(publicUrl: string | URL): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

/**
 * Attributes of the context-token cookie.
 *
 * @param publicUrl the configured public URL of the domain the request belongs to; `Secure` when it is https.
 * @param crossSite a punch-out session that procurement systems frame: `SameSite=None; Secure` (browsers refuse
 *   `SameSite=None` without `Secure`; they treat `http://localhost` as secure).
 */
export function contextCookieOptions(publicUrl: string | URL, crossSite = false): AstroCookieSetOptions {
  return {
    httpOnly: true,
    sameSite: crossSite ? 'none' : 'lax',
    path: '/',
    maxAge: CONTEXT_COOKIE_MAX_AGE,
    secure: crossSite || isHttpsPublicUrl(publicUrl),
  };
}

/** A token we accept from the cookie: Shopware tokens are 32 alphanumerics; anything else is ignored. */
export function isPlausibleToken(value: string | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9]{16,64}$/.test(value);
}

/**
 * Attributes of the readable `wb-logged-in=1` marker the Store API proxy keeps while the context belongs to a
 * logged-in customer (src/lib/store-api/proxy.ts): like the context cookie (same lifetime, so it outlives a browser
 * restart as the session does) but readable by scripts.
 */
export function loggedInCookieOptions(publicUrl: string | URL, crossSite = false): AstroCookieSetOptions {
  return { ...contextCookieOptions(publicUrl, crossSite), httpOnly: false };
}

/**
 * Attributes that remove a cookie set with `contextCookieOptions`/`loggedInCookieOptions` (`Max-Age=0`): a
 * browser in a third-party frame applies a removal only when it is `SameSite=None; Secure` like the cookie.
 */
export function removedCookieOptions(publicUrl: string | URL, crossSite = false): AstroCookieDeleteOptions {
  const { maxAge: _lifetime, ...rest } = contextCookieOptions(publicUrl, crossSite);
  return rest;
}
