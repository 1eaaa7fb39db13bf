/**
 * The validity of a promotion code (Shopware: a promotion applies while it is active and inside its validity dates):
 * active, and `now` lies in its window (`validFrom` ≤ now ≤ `validUntil`, each bound open when empty). The one rule of
 * adding a code to the cart and of applying the cart's codes.
 */
import type { promotionTable } from '../../db/schema/index.ts';

/** True when the promotion is active and `now` lies in its validity window. */
export function isPromotionValid(
  promotion: Pick<typeof promotionTable.$inferSelect, 'active' | 'validFrom' | 'validUntil'>,
  now: Date,
): boolean {
  return (
    promotion.active &&
    (!promotion.validFrom || promotion.validFrom <= now) &&
    (!promotion.validUntil || promotion.validUntil >= now)
  );
}
