/**
 * Route guards of the account area: the account guard ("if not logged in, try refreshing the user
 * (failure ignored); if still not logged in redirect to /auth") and the role guard ("a user lacking the role
 * required by route meta is redirected home"). Both leave the SPA with a full page navigation, because /auth and
 * home are server pages.
 */
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../../i18n/react.tsx';
import { holds, type RightNeed } from './rights.ts';
import { useAccountSession } from './session.tsx';

/** Where the guards send the browser; `navigate` is replaceable in tests. */
export interface GuardTargets {
  /** Domain path prefix, '' or e.g. '/en'. */
  prefix: string;
  navigate?: (href: string) => void;
}

const assign = (href: string) => window.location.assign(href);

/** Login URL with the page to come back to: `{prefix}/auth?redirect={prefix}/account/…` (or `/checkout…`). */
export function loginHref(prefix: string, returnTo: string): string {
  return `${prefix}/auth?redirect=${encodeURIComponent(returnTo)}`;
}

/** The status line shown while the session or a screen's code loads. */
export function Loading() {
  const { t } = useI18n();
  return (
    <p role="status" className="p-8 text-center text-sm text-gray-600">
      {t('account.loading')}
    </p>
  );
}

/** Renders its children only for a logged-in customer; otherwise refreshes once, then sends to /auth. */
export function AccountGuard({ prefix, navigate = assign, children }: GuardTargets & { children: ReactNode }) {
  const { status, refresh } = useAccountSession();
  const location = useLocation();
  useEffect(() => {
    if (status === 'unknown') void refresh();
  }, [status, refresh]);
  useEffect(() => {
    if (status === 'out')
      navigate(loginHref(prefix, `${prefix}${location.pathname}${location.search}`.replace(/\/+$/, '')));
  }, [status, prefix, navigate, location.pathname, location.search]);
  if (status !== 'in') return <Loading />;
  return <>{children}</>;
}

/** Renders its children only when the customer holds `right`; otherwise sends home. */
export function RoleGuard({
  right,
  prefix,
  navigate = assign,
  children,
}: GuardTargets & { right?: RightNeed | undefined; children: ReactNode }) {
  const { session } = useAccountSession();
  const allowed = session !== null && holds(session.rights, right);
  useEffect(() => {
    if (!allowed) navigate(`${prefix}/`);
  }, [allowed, prefix, navigate]);
  if (!allowed) return <Loading />;
  return <>{children}</>;
}
