/**
 * The cart's totals (net prices to companies, Shopware's CartPrice): goods value, additional costs (the surcharge
 * below the minimum order value, extension `minimumCartValue`), promotions, shipping, net total, VAT per rate and the
 * total; the minimum-value and credit-limit warnings are shown here, apart from the other cart errors; and the field
 * that adds a promotion code.
 */
import { useId, useState, type FormEvent } from 'react';
import { useAmount } from '../../components/commerce/use-amount.ts';
import { Button } from '../../components/ui/form.tsx';
import { useNotify } from '../../components/ui/use-action.ts';
import { useI18n } from '../../i18n/react.tsx';
import { addToCart, splitCartErrors, type Cart } from '../../lib/cart/cart-store.ts';
import {
  cartErrorMessage,
  isUnderCreditLimit,
  isUnderMinimumValue,
  minimumCartValue,
} from '../../lib/cart/cart-messages.ts';

/** The warnings shown beside the totals: minimum order value and credit limit. */
export function SeparateNotices({ cart }: { cart: Cart }) {
  const { t } = useI18n();
  const amount = useAmount();
  const { separate } = splitCartErrors(cart);
  const minimum = minimumCartValue(cart);
  const underMinimum = separate.find(isUnderMinimumValue);
  const underCredit = separate.find(isUnderCreditLimit);
  if (!underMinimum && !underCredit) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="separate-notices">
      {underMinimum && (
        <p role="status" className="rounded border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {minimum
            ? t('checkout.minimumValue', {
                minimum: amount(minimum.minimumValue),
                surcharge: amount(minimum.additionalCost),
              })
            : cartErrorMessage(underMinimum, t)}
        </p>
      )}
      {underCredit && (
        <p role="status" className="rounded border-l-4 border-amber-500 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {cartErrorMessage(underCredit, t)}
        </p>
      )}
    </div>
  );
}

/** The totals table of `cart`. */
export function CartTotals({ cart, seesPrices = true }: { cart: Cart; seesPrices?: boolean }) {
  const { t, number } = useI18n();
  const amount = useAmount();
  const minimum = minimumCartValue(cart);
  const promotions = (cart.lineItems ?? []).filter((line) => line.type === 'promotion');
  const shipping = (cart.deliveries ?? []).reduce((sum, d) => sum + (d.shippingCosts?.totalPrice ?? 0), 0);
  const goods = (cart.lineItems ?? [])
    .filter((line) => line.type === 'product')
    .reduce((sum, line) => sum + (line.price?.totalPrice ?? 0), 0);
  const row = (label: string, value: string, strong = false) => (
    <div
      key={label}
      className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-line pt-2 font-bold' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  if (!seesPrices) {
    // The server answers the cart without prices to a buyer without ROLE_VIEW_PRICES (docs/decisions/014).
    return (
      <dl aria-label={t('checkout.totals.label')} className="text-sm">
        {row(t('checkout.totals.total'), t('checkout.pricesOnRequest'), true)}
      </dl>
    );
  }
  return (
    <dl aria-label={t('checkout.totals.label')} className="text-sm">
      {row(t('checkout.totals.subtotal'), amount(goods))}
      {minimum &&
        minimum.additionalCost > 0 &&
        row(t('checkout.totals.additionalCosts'), amount(minimum.additionalCost))}
      {promotions.map((line) => row(line.label ?? t('checkout.totals.promotion'), amount(line.price?.totalPrice ?? 0)))}
      {row(t('checkout.totals.shipping'), amount(shipping))}
      {row(t('checkout.totals.net'), amount(cart.price.netPrice), true)}
      {cart.price.calculatedTaxes.map((tax) =>
        row(t('checkout.totals.vat', { rate: number(tax.taxRate, { maximumFractionDigits: 2 }) }), amount(tax.tax)),
      )}
      {row(t('checkout.totals.total'), amount(cart.price.totalPrice), true)}
    </dl>
  );
}

/** The promotion code field: adds the code as a promotion line; an unknown code shows as the cart's error. */
export function PromotionCode() {
  const { t } = useI18n();
  const { notifyError } = useNotify();
  const id = useId();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) return;
    setBusy(true);
    addToCart([{ type: 'promotion', referencedId: value }])
      .then(() => setCode(''))
      .catch(notifyError)
      .finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-semibold">
          {t('checkout.promotion.label')}
        </label>
        <input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          className="w-full rounded border border-line px-3 py-2 focus:outline-2 focus:outline-primary"
        />
      </div>
      <Button type="submit" kind="secondary" busy={busy}>
        {t('checkout.promotion.submit')}
      </Button>
    </form>
  );
}
