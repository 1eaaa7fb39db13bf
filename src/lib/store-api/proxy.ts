/**
 * Same-origin Store API proxy for browser code (ARCHITECTURE §2), mounted at `src/pages/store-api/[...path].ts`:
 * forwards `/store-api/*` to the client transport, adding `sw-access-key`, the domain's `sw-language-id` and the
 * `sw-context-token` from the HttpOnly cookie. A new token in the response rotates the cookie; the header itself
 * never reaches JavaScript.
 */
import type { AstroCookies } from 'astro';
import { forwardToStoreApi, storeApiHeaders } from './client.ts';
import { CONTEXT_COOKIE, contextCookieOptions, isPlausibleToken } from '../context-cookie.ts';

/** Request headers passed through from the browser; everything else (cookies, authorisation) stays here. */
const FORWARDED_REQUEST_HEADERS = ['content-type', 'accept'];
/** Response headers passed back; notably neither `sw-context-token` nor `set-cookie`. */
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'etag', 'last-modified'];

/** Upper bound of a proxied request body in bytes: criteria and carts are small. */
export const MAX_PROXY_BODY_BYTES = 1024 * 1024;

export interface ProxyInput {
  /** Path below `/store-api/`, e.g. `search` or `checkout/cart/line-item`. */
  path: string;
  request: Request;
  url: URL;
  cookies: AstroCookies;
  /** `sw-language-id` of the domain the calling page belongs to. */
  languageId: string;
  /**
   * The browser's address as the storefront's server sees it; sent as `x-real-ip` so the backend's per-address
   * rate limits (login, recovery, registration) count browsers, not the storefront.
   */
  clientAddress?: string | undefined;
}

/**
 * Forwards one request. Responds 413 with a Store API error envelope when the body exceeds
 * MAX_PROXY_BODY_BYTES; Store API errors pass through unchanged (status and envelope).
 */
export async function proxyStoreApi({
  path,
  request,
  url,
  cookies,
  languageId,
  clientAddress,
}: ProxyInput): Promise<Response> {
  const cookieToken = cookies.get(CONTEXT_COOKIE)?.value;
  const token = isPlausibleToken(cookieToken) ? cookieToken : undefined;
  const headers = new Headers(await storeApiHeaders({ languageId, contextToken: token }));
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  if (clientAddress) headers.set('x-real-ip', clientAddress);
  const method = request.method.toUpperCase();
  let body: ArrayBuffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    body = await request.arrayBuffer();
    if (body.byteLength > MAX_PROXY_BODY_BYTES) {
      return Response.json(
        {
          errors: [
            {
              status: '413',
              code: 'STOREFRONT__PAYLOAD_TOO_LARGE',
              title: 'Payload Too Large',
              detail: 'The request body is too large.',
            },
          ],
        },
        { status: 413 },
      );
    }
  }
  const upstream = await forwardToStoreApi(path, { method, headers, search: url.search, ...(body ? { body } : {}) });

  const responseHeaders = new Headers();
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  if (!responseHeaders.has('cache-control')) responseHeaders.set('cache-control', 'private, no-store');
  const newToken = upstream.headers.get('sw-context-token');
  if (newToken && newToken !== token && isPlausibleToken(newToken)) {
    cookies.set(CONTEXT_COOKIE, newToken, contextCookieOptions(url));
  }
  if (method === 'HEAD') return new Response(null, { status: upstream.status, headers: responseHeaders });
  // Shopware also puts the token into some bodies (`context`: `token`; login: `contextToken`): take it out there too.
  if (TOKEN_BODY_PATHS.test(path) && (upstream.headers.get('content-type') ?? '').includes('json')) {
    const json = (await upstream.json()) as unknown;
    responseHeaders.delete('etag');
    return Response.json(withoutTokens(json), { status: upstream.status, headers: responseHeaders });
  }
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
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
