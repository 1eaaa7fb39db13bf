import { atom } from 'nanostores';

/**
 * Number of line items in the buyer's cart, shared by the islands that show or change it (cart badge, add-to-cart,
 * mini cart). Starts at 0 on every page load until the cart is read from `/store-api/checkout/cart`.
 * Unit: line items (Shopware's `lineItems.length`), not pieces.
 */
export const $cartCount = atom(0);
