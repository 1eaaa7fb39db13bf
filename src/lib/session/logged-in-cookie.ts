/**
 * The readable marker cookie of a logged-in session. The context token itself lives in an HttpOnly cookie that
 * scripts cannot see; the same-origin Store API proxy additionally keeps `wb-logged-in=1` (not HttpOnly, no
 * secret in it) while the context belongs to a logged-in customer, and removes it when the context turns
 * anonymous. Browser code reads it to skip the `account/customer` call for anonymous visitors, who would only get
 * 403 CHECKOUT__CUSTOMER_NOT_LOGGED_IN (docs/decisions/009).
 */

/**
 * Name of the readable marker of a punch-out session (value '1'), kept beside `wb-logged-in` by the Store API proxy
 * from the session's start (an OCI one-time code, a cXML StartPage) to its end (transfer, cancel, or the context
 * turning anonymous). Browser code asks for the session (`readPunchOutSession`) only while it is present.
 */
export const PUNCHOUT_COOKIE = 'wb-punchout';

/** Name of the marker cookie; its value is always '1'. */
export const LOGGED_IN_COOKIE = 'wb-logged-in';

/** True when a `document.cookie` string carries `wb-logged-in=1`. */
export function hasLoggedInCookie(cookies: string = globalThis.document?.cookie ?? ''): boolean {
  return cookies.split(';').some((part) => part.trim() === `${LOGGED_IN_COOKIE}=1`);
}

/** True when a `document.cookie` string carries `wb-punchout=1`. */
export function hasPunchOutCookie(cookies: string = globalThis.document?.cookie ?? ''): boolean {
  return cookies.split(';').some((part) => part.trim() === `${PUNCHOUT_COOKIE}=1`);
}
