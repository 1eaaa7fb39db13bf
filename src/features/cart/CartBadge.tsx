import { useHydratedStore } from '../../lib/use-hydrated-store.ts';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useT, type IslandI18nProp } from '../../i18n/react.tsx';
import { $cartCount } from './cart-store.ts';

/** The catalogue keys of the island, for `islandMessages(locale, CART_BADGE_MESSAGES)`. */
export const CART_BADGE_MESSAGES = ['header.cartCount'] as const satisfies readonly MessageKey[];

/** Counts above this show as "99+" so the badge keeps its size. */
export const CART_BADGE_MAX = 99;

export interface CartBadgeProps {
  /** `islandMessages(locale, CART_BADGE_MESSAGES)`: the accessible text of the count ('{count} items in the cart'). */
  i18n: IslandI18nProp;
}

/**
 * Item-count badge of the header's cart link. Reads `$cartCount` from `cart-store.ts`; renders nothing while the cart is empty. The visible
 * number is hidden from assistive technology, which reads `header.cartCount` (singular or plural) instead.
 */
export default function CartBadge({ i18n }: CartBadgeProps) {
  return (
    <I18nProvider i18n={i18n}>
      <Badge />
    </I18nProvider>
  );
}

function Badge() {
  const t = useT();
  const count = useHydratedStore($cartCount, 0);
  if (count <= 0) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-[var(--color-primary,#d74c3b)] px-1.5 text-xs leading-5 font-semibold text-white">
      <span aria-hidden="true">{count > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : count}</span>
      <span className="sr-only">{t('header.cartCount', { count })}</span>
    </span>
  );
}
