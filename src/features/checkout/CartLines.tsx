/**
 * The cart's product lines: image, name and article number, unit and line price, the quantity counter, the buyer's
 * remark per line (saved when the field loses focus), stock and expected delivery, the line's cart errors and the
 * remove button, and "add to order list" for holders of ROLE_MANAGE_ORDER_LISTS (the line's article with its quantity,
 * src/components/commerce/AddToOrderListDialog.tsx). Every change goes through the one cart store, which replaces the
 * cart with the server's answer. A read-only cart (a cXML inspect session, cXML Reference Guide 1.2.051 §5.6.4.2)
 * shows each quantity and remark as text, without counters, remarks to edit, remove or order-list buttons.
 */
import { IMAGE_SIZES, pictureOf } from '../../lib/product-image.ts';
import { ProductPicture } from '../../components/ui/ProductPicture.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import QuantityCounter, { QUANTITY_EVENT, type QuantityEventDetail } from '../../components/ui/QuantityCounter.tsx';
import { useAmount, VIEW_PRICES_RIGHT } from '../../components/commerce/use-amount.ts';
import { useNotify } from '../../components/ui/use-action.ts';
import { useI18n, type IslandI18nProp } from '../../i18n/react.tsx';
import { formatDate } from '../../i18n/format.ts';
import {
  lineItemErrors,
  productLineItems,
  removeLineItems,
  updateLineItems,
  type Cart,
  type CartLineItem,
} from '../../lib/cart/cart-store.ts';
import { MAX_LINE_ITEM_REMARK } from '../../../contract/checkout.ts';
import { deliveryTimeInDays } from '../../../contract/delivery-time.ts';
import { cartErrorMessage } from '../../lib/cart/cart-messages.ts';
import { AddToOrderListDialog } from '../../components/commerce/AddToOrderListDialog.tsx';
import { ORDER_LIST_RIGHT } from '../../lib/order-list/order-list-api.ts';
import { $customer, hasRight, type SessionCustomer } from '../../lib/session/session-store.ts';

/** Wait after the last counter change before the new quantity is sent, in milliseconds. */
export const QUANTITY_SAVE_DELAY_MS = 500;

/** The remark a line carries (`payload.customFields.order_detail_text`). */
export function lineRemark(line: CartLineItem): string {
  const value = line.payload?.customFields?.order_detail_text;
  return typeof value === 'string' ? value : '';
}

/**
 * The buyer's own article number of a line (`payload.customerArticleNumber`, which the cart carries for a customer
 * holding ROLE_MANAGE_ARTICLE_LINKS whose company linked the article, docs/decisions/017); null without one.
 */
export function lineCustomerArticleNumber(line: CartLineItem): string | null {
  const value: unknown = (line.payload as Record<string, unknown> | undefined)?.customerArticleNumber;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The earliest and latest delivery date of a line from today and its delivery time; null without one. */
function expectedDelivery(line: CartLineItem, today: Date): { earliest: Date; latest: Date } | null {
  const time = line.deliveryInformation?.deliveryTime;
  if (!time || time.min === undefined || time.max === undefined) return null;
  const day = (n: number) => new Date(today.getTime() + deliveryTimeInDays(n, time.unit ?? 'day') * 86_400_000);
  return { earliest: day(time.min), latest: day(time.max) };
}

function Line({
  cart,
  line,
  counterI18n,
  prefix,
  customer,
  readOnly,
}: {
  cart: Cart;
  line: CartLineItem;
  counterI18n: IslandI18nProp;
  prefix: string;
  customer: SessionCustomer | null;
  readOnly: boolean;
}) {
  const { t, locale } = useI18n();
  const amount = useAmount();
  const { notifyError } = useNotify();
  const remarkId = useId();
  const counter = useRef<HTMLDivElement>(null);
  const saved = lineRemark(line);
  const customerArticleNumber = lineCustomerArticleNumber(line);
  const [remark, setRemark] = useState(saved);
  const [removing, setRemoving] = useState(false);
  const [toList, setToList] = useState(false);
  const quantity = line.quantity ?? line.price?.quantity ?? 1;
  // Without ROLE_VIEW_PRICES the server answers the cart without prices (docs/decisions/014): no 0 € is shown.
  const seesPrices = hasRight(VIEW_PRICES_RIGHT, customer);
  const errors = lineItemErrors(cart, line.id);
  const stock = line.deliveryInformation?.stock;
  const delivery = expectedDelivery(line, new Date());
  const backorder = typeof stock === 'number' && quantity > stock ? quantity - Math.max(0, stock) : 0;

  useEffect(() => setRemark(saved), [saved]);

  // The counter reports every change as a DOM event; the last valid quantity is sent after a short pause.
  useEffect(() => {
    const node = counter.current;
    if (!node) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onQuantity = (event: Event) => {
      const detail = (event as CustomEvent<QuantityEventDetail>).detail;
      clearTimeout(timer);
      if (!detail.valid || detail.quantity === null || detail.quantity === quantity) return;
      const next = detail.quantity;
      timer = setTimeout(() => {
        updateLineItems([{ id: line.id, quantity: next }]).catch(notifyError);
      }, QUANTITY_SAVE_DELAY_MS);
    };
    node.addEventListener(QUANTITY_EVENT, onQuantity);
    return () => {
      clearTimeout(timer);
      node.removeEventListener(QUANTITY_EVENT, onQuantity);
    };
  }, [line.id, quantity, notifyError]);

  const saveRemark = () => {
    if (remark.trim() === saved.trim()) return;
    updateLineItems([{ id: line.id, quantity, remark: remark.trim() }]).catch(notifyError);
  };

  const remove = () => {
    setRemoving(true);
    removeLineItems([line.id])
      .catch(notifyError)
      .finally(() => setRemoving(false));
  };

  const info = line.quantityInformation;
  return (
    <li className="grid grid-cols-[64px_1fr] gap-x-4 gap-y-3 border-b border-line py-4 sm:grid-cols-[80px_1fr_auto]">
      <div className="row-span-2 h-16 w-16 overflow-hidden rounded border border-line bg-white sm:h-20 sm:w-20">
        <ProductPicture
          picture={pictureOf(line.cover, IMAGE_SIZES.line, { maxWidth: 192 })}
          alt=""
          className="h-full w-full object-contain"
        />
      </div>
      <div className="min-w-0">
        <p className="font-semibold">{line.label}</p>
        {line.payload?.productNumber && (
          <p className="text-sm text-muted">
            {t('checkout.line.productNumber', { number: line.payload.productNumber })}
          </p>
        )}
        {customerArticleNumber && (
          <p className="text-sm break-all text-muted">
            {t('checkout.line.customerSku', { number: customerArticleNumber })}
          </p>
        )}
        {/* Without prices the line's total says "prices on request" once; a second one here would only repeat it. */}
        {seesPrices && (
          <p className="mt-1 text-sm">{t('checkout.line.unitPrice', { price: amount(line.price?.unitPrice ?? 0) })}</p>
        )}
        {typeof stock === 'number' && <p className="text-sm">{t('checkout.line.stock', { stock })}</p>}
        {delivery && (
          <p className="text-sm">
            {t('checkout.line.delivery', {
              earliest: formatDate(delivery.earliest, locale),
              latest: formatDate(delivery.latest, locale),
            })}
          </p>
        )}
        {backorder > 0 && (
          <p className="text-sm text-amber-800">{t('checkout.line.backorder', { count: backorder })}</p>
        )}
      </div>
      <div className="col-span-2 flex flex-wrap items-start justify-between gap-3 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:flex-col sm:items-end">
        {readOnly ? (
          <p className="text-sm">{t('checkout.line.quantity', { quantity })}</p>
        ) : (
          <div ref={counter}>
            <QuantityCounter
              i18n={counterI18n}
              min={info?.minPurchase ?? 1}
              max={info?.maxPurchase ?? null}
              step={info?.purchaseSteps ?? 1}
              initial={quantity}
              name={`quantity-${line.id}`}
            />
          </div>
        )}
        <p className="font-semibold tabular-nums">
          <span className="sr-only">{t('checkout.line.total')}: </span>
          {seesPrices ? amount(line.price?.totalPrice ?? 0) : t('checkout.pricesOnRequest')}
        </p>
        {!readOnly && line.removable !== false && (
          <button
            type="button"
            onClick={remove}
            disabled={removing}
            aria-label={t('checkout.line.removeNamed', { name: line.label ?? '' })}
            className="text-sm text-primary-dark underline disabled:opacity-60"
          >
            {t('checkout.line.remove')}
          </button>
        )}
        {!readOnly && hasRight(ORDER_LIST_RIGHT, customer) && (
          <button
            type="button"
            onClick={() => setToList(true)}
            aria-haspopup="dialog"
            aria-label={t('orderLists.addNamed', { name: line.label ?? '' })}
            className="text-sm text-primary-dark underline"
          >
            {t('orderLists.addToList')}
          </button>
        )}
        {toList && (
          <AddToOrderListDialog
            open
            onClose={() => setToList(false)}
            source={[{ productId: line.referencedId ?? line.id, quantity }]}
            label={line.label ?? ''}
            prefix={prefix}
          />
        )}
      </div>
      <div className="col-span-2 sm:col-start-2">
        {readOnly ? (
          saved && (
            <p className="text-sm">
              <span className="font-semibold">{t('checkout.line.remark')}: </span>
              {saved}
            </p>
          )
        ) : (
          <>
            <label htmlFor={remarkId} className="mb-1 block text-sm font-semibold">
              {t('checkout.line.remark')}
            </label>
            <textarea
              id={remarkId}
              value={remark}
              rows={2}
              maxLength={MAX_LINE_ITEM_REMARK}
              onChange={(event) => setRemark(event.target.value)}
              onBlur={saveRemark}
              className="w-full rounded border border-line px-3 py-2 text-sm focus:outline-2 focus:outline-primary"
            />
          </>
        )}
        {errors.length > 0 && (
          <ul className="mt-2 flex flex-col gap-1 text-sm" role="list">
            {errors.map((error) => (
              <li key={error.key} className={error.level >= 20 ? 'text-red-700' : 'text-amber-800'}>
                {cartErrorMessage(error, t, line.label ?? '')}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/**
 * The product lines of `cart`; `counterI18n` carries the quantity counter's messages (`counter.*`); `prefix` is the
 * domain's path prefix for links out of the app (the order list an article was put on); `customer` the logged-in
 * customer whose rights decide the line's actions (default: the session store's); `readOnly` shows the lines
 * without anything that changes them.
 */
export function CartLines({
  cart,
  counterI18n,
  prefix = '',
  customer = $customer.get(),
  readOnly = false,
}: {
  cart: Cart;
  counterI18n: IslandI18nProp;
  prefix?: string;
  customer?: SessionCustomer | null;
  readOnly?: boolean;
}) {
  const { t } = useI18n();
  return (
    <ul aria-label={t('checkout.lines')} className="border-t border-line">
      {productLineItems(cart).map((line) => (
        <Line
          key={line.id}
          cart={cart}
          line={line}
          counterI18n={counterI18n}
          prefix={prefix}
          customer={customer}
          readOnly={readOnly}
        />
      ))}
    </ul>
  );
}
