/**
 * The client-side error of the Store API: one typed error carrying Shopware's envelope
 * `{ errors: [{ status, code, title, detail, meta }] }` (STYLE-ANCHORS §10.2).
 */

export interface StoreApiErrorItem {
  status: string;
  code: string;
  title?: string;
  detail?: string;
  meta?: { parameters?: Record<string, unknown> } & Record<string, unknown>;
  source?: { pointer: string };
}

/** Thrown by the Store API client for every non-2xx response. `status` is the HTTP status. */
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

/** Reads the envelope from an error response body; a body that is not one becomes a single UNKNOWN_ERROR item. */
export function parseErrorEnvelope(status: number, body: unknown): StoreApiErrorItem[] {
  if (body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors)) {
    return (body as { errors: StoreApiErrorItem[] }).errors;
  }
  return [
    {
      status: String(status),
      code: 'UNKNOWN_ERROR',
      title: 'Error',
      detail: typeof body === 'string' ? body.slice(0, 200) : '',
    },
  ];
}
