/**
 * The account SPA's session: the logged-in customer (with company) and their enabled rights, read through
 * GET `account/customer` (rights embedded in `extensions.rights`) or else GET `{provider}/account/{id}/rights`. A 401/403 means anonymous. Spec §4: "A customer
 * counts as logged in when the customer has an id and is active."
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { fetchCurrentCustomer, fetchRights, type AccountCustomer } from './api.ts';

export interface AccountSession {
  customer: AccountCustomer;
  /** Enabled right codes (spec §6). */
  rights: string[];
}

/** Loads the session; null when anonymous or inactive. Throws on network and server errors. */
export async function loadAccountSession(): Promise<AccountSession | null> {
  const customer = await fetchCurrentCustomer();
  if (!customer?.id || !customer.active) return null;
  if (customer.rights) return { customer, rights: customer.rights };
  let rights: string[] = [];
  try {
    rights = await fetchRights(customer.id);
  } catch {
    // Without a rights answer every right-gated entry stays hidden.
  }
  return { customer, rights };
}

export type SessionStatus = 'unknown' | 'in' | 'out';

interface SessionValue {
  status: SessionStatus;
  session: AccountSession | null;
  /** Reloads the session; failures are ignored (spec §8 "A refresh-user failure is silently ignored"). */
  refresh: () => Promise<AccountSession | null>;
}

const SessionContext = createContext<SessionValue>({
  status: 'unknown',
  session: null,
  refresh: () => Promise.resolve(null),
});

/** Provides the session to the SPA; `load` is replaceable in tests. */
export function SessionProvider({
  children,
  load = loadAccountSession,
}: {
  children: ReactNode;
  load?: () => Promise<AccountSession | null>;
}) {
  const [session, setSession] = useState<AccountSession | null>(null);
  const [status, setStatus] = useState<SessionStatus>('unknown');
  const pending = useRef<Promise<AccountSession | null> | null>(null);
  const refresh = useCallback(() => {
    pending.current ??= load()
      .catch(() => null)
      .then((loaded) => {
        setSession(loaded);
        setStatus(loaded ? 'in' : 'out');
        return loaded;
      })
      .finally(() => {
        pending.current = null;
      });
    return pending.current;
  }, [load]);
  const value = useMemo(() => ({ status, session, refresh }), [status, session, refresh]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session of the surrounding provider. */
export function useAccountSession(): SessionValue {
  return useContext(SessionContext);
}

/** The logged-in session; only valid below the account guard. */
export function useLoggedIn(): AccountSession {
  const { session } = useAccountSession();
  if (!session) throw new Error('useLoggedIn outside the account guard');
  return session;
}
