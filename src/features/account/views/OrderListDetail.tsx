/**
 * One order list (route /account/orderlist/details/{slug}, slug = the list's id; ROLE_MANAGE_ORDER_LISTS;
 * contract/provider/order-list.ts): its items with article number, the company's own article number where one is
 * linked, name linking to the product page, the quantity (editable: at least the minimum purchase, on the purchase
 * step grid, at most the maximum purchase, src/lib/quantity.ts; saved with POST `…/items` mode 'set'), delivery time,
 * ecotax, pack unit, stock, unit price and total; removing items (DELETE `…/items`) and putting an article on the list
 * by its article number (POST `…/items` mode 'add'). The list's settings: rename, share or make private (only its
 * creator may make a shared list private, so others do not get that choice), tags (PATCH). Duplicate (a new list
 * copying the items, `sourceListId`), delete after a confirmation, "add all to cart" through the one cart store (every
 * item the cart did not take is listed with the cart's message for it), and "request an offer" on the list's items
 * (src/components/commerce/RequestOffer.tsx with `orderListId`), which a punch-out session does not offer: its
 * orders are placed in the procurement system, from the transferred cart.
 */
import { useResource } from '../../../lib/use-resource.ts';
import { useStore } from '@nanostores/react';
import { $punchOut } from '../../../lib/session/punchout-store.ts';
import { Loading } from '../../../components/ui/ListKit.tsx';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ORDER_LIST_MAX_QUANTITY,
  type OrderListDetail as OrderList,
  type OrderListItem,
  type OrderListOwnerType,
} from '../../../../contract/provider/order-list.ts';
import { OrderListFields, orderListNameError } from '../../../components/commerce/AddToOrderListDialog.tsx';
import { RequestOffer } from '../../../components/commerce/RequestOffer.tsx';
import { useAmount } from '../../../components/commerce/use-amount.ts';
import { ConfirmDialog, Dialog } from '../../../components/ui/Dialog.tsx';
import { Button, Card, FormActions, RadioGroup, TextField } from '../../../components/ui/form.tsx';
import { ScrollTable } from '../../../components/ui/ScrollTable.tsx';
import { TableHead } from '../../../components/ui/TableHead.tsx';
import { RowThumbnail } from '../../../components/ui/RowThumbnail.tsx';
import { useAction, useConfirmedAction, useNotify } from '../../../components/ui/use-action.ts';
import { deliveryTimeLabel, formatDate } from '../../../i18n/format.ts';
import { useI18n } from '../../../i18n/react.tsx';
import { cartErrorMessage } from '../../../lib/cart/cart-messages.ts';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import {
  addOrderListToCart,
  createOrderList,
  deleteOrderList,
  fetchOrderList,
  orderListPath,
  putOrderListItems,
  removeOrderListItems,
  updateOrderList,
  type OrderListCartFailure,
} from '../../../lib/order-list/order-list-api.ts';
import { parseQuantity, validateQuantity, type QuantityRules } from '../../../lib/quantity.ts';
import { ORDER_LIST_FORM_FIELDS, orderListFormErrors, parseTagNames, privacyLabel } from './OrderLists.tsx';

const LIST_PATH = '/account/orderlist';

/** The purchase rules of an item (defaults 1 and 1; the list's own ceiling of 100,000). */
function itemRules(item: OrderListItem): QuantityRules {
  return {
    min: item.minPurchase > 0 ? item.minPurchase : 1,
    max: Math.min(item.maxPurchase ?? ORDER_LIST_MAX_QUANTITY, ORDER_LIST_MAX_QUANTITY),
    step: item.purchaseSteps > 0 ? item.purchaseSteps : 1,
  };
}

/** The quantity of one item: saved when the field loses focus or on Enter, if it follows the article's rules. */
function QuantityField({
  item,
  busy,
  onSave,
}: {
  item: OrderListItem;
  busy: boolean;
  onSave: (quantity: number) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState(String(item.quantity));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setText(String(item.quantity)), [item.quantity]);
  const rules = itemRules(item);

  const commit = () => {
    const quantity = parseQuantity(text);
    if (quantity === null || validateQuantity(quantity, rules) !== null || !Number.isInteger(quantity)) {
      setError(t('orderLists.quantityInvalid', { min: rules.min, step: rules.step }));
      return;
    }
    setError(null);
    if (quantity !== item.quantity) onSave(quantity);
  };
  return (
    <div className="w-24">
      <label htmlFor={id} className="sr-only">
        {t('orderLists.quantityOf', { name: item.name })}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        value={text}
        disabled={busy}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`w-full rounded border px-2 py-1 text-right tabular-nums ${error ? 'border-primary' : 'border-line'}`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-primary">
          {error}
        </p>
      )}
    </div>
  );
}

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

/** Rename, share or make private, retag: PATCH with the fields that changed. */
function Settings({ list, onSaved }: { list: OrderList; onSaved: (list: OrderList) => void }) {
  const { t } = useI18n();
  const { notify } = useNotify();
  const [name, setName] = useState(list.name);
  const [ownerType, setOwnerType] = useState<OrderListOwnerType>(list.ownerType);
  const [tags, setTags] = useState(list.tags.map((tag) => tag.name).join(', '));
  const [errors, setErrors] = useState<FieldErrors<(typeof ORDER_LIST_FORM_FIELDS)[number]>>({});
  // Only the creator may make a shared list private again.
  const mayMakePrivate = list.isOwner || list.ownerType === 'user';
  const { busy, run } = useAction(
    async () => {
      const newTags = parseTagNames(tags);
      const oldTags = list.tags.map((tag) => tag.name);
      const saved = await updateOrderList(list.id, {
        ...(name.trim() !== list.name ? { name: name.trim() } : {}),
        ...(ownerType !== list.ownerType ? { ownerType } : {}),
        ...(newTags.join('\n') !== oldTags.join('\n') ? { tags: newTags } : {}),
      });
      notify('success', t('general.success'), t('orderLists.saved', { name: saved.name }));
      onSaved(saved);
    },
    { fields: ORDER_LIST_FORM_FIELDS, onFieldErrors: setErrors },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = orderListFormErrors(name, tags, t);
    setErrors(found);
    if (Object.keys(found).length === 0) run(undefined);
  }

  return (
    <Card title={t('orderLists.settings')}>
      <form noValidate onSubmit={submit} className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          label={t('orderLists.name', { max: 100 })}
          required
          value={name}
          onValue={setName}
          maxLength={100}
          error={errors.name}
        />
        <TextField label={t('orderLists.tagsField')} value={tags} onValue={setTags} error={errors.tags} />
        <div className="sm:col-span-2">
          {mayMakePrivate ? (
            <RadioGroup<OrderListOwnerType>
              legend={t('orderLists.privacy')}
              value={ownerType}
              onValue={setOwnerType}
              options={[
                { value: 'user', label: t('orderLists.privacyUser') },
                { value: 'company', label: t('orderLists.privacyCompany') },
              ]}
              error={errors.ownerType}
            />
          ) : (
            <p className="mb-4 text-sm">
              {t('orderLists.sharedByOther', {
                name: `${list.createdBy.firstName} ${list.createdBy.lastName}`,
              })}
            </p>
          )}
        </div>
        <FormActions busy={busy} submitLabel={t('account.save')} />
      </form>
    </Card>
  );
}

/** Puts an article on the list by its article number, with a quantity (default 1). */
function AddArticle({ list, onSaved }: { list: OrderList; onSaved: (list: OrderList) => void }) {
  const { t } = useI18n();
  const { notify } = useNotify();
  const [productNumber, setProductNumber] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<FieldErrors<'productNumber' | 'quantity'>>({});
  const { busy, run } = useAction(
    async (item: { productNumber: string; quantity: number }) => {
      const saved = await putOrderListItems(list.id, [item], 'add');
      notify('success', t('general.success'), t('orderLists.articleAdded', { number: item.productNumber }));
      setProductNumber('');
      setQuantity('1');
      onSaved(saved);
    },
    { fields: ['items'] as const, onFieldErrors: (found) => setErrors({ productNumber: found.items }) },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const number = productNumber.trim();
    const amount = parseQuantity(quantity);
    const found: FieldErrors<'productNumber' | 'quantity'> = {};
    if (!number) found.productNumber = t('validation.required');
    if (amount === null || !Number.isInteger(amount) || amount < 1 || amount > ORDER_LIST_MAX_QUANTITY)
      found.quantity = t('orderLists.quantityRange', { max: ORDER_LIST_MAX_QUANTITY });
    setErrors(found);
    if (Object.keys(found).length === 0 && amount !== null) run({ productNumber: number, quantity: amount });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('orderLists.addArticle')}
      className="flex flex-wrap items-end gap-x-3"
    >
      <TextField
        label={t('orderLists.articleNumber')}
        value={productNumber}
        onValue={setProductNumber}
        error={errors.productNumber}
        maxLength={64}
        className="mb-4 w-full sm:w-56"
      />
      <TextField
        label={t('orderLists.quantity')}
        inputMode="numeric"
        value={quantity}
        onValue={setQuantity}
        error={errors.quantity}
        className="mb-4 w-28"
      />
      <div className="mb-4">
        <Button type="submit" busy={busy}>
          {t('orderLists.addArticle')}
        </Button>
      </div>
    </form>
  );
}

/** The detail screen. */
export function OrderListDetail() {
  const { t, locale, quantity: withUnit } = useI18n();
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

  const items = useAction(async (change: () => Promise<OrderList>) => setList(await change()));

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

  const withCustomerNumbers = list.items.some((item) => item.customerArticleNumber);
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

      <div className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">{t('orderLists.items')}</h2>
        <AddArticle list={list} onSaved={setList} />
        {list.items.length === 0 ? (
          <p className="text-sm text-gray-600">{t('orderLists.noItems')}</p>
        ) : (
          <ScrollTable label={t('orderLists.items')} minWidth="min-w-[60rem]">
            <TableHead
              columns={[
                { key: 'articleNumber', label: t('orderLists.articleNumber') },
                withCustomerNumbers && { key: 'customerArticleNumber', label: t('orderLists.customerArticleNumber') },
                { key: 'name', label: t('orderLists.nameColumn') },
                { key: 'quantity', label: t('orderLists.quantity') },
                { key: 'packUnit', label: t('orderLists.packUnit') },
                { key: 'deliveryTime', label: t('orderLists.deliveryTime') },
                { key: 'stock', label: t('orderLists.stock'), numeric: true },
                { key: 'ecotax', label: t('orderLists.ecotax'), numeric: true },
                { key: 'unitPrice', label: t('orderLists.unitPrice'), numeric: true },
                { key: 'total', label: t('orderLists.total'), numeric: true },
                { key: 'actions', label: t('account.actions'), hiddenLabel: true, cell: 'py-2' },
              ]}
            />
            <tbody>
              {list.items.map((item) => (
                <tr key={item.productId} className="border-b border-gray-100 align-top">
                  <td className="py-2 pr-3 font-mono">{item.productNumber}</td>
                  {withCustomerNumbers && <td className="py-2 pr-3 font-mono">{item.customerArticleNumber ?? ''}</td>}
                  <td className="py-2 pr-3">
                    <div className="flex items-start gap-3">
                      <RowThumbnail cover={item.cover} />
                      <div>
                        {item.url ? (
                          <Link
                            to={`/${item.url.replace(/^\/+/, '')}`}
                            reloadDocument
                            className="text-primary hover:underline"
                          >
                            {item.name}
                          </Link>
                        ) : (
                          item.name
                        )}
                        {!item.available && (
                          <span className="block text-xs text-primary">{t('orderLists.unavailable')}</span>
                        )}
                      </div>
                    </div>
                  </td>
                  <td className="py-2 pr-3">
                    <QuantityField
                      item={item}
                      busy={items.busy}
                      onSave={(quantity) =>
                        items.run(() => putOrderListItems(list.id, [{ productId: item.productId, quantity }], 'set'))
                      }
                    />
                  </td>
                  <td className="py-2 pr-3">{withUnit(1, item.packUnit)}</td>
                  <td className="py-2 pr-3">{item.deliveryTime ? deliveryTimeLabel(t, item.deliveryTime) : '–'}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{item.stock ?? '–'}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(item.ecotax)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(item.unitPrice)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{money(item.totalPrice)}</td>
                  <td className="py-2 text-right">
                    <Button
                      kind="danger"
                      disabled={items.busy}
                      onClick={() => items.run(() => removeOrderListItems(list.id, [item.productId]))}
                    >
                      <span aria-hidden="true">{t('account.delete')}</span>
                      <span className="sr-only">{t('orderLists.removeNamed', { name: item.name })}</span>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </div>

      <Settings key={`${list.id}-${list.updatedAt ?? ''}`} list={list} onSaved={setList} />

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
        <form noValidate onSubmit={submitDuplicate}>
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
