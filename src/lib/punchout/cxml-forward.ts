/**
 * The cXML requests procurement servers post to the storefront (`/punchout/cxml/setup`, `/punchout/cxml/order`;
 * cXML Reference Guide 1.2.051 §5.2 PunchOutSetupRequest, §7.3 OrderRequest): server to server, `text/xml`, no
 * browser and no cookies. The storefront reads the body while streaming up to CXML_MAX_BODY_BYTES and forwards the
 * document unchanged to the Store API entry (`/store-api/{cxml-entry}/setup`, `/order`) with the site's base URL as
 * the `storefrontUrl` query (the StartPage lies below it), and answers the Store API's cXML document unchanged.
 *
 * Answers are always cXML, never an HTML page (cXML Reference Guide §3.1.12: a client parses the Response and
 * retries on 5xx): a body beyond the limit gets 413 with a cXML `Status 406` document built here (the in-process
 * Store API only receives bodies that passed the storefront's limit, docs/decisions/012), a Store API answer that is
 * not XML (an error envelope) gets a cXML `Status` of its HTTP status.
 */
import { CXML_STATUS_TEXT, cxmlStatusDocument, type CxmlStatusCode } from '../../../contract/cxml.ts';
import { providerApiPath } from '../store-api/server-provider.ts';
import { forwardToStoreApi, storeApiHeaders } from '../store-api/client.ts';
import { browserAddress, readBodyWithin } from '../store-api/proxy.ts';

/** Largest cXML request body read, in bytes (the Store API's own limit, contract/provider/endpoints.ts). */
export const CXML_MAX_BODY_BYTES = 1024 * 1024;

const XML_HEADERS = { 'content-type': 'text/xml; charset=UTF-8', 'cache-control': 'no-store' };

/** A Response with a cXML Status document (contract/cxml.ts). */
export function statusResponse(httpStatus: number, code: CxmlStatusCode, message: string, host: string): Response {
  return new Response(cxmlStatusDocument({ code, detail: message, hostname: host }), {
    status: httpStatus,
    headers: XML_HEADERS,
  });
}

/** The cXML operations the storefront forwards. */
export type CxmlOperation = 'cxmlSetupRequest' | 'cxmlOrderRequest';

/** Where a cXML request arrived: the site's base URL and language, and the sender's address for rate limits. */
export interface CxmlSite {
  /** The site's base URL (`https://shop.example/en`): the `storefrontUrl` of the request. */
  storefrontUrl: string;
  /** `sw-language-id` of the site. */
  languageId: string;
  /** The sending server's address, sent as `x-real-ip` (null when unknown). */
  clientAddress: string | null;
}

/**
 * Sends a cXML document to the Store API entry of `operation` and answers its cXML answer unchanged (status, body,
 * content type); a non-XML answer becomes a cXML Status of that HTTP status, an unreachable Store API 503.
 */
export async function sendCxml(
  operation: CxmlOperation,
  document: Uint8Array<ArrayBuffer>,
  contentType: string,
  site: CxmlSite,
): Promise<Response> {
  const host = new URL(site.storefrontUrl).host;
  const path = providerApiPath(operation, { query: { storefrontUrl: site.storefrontUrl } });
  const [pathOnly, search = ''] = path.split('?');
  const headers = new Headers(await storeApiHeaders({ languageId: site.languageId }));
  headers.set('content-type', contentType);
  headers.set('accept', 'text/xml');
  if (site.clientAddress) headers.set('x-real-ip', site.clientAddress);
  let upstream: Response;
  try {
    upstream = await forwardToStoreApi(pathOnly!, { method: 'POST', headers, body: document, search: `?${search}` });
  } catch {
    return statusResponse(503, 500, 'The shop cannot take the request at the moment.', host);
  }
  const type = upstream.headers.get('content-type') ?? '';
  if (!/\b(text|application)\/xml\b/i.test(type)) {
    await upstream.body?.cancel().catch(() => undefined);
    // A JSON envelope (a 4xx of the Store API's own checks, e.g. an unknown access key) is said as a cXML Status of
    // the same code where cXML has one, else of its class: 4xx permanent (the client does not retry), anything else
    // transient (cXML Reference Guide §3.1.9.1).
    const permanent = upstream.status >= 400 && upstream.status < 500;
    const code: CxmlStatusCode =
      upstream.status in CXML_STATUS_TEXT && permanent ? (upstream.status as CxmlStatusCode) : permanent ? 400 : 500;
    return statusResponse(permanent ? upstream.status : 500, code, 'The shop could not answer the request.', host);
  }
  return new Response(upstream.body, {
    status: upstream.status,
    headers: { 'content-type': type, 'cache-control': 'no-store' },
  });
}

/**
 * Handles a cXML request posted to the storefront: reads its body while streaming (at most CXML_MAX_BODY_BYTES;
 * beyond it 413 with a cXML Status 406, a failed stream 400 with a Status 400) and sends it on (`sendCxml`). The
 * media type is the request's when it names XML, else `text/xml` (the document is forwarded either way; the Store
 * API decides what it accepts).
 */
export async function forwardCxmlRequest(
  operation: CxmlOperation,
  request: Request,
  site: Omit<CxmlSite, 'clientAddress'> & { socketAddress: string | undefined },
): Promise<Response> {
  const host = new URL(site.storefrontUrl).host;
  const body = await readBodyWithin(request, CXML_MAX_BODY_BYTES);
  if (body === null) {
    return statusResponse(413, 406, `The request body is larger than ${CXML_MAX_BODY_BYTES} bytes.`, host);
  }
  if (body === 'unreadable') return statusResponse(400, 400, 'The request body could not be read.', host);
  const given = request.headers.get('content-type') ?? '';
  const contentType = /\b(text|application)\/xml\b/i.test(given) ? given : 'text/xml; charset=UTF-8';
  return sendCxml(operation, body, contentType, {
    storefrontUrl: site.storefrontUrl,
    languageId: site.languageId,
    clientAddress: browserAddress(request, site.socketAddress) ?? null,
  });
}

/** The answer to a method other than POST on a cXML entry: a Status 405 document with `Allow: POST`. */
export function methodNotAllowed(storefrontUrl: string): Response {
  const response = statusResponse(405, 405, 'Send the cXML document with POST.', new URL(storefrontUrl).host);
  response.headers.set('allow', 'POST');
  return response;
}
