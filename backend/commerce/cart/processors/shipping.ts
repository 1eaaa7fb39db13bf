/**
 * Shipping (Shopware's delivery processor): the method is the request's or the context's choice (`PATCH
 * /store-api/context`), else the first active one; a chosen method that is not active is the level-20 error
 * `shipping-method-blocked-{id}` (the first active method is then shown), no active method at all for a cart with
 * goods the level-20 `shipping-method-blocked`. Shipping costs 0 for an empty cart, a free-shipping promotion, pickup
 * (backend/store-api/checkout/methods.mapper.ts `PICKUP_SHIPPING_METHOD`), a method that costs 0, or a position price
 * at or above the method's free-shipping limit; otherwise the method's net cost (cents).
 */
import { PICKUP_SHIPPING_METHOD } from '../methods.mapper.ts';
import type { CartProcessor } from '../processor.ts';

/** The shipping processor (module comment). */
export const shippingProcessor: CartProcessor = {
  name: 'shipping',
  process(calculation) {
    const { inputs, model, options } = calculation;
    const { shippingMethods } = inputs;
    const hasGoods = model.lines.length > 0;
    const wanted = options.shippingMethodId ?? inputs.payload.shippingMethodId;
    let shippingMethod = wanted ? (shippingMethods.find((m) => m.id === wanted) ?? null) : (shippingMethods[0] ?? null);
    if (wanted && !shippingMethod) {
      calculation.addError({
        key: `shipping-method-blocked-${wanted}`,
        messageKey: 'shipping-method-blocked',
        level: 20,
        message: 'The selected shipping method is not available.',
        id: wanted,
      });
      shippingMethod = shippingMethods[0] ?? null;
    } else if (!shippingMethod && hasGoods) {
      calculation.addError({
        key: 'shipping-method-blocked',
        messageKey: 'shipping-method-blocked',
        level: 20,
        message: 'No shipping method is available.',
      });
    }
    const pickup = shippingMethod?.technicalName === PICKUP_SHIPPING_METHOD;
    const freeShipping = model.promotions.some((p) => p.discountType === 'free_shipping');
    let shippingCents = 0;
    if (hasGoods && shippingMethod && !pickup && !freeShipping) {
      const freeByValue =
        shippingMethod.freeFromCents !== null && model.positionPriceCents >= shippingMethod.freeFromCents;
      shippingCents = freeByValue ? 0 : shippingMethod.priceCents;
    }
    model.shippingMethod = shippingMethod;
    model.shippingOption = pickup ? 'pickup' : 'delivery';
    model.shippingCents = shippingCents;
  },
};
