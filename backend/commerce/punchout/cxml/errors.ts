/**
 * Errors of the cXML punch-out functions. Each carries the cXML Status code the answer to the buyer names
 * (cXML Reference Guide 1.2.051 §3.1.9.1): the HTTP layer turns any of them into a `<Response><Status code=…>` body
 * (./documents.ts `buildStatusResponse`, ./status.ts `statusForError`), never into an HTML error page, which a buyer
 * would treat as a transient failure and retry.
 */

/** A cXML Status code this module answers with (cXML Reference Guide 1.2.051 §3.1.9.1). */
export type CxmlStatusCode = 200 | 204 | 400 | 401 | 403 | 406 | 409 | 412 | 450 | 500;

/** Base class: a failure with the cXML Status code and a human-readable explanation (the Status element's content). */
export class CxmlError extends Error {
  /** cXML Status code (4xx: permanent, the buyer does not retry; 5xx: transient). */
  readonly code: CxmlStatusCode;

  constructor(code: CxmlStatusCode, message: string) {
    super(message);
    this.name = 'CxmlError';
    this.code = code;
  }
}

/**
 * The body is not a document we accept as XML: not well-formed, too large, too deep, too many nodes, an entity
 * declaration in the internal subset (XXE, entity expansion), an undefined entity, a charset other than UTF-8.
 * Always Status 406 Not Acceptable ("parse or validation failure", cXML Reference Guide 1.2.051 §3.1.9.1); a body
 * above the size limit is 406 too, with a text that says so (cXML has no 413).
 */
export class CxmlParseError extends CxmlError {
  constructor(message: string) {
    super(406, message);
    this.name = 'CxmlParseError';
  }
}

/**
 * The document is well-formed XML but not a request we can act on: a missing BuyerCookie or BrowserFormPost (400),
 * an unsupported operation (450), a credential problem (401/403), a conflict (409) or a failed precondition (412).
 */
export class CxmlRequestError extends CxmlError {
  constructor(code: Exclude<CxmlStatusCode, 200 | 204>, message: string) {
    super(code, message);
    this.name = 'CxmlRequestError';
  }
}
