/**
 * One order list (route /account/orderlist/details/{slug}, slug = the list's id; ROLE_MANAGE_ORDER_LISTS;
 * contract/provider/order-list.ts): its name, privacy, creator, date, item count, amount and tags; its items
 * (OrderListItems.tsx) and settings (OrderListSettings.tsx). Duplicate (a new list copying the items,
 * `sourceListId`), delete after a confirmation, "add all to cart" through the one cart store (every item the cart did
 * not take is listed with the cart's message for it), and "request an offer" on the list's items
 * (src/components/commerce/RequestOffer.tsx with `orderListId`), which a punch-out session does not offer: its
 * orders are placed in the procurement system, from the transferred cart.
 */
import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $punchOut } from '../../../lib/session/punchout-store.ts';
import { Link, useNavigate, useParams } from 'react-router';
import type { OrderListDetail as OrderList, OrderListOwnerType } from '../../../../contract/provider/order-list.ts';
import { OrderListFields, orderListNameError } from '../../../components/commerce/AddToOrderListDialog.tsx';
import { RequestOffer } from '../../../components/commerce/RequestOffer.tsx';
import { useAmount } from '../../../components/commerce/use-amount.ts';
import { ConfirmDialog, Dialog } from '../../../components/ui/Dialog.tsx';
import { Button, FormActions } from '../../../components/ui/form.tsx';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { useAction, useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { cartErrorMessage } from '../../../lib/cart/cart-messages.ts';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import {
  addOrderListToCart,
  createOrderList,
  deleteOrderList,
  fetchOrderList,
  orderListPath,
  type OrderListCartFailure,
} from '../../../lib/order-list/order-list-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { OrderListItems } from './OrderListItems.tsx';
import { OrderListSettings } from './OrderListSettings.tsx';
import { privacyLabel } from './OrderLists.tsx';

const LIST_PATH = '/account/orderlist';

/** The failures of "add all to cart", each item with the cart's messages (or why it was not sent). */
function CartFailures({ failures, onClose }: { failures: OrderListCartFailure[]; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="rounded border-l-4 border-primary bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="font-semibold">{t('orderLists.notAddedTitle', { count: failures.length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {failures.map(({ item, errors }) => (
          <li key={item.productId}>
            <span className="font-semibold">
              {item.name} ({item.productNumber}):
            </span>{' '}
            {errors.length > 0
              ? errors.map((error) => cartErrorMessage(error, t, item.name)).join(' ')
              : t(item.available ? 'orderLists.notInCart' : 'orderLists.unavailable')}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onClose} className="mt-2 text-sm underline">
        {t('orderLists.dismiss')}
      </button>
    </div>
  );
}

/** The detail screen. */
export function OrderListDetail() {
  const { t, locale } = useI18n();
  const amount = useAmount();
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { notify, notifyError } = useNotify();
  const [failures, setFailures] = useState<OrderListCartFailure[]>([]);
  const [duplicating, setDuplicating] = useState(false);
  const [copyName, setCopyName] = useState('');
  const [copyOwner, setCopyOwner] = useState<OrderListOwnerType>('user');
  const [copyErrors, setCopyErrors] = useState<FieldErrors<'name' | 'ownerType'>>({});
  const [offerSent, setOfferSent] = useState<string | null>(null);

  const { data: list, set: setList } = useResource(slug, () => fetchOrderList(slug), {
    onError: (error) => {
      notifyError(error);
      void navigate(LIST_PATH);
      return null;
    },
  });

  const punchOut = useStore($punchOut);
  const toCart = useAction(async () => {
    if (!list) return;
    const result = await addOrderListToCart(list);
    setFailures(result.failed);
    if (result.added.length > 0)
      notify(
        result.failed.length > 0 ? 'warn' : 'success',
        t('general.success'),
        t('orderLists.addedToCart', { count: result.added.length }),
      );
  });

  const remove = useConfirmedAction(async (target: OrderList) => {
    await deleteOrderList(target.id);
    notify('success', t('general.success'), t('orderLists.deleted', { name: target.name }));
    void navigate(LIST_PATH);
  });

  const duplicate = useAction(
    async () => {
      if (!list) return;
      const copy = await createOrderList({ name: copyName.trim(), ownerType: copyOwner, sourceListId: list.id });
      notify('success', t('general.success'), t('orderLists.duplicated', { name: copy.name }));
      setDuplicating(false);
      void navigate(orderListPath(copy.id));
    },
    { fields: ['name', 'ownerType'] as const, onFieldErrors: setCopyErrors },
  );

  if (!list) return <Loading />;

  const money = (value: number | null) => (value === null ? '–' : amount(value));
  const openDuplicate = () => {
    setCopyName(t('orderLists.copyName', { name: list.name }).slice(0, 100));
    setCopyOwner('user');
    setCopyErrors({});
    setDuplicating(true);
  };
  const submitDuplicate = (event: FormEvent) => {
    event.preventDefault();
    const error = orderListNameError(copyName, t);
    setCopyErrors(error ? { name: error } : {});
    if (!error) duplicate.run(undefined);
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to={LIST_PATH} className="text-sm text-primary hover:underline">
          {t('orderLists.back')}
        </Link>
        <h1 className="mt-1 break-words text-2xl font-bold">{list.name}</h1>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-gray-600">{t('orderLists.privacy')}</dt>
          <dd>{privacyLabel(list.ownerType, t)}</dd>
          <dt className="text-gray-600">{t('orderLists.createdBy')}</dt>
          <dd>{`${list.createdBy.firstName} ${list.createdBy.lastName}`}</dd>
          <dt className="text-gray-600">{t('orderLists.createdAt')}</dt>
          <dd>{formatDate(list.createdAt, locale)}</dd>
          <dt className="text-gray-600">{t('orderLists.itemCount')}</dt>
          <dd>{list.itemCount}</dd>
          <dt className="text-gray-600">{t('orderLists.amount')}</dt>
          <dd>{money(list.amount)}</dd>
          {list.tags.length > 0 && (
            <>
              <dt className="text-gray-600">{t('orderLists.tags')}</dt>
              <dd>{list.tags.map((tag) => tag.name).join(', ')}</dd>
            </>
          )}
        </dl>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button busy={toCart.busy} disabled={list.items.length === 0} onClick={() => toCart.run(undefined)}>
          {t('orderLists.addAllToCart')}
        </Button>
        {list.items.length > 0 && !punchOut && <RequestOffer orderListId={list.id} onSent={setOfferSent} />}
        <Button kind="secondary" onClick={openDuplicate}>
          {t('orderLists.duplicate')}
        </Button>
        <Button kind="danger" onClick={() => remove.ask(list)}>
          {t('orderLists.delete')}
        </Button>
      </div>
      <div aria-live="polite">
        {offerSent && (
          <p className="rounded border-l-4 border-green-600 bg-green-50 px-3 py-2 text-sm text-green-900">
            {t('checkout.offer.sent', { offerNumber: offerSent })}
          </p>
        )}
      </div>
      {failures.length > 0 && <CartFailures failures={failures} onClose={() => setFailures([])} />}
      <OrderListItems list={list} onSaved={setList} />

      <OrderListSettings key={`${list.id}-${list.updatedAt ?? ''}`} list={list} onSaved={setList} />

      {remove.target && (
        <ConfirmDialog
          open
          confirmLabel={t('account.delete')}
          cancelLabel={t('account.cancel')}
          question={t('orderLists.confirmDelete', { name: remove.target.name })}
          busy={remove.busy}
          onCancel={remove.cancel}
          onConfirm={remove.confirm}
        />
      )}
      <Dialog
        open={duplicating}
        onClose={() => setDuplicating(false)}
        title={t('orderLists.duplicate')}
        closeLabel={t('orderLists.close')}
      >
        <form method="post" noValidate onSubmit={submitDuplicate}>
          <OrderListFields
            name={copyName}
            onName={setCopyName}
            ownerType={copyOwner}
            onOwnerType={setCopyOwner}
            errors={copyErrors}
          />
          <FormActions
            busy={duplicate.busy}
            submitLabel={t('orderLists.duplicate')}
            cancel={
              <Button kind="secondary" onClick={() => setDuplicating(false)}>
                {t('account.cancel')}
              </Button>
            }
          />
        </form>
      </Dialog>
    </div>
  );
}
