import { expect, test } from 'vitest';
import { FEATURE_FLAG_DEFAULTS, parseFeatureFlags } from './feature-flags.ts';

test('without FEATURE_FLAGS the defaults apply: order, invoice and offer history on, cost centres off', () => {
  const flags = parseFeatureFlags(undefined);
  expect(flags).toEqual(FEATURE_FLAG_DEFAULTS);
  expect(flags['order-history']).toBe(true);
  expect(flags['invoice-history']).toBe(true);
  expect(flags['offer-history']).toBe(true);
  expect(flags['display-order-history']).toBe(true);
  expect(flags['cost-center-module']).toBe(false);
});

test('names enable, a leading - or ! disables, unknown names are ignored', () => {
  const flags = parseFeatureFlags(' cost-center-module, -order-history,!is-new, no-such-flag ');
  expect(flags['cost-center-module']).toBe(true);
  expect(flags['order-history']).toBe(false);
  expect(flags['is-new']).toBe(false);
  expect('no-such-flag' in flags).toBe(false);
});
