import { useStore } from '@nanostores/react';
import { useHydratedStore } from '../../lib/use-hydrated-store.ts';
import { useEffect, useId, useRef, useState } from 'react';
import { $customer, hasRight, isLoggedIn, logout, refreshSession } from '../../lib/session/session-store.ts';
import { $authDialog } from '../../lib/session/auth-dialog-store.ts';
import { $punchOut, refreshPunchOut } from '../../lib/session/punchout-store.ts';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { I18nProvider, useT, type IslandI18nProp } from '../../i18n/react.tsx';
import ForgotForm from './ForgotForm.tsx';
import LoginForm from './LoginForm.tsx';
import { StrokeIcon } from '../../components/ui/StrokeIcon.tsx';

export interface HeaderAccountProps {
  /** `islandMessages(locale, AUTH_MESSAGES)`. */
  i18n: IslandI18nProp;
  /** Domain path prefix ('' or '/en'). */
  prefix: string;
  /** The domain's URL, sent with password recovery requests. */
  storefrontUrl: string;
  /** Feature flag display-order-history (env FEATURE_FLAGS); the order-history entry needs it. */
  displayOrderHistory: boolean;
  /** Feature flag offer-history (env FEATURE_FLAGS); the offers entry needs it, as the account's offers section does. */
  offerHistory: boolean;
  /** Navigation, replaceable in tests. */
  navigate?: (href: string) => void;
}

const USER_ICON = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0';

function UserIcon() {
  return (
    <StrokeIcon className="h-6 w-6" strokeWidth={1.8}>
      <path d={USER_ICON} />
    </StrokeIcon>
  );
}

/**
 * The header's account entry. The server renders
 * the anonymous state for everyone (catalogue HTML is shared and cached); after hydration `refreshSession()` decides:
 * anonymous → the login link opens the login dialog (which can switch to the forgot-password dialog); logged in →
 * on wide screens an account dropdown with entries by right (order lists: ROLE_MANAGE_ORDER_LISTS, order history:
 * ROLE_MANAGE_ORDER_HISTORY and the display-order-history flag, offers: ROLE_MANAGE_OFFER_HISTORY and the offer-history
 * flag, article links: ROLE_MANAGE_ARTICLE_LINKS, dashboard, logout),
 * below 1024px a link to the dashboard. In a punch-out session there is no logout: the session ends by transferring
 * the cart or cancelling it in the punch-out bar, which returns to the procurement system.
 */
export default function HeaderAccount({ i18n, ...props }: HeaderAccountProps) {
  return (
    <I18nProvider i18n={i18n}>
      <AccountEntry {...props} />
    </I18nProvider>
  );
}

function AccountEntry({
  prefix,
  storefrontUrl,
  displayOrderHistory,
  offerHistory,
  navigate = (href) => window.location.assign(href),
}: Omit<HeaderAccountProps, 'i18n'>) {
  const t = useT();
  const customer = useHydratedStore($customer, null);
  const punchOut = useHydratedStore($punchOut, null);
  const dialog = useStore($authDialog);
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    void refreshSession();
    void refreshPunchOut();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => $authDialog.set(null);
  const loggedIn = isLoggedIn(customer);
  const href = (path: string) => `${prefix}${path}`;

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } catch {
      // The local session is cleared either way; the server session ends with the cookie's token.
    }
    setOpen(false);
    navigate(href('/'));
  };

  const entries = loggedIn
    ? [
        hasRight('ROLE_MANAGE_ORDER_LISTS', customer) && {
          label: t('header.account.orderLists'),
          path: '/account/orderlist',
        },
        displayOrderHistory &&
          hasRight('ROLE_MANAGE_ORDER_HISTORY', customer) && {
            label: t('header.account.orderHistory'),
            path: '/account/orders',
          },
        offerHistory &&
          hasRight('ROLE_MANAGE_OFFER_HISTORY', customer) && {
            label: t('header.account.offers'),
            path: '/account/offers',
          },
        hasRight('ROLE_MANAGE_ARTICLE_LINKS', customer) && {
          label: t('header.account.articleLinks'),
          path: '/account/articlelinks',
        },
        { label: t('header.account.dashboard'), path: '/account/dashboard' },
      ].filter((e): e is { label: string; path: string } => Boolean(e))
    : [];

  return (
    <>
      {loggedIn ? (
        <>
          <a
            href={href('/account/dashboard')}
            className="flex items-center rounded p-2 hover:text-primary lg:hidden"
            aria-label={t('header.account.dashboard')}
          >
            <UserIcon />
          </a>
          <div ref={menuRef} className="relative hidden lg:block">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((x) => !x)}
              className="flex items-center gap-2 rounded p-2 hover:text-primary"
            >
              <UserIcon />
              <span className="sr-only text-sm xl:not-sr-only">{t('header.account.menu')}</span>
            </button>
            {open && (
              <div
                id={menuId}
                className="absolute right-0 top-full z-50 max-h-[25rem] min-w-[250px] overflow-y-auto rounded border border-line bg-white py-2 text-sm shadow-lg"
              >
                <p className="border-b border-line px-4 pb-2 font-semibold">
                  {t('header.account.greeting', { name: `${customer.firstName} ${customer.lastName}`.trim() })}
                </p>
                <ul>
                  {entries.map((e) => (
                    <li key={e.path}>
                      <a
                        href={href(e.path)}
                        onClick={() => setOpen(false)}
                        className="block px-4 py-2 hover:bg-surface hover:text-primary"
                      >
                        {e.label}
                      </a>
                    </li>
                  ))}
                </ul>
                {!punchOut && (
                  <div className="mt-1 border-t border-line px-4 pt-2">
                    <button
                      type="button"
                      onClick={() => void onLogout()}
                      disabled={loggingOut}
                      aria-busy={loggingOut}
                      className="w-full rounded border border-line px-3 py-1.5 font-semibold hover:border-primary hover:text-primary disabled:opacity-60"
                    >
                      {t('header.account.logout')}
                    </button>
                  </div>
                )}
              </div>
            )}
          </div>
        </>
      ) : (
        <a
          href={href('/auth')}
          onClick={(event) => {
            event.preventDefault();
            $authDialog.set('login');
          }}
          className="flex items-center gap-2 rounded p-2 hover:text-primary"
          aria-label={t('header.login')}
          aria-haspopup="dialog"
        >
          <UserIcon />
          <span className="hidden text-sm xl:inline">{t('header.login')}</span>
        </a>
      )}
      <Dialog open={dialog === 'login'} title={t('auth.login.title')} closeLabel={t('auth.close')} onClose={close}>
        <LoginForm prefix={prefix} onForgot={() => $authDialog.set('forgot')} onSuccess={close} navigate={navigate} />
      </Dialog>
      <Dialog open={dialog === 'forgot'} title={t('auth.forgot.title')} closeLabel={t('auth.close')} onClose={close}>
        <ForgotForm
          prefix={prefix}
          storefrontUrl={storefrontUrl}
          onSuccess={close}
          onLogin={() => $authDialog.set('login')}
        />
      </Dialog>
    </>
  );
}
