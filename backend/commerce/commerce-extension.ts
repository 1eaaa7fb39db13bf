/**
 * What a commerce extension adds to the checkout (registered in ./extensions.ts): cart processors, run after the
 * core processors (./cart/registry.ts), and order gates a submit passes (./orders/order-gates.ts), each in the order
 * they run.
 */
import type { CartProcessor } from './cart/processor.ts';
import type { OrderGate } from './orders/order-gates.ts';

export interface CommerceExtension {
  name: string;
  cartProcessors: readonly CartProcessor[];
  orderGates: readonly OrderGate[];
}
