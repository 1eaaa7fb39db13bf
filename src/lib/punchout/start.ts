/**
 * Opening a punch-out session in the browser: the OCI one-time code (`/oci?otp=…`, SAP OCI 4.0 outbound section:
 * the call-up redirected here without its credentials) and the cXML StartPage (`/cxml/auth/{a}/{b}`,
 * `/cxml/inspect/{a}/{b}`, cXML Reference Guide 1.2.051 §5.4.1: single use, short-lived). The code is exchanged
 * server-side through the same-origin proxy, which sets the HttpOnly context cookie and the logged-in and
 * punch-out markers exactly as for a login (src/lib/store-api/proxy.ts); the browser then goes to the landing.
 */
import { CxmlStartPathSchema, OciOtpPathSchema } from '../../../contract/provider/punchout.ts';
import * as v from 'valibot';
import {
  invokeProviderForBrowser,
  type BrowserCallContext,
  type ProviderOutcome,
} from '../store-api/server-provider.ts';
import { punchOutFailure, type PunchOutFailure } from './errors.ts';
import { landingPath } from './landing.ts';

/** Where an opened session goes (a path of the site), or why none was opened. */
export type PunchOutStartOutcome = { location: string } | PunchOutFailure;

/** The response of an opened session: 303 to the landing, not cached, no Referer (the URL held the code). */
export function startRedirect(location: string): Response {
  return new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

/**
 * Exchanges the OCI one-time code `otp` (the `otp` query parameter; a code of another shape is 404 without a call).
 */
export async function openOciSession(ctx: BrowserCallContext, otp: string | null): Promise<PunchOutStartOutcome> {
  const params = v.safeParse(OciOtpPathSchema, { otp });
  if (!params.success) return punchOutFailure('start', 404);
  return landed(ctx, await invokeProviderForBrowser(ctx, 'ociExchangeOtp', { params: params.output }));
}

/**
 * Opens the cXML session of a StartPage path below the prefix (`/cxml/auth/{a}/{b}` or `/cxml/inspect/{a}/{b}`,
 * a trailing slash ignored); another shape is 404 without a call.
 */
export async function openCxmlSession(ctx: BrowserCallContext, path: string): Promise<PunchOutStartOutcome> {
  const match = /^\/cxml\/(auth|inspect)\/([^/]+)\/([^/]+)\/?$/.exec(path);
  const params = v.safeParse(CxmlStartPathSchema, { a: match?.[2], b: match?.[3] });
  if (!match || !params.success) return punchOutFailure('start', 404);
  const operation = match[1] === 'inspect' ? 'cxmlInspect' : 'cxmlStart';
  return landed(ctx, await invokeProviderForBrowser(ctx, operation, { params: params.output }));
}

/** The landing of a session the Store API opened, or the failure page of its answer. */
function landed(
  ctx: BrowserCallContext,
  outcome: ProviderOutcome<'ociExchangeOtp' | 'cxmlStart' | 'cxmlInspect'>,
): PunchOutStartOutcome {
  if (!outcome.ok) return punchOutFailure('start', outcome.status);
  return { location: landingPath(outcome.data.landing, ctx.locals.domain) };
}
