/**
 * Offer lines (docs/decisions/016-erp.md, "Offers in the cart"): a line put in the cart from an offer
 * (../cart-change.ts `addOfferLines`) carries the offer's number, line, unit price, quantity and last valid day as the
 * ERP answered them. While the day of the calculation (Europe/Brussels) is at most the last valid day and the line
 * holds the offered quantity, its unit price is the offered one (payload `offer`); otherwise it is priced as any
 * product line and the level-20 error `{provider}-offer-expired` or `{provider}-offer-quantity-changed` blocks the
 * order until the buyer removes the line or sets the offered quantity again.
 *
 * Runs ahead of the product lines (./product-lines.ts), which price the line and report its error in the line's place.
 */
import type { CartLineOffer } from '../../../db/schema/index.ts';
import { toScaled } from '../../../lib/price.ts';
import type { CartErrorEntry } from '../cart-model.ts';
import type { CartProcessor } from '../processor.ts';

/** Whether a line's offer still prices it, and if not why: its last valid day has passed or its quantity changed. */
export interface OfferState {
  offer: CartLineOffer;
  applies: boolean;
  reason: 'expired' | 'quantity-changed' | null;
}

/** The offer rule of one line (module comment): valid through its last day, for exactly the offered quantity. */
export function offerState(offer: CartLineOffer, quantity: number, today: string): OfferState {
  if (today > offer.validUntil) return { offer, applies: false, reason: 'expired' };
  if (quantity !== offer.quantity) return { offer, applies: false, reason: 'quantity-changed' };
  return { offer, applies: true, reason: null };
}

/** The level-20 error of an offer line whose offer no longer prices it. */
export function offerError(provider: string, state: OfferState, lineId: string, name: string): CartErrorEntry {
  const { offerNumber, validUntil, quantity } = state.offer;
  if (state.reason === 'expired') {
    return {
      key: `${provider}-offer-expired-${lineId}`,
      messageKey: `${provider}-offer-expired`,
      level: 20,
      message:
        `The offer ${offerNumber} for ${name} was valid until ${validUntil}: remove the line and order at today's ` +
        'price, or request a new offer.',
      id: lineId,
      name,
    };
  }
  return {
    key: `${provider}-offer-quantity-changed-${lineId}`,
    messageKey: `${provider}-offer-quantity-changed`,
    level: 20,
    message: `The offer ${offerNumber} covers ${quantity} units of ${name}: set that quantity again or remove the line.`,
    id: lineId,
    name,
    quantity,
  };
}

/** The offer processor (module comment). */
export const offerProcessor: CartProcessor = {
  name: 'offers',
  process(calculation) {
    const { inputs, today, provider, lineAdjustments } = calculation;
    for (const row of inputs.lineRows) {
      if (!row.offer) continue;
      const state = offerState(row.offer, row.quantity, today);
      if (state.applies) {
        const { offerNumber, lineNumber, validUntil } = state.offer;
        lineAdjustments.set(row.id, {
          unitPrice: toScaled(state.offer.unitPrice),
          payload: { offer: { offerNumber, lineNumber, validUntil } },
        });
      } else {
        lineAdjustments.set(row.id, { errors: [(name) => offerError(provider, state, row.id, name)] });
      }
    }
  },
};
