/**
 * Returning from a punch-out session to the procurement system: the storefront endpoints `/punchout/transfer` and
 * `/punchout/cancel` (same-origin form posts: the cart page's "Transfer to …", the header's "Cancel and return to …";
 * the storefront's cross-site check applies). The Store API renders the page that returns to the procurement system
 * (`punchOutTransfer`: the cart as OCI NEW_ITEM fields to HOOK_URL or a PunchOutOrderMessage to BrowserFormPost,
 * SAP OCI 4.0 inbound section, cXML Reference Guide 1.2.051 §5.4.3; `punchOutCancel`: an empty cart or the
 * configured cancel URL, §5.4.3.2), and it is answered unchanged: status, bytes, content type and its
 * Content-Security-Policy (`form-action` exactly the return address, the one auto-submit script by hash). The call
 * goes through the same-origin proxy, which removes the context cookie and the markers once the session has ended
 * (src/lib/store-api/proxy.ts; cXML Reference Guide §5.4.2: no cookie outlives the session).
 *
 * A transfer the Store API refuses (400: cart errors, more lines than the procurement system takes) goes back to the
 * cart with `?error={CODE}` (the Store API's code when the storefront translates it, else
 * STOREFRONT__PUNCHOUT_TRANSFER_FAILED); a context that is no punch-out session (any more) goes to
 * `/punchout/ended`.
 */
import type { APIContext } from 'astro';
import { domainPath } from '../domain.ts';
import { formErrorMessageKey, withError } from '../forms/form-post.ts';
import { passThroughPage } from './pass-through.ts';
import { callProviderForBrowser } from '../store-api/server-provider.ts';

/** The code the cart shows for a refused transfer the Store API gave no translated code for. */
const TRANSFER_FAILED_CODE = 'STOREFRONT__PUNCHOUT_TRANSFER_FAILED';

/** A 303 to a path of the site (Post/Redirect/Get). */
function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

/** Calls `operation` for the session of the request's context and answers as the module comment says. */
export async function returnToProcurement(
  ctx: APIContext,
  operation: 'punchOutTransfer' | 'punchOutCancel',
): Promise<Response> {
  await ctx.request.body?.cancel().catch(() => undefined);
  const { domain } = ctx.locals;
  const page = await callProviderForBrowser(ctx, operation);
  if (page.ok) return passThroughPage(page);
  const text = await page.text().catch(() => '');
  if (page.status === 401 || page.status === 403 || page.status === 404) {
    return seeOther(domainPath(domain, '/punchout/ended'));
  }
  let code = TRANSFER_FAILED_CODE;
  try {
    const first = (JSON.parse(text) as { errors?: { code?: unknown }[] }).errors?.[0]?.code;
    if (typeof first === 'string' && formErrorMessageKey(first) !== 'errors.UNKNOWN_ERROR') code = first;
  } catch {
    // Not an error envelope: the generic code.
  }
  return seeOther(withError(domainPath(domain, '/checkout'), code));
}
