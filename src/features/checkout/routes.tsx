/**
 * The `checkout` branch of the storefront app's router (src/shell/StorefrontApp.tsx): `/checkout/success`. The cart
 * and the checkout itself (`/checkout`, `/checkout/cart`) are a server-rendered page with its own island
 * (src/features/checkout/CartPage.astro, docs/decisions/021); the shell puts the account guard around this branch.
 */
import { CART_ERROR_MESSAGES } from '../../lib/cart/cart-messages.ts';
import { CART_CSV_MESSAGES } from '../../lib/cart/cart-csv.ts';
import { ORDER_LIST_DIALOG_MESSAGES } from '../../components/commerce/AddToOrderListDialog.tsx';
import type { RouteObject } from 'react-router';
import { BUDGET_PERIOD_MESSAGES } from '../../i18n/budget-period.ts';
import type { MessageKey } from '../../i18n/locales.ts';

/** The catalogue keys of the cart and checkout, for `islandMessages(locale, CHECKOUT_MESSAGES)`. */
export const CHECKOUT_MESSAGES = [
  'checkout.',
  ...BUDGET_PERIOD_MESSAGES,
  ...CART_ERROR_MESSAGES,
  'counter.',
  'errors.',
  'general.',
  ...CART_CSV_MESSAGES,
  ...ORDER_LIST_DIALOG_MESSAGES,
] as const satisfies readonly (MessageKey | `${string}.`)[];

/** The route tree below `/checkout` in the app: the success page, its code loaded when it is opened. */
export function checkoutRoutes(): RouteObject {
  return {
    path: 'checkout',
    children: [
      {
        path: 'success',
        lazy: async () => ({ Component: (await import('./SuccessPage.tsx')).SuccessPage }),
      },
    ],
  };
}
