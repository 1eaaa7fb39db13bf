/**
 * A page the Store API renders for the browser (the OCI function pages, the punch-out transfer and cancel pages),
 * answered as the storefront's own: the same status and body bytes (in the charset the page declares, e.g.
 * ISO-8859-1 for OCI), its `content-type` and its `content-security-policy` (which allows exactly the procurement
 * system's return address in `form-action` and the one auto-submit script by hash), never cached, and sent without
 * a Referer (the call-up's URL may hold credentials; SAP OCI 4.0 outbound section).
 */

/** The response that passes `page` through (see the module comment). */
export function passThroughPage(page: Response): Response {
  const headers = new Headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  for (const name of ['content-type', 'content-security-policy']) {
    const value = page.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(page.body, { status: page.status, headers });
}
