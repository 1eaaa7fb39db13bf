/**
 * Promotions (Shopware's promotion processor): the codes stored on the cart, in their order. A code that is unknown
 * or no longer valid (../promotion-validity.ts `isPromotionValid`) is the warning `promotion-not-found-{code}` and
 * stays stored. A percentage promotion takes its percentage of the goods value (Σ line totals), rounded half-up per
 * promotion and capped at what earlier promotions left; a free-shipping promotion discounts nothing here (the
 * shipping processor sets shipping to 0). Sets `goodsCents`, `discountCents`, `positionPriceCents` = goods − discount.
 */
import { percentOfCents } from '../../../lib/price.ts';
import { translateField } from '../../../lib/translate.ts';
import type { CartPromotionModel } from '../cart-model.ts';
import type { CartProcessor } from '../processor.ts';
import { isPromotionValid } from '../promotion-validity.ts';

/** The promotion processor (module comment). */
export const promotionProcessor: CartProcessor = {
  name: 'promotions',
  process(calculation) {
    const { inputs, model, now, locale } = calculation;
    const promotionCodes = inputs.cartRow?.promotionCodes ?? [];
    const goodsCents = model.lines.reduce((s, l) => s + l.totalCents, 0);
    const promotions: CartPromotionModel[] = [];
    let discountLeft = goodsCents;
    for (const code of promotionCodes) {
      const p = inputs.promotionRows.find((r) => r.code === code);
      if (!p || !isPromotionValid(p, now)) {
        calculation.addError({
          key: `promotion-not-found-${code}`,
          messageKey: 'promotion-not-found',
          level: 10,
          message: `The promotion code ${code} is no longer valid.`,
          id: code,
        });
        continue;
      }
      const discountType = p.discountType === 'percentage' ? 'percentage' : 'free_shipping';
      const discountCents =
        discountType === 'percentage' ? Math.min(discountLeft, percentOfCents(goodsCents, p.value)) : 0;
      discountLeft -= discountCents;
      promotions.push({
        id: p.id,
        code: p.code,
        label: translateField(p.translated, locale, 'name') ?? p.code,
        discountType,
        value: p.value,
        discountCents,
      });
    }
    model.promotionCodes = promotionCodes;
    model.promotions = promotions;
    model.goodsCents = goodsCents;
    model.discountCents = goodsCents - discountLeft;
    model.positionPriceCents = goodsCents - model.discountCents;
  },
};
