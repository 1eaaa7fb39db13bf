/**
 * The `checkout` branch of the storefront app's router (src/shell/StorefrontApp.tsx): `/checkout` (the cart and the
 * checkout) and `/checkout/success`. The shell puts the account guard around it.
 */
import { CART_ERROR_MESSAGES } from '../../lib/cart/cart-messages.ts';
import { CART_CSV_MESSAGES } from '../../lib/cart/cart-csv.ts';
import { ORDER_LIST_DIALOG_MESSAGES } from '../../components/commerce/AddToOrderListDialog.tsx';
import { Navigate, type RouteObject } from 'react-router';
import type { MessageKey } from '../../i18n/locales.ts';
import type { FeatureFlag } from '../../lib/feature-flags.ts';
import type { IslandI18nProp } from '../../i18n/react.tsx';
import { CheckoutPage } from './CheckoutPage.tsx';
import { SuccessPage } from './SuccessPage.tsx';

/** The catalogue keys of the checkout, for `islandMessages(locale, CHECKOUT_MESSAGES)`. */
export const CHECKOUT_MESSAGES = [
  'checkout.',
  ...CART_ERROR_MESSAGES,
  'counter.',
  'errors.',
  'general.',
  ...CART_CSV_MESSAGES,
  ...ORDER_LIST_DIALOG_MESSAGES,
] as const satisfies readonly (MessageKey | `${string}.`)[];

/**
 * The route tree below `/checkout`; `i18n` is the app's message set, handed to the quantity counter island (which
 * brings its own translator); `features` the enabled feature flags (the cost-center module adds its picker).
 */
export function checkoutRoutes({
  prefix,
  i18n,
  features = [],
}: {
  prefix: string;
  i18n: IslandI18nProp;
  features?: readonly FeatureFlag[];
}): RouteObject {
  return {
    path: 'checkout',
    children: [
      { index: true, element: <CheckoutPage prefix={prefix} counterI18n={i18n} features={features} /> },
      { path: 'success', element: <SuccessPage /> },
      { path: '*', element: <Navigate to="/checkout" replace /> },
    ],
  };
}
