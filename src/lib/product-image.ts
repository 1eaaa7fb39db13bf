/**
 * The image a product shows when it has none, or when its image fails to load: one neutral placeholder for the
 * catalogue pages, the cart and the order views.
 */
export const PLACEHOLDER_IMAGE = '/images/placeholder-product.svg';
