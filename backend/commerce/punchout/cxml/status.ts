/**
 * cXML Status codes and their texts (cXML Reference Guide 1.2.051 §3.1.9.1), and the mapping of errors to them.
 *
 * - 2xx: 200 OK (the request was accepted), 204 No Content (in a PunchOutOrderMessage: the session ended without
 *   a change, §5.6.4.3).
 * - 4xx, permanent (the client does not retry): 400 Bad Request (parsed but unacceptable, e.g. no BuyerCookie),
 *   401 Unauthorized (Sender credentials not recognised), 403 Forbidden (authenticated, not allowed), 406 Not
 *   Acceptable (parse or validation failure), 409 Conflict, 412 Precondition Failed (e.g. edit without the session it
 *   refers to), 450 Not Implemented (operation not supported).
 * - 5xx, transient (the client retries): 500 Internal Server Error.
 */
import { CXML_STATUS_TEXT } from '../../../../contract/cxml.ts';
import { CxmlError, type CxmlStatusCode } from './errors.ts';

/** What a Status element says: code, the code's text, and an explanation for the element's content. */
export interface CxmlStatus {
  code: CxmlStatusCode;
  text: string;
  /** Human-readable explanation; never a stack trace or a secret. */
  detail: string;
}

/**
 * The Status to answer with for a thrown value: a {@link CxmlError} keeps its code and message; anything else is
 * 500 with a generic explanation (its message may hold internals, so it is not echoed to the buyer).
 */
export function statusForError(error: unknown): CxmlStatus {
  if (error instanceof CxmlError) {
    return { code: error.code, text: CXML_STATUS_TEXT[error.code], detail: error.message };
  }
  return { code: 500, text: CXML_STATUS_TEXT[500], detail: 'The request could not be processed; please retry later.' };
}

/** True for the codes a client must not retry (4xx), false for success (2xx) and transient failures (5xx). */
export function isPermanentFailure(code: CxmlStatusCode): boolean {
  return code >= 400 && code < 500;
}
