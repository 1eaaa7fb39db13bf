/**
 * "Add to order list" island of the product page, beside add to cart: shown only to a logged-in customer holding
 * ROLE_MANAGE_ORDER_LISTS (the server renders nothing, the catalogue HTML being shared by everyone). It opens the
 * one "add to order list" dialog (AddToOrderListDialog.tsx) with the product and the quantity of the page's quantity
 * counter: the counter inside the same buy box (the nearest element marked `data-buy-box`) reports every change as a
 * bubbling `werkbank:quantity` event (QuantityCounter.tsx); until the first change the counter's start, the minimum
 * purchase, is used. While the counter holds an invalid quantity the button is disabled.
 */
import { useEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../i18n/locales.ts';
import { I18nProvider, useI18n, type IslandI18nProp } from '../../i18n/react.tsx';
import { ORDER_LIST_RIGHT } from '../../lib/order-list/order-list-api.ts';
import { $customer, hasRight, isLoggedIn } from '../../lib/session/session-store.ts';
import { useHydratedStore } from '../../lib/use-hydrated-store.ts';
import { QUANTITY_EVENT, type QuantityEventDetail } from '../ui/QuantityCounter.tsx';
import { AddToOrderListDialog, ORDER_LIST_DIALOG_MESSAGES } from './AddToOrderListDialog.tsx';

/** The catalogue keys of the island, for `islandMessages(locale, ADD_TO_ORDER_LIST_MESSAGES)`. */
export const ADD_TO_ORDER_LIST_MESSAGES = [...ORDER_LIST_DIALOG_MESSAGES] as const satisfies readonly (
  MessageKey | `${string}.`
)[];

export interface AddToOrderListProps {
  productId: string;
  /** Product name, for the dialog's title. */
  name: string;
  /** Minimum purchase: the counter's start value, in order units. */
  min: number;
  /** The domain's path prefix ('' or e.g. '/en') for the link to the list. */
  prefix: string;
  /** `islandMessages(locale, ADD_TO_ORDER_LIST_MESSAGES)`. */
  i18n: IslandI18nProp;
}

export default function AddToOrderList({ i18n, ...props }: AddToOrderListProps) {
  return (
    <I18nProvider i18n={i18n}>
      <AddToOrderListButton {...props} />
    </I18nProvider>
  );
}

function AddToOrderListButton({ productId, name, min, prefix }: Omit<AddToOrderListProps, 'i18n'>) {
  const { t } = useI18n();
  const customer = useHydratedStore($customer, null);
  const root = useRef<HTMLDivElement>(null);
  const [quantity, setQuantity] = useState<number | null>(min > 0 ? min : 1);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onQuantity = (event: Event) => {
      const box = root.current?.closest('[data-buy-box]');
      if (!box || !(event.target instanceof Node) || !box.contains(event.target)) return;
      const detail = (event as CustomEvent<QuantityEventDetail>).detail;
      setQuantity(detail.valid && detail.quantity !== null ? detail.quantity : null);
    };
    document.addEventListener(QUANTITY_EVENT, onQuantity);
    return () => document.removeEventListener(QUANTITY_EVENT, onQuantity);
  }, []);

  if (!isLoggedIn(customer) || !hasRight(ORDER_LIST_RIGHT, customer)) return <div ref={root} />;
  return (
    <div ref={root} className="mt-3">
      <button
        type="button"
        disabled={quantity === null}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex min-h-10 items-center rounded border border-line bg-white px-4 text-sm font-semibold hover:border-primary hover:text-primary disabled:cursor-not-allowed disabled:opacity-50"
      >
        {t('orderLists.addToList')}
      </button>
      {quantity !== null && (
        <AddToOrderListDialog
          open={open}
          onClose={() => setOpen(false)}
          source={[{ productId, quantity }]}
          label={name}
          prefix={prefix}
        />
      )}
    </div>
  );
}
