import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $customer, hasRight, isLoggedIn, logout, refreshSession } from '../../lib/session/session-store.ts';
import { $authDialog } from './auth-dialog-store.ts';
import ForgotForm from './ForgotForm.tsx';
import LoginForm from './LoginForm.tsx';
import Modal from './Modal.tsx';
import type { ErrorMessages } from './notifications.ts';
import type { AuthTexts } from './texts.ts';

/** Texts of the header's account entry and dropdown (`header.login`, `header.account.*`). */
export interface HeaderAccountTexts {
  login: string;
  menu: string;
  greeting: string;
  orderLists: string;
  orderHistory: string;
  offers: string;
  dashboard: string;
  logout: string;
}

export interface HeaderAccountProps {
  texts: AuthTexts;
  menuTexts: HeaderAccountTexts;
  errors: ErrorMessages;
  /** Domain path prefix ('' or '/en'). */
  prefix: string;
  /** The domain's URL, sent with password recovery requests. */
  storefrontUrl: string;
  /** Feature flag display-order-history (spec §6); the order-history entry needs it. */
  displayOrderHistory: boolean;
  /** Navigation, replaceable in tests. */
  navigate?: (href: string) => void;
}

const USER_ICON = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0';

function UserIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="h-6 w-6"
    >
      <path d={USER_ICON} />
    </svg>
  );
}

/**
 * The header's account entry (spec §2 "Desktop header", "Mobile header", §4 "Login", "Logout"). The server renders
 * the anonymous state for everyone (catalogue HTML is shared and cached); after hydration `refreshSession()` decides:
 * anonymous → the login link opens the login dialog (which can switch to the forgot-password dialog); logged in →
 * on wide screens an account dropdown with entries by right (order lists: ROLE_MANAGE_ORDER_LISTS, order history:
 * ROLE_MANAGE_ORDER_HISTORY and the display-order-history flag, offers: ROLE_MANAGE_OFFER_HISTORY, dashboard, logout),
 * below 1024px a link to the dashboard.
 */
export default function HeaderAccount({
  texts,
  menuTexts,
  errors,
  prefix,
  storefrontUrl,
  displayOrderHistory,
  navigate = (href) => window.location.assign(href),
}: HeaderAccountProps) {
  const customer = useStore($customer);
  const dialog = useStore($authDialog);
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    void refreshSession();
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
        hasRight('ROLE_MANAGE_ORDER_LISTS', customer) && { label: menuTexts.orderLists, path: '/account/orderlist' },
        displayOrderHistory &&
          hasRight('ROLE_MANAGE_ORDER_HISTORY', customer) && { label: menuTexts.orderHistory, path: '/account/orders' },
        hasRight('ROLE_MANAGE_OFFER_HISTORY', customer) && { label: menuTexts.offers, path: '/account/offers' },
        { label: menuTexts.dashboard, path: '/account/dashboard' },
      ].filter((e): e is { label: string; path: string } => Boolean(e))
    : [];

  return (
    <>
      {loggedIn ? (
        <>
          <a
            href={href('/account/dashboard')}
            className="flex items-center rounded p-2 hover:text-primary lg:hidden"
            aria-label={menuTexts.dashboard}
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
              <span className="sr-only text-sm xl:not-sr-only">{menuTexts.menu}</span>
            </button>
            {open && (
              <div
                id={menuId}
                className="absolute right-0 top-full z-50 max-h-[25rem] min-w-[250px] overflow-y-auto rounded border border-line bg-white py-2 text-sm shadow-lg"
              >
                <p className="border-b border-line px-4 pb-2 font-semibold">
                  {menuTexts.greeting.replace('{name}', `${customer.firstName} ${customer.lastName}`.trim())}
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
                <div className="mt-1 border-t border-line px-4 pt-2">
                  <button
                    type="button"
                    onClick={() => void onLogout()}
                    disabled={loggingOut}
                    aria-busy={loggingOut}
                    className="w-full rounded border border-line px-3 py-1.5 font-semibold hover:border-primary hover:text-primary disabled:opacity-60"
                  >
                    {menuTexts.logout}
                  </button>
                </div>
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
          aria-label={menuTexts.login}
          aria-haspopup="dialog"
        >
          <UserIcon />
          <span className="hidden text-sm xl:inline">{menuTexts.login}</span>
        </a>
      )}
      {dialog === 'login' && (
        <Modal title={texts['auth.login.title']} closeLabel={texts['auth.close']} onClose={close}>
          <LoginForm
            texts={texts}
            errors={errors}
            prefix={prefix}
            onForgot={() => $authDialog.set('forgot')}
            onSuccess={close}
            navigate={navigate}
          />
        </Modal>
      )}
      {dialog === 'forgot' && (
        <Modal title={texts['auth.forgot.title']} closeLabel={texts['auth.close']} onClose={close}>
          <ForgotForm
            texts={texts}
            errors={errors}
            prefix={prefix}
            storefrontUrl={storefrontUrl}
            onSuccess={close}
            onLogin={() => $authDialog.set('login')}
          />
        </Modal>
      )}
    </>
  );
}
