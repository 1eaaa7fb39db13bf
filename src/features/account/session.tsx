/**
 * The account area's view of the one session store (src/lib/session/session-store.ts `$customer`), read through
 * @nanostores/react: the header and the account area always show the same customer, and one refresh updates both.
 */
import { useStore } from '@nanostores/react';
import { $customer, $sessionChecked, refreshSession, type SessionCustomer } from '../../lib/session/session-store.ts';

/** 'unknown' before the first refresh answered, then 'in' (logged-in customer) or 'out'. */
export type SessionStatus = 'unknown' | 'in' | 'out';

export interface AccountSession {
  customer: SessionCustomer;
  /** Enabled right codes. */
  rights: string[];
}

interface SessionValue {
  status: SessionStatus;
  session: AccountSession | null;
  /** Reloads the session from the server (failures leave the visitor anonymous). */
  refresh: () => Promise<SessionCustomer | null>;
}

/** The session as the account area reads it. */
export function useAccountSession(): SessionValue {
  const customer = useStore($customer);
  const checked = useStore($sessionChecked);
  const status: SessionStatus = customer ? 'in' : checked ? 'out' : 'unknown';
  return { status, session: customer ? { customer, rights: customer.rights } : null, refresh: refreshSession };
}

/** The logged-in session; only valid below the account guard. */
export function useLoggedIn(): AccountSession {
  const { session } = useAccountSession();
  if (!session) throw new Error('useLoggedIn outside the account guard');
  return session;
}
