/**
 * The one notification region (store: src/lib/notifications.ts), rendered once by the header on every page and
 * used by every island and the account area: errors as alerts that stay until closed, warnings and successes as
 * status messages that leave after NOTIFICATION_LIFETIME_MS. Shows a notification left by the previous page
 * (`notifyAfterNavigation`) once mounted.
 */
import { useHydratedStore } from '../../lib/use-hydrated-store.ts';
import { useEffect } from 'react';
import { $notifications, dismiss, showPendingNotification, type Notification } from '../../lib/notifications.ts';

/** How long a success or warn notification stays, in milliseconds; errors stay until closed. */
export const NOTIFICATION_LIFETIME_MS = 6000;

export interface NotificationsProps {
  /** Accessible label of each notification's close button. */
  closeLabel: string;
  /** Accessible name of the notification region. */
  regionLabel: string;
}

const TONE: Record<Notification['type'], string> = {
  error: 'border-primary bg-red-50 text-red-900',
  warn: 'border-amber-500 bg-amber-50 text-amber-900',
  success: 'border-green-600 bg-green-50 text-green-900',
};

function Item({ n, closeLabel }: { n: Notification; closeLabel: string }) {
  useEffect(() => {
    if (n.type === 'error') return;
    const timer = setTimeout(() => dismiss(n.id), NOTIFICATION_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [n.id, n.type]);
  return (
    <li
      role={n.type === 'error' ? 'alert' : 'status'}
      data-type={n.type}
      className={`pointer-events-auto flex items-start gap-3 rounded border-l-4 px-4 py-3 shadow-lg ${TONE[n.type]}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{n.title}</p>
        {n.text && <p className="text-sm">{n.text}</p>}
        {n.link && (
          <a href={n.link.href} className="pointer-events-auto text-sm font-semibold underline">
            {n.link.label}
          </a>
        )}
      </div>
      <button
        type="button"
        onClick={() => dismiss(n.id)}
        aria-label={closeLabel}
        className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100"
      >
        ×
      </button>
    </li>
  );
}

/** The server renders the region empty; notifications only ever appear in the browser. */
const NO_NOTIFICATIONS: Notification[] = [];

export default function Notifications({ closeLabel, regionLabel }: NotificationsProps) {
  const items = useHydratedStore($notifications, NO_NOTIFICATIONS);
  useEffect(() => showPendingNotification(), []);
  return (
    <section
      aria-label={regionLabel}
      className="pointer-events-none fixed bottom-4 right-4 z-[70] w-[min(24rem,calc(100vw-2rem))]"
    >
      <ul className="flex flex-col gap-2">
        {items.map((n) => (
          <Item key={n.id} n={n} closeLabel={closeLabel} />
        ))}
      </ul>
    </section>
  );
}
