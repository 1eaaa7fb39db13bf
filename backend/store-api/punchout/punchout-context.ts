/**
 * What the punch-out routes share: the payload of a punch-out session's context and where its storefront lands.
 */
import type { PunchOutLanding } from '../../../contract/provider/punchout.ts';
import type { CustomerContextPayload } from '../../auth/session.ts';
import type { PunchOutSessionRow } from '../../commerce/punchout/sessions.ts';

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
