import { useHydratedStore } from '../../lib/use-hydrated-store.ts';
import { useEffect } from 'react';
import { $customer, isLoggedIn } from '../../lib/session/session-store.ts';
import ForgotForm from './ForgotForm.tsx';
import LoginForm from './LoginForm.tsx';
import PasswordSetForm from './PasswordSetForm.tsx';
import { I18nProvider, type IslandI18nProp } from '../../i18n/react.tsx';

export interface AuthPageProps {
  /** Which form the page shows: /auth, /auth/password-forgot or /auth/password-set. */
  mode: 'login' | 'forgot' | 'set';
  /** `islandMessages(locale, AUTH_MESSAGES)`. */
  i18n: IslandI18nProp;
  prefix: string;
  storefrontUrl: string;
  /** login: where to go after login (already checked to be a same-site path). */
  redirectTo?: string;
  /** set: the recovery hash from `?hash=`. */
  hash?: string;
  /** Navigation, replaceable in tests. */
  navigate?: (href: string) => void;
}

/**
 * The form island of the /auth pages: login, forgot password (success → the "check your mail"
 * page /auth/password-recovery) and set password. A buyer who is already logged in (the header island has refreshed
 * the session) is sent on from the login page to its redirect target instead of seeing the form.
 */
export default function AuthPage({
  mode,
  i18n,
  prefix,
  storefrontUrl,
  redirectTo,
  hash = '',
  navigate = (href) => window.location.replace(href),
}: AuthPageProps) {
  const customer = useHydratedStore($customer, null);
  const loggedIn = isLoggedIn(customer);
  useEffect(() => {
    if (mode === 'login' && loggedIn) navigate(redirectTo ?? `${prefix}/account/dashboard`);
  }, [mode, loggedIn, redirectTo, prefix, navigate]);
  return (
    <I18nProvider i18n={i18n}>
      {mode === 'forgot' ? (
        <ForgotForm
          prefix={prefix}
          storefrontUrl={storefrontUrl}
          onSuccess={() => window.location.assign(`${prefix}/auth/password-recovery`)}
        />
      ) : mode === 'set' ? (
        <PasswordSetForm prefix={prefix} hash={hash} navigate={navigate} />
      ) : (
        <LoginForm prefix={prefix} navigate={navigate} redirectTo={redirectTo} />
      )}
    </I18nProvider>
  );
}
