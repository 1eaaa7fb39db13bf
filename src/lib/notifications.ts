/**
 * The one notification store of the storefront: every island and the account area call `notify`/`notifyError`,
 * and the one region (src/components/ui/Notifications.tsx, rendered by the header) shows them. A notification has a
 * type (error, warn, success), a title and an optional text.
 */
import { atom } from 'nanostores';
import { errorMessages, type ErrorTranslator } from './store-api/error-messages.ts';

export type NotificationType = 'error' | 'warn' | 'success';

export interface Notification {
  id: number;
  type: NotificationType;
  title: string;
  /** Optional second line; plain text (rendered escaped). */
  text?: string;
  /** Optional link below the text (e.g. to the order list an article was put on). */
  link?: NotificationLink;
}

/** A link a notification offers: its target and its visible text. */
export interface NotificationLink {
  href: string;
  label: string;
}

/** The notifications on screen, oldest first. */
export const $notifications = atom<Notification[]>([]);

/** Storage key of a notification that must survive a page navigation (e.g. "logged in" after the redirect). */
export const PENDING_NOTIFICATION_KEY = 'werkbank:notification';

/**
 * `window` event sent with every new notification: the notification region hydrates on it when it has not yet
 * (`client:session`, src/lib/session/session-directive.ts), and then shows the store's notifications.
 */
export const NOTIFY_EVENT = 'werkbank:notify';

let nextId = 1;

/** Shows a notification, with a link when given; returns its id. */
export function notify(type: NotificationType, title: string, text?: string, link?: NotificationLink): number {
  const id = nextId++;
  $notifications.set([
    ...$notifications.get(),
    { id, type, title, ...(text ? { text } : {}), ...(link ? { link } : {}) },
  ]);
  globalThis.window?.dispatchEvent(new Event(NOTIFY_EVENT));
  return id;
}

/** Removes one notification. */
export function dismiss(id: number): void {
  $notifications.set($notifications.get().filter((n) => n.id !== id));
}

/**
 * Shows the error notifications of a failed call (src/lib/store-api/error-messages.ts), each titled
 * `general.error`.
 */
export function notifyError(error: unknown, i18n: ErrorTranslator): void {
  for (const text of errorMessages(error, i18n)) notify('error', i18n.t('general.error'), text);
}

/**
 * Keeps a notification in sessionStorage so the next page shows it (a full navigation follows, e.g. the redirect to
 * the dashboard after login). Without storage it is shown at once.
 */
export function notifyAfterNavigation(type: NotificationType, title: string, text?: string): void {
  try {
    sessionStorage.setItem(PENDING_NOTIFICATION_KEY, JSON.stringify({ type, title, text }));
  } catch {
    notify(type, title, text);
  }
}

/** Shows and forgets a notification stored by `notifyAfterNavigation` on the previous page. */
export function showPendingNotification(): void {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(PENDING_NOTIFICATION_KEY);
    sessionStorage.removeItem(PENDING_NOTIFICATION_KEY);
  } catch {
    return;
  }
  if (!raw) return;
  try {
    const n = JSON.parse(raw) as Partial<Notification>;
    if ((n.type === 'error' || n.type === 'warn' || n.type === 'success') && typeof n.title === 'string') {
      notify(n.type, n.title, typeof n.text === 'string' ? n.text : undefined);
    }
  } catch {
    // A damaged entry is dropped.
  }
}
