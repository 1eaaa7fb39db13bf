import { useStore } from '@nanostores/react';
import { $cartCount } from './cart-store.ts';

/** Counts above this show as "99+" so the badge keeps its size. */
export const CART_BADGE_MAX = 99;

export interface CartBadgeProps {
  /** Accessible text for the count, e.g. '{count} items in the cart'. */
  label: string;
}

/**
 * Item-count badge of the header's cart link. Reads `$cartCount` from `cart-store.ts`; renders nothing while the cart is empty. The visible
 * number is hidden from assistive technology, which reads `label` with `{count}` replaced instead.
 */
export default function CartBadge({ label }: CartBadgeProps) {
  const count = useStore($cartCount);
  if (count <= 0) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-[var(--color-primary,#d74c3b)] px-1.5 text-xs leading-5 font-semibold text-white">
      <span aria-hidden="true">{count > CART_BADGE_MAX ? `${CART_BADGE_MAX}+` : count}</span>
      <span className="sr-only">{label.replace('{count}', String(count))}</span>
    </span>
  );
}
