/**
 * Notifications of the account SPA (spec §3 "Notification: type (error, warn, success), title, optional text") and
 * the error handling of spec §8: codes with a translated message (`errors.<CODE>`, else this area's own `account.error.<CODE>`) show it, otherwise the server's
 * detail; violations each become a notice; unknown errors become UNKNOWN_ERROR; the title is 'general.error'.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { hasMessage, useI18n, type AccountMessages, type AccountT } from './i18n.ts';

export type NotificationType = 'error' | 'warn' | 'success';

export interface Notification {
  id: number;
  type: NotificationType;
  title: string;
  text?: string;
}

/** One message shown for an error. */
export interface ErrorNotice {
  title: string;
  text: string;
}

/**
 * Turns any thrown value into the notices spec §8 asks for. A code `VIOLATION::X` is looked up as `errors.VIOLATION::X`;
 * provider-prefixed codes (`werkbank__CUSTOMER_IS_INACTIVE`) also as their unprefixed form.
 */
export function errorNotices(error: unknown, t: AccountT, messages: AccountMessages): ErrorNotice[] {
  const title = t('general.error');
  const unknown = t(hasMessage(messages, 'errors.UNKNOWN_ERROR') ? 'errors.UNKNOWN_ERROR' : 'account.error.unknown');
  if (!(error instanceof StoreApiClientError) || error.errors.length === 0) return [{ title, text: unknown }];
  return error.errors.map((item) => {
    const code = item.code || 'UNKNOWN_ERROR';
    const bare = code.replace(/^[a-z0-9]+__/i, '');
    const candidates = [`errors.${code}`, `errors.${bare}`, `account.error.${bare}`];
    const key = candidates.find((k) => hasMessage(messages, k));
    if (key) return { title, text: t(key) };
    if (item.detail) return { title, text: item.detail };
    return { title, text: unknown };
  });
}

interface NotifyApi {
  notify: (type: NotificationType, title: string, text?: string) => void;
  /** Shows the notices of an error (spec §8). */
  notifyError: (error: unknown) => void;
  dismiss: (id: number) => void;
  items: Notification[];
}

const NotifyContext = createContext<NotifyApi>({
  notify: () => {},
  notifyError: () => {},
  dismiss: () => {},
  items: [],
});

let nextId = 1;

/** Holds the notifications of the SPA; render `<NotificationList />` inside it. */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const { t, messages } = useI18n();
  const [items, setItems] = useState<Notification[]>([]);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((n) => n.id !== id)), []);
  const notify = useCallback((type: NotificationType, title: string, text?: string) => {
    const id = nextId++;
    setItems((list) => [...list, { id, type, title, ...(text ? { text } : {}) }]);
  }, []);
  const notifyError = useCallback(
    (error: unknown) => {
      for (const notice of errorNotices(error, t, messages)) notify('error', notice.title, notice.text);
    },
    [t, messages, notify],
  );
  const value = useMemo(() => ({ notify, notifyError, dismiss, items }), [notify, notifyError, dismiss, items]);
  return <NotifyContext.Provider value={value}>{children}</NotifyContext.Provider>;
}

/** The notification functions of the surrounding provider. */
export function useNotify(): NotifyApi {
  return useContext(NotifyContext);
}

const STYLES: Record<NotificationType, string> = {
  error: 'border-red-300 bg-red-50 text-red-900',
  warn: 'border-amber-300 bg-amber-50 text-amber-900',
  success: 'border-green-300 bg-green-50 text-green-900',
};

/** The visible notifications, announced to screen readers. */
export function NotificationList() {
  const { items, dismiss } = useNotify();
  const { t } = useI18n();
  return (
    <div className="fixed right-4 top-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2" aria-live="polite">
      {items.map((n) => (
        <div
          key={n.id}
          role={n.type === 'error' ? 'alert' : 'status'}
          className={`flex items-start gap-2 rounded border p-3 text-sm shadow ${STYLES[n.type]}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{n.title}</p>
            {n.text && <p>{n.text}</p>}
          </div>
          <button
            type="button"
            className="rounded px-1 hover:bg-black/10"
            aria-label={t('account.notification.close')}
            onClick={() => dismiss(n.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
