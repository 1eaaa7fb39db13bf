/**
 * JSON calls from browser code to the same-origin Store API proxy (`/store-api/*`, ARCHITECTURE §2). The proxy adds
 * `sw-access-key`, the language and the context token from the HttpOnly cookie, so nothing here ever handles a token.
 * Plain `fetch` rather than ky: these helpers ship with header islands on every catalogue page.
 */
import { parseErrorEnvelope, StoreApiClientError } from '../store-api/errors.ts';

export interface StoreApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON request body; sent for every method but GET. */
  body?: unknown;
  signal?: AbortSignal;
  /** Abort after this many milliseconds (e.g. 30 000 for article information, spec §9). */
  timeoutMs?: number;
}

/**
 * Calls `/store-api/{path}` and returns the parsed JSON body (`null` for an empty body, e.g. 204).
 *
 * @throws StoreApiClientError with Shopware's error envelope for every non-2xx answer (a body that is not an
 *   envelope becomes one UNKNOWN_ERROR item); a network failure or timeout propagates as the fetch error.
 */
export async function storeApiFetch(path: string, options: StoreApiFetchOptions = {}): Promise<unknown> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const signals: AbortSignal[] = [];
  if (options.signal) signals.push(options.signal);
  if (options.timeoutMs) signals.push(AbortSignal.timeout(options.timeoutMs));
  const url = new URL(`/store-api/${path.replace(/^\/+/, '')}`, globalThis.location?.href ?? 'http://localhost/');
  const response = await fetch(url, {
    method,
    headers: { accept: 'application/json', ...(method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    credentials: 'same-origin',
    ...(method === 'GET' ? {} : { body: JSON.stringify(options.body ?? {}) }),
    ...(signals.length > 0 ? { signal: signals.length === 1 ? signals[0] : AbortSignal.any(signals) } : {}),
  });
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
  }
  if (!response.ok) throw new StoreApiClientError(response.status, parseErrorEnvelope(response.status, json), path);
  return json;
}
