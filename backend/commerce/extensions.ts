/**
 * The registration point of the commerce extensions: what plugs into the cart calculation (a cart processor,
 * backend/commerce/cart/registry.ts) and into order placement (an order gate, backend/commerce/orders/order-gates.ts)
 * without the cart or order placement importing it, so the dependency runs one way (the extension imports commerce,
 * never the reverse). Extensions are installed once, in the order of `COMMERCE_EXTENSIONS`; their processors run
 * after the core processors and their gates in that order.
 *
 * - spending (docs/decisions/015, ./spending/checkout-extension.ts): the budget processor and the approval gate.
 *
 * - punch-out (docs/decisions/025, ./punchout/checkout-extension.ts): the processor that shows a punch-out session's
 *   transfer form in the cart and the gate that refuses its orders; installed first, so a punch-out submit is refused
 *   before any approval is requested.
 */
import { registerCartProcessor } from './cart/registry.ts';
import type { CommerceExtension } from './commerce-extension.ts';
import { registerOrderGate } from './orders/order-gates.ts';
import { punchOutExtension } from './punchout/checkout-extension.ts';
import { spendingExtension } from './spending/checkout-extension.ts';

/** The extensions, in the order they are installed (module comment). */
export const COMMERCE_EXTENSIONS: readonly CommerceExtension[] = [punchOutExtension, spendingExtension];

/** Registers every extension's processors and gates (idempotent: each processor and gate once by its name). */
export function installCommerceExtensions(): void {
  for (const extension of COMMERCE_EXTENSIONS) {
    for (const processor of extension.cartProcessors) registerCartProcessor(processor);
    for (const gate of extension.orderGates) registerOrderGate(gate);
  }
}
