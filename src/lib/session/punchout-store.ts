/**
 * The punch-out session of the browser's context, beside the one session store (session-store.ts): `$punchOut`
 * holds what `readPunchOutSession` answers (contract/provider/punchout.ts PunchOutSession: protocol, the procurement
 * system's name, operation, read-only, test mode), shared by the header's punch-out bar, the account menu and the
 * account area, which leave out what a procurement system's user must not do here (log out, change the password or
 * the e-mail address, order outside the procurement system).
 *
 * Asked only while the proxy's readable `wb-punchout` marker is set (src/lib/store-api/proxy.ts), so an ordinary
 * visitor's page makes no call; a server page passes what it read itself (the cart page).
 */
import { atom } from 'nanostores';
import type { PunchOutSession } from '../../../contract/provider/punchout.ts';
import { provider } from '../store-api/provider.ts';
import { hasPunchOutCookie } from './logged-in-cookie.ts';

/** The running punch-out session; null when there is none, or before the first `refreshPunchOut()`. */
export const $punchOut = atom<PunchOutSession | null>(null);

let pending: Promise<PunchOutSession | null> | null = null;

/**
 * Refreshes `$punchOut`: without the `wb-punchout` marker no request is made and the store becomes null; otherwise
 * `readPunchOutSession` (concurrent callers share one request). Any failure (403 not logged in, 404 no punch-out
 * session, the network) leaves null: the page then offers what it offers everyone.
 */
export function refreshPunchOut(): Promise<PunchOutSession | null> {
  if (!hasPunchOutCookie()) {
    $punchOut.set(null);
    return Promise.resolve(null);
  }
  pending ??= provider
    .invoke('readPunchOutSession')
    .catch(() => null)
    .then((session) => {
      $punchOut.set(session);
      return session;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
