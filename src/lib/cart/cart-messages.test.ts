import { expect, test } from 'vitest';
import { getTranslator } from '../../i18n/translator.ts';
import { cartErrorMessage } from './cart-messages.ts';
import type { CartError } from './cart-store.ts';

const t = getTranslator('en-GB');

/** A cart error as the embedded Store API sends it, with the line's product name where it belongs to a line. */
const error = (messageKey: string, level: 0 | 10 | 20, name?: string): CartError & { name?: string } => ({
  key: `${messageKey}-0123456789abcdef0123456789abcdef`,
  messageKey,
  level,
  message: `server text of ${messageKey}`,
  ...(name ? { name } : {}),
});

test.each([
  ['werkbank-offer-expired', 'Hex bolt M8: the offer has expired.'],
  ['acme-offer-quantity-changed', 'Hex bolt M8: the offered price applies only to the offered quantity.'],
  ['acme-flow-unsufficient-budget-blocked', 'Your flow budget does not cover this order'],
  ['werkbank-cart-underCreditLimit', 'Your credit limit does not cover this order.'],
  ['min-order-quantity', 'Hex bolt M8: the quantity is below the minimum order quantity.'],
  ['werkbank-order-reference-not-usable', 'The order reference Hex bolt M8 can no longer be used for your orders.'],
])('%s reads as its translated text, whatever the provider prefix', (messageKey, text) => {
  expect(cartErrorMessage(error(messageKey, 20, 'Hex bolt M8'), t)).toContain(text);
});

test("an unknown key shows the server's message", () => {
  expect(cartErrorMessage(error('acme-something-new', 10), t)).toBe('server text of acme-something-new');
});

test('above the stock is a backorder for a warning and an error for a closeout', () => {
  expect(cartErrorMessage(error('product-stock-reached', 10, 'Ladder'), t)).toBe(
    t('cart.error.backorder', { name: 'Ladder' }),
  );
  expect(cartErrorMessage(error('product-stock-reached', 20, 'Ladder'), t)).toBe(
    t('cart.error.product-stock-reached', { name: 'Ladder' }),
  );
});
