/**
 * Minimum order value (the sales channel's `minimum_order_value`): a cart with goods whose position price is below
 * the minimum gets the channel's `additionalCostCents` as a surcharge and the warning
 * `{provider}-cart-underMinimumValue` (amounts in euros); the answer shows it as the extension `minimumCartValue`.
 */
import { centsToNumber } from '../../../lib/price.ts';
import type { CartProcessor } from '../processor.ts';

/** The minimum order value processor (module comment). */
export const minimumOrderValueProcessor: CartProcessor = {
  name: 'minimum-order-value',
  process(calculation) {
    const { inputs, model, provider } = calculation;
    const { minimum } = inputs;
    model.surchargeCents = 0;
    if (model.lines.length > 0 && minimum && model.positionPriceCents < minimum.minimumValueCents) {
      model.surchargeCents = minimum.additionalCostCents;
      calculation.addError({
        key: `${provider}-cart-underMinimumValue`,
        messageKey: `${provider}-cart-underMinimumValue`,
        level: 10,
        message:
          `The goods value is below the minimum order value of ${centsToNumber(minimum.minimumValueCents)} EUR: ` +
          `a surcharge of ${centsToNumber(minimum.additionalCostCents)} EUR is added.`,
        minimumValue: centsToNumber(minimum.minimumValueCents),
        additionalCost: centsToNumber(minimum.additionalCostCents),
      });
    }
  },
};
