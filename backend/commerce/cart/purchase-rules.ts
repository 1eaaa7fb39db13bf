/**
 * The purchase rules of an article as the cart applies them (Shopware's product cart processor): minimum purchase
 * and purchase step in order units, each at least 1; the step counts from the minimum. Order lists bring their
 * quantities onto the same grid.
 */
import type { ProductRow } from '../catalog/product.repository.ts';

/** Minimum purchase and purchase step of `product`, order units, each at least 1. */
export function purchaseRules(product: Pick<ProductRow, 'minPurchase' | 'purchaseSteps'>): {
  min: number;
  steps: number;
} {
  return { min: Math.max(1, product.minPurchase), steps: Math.max(1, product.purchaseSteps) };
}

/**
 * The smallest quantity at or above `quantity` that the cart accepts by minimum and step (`min + k × steps`, order
 * units): a quantity below the minimum becomes the minimum, one between steps the next step up. With `limit`, a
 * result above it becomes the highest such quantity not above it (never below the minimum).
 */
export function purchasableQuantity(
  product: Pick<ProductRow, 'minPurchase' | 'purchaseSteps'>,
  quantity: number,
  limit?: number,
): number {
  const { min, steps } = purchaseRules(product);
  if (quantity <= min) return min;
  const up = min + Math.ceil((quantity - min) / steps) * steps;
  if (limit === undefined || up <= limit) return up;
  return Math.max(min, min + Math.floor((limit - min) / steps) * steps);
}
