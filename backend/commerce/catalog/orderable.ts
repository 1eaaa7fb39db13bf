/**
 * Whether an article can be ordered (Shopware's product cart processor removes lines whose product is unavailable):
 * it is active, its parent (for a variant) is active, it is not itself a parent of variants (the buyer orders one of
 * the variants), and it has a price for the quantity (list or customer price, backend/lib/price.ts
 * `unitPriceForQuantity`). The one rule of the cart's product lines, the order lists' availability and adding to the
 * cart (lines, offers, order lists).
 *
 * Where only the product's own row is at hand (a write to the cart, one statement), `orderableProductCondition` is
 * the part of the rule a row decides (active, not a parent of variants); the parent and the price are decided when
 * the cart is calculated, which reports a line that fails them as `product-not-found` and removes it.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import { productTable } from '../../db/schema/index.ts';
import type { ProductRow } from './product.repository.ts';

/**
 * True when `product` can be ordered (module comment).
 *
 * @param parent the variant's parent, undefined for an article without one.
 * @param unitPrice the net unit price for the ordered quantity (scaled, backend/lib/price.ts), undefined when the
 *   article has no price for it.
 */
export function isOrderable(
  product: Pick<ProductRow, 'active' | 'childCount'>,
  parent: Pick<ProductRow, 'active'> | undefined,
  unitPrice: bigint | undefined,
): boolean {
  return product.active && (!parent || parent.active) && product.childCount === 0 && unitPrice !== undefined;
}

/** The part of `isOrderable` a product row decides, as a condition on `product`: active, not a parent of variants. */
export function orderableProductCondition(): SQL {
  return and(eq(productTable.active, true), eq(productTable.childCount, 0))!;
}
