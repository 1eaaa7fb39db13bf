/**
 * The translated page a failed punch-out entry shows instead of the catalogue (SAP OCI 4.0: a call-up with wrong
 * credentials or without HOOK_URL gets a readable error page and nothing is posted anywhere; cXML Reference Guide
 * 1.2.051 §5.4.1: a used or expired StartPage opens nothing). The message never repeats what was sent (no
 * credential is echoed); the status of the Store API's answer is kept.
 */
import type { MessageKey } from '../../i18n/locales.ts';
import type { CallUpProblem } from './oci-call-up.ts';

/** Which step failed: the OCI call-up (or a function page), or the opening of a session (one-time code, StartPage). */
export type PunchOutStep = 'call-up' | 'start';

/** A failed step's page: its status and message. */
export interface PunchOutFailure {
  status: number;
  message: MessageKey;
}

/**
 * The page for a Store API answer `status` of `step`: call-up 400 (HOOK_URL missing or malformed, a field beyond
 * its bound) `callUpInvalid`, 401 `credentials`, 403 (HOOK_URL not allowed) `returnAddress`, 404 (DETAIL of an
 * unknown product) `product`; a start's 404 (unknown, used or expired) `startExpired`; 429 `tooMany` for both;
 * anything else `unavailable` (a 2xx that was not what the step expects as 502).
 */
export function punchOutFailure(step: PunchOutStep, status: number): PunchOutFailure {
  const code = status >= 200 && status < 300 ? 502 : status;
  if (code === 429) return { status: code, message: 'punchout.error.tooMany' };
  if (step === 'start') {
    return { status: code, message: code === 404 ? 'punchout.error.startExpired' : 'punchout.error.unavailable' };
  }
  const byStatus: Record<number, MessageKey> = {
    400: 'punchout.error.callUpInvalid',
    413: 'punchout.error.callUpInvalid',
    401: 'punchout.error.credentials',
    403: 'punchout.error.returnAddress',
    404: 'punchout.error.product',
  };
  return { status: code, message: byStatus[code] ?? 'punchout.error.unavailable' };
}

/** The page for a call-up the storefront could not read: 413 for a body over the limit, else 400. */
export function callUpProblemFailure(problem: CallUpProblem): PunchOutFailure {
  return punchOutFailure('call-up', problem === 'too-large' ? 413 : 400);
}
