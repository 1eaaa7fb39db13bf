/**
 * Splitting an amount of cents over weights in proportion (largest remainder method): the parts add up to the amount
 * exactly. The VAT processor spreads discount, shipping and surcharge over the tax rates with it, the mapper a
 * promotion's discount and the shipping costs.
 */

/**
 * Splits `cents` over `weights` in proportion, the rounding remainder going to the largest fractions (ties to the
 * earlier weight). Negative `cents` are split as their absolute value and the parts negated; all weights 0 or
 * `cents` 0 give zeros.
 */
export function distribute(cents: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || cents === 0) return weights.map(() => 0);
  const sign = cents < 0 ? -1 : 1;
  const abs = Math.abs(cents);
  const raw = weights.map((w) => (abs * w) / total);
  const parts = raw.map((r) => Math.floor(r));
  let rest = abs - parts.reduce((s, p) => s + p, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest <= 0) break;
    parts[i]! += 1;
    rest -= 1;
  }
  return parts.map((p) => p * sign);
}
