import { useEffect, type ReactNode } from 'react';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useT, type IslandI18nProp } from '../../i18n/react.tsx';
import { $cartCount, refreshCart } from '../../lib/cart/cart-store.ts';
import { $loggedIn } from '../../lib/session/session-store.ts';
import { useHydratedStore } from '../../lib/use-hydrated-store.ts';

/** The catalogue keys of the island, for `islandMessages(locale, CART_BADGE_MESSAGES)`. */
export const CART_BADGE_MESSAGES = ['header.cart', 'header.cartCount'] as const satisfies readonly MessageKey[];

/** Counts above this show as "99+" so the badge keeps its size. */
export const CART_BADGE_MAX = 99;

export interface CartBadgeProps {
  /** The cart page. */
  href: string;
  /** `islandMessages(locale, CART_BADGE_MESSAGES)`: the link's name and the count ('{count} items in the cart'). */
  i18n: IslandI18nProp;
  /** The link's visible content (icon, text), rendered by the server. */
  children?: ReactNode;
  className?: string;
}

/**
 * The header's cart link with its item-count badge. Reads `$cartCount` (product line items) of the one cart store;
 * the badge shows while the count is above 0, and the link's accessible name carries the count ("Cart, 3 items in
 * the cart"). The server renders the link without a count for everyone (the header is part of the shared catalogue
 * HTML); once the session is known and logged in, the island reads the cart once, and every later change of the
 * cart store updates the badge.
 */
export default function CartBadge({ i18n, ...props }: CartBadgeProps) {
  return (
    <I18nProvider i18n={i18n}>
      <CartLink {...props} />
    </I18nProvider>
  );
}

function CartLink({ href, children, className }: Omit<CartBadgeProps, 'i18n'>) {
  const t = useT();
  const count = useHydratedStore($cartCount, 0);
  const loggedIn = useHydratedStore($loggedIn, false);

  useEffect(() => {
    if (loggedIn) void refreshCart();
  }, [loggedIn]);

  const label = count > 0 ? `${t('header.cart')}, ${t('header.cartCount', { count })}` : t('header.cart');
  return (
    <a href={href} className={className} aria-label={label}>
      {children}
      {count > 0 && (
        <span
          aria-hidden="true"
          data-cart-count
          className="absolute -right-1 -top-1 inline-flex min-w-5 items-center justify-center rounded-full bg-[var(--color-primary,#d74c3b)] px-1.5 text-xs leading-5 font-semibold text-white"
        >
          {count > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : count}
        </span>
      )}
    </a>
  );
}
