/**
 * Shopware's Store API error envelope: `{ errors: [{ status, code, title, detail, meta, source }] }`
 * (Shopware Store API documentation, "Error handling"). Every failure of the embedded HTTP API, Store API
 * routes and the auth guards alike, answers in this shape, built here and nowhere else.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { HTTPException } from 'hono/http-exception';
import { ValiError } from 'valibot';
import type { StoreApiErrorItem } from '../../contract/errors.ts';
import { violationError } from './validate.ts';
import { describeErrorForLog, isStatementTimeout } from '../db/errors.ts';
import { SHOPWARE_ERROR_CODES } from '../../contract/error-codes.ts';

/** One item of the envelope, as the contract declares it (contract/errors.ts). */
export type { StoreApiErrorItem };

/** An error the Store API reports to its caller. `status` is the HTTP status, `code` Shopware's error code. */
export class StoreApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly title: string;
  readonly parameters: Record<string, unknown>;
  readonly items: StoreApiErrorItem[] | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    detail: string,
    options: { title?: string; parameters?: Record<string, unknown>; items?: StoreApiErrorItem[] } = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.title = options.title ?? defaultTitle(status);
    this.parameters = options.parameters ?? {};
    this.items = options.items;
  }

  toEnvelope(): { errors: StoreApiErrorItem[] } {
    if (this.items) return { errors: this.items };
    return {
      errors: [
        {
          status: String(this.status),
          code: this.code,
          title: this.title,
          detail: this.message,
          meta: { parameters: this.parameters },
        },
      ],
    };
  }
}

function defaultTitle(status: number): string {
  switch (status) {
    case 400:
      return 'Bad Request';
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'Not Found';
    case 405:
      return 'Method Not Allowed';
    case 409:
      return 'Conflict';
    case 412:
      return 'Precondition Failed';
    case 429:
      return 'Too Many Requests';
    case 503:
      return 'Service Unavailable';
    default:
      return status >= 500 ? 'Internal Server Error' : 'Error';
  }
}

/**
 * 400 with one `VIOLATION::…` item per invalid field (Shopware's constraint-violation shape); `parameters` are the
 * rule's values in Symfony's placeholder form (`{ '{{ limit }}': 300 }`), none when absent.
 */
export function violations(
  list: { pointer: string; code: string; detail: string; parameters?: Record<string, unknown> }[],
): StoreApiError {
  return new StoreApiError(400, SHOPWARE_ERROR_CODES.FRAMEWORK__WRITE_CONSTRAINT_VIOLATION, 'Invalid input', {
    items: list.map((v) => ({
      status: '400',
      code: v.code.startsWith('VIOLATION::') ? v.code : `VIOLATION::${v.code}`,
      title: 'Constraint violation error',
      detail: v.detail,
      source: { pointer: v.pointer },
      meta: { parameters: v.parameters ?? {} },
    })),
  });
}

/**
 * Hono `onError` handler: every thrown error becomes the envelope. A statement stopped by its `statement_timeout`
 * (SQLSTATE 57014, set for the search: backend/search/product-search.ts) answers 503 `FRAMEWORK__QUERY_TIMEOUT`;
 * other unknown errors answer 500 and are logged without request data (backend/db/errors.ts
 * `describeErrorForLog`: no bound parameters), never leaked.
 */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof StoreApiError) return c.json(err.toEnvelope(), err.status);
  // A schema parsed outside validate(): the same violation items as the request validator answers.
  if (err instanceof ValiError) return c.json(violationError(err.issues).toEnvelope(), 400);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json(
      new StoreApiError(
        status,
        SHOPWARE_ERROR_CODES.FRAMEWORK__HTTP_ERROR,
        err.message || defaultTitle(status),
      ).toEnvelope(),
      status,
    );
  }
  if (isStatementTimeout(err)) {
    return c.json(
      new StoreApiError(
        503,
        SHOPWARE_ERROR_CODES.FRAMEWORK__QUERY_TIMEOUT,
        'The request took too long and was stopped. Try again with a shorter search term or fewer filters.',
      ).toEnvelope(),
      503,
    );
  }
  console.error(`[store-api] unhandled error: ${describeErrorForLog(err)}`);
  return c.json(
    new StoreApiError(500, SHOPWARE_ERROR_CODES.FRAMEWORK__INTERNAL_ERROR, 'An internal error occurred.').toEnvelope(),
    500,
  );
}
