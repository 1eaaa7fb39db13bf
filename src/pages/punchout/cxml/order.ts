/**
 * `POST /punchout/cxml/order`: a procurement server's cXML OrderRequest (cXML Reference Guide 1.2.051 §7.3), answered with a cXML Status. Server to server, `text/xml`: the
 * body (at most 1 MiB, read while streaming) goes unchanged to the Store API (`cxmlOrderRequest`) with this site's base URL
 * as `storefrontUrl`, and its cXML answer comes back unchanged; a body beyond the limit is answered 413 with a
 * cXML Status 406 (src/lib/punchout/cxml-forward.ts). Every answer is cXML, never an HTML page; other methods get a
 * cXML Status 405. Exempt from the storefront's cross-site check (src/lib/origin-check.ts). Served at the root and,
 * below a site's prefix, through src/lib/prefix-rewrite.ts.
 */
import type { APIRoute } from 'astro';
import { forwardCxmlRequest, methodNotAllowed } from '../../../lib/punchout/cxml-forward.ts';

export const POST: APIRoute = ({ request, locals, clientAddress }) =>
  forwardCxmlRequest('cxmlOrderRequest', request, {
    storefrontUrl: locals.domain.url,
    languageId: locals.domain.languageId,
    socketAddress: clientAddress,
  });

export const ALL: APIRoute = ({ locals }) => methodNotAllowed(locals.domain.url);
