/**
 * VAT (Shopware's net tax status): each line is taxed at its rate (the delivery country's for its tax class, set by
 * ./product-lines.ts); the discount, shipping and surcharge are spread over the rates in proportion to the goods value
 * per rate (Shopware's "auto" tax of shipping costs, ../distribute.ts); the tax of each rate is its net × rate rounded
 * half-up (a negative net is taxed 0). Rates are listed highest first. Sets `netCents` = position price + shipping +
 * surcharge, `taxes`, `taxCents` = Σ tax, `totalCents` = net + tax.
 */
import { percentOfCents } from '../../../lib/price.ts';
import type { CartLineModel, CartTaxModel } from '../cart-model.ts';
import { distribute } from '../distribute.ts';
import type { CartProcessor } from '../processor.ts';

/** VAT per rate: goods per rate plus its share of `extraCents` (shipping + surcharge − discount). */
export function taxesPerRate(
  lines: Pick<CartLineModel, 'taxRate' | 'totalCents'>[],
  extraCents: number,
): CartTaxModel[] {
  const byRate = new Map<string, number>();
  for (const l of lines) byRate.set(l.taxRate, (byRate.get(l.taxRate) ?? 0) + l.totalCents);
  const rates = [...byRate.keys()].sort((a, b) => Number(b) - Number(a));
  const shares = distribute(
    extraCents,
    rates.map((r) => byRate.get(r)!),
  );
  return rates.map((taxRate, i) => {
    const netCents = byRate.get(taxRate)! + shares[i]!;
    return { taxRate, netCents, taxCents: percentOfCents(Math.max(0, netCents), taxRate) };
  });
}

/** The VAT processor (module comment). */
export const vatProcessor: CartProcessor = {
  name: 'vat',
  process({ model }) {
    model.netCents = model.positionPriceCents + model.shippingCents + model.surchargeCents;
    model.taxes = taxesPerRate(model.lines, model.shippingCents + model.surchargeCents - model.discountCents);
    model.taxCents = model.taxes.reduce((s, t) => s + t.taxCents, 0);
    model.totalCents = model.netCents + model.taxCents;
  },
};
