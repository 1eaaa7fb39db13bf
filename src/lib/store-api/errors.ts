/**
 * The one error of the Store API on the client side, for server code (client.ts) and browser code (browser.ts)
 * alike: Shopware's error envelope `{ errors: [{ status, code, title, detail, meta, source }] }` read once from the
 * response body (Shopware Store API reference, "Error handling").
 */

import * as v from 'valibot';
import { StoreApiErrorEnvelopeSchema, type StoreApiErrorItem } from '../../../contract/errors.ts';

export type { StoreApiErrorItem };

/** Thrown by both Store API clients for every non-2xx response. `status` is the HTTP status. */
export class StoreApiClientError extends Error {
  readonly status: number;
  readonly errors: StoreApiErrorItem[];

  constructor(status: number, errors: StoreApiErrorItem[], path: string) {
    super(`Store API ${path} answered ${status}: ${errors.map((e) => e.code).join(', ') || 'no error envelope'}`);
    this.name = 'StoreApiClientError';
    this.status = status;
    this.errors = errors;
  }

  /** Code of the first error item, e.g. 'FRAMEWORK__ROUTE_NOT_FOUND'; 'UNKNOWN_ERROR' without an envelope. */
  get code(): string {
    return this.errors[0]?.code ?? 'UNKNOWN_ERROR';
  }
}

/**
 * Reads the envelope from an error response body (contract/errors.ts `StoreApiErrorEnvelopeSchema`); a body that is
 * not one (a proxy's error page, an empty body) becomes a single UNKNOWN_ERROR item.
 */
export function parseErrorEnvelope(status: number, body: unknown): StoreApiErrorItem[] {
  const envelope = v.safeParse(StoreApiErrorEnvelopeSchema, body);
  if (envelope.success) return envelope.output.errors;
  return [
    {
      status: String(status),
      code: 'UNKNOWN_ERROR',
      title: 'Error',
      detail: typeof body === 'string' ? body.slice(0, 200) : '',
    },
  ];
}

/**
 * Reads a Store API response: the parsed JSON body (null when empty, e.g. 204; the raw text when it is not JSON,
 * such as a proxy's error page).
 *
 * @throws StoreApiClientError with the parsed envelope when the status is not 2xx; `path` names the call.
 */
export async function readStoreApiResponse(response: Response, path: string): Promise<unknown> {
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) throw new StoreApiClientError(response.status, parseErrorEnvelope(response.status, body), path);
  return body;
}
