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
}

/**
 * The form island of the /auth pages (spec §2 route list): login, forgot password (success → the "check your mail"
 * page /auth/password-recovery) and set password.
 */
export default function AuthPage({ mode, texts, errors, prefix, storefrontUrl, redirectTo, hash = '' }: AuthPageProps) {
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
  return <LoginForm texts={texts} errors={errors} prefix={prefix} {...(redirectTo ? { redirectTo } : {})} />;
}
