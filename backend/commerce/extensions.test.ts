import { expect, test } from 'vitest';
import { installCommerceExtensions } from './extensions.ts';
import { orderGates } from './orders/order-gates.ts';
import { cartProcessors, registerCartProcessor } from './cart/registry.ts';

test('the core processors run in their order, then the registered ones, each once', () => {
  installCommerceExtensions();
  installCommerceExtensions();
  registerCartProcessor({ name: 'vat', process: () => undefined });
  expect(cartProcessors().map((p) => p.name)).toEqual([
    'offers',
    'product-lines',
    'promotions',
    'shipping',
    'minimum-order-value',
    'vat',
    'credit-limit',
    'punch-out',
    'budgets',
  ]);
  // Punch-out refuses a punch-out session's order before spending would ask for an approval.
  expect(orderGates().map((g) => g.name)).toEqual(['punch-out', 'approvals']);
});
