/**
 * What the punch-out routes share: opening a session's context from a redeemed start, ending the caller's session,
 * and answering a page for the procurement system.
 */
import type { Context } from 'hono';
import { providerErrorCode } from '../../../contract/provider.ts';
import type { PunchOutLanding, PunchOutSessionStart } from '../../../contract/provider/punchout.ts';
import { requireCustomer } from '../../auth/guards.ts';
import { createCustomerContext, type CustomerContextPayload } from '../../auth/session.ts';
import type { BackendConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { StoreApiError } from '../../http/errors.ts';
import { endPunchOutSessions, type PunchOutSessionRow } from '../../commerce/punchout/sessions.ts';
import type { StoreApiEnv } from '../context.ts';

/** The context payload of a session (backend/db/schema/context.ts `punchOut`). */
export function punchOutContextPayload(session: PunchOutSessionRow): CustomerContextPayload {
  return {
    punchOut: {
      sessionId: session.id,
      protocol: session.protocol,
      readOnly: session.operation === 'inspect',
      expiresAt: session.expiresAt.toISOString(),
    },
  };
}

/** Where the storefront takes a session once opened (kept in its data when it opened; home otherwise). */
export function punchOutLanding(session: PunchOutSessionRow): PunchOutLanding {
  const landing = (session.data as { landing?: PunchOutLanding }).landing;
  return landing ?? { kind: 'home' };
}

/**
 * Opens the context of a redeemed start (a NEW context with a fresh token, docs/decisions/008) and answers it with
 * the landing; the token also goes in `sw-context-token`.
 */
export async function openPunchOutContext(
  c: Context<StoreApiEnv>,
  db: Db,
  session: PunchOutSessionRow & { customerId: string },
  now: Date,
): Promise<PunchOutSessionStart> {
  const ctx = c.get('context');
  const token = await createCustomerContext(db, {
    salesChannelId: ctx.salesChannel.id,
    customerId: session.customerId,
    languageId: ctx.language.id,
    payload: punchOutContextPayload(session),
    now,
  });
  c.header('sw-context-token', token);
  c.header('cache-control', 'no-store');
  return { contextToken: token, landing: punchOutLanding(session), apiAlias: 'punchout_session_start' };
}

/** 404 `{provider}__NOT_A_PUNCHOUT_SESSION`. */
export function notAPunchOutSession(config: Pick<BackendConfig, 'provider'>): StoreApiError {
  return new StoreApiError(
    404,
    providerErrorCode(config.provider, 'NOT_A_PUNCHOUT_SESSION'),
    'This session is not a punch-out session.',
  );
}

/**
 * Ends the caller's punch-out session of `protocol` without a transfer (the entries' logout).
 *
 * @throws StoreApiError 403 when not logged in, 404 when the context is no punch-out session of that protocol.
 */
export async function endOwnPunchOutSession(
  c: Context<StoreApiEnv>,
  db: Db,
  config: Pick<BackendConfig, 'provider'>,
  protocol: 'oci' | 'cxml',
  now: Date,
): Promise<null> {
  await requireCustomer(c, db);
  const punchOut = c.get('context').punchOut;
  if (punchOut?.protocol !== protocol) throw notAPunchOutSession(config);
  await endPunchOutSessions(db, [punchOut.sessionId], now);
  return null;
}

/** A page for the procurement system: its bytes with its media type and Content-Security-Policy, never cached. */
export function punchOutPageResponse(page: {
  body: Buffer;
  contentType: string;
  contentSecurityPolicy: string;
}): Response {
  return new Response(new Uint8Array(page.body), {
    status: 200,
    headers: {
      'content-type': page.contentType,
      'content-security-policy': page.contentSecurityPolicy,
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
    },
  });
}
