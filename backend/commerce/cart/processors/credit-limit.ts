/**
 * Credit limit and payment method (docs/decisions/014-cart-and-orders.md): with a company credit row, a cart with
 * goods whose total exceeds limit − used gets the warning `{provider}-cart-underCreditLimit` (available credit in
 * euros) and every payment method not paid in advance (invoice) is blocked. The payment method is the request's or
 * the context's choice, else the first active one: never one picked here because the credit ran short, since the
 * buyer would then pay in a way they did not choose. A blocked or unavailable chosen method is the level-20 error
 * `payment-method-blocked-{id}` the buyer resolves by choosing another (Shopware core: PaymentMethodBlockedError
 * blocks the order); no active method at all the level-20 `payment-method-blocked`.
 */
import { centsToNumber } from '../../../lib/price.ts';
import { translateField } from '../../../lib/translate.ts';
import type { PaymentMethodRow } from '../methods.mapper.ts';
import type { CartProcessor } from '../processor.ts';

/** The credit limit processor (module comment). */
export const creditLimitProcessor: CartProcessor = {
  name: 'credit-limit',
  process(calculation) {
    const { inputs, model, options, provider, locale } = calculation;
    const { creditRow, paymentMethods } = inputs;
    const hasGoods = model.lines.length > 0;
    const credit = creditRow ? { limitCents: creditRow.limitCents, usedCents: creditRow.usedCents } : null;
    let blockedPaymentMethodIds: string[] = [];
    if (hasGoods && credit && credit.limitCents - credit.usedCents < model.totalCents) {
      const available = Math.max(0, credit.limitCents - credit.usedCents);
      blockedPaymentMethodIds = paymentMethods.filter((m) => !m.paidInAdvance).map((m) => m.id);
      calculation.addError({
        key: `${provider}-cart-underCreditLimit`,
        messageKey: `${provider}-cart-underCreditLimit`,
        level: 10,
        message: `The order exceeds the available credit of ${centsToNumber(available)} EUR: pay in advance or by credit card.`,
        availableCredit: centsToNumber(available),
      });
    }
    const wanted = options.paymentMethodId ?? inputs.payload.paymentMethodId;
    const paymentMethod: PaymentMethodRow | null = wanted
      ? (paymentMethods.find((m) => m.id === wanted) ?? null)
      : (paymentMethods[0] ?? null);
    const blockedPayment = wanted ?? paymentMethod?.id;
    if (hasGoods && blockedPayment && (!paymentMethod || blockedPaymentMethodIds.includes(paymentMethod.id))) {
      const name = paymentMethod
        ? (translateField(paymentMethod.translated, locale, 'name') ?? paymentMethod.technicalName)
        : undefined;
      calculation.addError({
        key: `payment-method-blocked-${blockedPayment}`,
        messageKey: 'payment-method-blocked',
        level: 20,
        message: paymentMethod
          ? `The payment method ${name} is blocked for this order.`
          : 'The selected payment method is not available.',
        id: blockedPayment,
        ...(paymentMethod ? { name } : {}),
      });
    } else if (hasGoods && !paymentMethod) {
      calculation.addError({
        key: 'payment-method-blocked',
        messageKey: 'payment-method-blocked',
        level: 20,
        message: 'No payment method is available.',
      });
    }
    model.credit = credit;
    model.blockedPaymentMethodIds = blockedPaymentMethodIds;
    model.paymentMethod = paymentMethod;
  },
};
