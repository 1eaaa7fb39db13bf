/**
 * Same-origin Store API proxy for browser code (docs/decisions/001 and 008: the browser never sees the context
 * token), mounted at `src/pages/store-api/[...path].ts`:
 * forwards `/store-api/*` to the client transport, adding `sw-access-key`, the domain's `sw-language-id` and the
 * `sw-context-token` from the HttpOnly cookie. A new token in the response rotates the cookie; the header itself
 * never reaches JavaScript.
 */
import type { AstroCookies } from 'astro';
import { isIP } from 'node:net';
import { ARTICLE_LINK_IMPORT_MAX_BYTES, isArticleLinkImportPath } from '../../../contract/provider/article-link.ts';
import { forwardToStoreApi, storeApiHeaders } from './client.ts';
import {
  CONTEXT_COOKIE,
  contextCookieOptions,
  isPlausibleToken,
  loggedInCookieOptions,
  removedCookieOptions,
} from '../context-cookie.ts';
import { LOGGED_IN_COOKIE, PUNCHOUT_COOKIE } from '../session/logged-in-cookie.ts';
import { SHOPWARE_ERROR_CODES } from '../../../contract/error-codes.ts';
import { storefrontConfig, type StorefrontConfig } from '../storefront-config.ts';

/**
 * Request headers passed through from the browser; everything else (cookies, authorisation) stays here.
 * `idempotency-key` makes a repeated order submit answer the one order (docs/decisions/014, "Placing an order").
 */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept', 'idempotency-key'];
/**
 * Response headers passed back; notably neither `sw-context-token` nor `set-cookie`. A page the Store API renders
 * itself (the punch-out transfer and OCI function pages) brings its own `content-security-policy`, which allows its
 * one auto-submit script and the procurement system's return address in `form-action`; the middleware only adds
 * the directives it lacks (src/lib/security-headers.ts).
 */
const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'cache-control',
  'etag',
  'last-modified',
  'content-security-policy',
];

/** Upper bound of a proxied request body in bytes: criteria and carts are small. */
export const MAX_PROXY_BODY_BYTES = 1024 * 1024;

/**
 * Upper bound of the body of one path: the article link CSV import (`{provider}/article-links/import`) takes up to
 * the contract's ARTICLE_LINK_IMPORT_MAX_BYTES (2 MiB, contract/provider/article-link.ts), every other call
 * MAX_PROXY_BODY_BYTES.
 */
export function maxProxyBodyBytes(path: string): number {
  return isArticleLinkImportPath(path) ? ARTICLE_LINK_IMPORT_MAX_BYTES : MAX_PROXY_BODY_BYTES;
}

export interface ProxyInput {
  /** Path below `/store-api/`, e.g. `search` or `checkout/cart/line-item`. */
  path: string;
  request: Request;
  url: URL;
  cookies: AstroCookies;
  /** `sw-language-id` of the domain the calling page belongs to. */
  languageId: string;
  /** Configured public URL of that domain (its `url`); decides the cookies' `Secure` attribute. */
  publicUrl: string;
  /**
   * The socket address of the request as the storefront's server sees it. The browser's address derived from it
   * (`browserAddress`) is sent as `x-real-ip`, so the backend's per-address rate limits (login, recovery,
   * registration) count browsers, not the storefront or a reverse proxy in front of it.
   */
  clientAddress?: string | undefined;
}

/**
 * The browser's address: the value of the header named by TRUSTED_CLIENT_IP_HEADER (e.g. `x-real-ip`,
 * `cf-connecting-ip`, `x-forwarded-for`) when that is set, else the socket address. The storefront must then be
 * reachable only through the reverse proxy that sets the header, since anyone else could send it too. For a list
 * (`x-forwarded-for`) the last entry counts: the one the reverse proxy appended. A value that is not one IP address
 * is ignored (→ the socket address).
 */
export function browserAddress(
  request: Request,
  socketAddress: string | undefined,
  trustedHeader: string | undefined = process.env.TRUSTED_CLIENT_IP_HEADER,
): string | undefined {
  const name = trustedHeader?.trim();
  if (!name) return socketAddress;
  const last = request.headers.get(name)?.split(',').at(-1)?.trim();
  return last && isIP(last) ? last : socketAddress;
}

/** A Store API error envelope answered by the proxy itself. */
function proxyError(status: number, code: string, title: string, detail: string): Response {
  return Response.json(
    { errors: [{ status: String(status), code, title, detail }] },
    { status, headers: { 'cache-control': 'private, no-store' } },
  );
}

/**
 * Reads a request body of at most `maxBytes` bytes. Returns null, without reading further, as soon as the declared
 * `Content-Length` or the bytes streamed so far (chunked bodies declare none) exceed the limit; the rest of the
 * stream is cancelled, so an oversized upload costs at most one chunk beyond the limit. Returns 'unreadable' when
 * the stream fails before its end (the client went away, or the Node adapter's own body limit, which lies above
 * every limit here, cut it off).
 */
export async function readBodyWithin(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null | 'unreadable'> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      return 'unreadable';
    }
    const { done, value } = read;
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** How often a path is percent-decoded at most while looking for hidden dot segments (double, triple encoding). */
const MAX_DECODE_ROUNDS = 4;

/**
 * True when a path below `/store-api/` is safe to append to the Store API base URL: no `.`/`..` segment and no
 * backslash in the path itself or in any of its percent-decoded forms (`%2e%2e`, `..%2f`, `%252e%252e`, `..%5c`),
 * no percent-encoded slash (a remote server or a proxy in front of it may decode it into a separator) and no
 * control character. Such a path could make an HTTP Store API (STORE_API_URL) serve something outside
 * `/store-api/` (RFC 3986 §5.2.4 removes dot segments; many servers also decode `%2f` and treat `\` as `/`).
 */
export function isSafeProxyPath(path: string): boolean {
  let current = path;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    if ([...current].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return false;
    if (current.split('/').some((segment) => segment === '.' || segment === '..')) return false;
    if (/%2f|%5c/i.test(current)) return false;
    if (!current.includes('%')) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (decoded === current) return true;
    current = decoded;
  }
  return false;
}

/**
 * Forwards one request and keeps the session's cookies:
 * - `sw-context-token` (HttpOnly): rotated whenever the answer carries a new token; removed when a punch-out session
 *   ends (PUNCHOUT_END: transfer, cancel, the entries' logout).
 * - `wb-logged-in=1` (readable, no secret; Path=/, SameSite=Lax, not HttpOnly, Secure like the context cookie): set
 *   on a 2xx answer of a LOGIN_PATHS call or a punch-out start (an OCI one-time code, a cXML StartPage); removed on
 *   `account/logout`, at the end of a punch-out session, on any 401/403 answer with
 *   `CHECKOUT__CUSTOMER_NOT_LOGGED_IN`, whenever the context token is replaced by any other call (an expired or
 *   unknown context answers with a new anonymous one) and when the request has no usable context cookie. Browser
 *   code calls `account/customer` only while it is present, so anonymous page loads make no failing request
 *   (docs/decisions/009). A stale marker costs one 403, which removes it.
 * - `wb-punchout=1` (readable, like the marker): set with the marker by a punch-out start, removed with it and by an
 *   ordinary login.
 *
 * The three are `SameSite=None; Secure` for a punch-out session (from its start, and while `wb-punchout` is present)
 * when FRAME_ANCESTORS names origins that may frame the shop: a procurement system shows the catalogue in a frame,
 * where a Lax cookie is neither sent nor stored (src/lib/context-cookie.ts).
 *
 * Answers with a Store API error envelope, without forwarding, 400
 * `STOREFRONT__INVALID_PATH` when the path (as routed or as in the request URL) is not `isSafeProxyPath`, 413
 * `STOREFRONT__PAYLOAD_TOO_LARGE` when the body exceeds maxProxyBodyBytes of the path, also a chunked one, and 400
 * `STOREFRONT__BODY_UNREADABLE` when the body stream fails; Store API errors pass through unchanged (status and
 * envelope).
 */
export async function proxyStoreApi({
  path,
  request,
  url,
  cookies,
  languageId,
  publicUrl,
  clientAddress,
}: ProxyInput): Promise<Response> {
  const rawPath = url.pathname.replace(/^\/store-api\//, '');
  if (!isSafeProxyPath(path) || !isSafeProxyPath(rawPath)) {
    return proxyError(400, 'STOREFRONT__INVALID_PATH', 'Bad Request', 'The Store API path is not valid.');
  }
  const cookieToken = cookies.get(CONTEXT_COOKIE)?.value;
  const token = isPlausibleToken(cookieToken) ? cookieToken : undefined;
  const headers = new Headers(await storeApiHeaders({ languageId, contextToken: token }));
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const address = browserAddress(request, clientAddress);
  if (address) headers.set('x-real-ip', address);
  const method = request.method.toUpperCase();
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const read = await readBodyWithin(request, maxProxyBodyBytes(path));
    if (!read) {
      return proxyError(413, 'STOREFRONT__PAYLOAD_TOO_LARGE', 'Payload Too Large', 'The request body is too large.');
    }
    if (read === 'unreadable') {
      return proxyError(400, 'STOREFRONT__BODY_UNREADABLE', 'Bad Request', 'The request body could not be read.');
    }
    body = read;
  }
  const upstream = await forwardToStoreApi(path, { method, headers, search: url.search, ...(body ? { body } : {}) });

  const responseHeaders = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  if (!responseHeaders.has('cache-control')) responseHeaders.set('cache-control', 'private, no-store');
  const config = storefrontConfig();
  const ok = upstream.status >= 200 && upstream.status < 300;
  const effect = ok ? sessionEffect(path, config) : null;
  const hadPunchOut = cookies.get(PUNCHOUT_COOKIE)?.value === '1';
  const crossSite = config.frameAncestors.length > 0 && (effect === 'punchout-start' || hadPunchOut);
  const newToken = upstream.headers.get('sw-context-token');
  const rotated = !!newToken && newToken !== token && isPlausibleToken(newToken);
  if (effect === 'punchout-end') {
    cookies.delete(CONTEXT_COOKIE, removedCookieOptions(publicUrl, crossSite));
  } else if (rotated) {
    cookies.set(CONTEXT_COOKIE, newToken, contextCookieOptions(publicUrl, crossSite));
  }
  const isJson = (upstream.headers.get('content-type') ?? '').includes('json');
  // 401/403 bodies are small error envelopes: read them to see whether the context is anonymous.
  const errorBody =
    (upstream.status === 401 || upstream.status === 403) && isJson && method !== 'HEAD'
      ? await upstream.text()
      : undefined;
  const loginAnswer = effect === 'login' || effect === 'punchout-start';
  const anonymousAnswer =
    rotated ||
    !token ||
    effect === 'logout' ||
    effect === 'punchout-end' ||
    (errorBody !== undefined && hasErrorCode(errorBody, NOT_LOGGED_IN_CODE));
  const loggedIn = loginAnswer ? true : anonymousAnswer ? false : undefined;
  const hasMarker = cookies.get(LOGGED_IN_COOKIE)?.value === '1';
  const removeMarker = (name: string) =>
    cookies.delete(name, { ...removedCookieOptions(publicUrl, crossSite), httpOnly: false });
  if (loggedIn === true && (!hasMarker || rotated || crossSite)) {
    cookies.set(LOGGED_IN_COOKIE, '1', loggedInCookieOptions(publicUrl, crossSite));
  } else if (loggedIn === false && hasMarker) {
    removeMarker(LOGGED_IN_COOKIE);
  }
  if (effect === 'punchout-start') cookies.set(PUNCHOUT_COOKIE, '1', loggedInCookieOptions(publicUrl, crossSite));
  else if (hadPunchOut && (loggedIn === false || effect === 'login')) removeMarker(PUNCHOUT_COOKIE);
  if (method === 'HEAD') return new Response(null, { status: upstream.status, headers: responseHeaders });
  if (errorBody !== undefined) return new Response(errorBody, { status: upstream.status, headers: responseHeaders });
  // Shopware also puts the token into some bodies (`context`: `token`; login: `contextToken`; a punch-out start:
  // `contextToken`): take it out there too.
  if ((TOKEN_BODY_PATHS.test(path) || effect === 'punchout-start') && isJson) {
    const json = (await upstream.json()) as unknown;
    responseHeaders.delete('etag');
    return Response.json(withoutTokens(json), { status: upstream.status, headers: responseHeaders });
  }
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}

/** Shopware's code for a call that needs a logged-in customer (401 or 403). */
const NOT_LOGGED_IN_CODE = SHOPWARE_ERROR_CODES.CHECKOUT__CUSTOMER_NOT_LOGGED_IN;

/** True when a JSON error envelope holds an error with `code`. */
function hasErrorCode(body: string, code: string): boolean {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown }).errors;
    return Array.isArray(errors) && errors.some((e) => (e as { code?: unknown } | null)?.code === code);
  } catch {
    return false;
  }
}

/**
 * Store API paths whose 2xx answer puts a customer into the context: Shopware's `account/login`, `account/register`
 * (logs in when double opt-in is off), `account/register-confirm`, `account/change-password` (a fresh customer
 * context) and the provider's `{provider}/account/login-as-customer`.
 */
const LOGIN_PATHS = /^(account\/(login|register|register-confirm|change-password)|[^/]+\/account\/login-as-customer)$/;

/** What a 2xx answer of a Store API path does to the session (its cookies). */
export type SessionEffect = 'login' | 'logout' | 'punchout-start' | 'punchout-end';

/**
 * The effect of a 2xx answer of `path` (below `/store-api/`), or null for none:
 * - `login`: LOGIN_PATHS;
 * - `logout`: `account/logout`;
 * - `punchout-start`: a punch-out session opened for the browser: `{oci-entry}/otp/{otp}`,
 *   `{cxml-entry}/auth/{a}/{b}`, `{cxml-entry}/inspect/{a}/{b}` (contract/provider/endpoints.ts ociExchangeOtp,
 *   cxmlStart, cxmlInspect);
 * - `punchout-end`: the session ended: `{provider}/punchout/transfer`, `{provider}/punchout/cancel`,
 *   `{oci-entry}/logout`, `{cxml-entry}/logout` (cXML Reference Guide 1.2.051 §5.4.2: no browser cookie outlives the
 *   session; SAP OCI 4.0 inbound section: the session ends with the transfer).
 */
export function sessionEffect(
  path: string,
  config: Pick<StorefrontConfig, 'storeApiProvider' | 'storeApiOciEntry' | 'storeApiCxmlEntry'> = storefrontConfig(),
): SessionEffect | null {
  if (LOGIN_PATHS.test(path)) return 'login';
  if (path === 'account/logout') return 'logout';
  const [first, ...rest] = path.split('/');
  const below = rest.join('/');
  if (first === config.storeApiOciEntry) {
    if (/^otp\/[^/]+$/.test(below)) return 'punchout-start';
    if (below === 'logout') return 'punchout-end';
  }
  if (first === config.storeApiCxmlEntry) {
    if (/^(auth|inspect)\/[^/]+\/[^/]+$/.test(below)) return 'punchout-start';
    if (below === 'logout') return 'punchout-end';
  }
  if (first === config.storeApiProvider && /^punchout\/(transfer|cancel)$/.test(below)) return 'punchout-end';
  return null;
}

/** Store API paths whose response bodies can carry a context token. */
const TOKEN_BODY_PATHS =
  /^(context|account\/(login|register|logout|recovery-password-confirm|change-password)|[^/]+\/account\/login-as-customer|[^/]+\/register\/|.*\/otp\/|.*\/auth\/)/;

/**
 * A copy of a response body without context tokens: the top-level `token` / `contextToken` fields are removed.
 * Exported for tests.
 */
export function withoutTokens(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { token: _token, contextToken: _contextToken, ...rest } = body as Record<string, unknown>;
  return rest;
}
