import { CART_ERROR_MESSAGES, cartErrorMessage } from '../../lib/cart/cart-messages.ts';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useI18n, type IslandI18nProp } from '../../i18n/react.tsx';
import { useAction } from '../../components/ui/use-action.ts';
import { addToCart, CART_ERROR_LEVEL_ERROR, isNotLoggedIn, lineItemErrors } from '../../lib/cart/cart-store.ts';
import { notify } from '../../lib/notifications.ts';
import { parseQuantity } from '../../lib/quantity.ts';
import { openLoginDialog } from '../../lib/session/auth-dialog-store.ts';
import { $loggedIn } from '../../lib/session/session-store.ts';
import { StoreApiClientError } from '../../lib/store-api/errors.ts';
import { useHydratedStore } from '../../lib/use-hydrated-store.ts';
import QuantityCounter, { QUANTITY_EVENT, type QuantityEventDetail } from '../../components/ui/QuantityCounter.tsx';

/** The catalogue keys of the island without the order unit's name; see {@link addToCartMessages}. */
export const ADD_TO_CART_MESSAGES = [
  'counter.',
  'cart.addToCart',
  'cart.adding',
  'cart.loginToOrder',
  'cart.added',
  ...CART_ERROR_MESSAGES,
  'general.success',
  'general.error',
] as const satisfies readonly (MessageKey | `${string}.`)[];

/**
 * The island's selection for `islandMessages(locale, addToCartMessages(unit))`: {@link ADD_TO_CART_MESSAGES} and
 * the singular and plural name of the product's order unit (`units.{code}`), so a page of cards does not repeat
 * every unit name in every island.
 */
export function addToCartMessages(unit: string | null | undefined): (MessageKey | `${string}.`)[] {
  const code = unit?.trim().toUpperCase();
  return code ? [...ADD_TO_CART_MESSAGES, `units.${code}` as MessageKey] : [...ADD_TO_CART_MESSAGES];
}

/**
 * Name of the analytics event of a successful add to cart, dispatched on `window` as
 * `CustomEvent('werkbank:add-to-cart', { detail: { productNumber, quantity } })` ({@link AddToCartEventDetail}).
 * When a tag manager has created `window.dataLayer`, the same values are pushed onto it as
 * `{ event: 'add-to-cart', productNumber, quantity }`.
 */
export const ADD_TO_CART_EVENT = 'werkbank:add-to-cart';

/** `detail` of {@link ADD_TO_CART_EVENT}: the product number and the quantity added, in the product's order units. */
export interface AddToCartEventDetail {
  productNumber: string;
  quantity: number;
}

/** Records a successful add to cart for analytics; never throws (analytics must not break the cart). */
function trackAddToCart(detail: AddToCartEventDetail): void {
  try {
    window.dispatchEvent(new CustomEvent<AddToCartEventDetail>(ADD_TO_CART_EVENT, { detail }));
    const { dataLayer } = window as { dataLayer?: unknown };
    if (Array.isArray(dataLayer)) dataLayer.push({ event: 'add-to-cart', ...detail });
  } catch (error) {
    console.error('analytics: add-to-cart not recorded', error);
  }
}

export interface AddToCartProps {
  /** Product id: the line item's `id` and `referencedId` (Shopware adds to an existing line of the same id). */
  productId: string;
  productNumber: string;
  /** Product name, for the notifications. */
  name: string;
  /** Minimum purchase (`minPurchase`). */
  min: number;
  /** Maximum purchase (`maxPurchase`); null = unlimited. */
  max: number | null;
  /** Purchase step (`purchaseSteps`). */
  step: number;
  /** Order unit, a UN/ECE Rec 20 code (`packUnit`, e.g. C62). */
  unit?: string | null;
  /** 'detail' lays counter and button side by side; 'compact' (cards, variant rows) stacks them. */
  layout?: 'detail' | 'compact';
  /** `islandMessages(locale, addToCartMessages(unit))`. */
  i18n: IslandI18nProp;
}

/**
 * Add-to-cart island: the quantity counter and the button. A logged-in customer adds the quantity through the one
 * cart store (POST `/checkout/cart/line-item`); rights are not checked here, so a customer without
 * ROLE_VIEW_PRICES can add too. The button is disabled while the counter holds an invalid quantity and shows that it
 * is working during the request. Afterwards a success notification names the count added, and the cart errors the
 * server reports for this line (min order quantity, maximum purchase, stock, purchase steps, product not found)
 * become translated notifications. An anonymous visitor (the server's rendering for everyone) sees "Log in to
 * order", which opens the header's login dialog.
 */
export default function AddToCart({ i18n, ...props }: AddToCartProps) {
  return (
    <I18nProvider i18n={i18n}>
      <AddToCartForm {...props} i18n={i18n} />
    </I18nProvider>
  );
}

function AddToCartForm({
  productId,
  productNumber,
  name,
  min,
  max,
  step,
  unit,
  layout = 'detail',
  i18n,
}: AddToCartProps) {
  const { t } = useI18n();
  const loggedIn = useHydratedStore($loggedIn, false);
  const [valid, setValid] = useState(true);
  const rootRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const onQuantity = (event: Event) => setValid((event as CustomEvent<QuantityEventDetail>).detail.valid);
    root.addEventListener(QUANTITY_EVENT, onQuantity);
    return () => root.removeEventListener(QUANTITY_EVENT, onQuantity);
  }, []);

  /** The message of an error answer: product not found, not enough stock, or the generic failure. */
  const thrownErrorText = (error: unknown): string => {
    const codes = error instanceof StoreApiClientError ? error.errors.map((e) => e.code ?? '') : [];
    if (codes.some((c) => c.includes('PRODUCT_NOT_FOUND'))) return t('cart.error.product-not-found', { name });
    if (codes.some((c) => c.includes('STOCK'))) return t('cart.error.product-stock-reached', { name });
    return t('cart.error.generic');
  };

  const { busy, run } = useAction(async (quantity: number) => {
    try {
      const cart = await addToCart([{ type: 'product', id: productId, referencedId: productId, quantity }]);
      const errors = lineItemErrors(cart, productId);
      const failed = errors.some((e) => e.messageKey === 'product-not-found' || e.level >= CART_ERROR_LEVEL_ERROR);
      if (!failed) {
        notify('success', t('general.success'), t('cart.added', { quantity, name }));
        trackAddToCart({ productNumber, quantity });
      }
      for (const error of errors) {
        notify(
          error.level >= CART_ERROR_LEVEL_ERROR || failed ? 'error' : 'warn',
          t('general.error'),
          cartErrorMessage(error, t, name),
        );
      }
    } catch (error) {
      if (isNotLoggedIn(error)) {
        openLoginDialog();
        return;
      }
      notify('error', t('general.error'), thrownErrorText(error));
    }
  });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    const quantity = parseQuantity(String(new FormData(event.currentTarget).get('quantity') ?? ''));
    if (quantity === null || !valid) return;
    run(quantity);
  };

  const button =
    'inline-flex min-h-10 items-center justify-center gap-2 rounded bg-[var(--color-primary-dark,#b83a2b)] px-4 text-sm font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-primary,#d74c3b)] disabled:cursor-not-allowed disabled:opacity-50';
  return (
    <form
      ref={rootRef}
      onSubmit={onSubmit}
      aria-label={`${t('cart.addToCart')}: ${name}`}
      className={layout === 'compact' ? 'flex flex-col gap-2' : 'flex flex-wrap items-start gap-3'}
    >
      <QuantityCounter min={min} max={max} step={step} unit={unit ?? null} i18n={i18n} />
      {loggedIn ? (
        <button
          type="submit"
          className={`${button} ${layout === 'compact' ? 'w-full' : ''}`}
          disabled={!valid || busy}
          aria-busy={busy}
        >
          {busy && (
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
            />
          )}
          {busy ? t('cart.adding') : t('cart.addToCart')}
        </button>
      ) : (
        <button
          type="button"
          className={`${button} ${layout === 'compact' ? 'w-full' : ''}`}
          onClick={openLoginDialog}
          aria-haspopup="dialog"
        >
          {t('cart.loginToOrder')}
        </button>
      )}
    </form>
  );
}
