/**
 * "Save cart as order list" on the cart page, for holders of ROLE_MANAGE_ORDER_LISTS: the one order list dialog
 * (src/components/commerce/AddToOrderListDialog.tsx) with the source 'cart', which creates a new list, private or
 * shared, from the cart's product lines and their quantities (POST `{provider}/order/list` with `fromCart: true`);
 * the cart stays as it is.
 */
import { useState } from 'react';
import { AddToOrderListDialog } from '../../components/commerce/AddToOrderListDialog.tsx';
import { useI18n } from '../../i18n/react.tsx';
import { ORDER_LIST_RIGHT } from '../../lib/order-list/order-list-api.ts';
import { $customer, hasRight, type SessionCustomer } from '../../lib/session/session-store.ts';

/**
 * The button and its dialog; `prefix` is the domain's path prefix for the link to the new list; `customer` the
 * logged-in customer whose rights decide (default: the session store's).
 */
export function SaveCartAsOrderList({
  prefix,
  customer = $customer.get(),
}: {
  prefix: string;
  customer?: SessionCustomer | null;
}) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  if (!hasRight(ORDER_LIST_RIGHT, customer)) return null;
  return (
    <>
      <button
        type="button"
        className="rounded border border-line px-3 py-2 text-sm hover:bg-surface"
        onClick={() => setOpen(true)}
      >
        {t('orderLists.saveCart')}
      </button>
      <AddToOrderListDialog open={open} onClose={() => setOpen(false)} source="cart" prefix={prefix} />
    </>
  );
}
