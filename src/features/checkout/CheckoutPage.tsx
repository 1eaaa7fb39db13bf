/**
 * `/checkout`: the cart (lines, promotion code, totals with the minimum-value and credit-limit warnings apart from
 * the other cart errors, the CSV export, "Request an offer" (src/components/commerce/RequestOffer.tsx) and "Save cart as
 * order list" (SaveCartAsOrderList.tsx)) and below it the checkout steps
 * (CheckoutForm.tsx). The cart comes from the one cart store; until that store holds one, the page shows
 * `initialCart`, the cart the server read for the page (src/features/checkout/cart-page.ts,
 * docs/decisions/021), and without it reads the cart when the page opens. The customer likewise: the one session
 * store, else `initialCustomer` read by the server, so server and browser render the same rights.
 *
 * In a punch-out session (`punchOut`, read by the server) the cart is not ordered here but transferred to the
 * procurement system (SAP OCI 4.0 inbound section, cXML Reference Guide 1.2.051 §5.4.3): "Transfer to {system}", a
 * same-origin POST form to `/punchout/transfer` (it works before the island hydrates), takes the place of the
 * checkout steps, and requesting an offer or saving the cart as an order list (which lead to an order outside the
 * procurement system) are not offered. A read-only session (cXML inspect) shows the lines without anything that
 * changes them, with a notice, and returns to the procurement system instead.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer, hasRight, type SessionCustomer } from '../../lib/session/session-store.ts';
import { useI18n, type IslandI18nProp } from '../../i18n/react.tsx';
import {
  $cart,
  type Cart,
  lineItemErrors,
  productLineItems,
  refreshCart,
  splitCartErrors,
} from '../../lib/cart/cart-store.ts';
import { CartLines } from './CartLines.tsx';
import { CartTotals, PromotionCode, SeparateNotices } from './CartTotals.tsx';
import { CheckoutForm, type CheckoutOptions } from './CheckoutForm.tsx';
import { VIEW_PRICES_RIGHT } from '../../components/commerce/use-amount.ts';
import { OfferSentNote, RequestOffer } from '../../components/commerce/RequestOffer.tsx';
import { SaveCartAsOrderList } from './SaveCartAsOrderList.tsx';
import { cartErrorMessage } from '../../lib/cart/cart-messages.ts';
import type { FeatureFlag } from '../../lib/feature-flags.ts';
import type { PunchOutSession } from '../../../contract/provider/punchout.ts';

export interface CheckoutPageProps {
  /** Domain path prefix, '' or e.g. '/en'. */
  prefix: string;
  /** Messages of the quantity counters (`counter.*`), which bring their own translator. */
  counterI18n: IslandI18nProp;
  /** The enabled feature flags (the cost-center module adds its picker, the offer history its link). */
  features?: readonly FeatureFlag[] | undefined;
  /** The cart as the server read it for this page; without it the page reads the cart when it opens. */
  initialCart?: Cart | null | undefined;
  /** The logged-in customer as the server read it for this page. */
  initialCustomer?: SessionCustomer | null | undefined;
  /** The checkout's address book and methods as the server read them; without them the checkout reads them. */
  initialOptions?: CheckoutOptions | null | undefined;
  /** Where the browser goes after the order (the success page); a full page navigation unless replaced in tests. */
  navigate?: ((href: string) => void) | undefined;
  /** The punch-out session of the context, as the server read it; null outside one. */
  punchOut?: PunchOutSession | null | undefined;
}

/**
 * A punch-out session's way out of the cart: the hint (or the read-only notice) and the button that posts to
 * `/punchout/transfer`, whose answer is the page that returns the cart to the procurement system.
 */
export function PunchOutTransfer({ session, prefix }: { session: PunchOutSession; prefix: string }) {
  const { t } = useI18n();
  const system = session.systemName;
  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      {!session.readOnly && <p className="text-sm text-muted">{t('checkout.punchout.hint', { system })}</p>}
      <form method="post" action={`${prefix}/punchout/transfer`}>
        <button
          type="submit"
          className="w-full rounded bg-primary px-6 py-3 font-semibold text-white hover:bg-primary-dark"
        >
          {t(session.readOnly ? 'checkout.punchout.return' : 'checkout.punchout.transfer', { system })}
        </button>
      </form>
    </div>
  );
}

export function CheckoutPage({
  prefix,
  counterI18n,
  features = [],
  initialCart = null,
  initialCustomer = null,
  initialOptions = null,
  navigate,
  punchOut = null,
}: CheckoutPageProps) {
  const i18n = useI18n();
  const { t } = i18n;
  const cart = useStore($cart) ?? initialCart;
  const customer = useStore($customer) ?? initialCustomer;
  const [loaded, setLoaded] = useState(initialCart !== null);
  const [offerSent, setOfferSent] = useState<string | null>(null);

  useEffect(() => {
    if (initialCart === null) void refreshCart().finally(() => setLoaded(true));
  }, [initialCart]);

  if (!loaded && !cart)
    return (
      <p role="status" className="p-8 text-center text-sm text-muted">
        {t('checkout.loading')}
      </p>
    );

  const lines = productLineItems(cart);
  const readOnly = punchOut?.readOnly ?? false;
  if (!cart || lines.length === 0)
    return (
      <div className="mx-auto flex max-w-[1440px] flex-col gap-4 px-4 py-6 lg:px-8">
        <h1 className="text-2xl font-bold">{t('checkout.title')}</h1>
        <p>{t('checkout.empty')}</p>
        <a href={`${prefix}/`} className="self-start text-primary-dark underline">
          {t('checkout.continueShopping')}
        </a>
        {/* An edit session may return an empty cart on purpose: the procurement system then removes its lines. */}
        {punchOut && (
          <div className="max-w-md">
            <PunchOutTransfer session={punchOut} prefix={prefix} />
          </div>
        )}
      </div>
    );

  // Errors of one line show at the line; the minimum-value and credit-limit warnings beside the totals.
  const lineErrorKeys = new Set(lines.flatMap((line) => lineItemErrors(cart, line.id).map((e) => e.key)));
  const general = splitCartErrors(cart).general.filter((error) => !lineErrorKeys.has(error.key));

  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-6 px-4 py-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('checkout.title')}</h1>
        <div className="flex flex-wrap gap-2">
          {!punchOut && <RequestOffer onSent={setOfferSent} customer={customer} />}
          {!punchOut && <SaveCartAsOrderList prefix={prefix} customer={customer} />}
          <button
            type="button"
            className="rounded border border-line px-3 py-2 text-sm hover:bg-surface"
            onClick={() =>
              // The CSV writer (papaparse) loads when the buyer asks for the file, not with the page.
              void import('../../lib/cart/cart-csv.ts').then(({ cartToCsv, downloadCsv }) =>
                downloadCsv(cartToCsv(cart, i18n), `${t('checkout.csv.fileName')}.csv`),
              )
            }
          >
            {t('checkout.csv.export')}
          </button>
        </div>
      </div>
      <OfferSentNote offerNumber={offerSent} features={features} prefix={prefix} customer={customer} />
      {readOnly && punchOut && (
        <p role="status" className="rounded border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t('checkout.punchout.readOnly', { system: punchOut.systemName })}
        </p>
      )}
      <div aria-live="polite">
        {general.length > 0 && (
          <ul className="flex flex-col gap-1" aria-label={t('checkout.errors')}>
            {general.map((error) => (
              <li
                key={error.key}
                className={`rounded border-l-4 px-3 py-2 text-sm ${
                  error.level >= 20
                    ? 'border-primary bg-red-50 text-red-900'
                    : error.level >= 10
                      ? 'border-amber-500 bg-amber-50 text-amber-900'
                      : 'border-green-600 bg-green-50 text-green-900'
                }`}
              >
                {cartErrorMessage(error, t)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
        <CartLines cart={cart} counterI18n={counterI18n} prefix={prefix} customer={customer} readOnly={readOnly} />
        <aside className="flex flex-col gap-4 self-start rounded border border-line bg-white p-4">
          <h2 className="text-lg font-semibold">{t('checkout.totals.label')}</h2>
          <div aria-live="polite">
            <SeparateNotices cart={cart} />
          </div>
          <CartTotals cart={cart} seesPrices={hasRight(VIEW_PRICES_RIGHT, customer)} />
          {!readOnly && <PromotionCode />}
          {punchOut && <PunchOutTransfer session={punchOut} prefix={prefix} />}
        </aside>
      </div>
      {!punchOut && (
        <CheckoutForm
          cart={cart}
          initialOptions={initialOptions}
          customer={customer}
          costCenters={features.includes('cost-center-module')}
          prefix={prefix}
          {...(navigate ? { navigate } : {})}
        />
      )}
    </div>
  );
}
