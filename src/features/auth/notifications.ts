/**
 * Notifications (spec §3 "Notification: type (error, warn, success), title, optional text") shared by all islands,
 * and the error handling of spec §8: a translated message for known codes, otherwise the server's text; violations
 * each as a notice (with a fallback when none is listed); anything else UNKNOWN_ERROR.
 */
import { atom } from 'nanostores';
import { StoreApiClientError, type StoreApiErrorItem } from '../../lib/store-api/errors.ts';

export type NotificationType = 'error' | 'warn' | 'success';

export interface Notification {
  id: number;
  type: NotificationType;
  title: string;
  /** Optional second line; plain text (rendered escaped). */
  text?: string;
}

/** The notifications on screen, oldest first. */
export const $notifications = atom<Notification[]>([]);

/** Storage key of a notification that must survive a page navigation (e.g. "logged in" after the redirect). */
export const PENDING_NOTIFICATION_KEY = 'werkbank:notification';

let nextId = 1;

/** Shows a notification; returns its id. */
export function notify(type: NotificationType, title: string, text?: string): number {
  const id = nextId++;
  $notifications.set([...$notifications.get(), { id, type, title, ...(text ? { text } : {}) }]);
  return id;
}

/** Removes one notification. */
export function dismiss(id: number): void {
  $notifications.set($notifications.get().filter((n) => n.id !== id));
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

/**
 * Translated `errors.*` messages an island receives as props: keys are error codes in upper case
 * (`CHECKOUT__CUSTOMER_AUTH_BAD_CREDENTIALS`, `WERKBANK__CUSTOMER_IS_INACTIVE`, `VIOLATION::…`), plus
 * `UNKNOWN_ERROR`, `VIOLATION_FALLBACK` and `TITLE` (spec §8 'general.error').
 */
export type ErrorMessages = Record<string, string>;

/** The message of one error item: the translation of its code (case-insensitive), else the server's detail. */
export function messageOf(item: StoreApiErrorItem, messages: ErrorMessages): string {
  const code = (item.code ?? '').toUpperCase();
  return messages[code] ?? (item.detail?.trim() || item.title?.trim() || messages.UNKNOWN_ERROR || 'UNKNOWN_ERROR');
}

/**
 * Spec §8 handling as a list of messages: violations (`VIOLATION::…` codes or items with a `source.pointer`) each
 * give one message, other errors the message of their first item; no envelope gives UNKNOWN_ERROR.
 */
export function errorMessagesOf(error: unknown, messages: ErrorMessages): string[] {
  const unknown = messages.UNKNOWN_ERROR ?? 'UNKNOWN_ERROR';
  if (!(error instanceof StoreApiClientError) || error.errors.length === 0) return [unknown];
  const violations = error.errors.filter((e) => (e.code ?? '').startsWith('VIOLATION::') || e.source?.pointer);
  if (violations.length > 0) return violations.map((e) => messageOf(e, messages));
  if (error.status === 400 && error.errors.every((e) => !e.code)) return [messages.VIOLATION_FALLBACK ?? unknown];
  const first = error.errors[0]!;
  return [first.code === 'UNKNOWN_ERROR' && !first.detail ? unknown : messageOf(first, messages)];
}

/** Shows spec §8's error notifications for a failed call: one notice per message, titled `messages.TITLE`. */
export function notifyError(error: unknown, messages: ErrorMessages): void {
  for (const text of errorMessagesOf(error, messages)) notify('error', messages.TITLE ?? 'Error', text);
}
