/**
 * The island of the cart page (src/features/checkout/CartPage.astro): the one cart view (CheckoutPage.tsx) under its
 * translator, rendered on the server with the cart and the customer the server read (cart-page.ts) and hydrated in
 * the browser, where every change goes through the one cart store (docs/decisions/021).
 */
import { I18nProvider, type IslandI18nProp } from '../../i18n/react.tsx';
import type { Cart } from '../../lib/cart/cart-store.ts';
import type { FeatureFlag } from '../../lib/feature-flags.ts';
import type { SessionCustomer } from '../../lib/session/session-store.ts';
import type { PunchOutSession } from '../../../contract/provider/punchout.ts';
import type { CheckoutOptions } from './CheckoutForm.tsx';
import { CheckoutPage } from './CheckoutPage.tsx';

export interface CartAppProps {
  /** `islandMessages(locale, CHECKOUT_MESSAGES)` (routes.tsx). */
  i18n: IslandI18nProp;
  /** Domain path prefix: '' or e.g. '/en'. */
  prefix: string;
  /** The enabled feature flags the cart reads (src/lib/feature-flags.ts, evaluated on the server). */
  features: readonly FeatureFlag[];
  /** The cart as the server read it for the page. */
  cart: Cart;
  /** The logged-in customer as the server read it for the page. */
  customer: SessionCustomer;
  /** The checkout's address book and methods as the server read them; null when it could not. */
  options: CheckoutOptions | null;
  /** The punch-out session of the context as the server read it; null outside one. */
  punchOut: PunchOutSession | null;
}

export default function CartApp({ i18n, prefix, features, cart, customer, options, punchOut }: CartAppProps) {
  return (
    <I18nProvider i18n={i18n}>
      <CheckoutPage
        prefix={prefix}
        counterI18n={i18n}
        features={features}
        initialCart={cart}
        initialCustomer={customer}
        initialOptions={options}
        punchOut={punchOut}
      />
    </I18nProvider>
  );
}
