import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $customer, isLoggedIn } from '../../lib/session/session-store.ts';
import ForgotForm from './ForgotForm.tsx';
import LoginForm from './LoginForm.tsx';
import PasswordSetForm from './PasswordSetForm.tsx';
import type { ErrorMessages } from './notifications.ts';
import type { AuthTexts } from './texts.ts';

export interface AuthPageProps {
  /** Which form the page shows: /auth, /auth/password-forgot or /auth/password-set. */
  mode: 'login' | 'forgot' | 'set';
  texts: AuthTexts;
  errors: ErrorMessages;
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
 * The form island of the /auth pages (spec §2 route list): login, forgot password (success → the "check your mail"
 * page /auth/password-recovery) and set password. A buyer who is already logged in (the header island has refreshed
 * the session) is sent on from the login page to its redirect target instead of seeing the form.
 */
export default function AuthPage({
  mode,
  texts,
  errors,
  prefix,
  storefrontUrl,
  redirectTo,
  hash = '',
  navigate = (href) => window.location.replace(href),
}: AuthPageProps) {
  const customer = useStore($customer);
  const loggedIn = isLoggedIn(customer);
  useEffect(() => {
    if (mode === 'login' && loggedIn) navigate(redirectTo ?? `${prefix}/account/dashboard`);
  }, [mode, loggedIn, redirectTo, prefix, navigate]);
  if (mode === 'forgot') {
    return (
      <ForgotForm
        texts={texts}
        errors={errors}
        prefix={prefix}
        storefrontUrl={storefrontUrl}
        onSuccess={() => window.location.assign(`${prefix}/auth/password-recovery`)}
      />
    );
  }
  if (mode === 'set') return <PasswordSetForm texts={texts} errors={errors} prefix={prefix} hash={hash} />;
  return (
    <LoginForm
      texts={texts}
      errors={errors}
      prefix={prefix}
      navigate={navigate}
      {...(redirectTo ? { redirectTo } : {})}
    />
  );
}
