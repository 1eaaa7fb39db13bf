/**
 * "Add to order list" and "save cart as order list" (contract/provider/order-list.ts, needs ROLE_MANAGE_ORDER_LISTS):
 * one dialog that puts articles on an existing list the buyer sees (POST `{provider}/order/list/{id}/items`, mode
 * 'add': the quantity is added to an item already on it) or on a new list (POST `{provider}/order/list` with a name of
 * at most 100 characters, private or shared with the company). With `source` 'cart' it saves the cart's product lines
 * as a new list (`fromCart: true`; the cart stays as it is). Afterwards a success notification names the list and
 * links to its detail (/account/orderlist/details/{id} below the domain's prefix).
 *
 * Also the list's name and privacy fields with their check, shared with the account area's create screen.
 */
import { useEffect, useState, type FormEvent } from 'react';
import {
  ORDER_LIST_NAME_MAX_LENGTH,
  type OrderListItemInput,
  type OrderListOwnerType,
  type OrderListSummary,
} from '../../../contract/provider/order-list.ts';
import type { MessageKey } from '../../i18n/locales.ts';
import { useI18n } from '../../i18n/react.tsx';
import type { Translate } from '../../i18n/format.ts';
import type { FieldErrors } from '../../lib/forms/validation.ts';
import {
  createOrderList,
  listAllOrderLists,
  orderListPath,
  putOrderListItems,
} from '../../lib/order-list/order-list-api.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Button, FormActions, RadioGroup, Select, TextField } from '../ui/form.tsx';
import { useAction, useNotify } from '../ui/use-action.ts';

/** The catalogue keys the dialog and the list fields use, for an island's `islandMessages` selection. */
export const ORDER_LIST_DIALOG_MESSAGES = [
  'orderLists.',
  'errors.',
  'general.',
  'validation.required',
  'validation.maxLength',
] as const satisfies readonly (MessageKey | `${string}.`)[];

/** The translated error of a list name (trimmed: required, at most 100 characters), or undefined when it is fine. */
export function orderListNameError(name: string, t: Translate): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return t('validation.required');
  if (trimmed.length > ORDER_LIST_NAME_MAX_LENGTH)
    return t('validation.maxLength', { max: ORDER_LIST_NAME_MAX_LENGTH });
  return undefined;
}

/** The name field (at most 100 characters) and the private/shared choice of a new list. */
export function OrderListFields({
  name,
  onName,
  ownerType,
  onOwnerType,
  errors,
}: {
  name: string;
  onName: (name: string) => void;
  ownerType: OrderListOwnerType;
  onOwnerType: (ownerType: OrderListOwnerType) => void;
  errors: FieldErrors<'name' | 'ownerType'>;
}) {
  const { t } = useI18n();
  return (
    <>
      <TextField
        label={t('orderLists.name', { max: ORDER_LIST_NAME_MAX_LENGTH })}
        required
        value={name}
        onValue={onName}
        maxLength={ORDER_LIST_NAME_MAX_LENGTH}
        error={errors.name}
      />
      <RadioGroup<OrderListOwnerType>
        legend={t('orderLists.privacy')}
        value={ownerType}
        onValue={onOwnerType}
        options={[
          { value: 'user', label: t('orderLists.privacyUser') },
          { value: 'company', label: t('orderLists.privacyCompany') },
        ]}
        error={errors.ownerType}
      />
    </>
  );
}

const NEW = '';
const FIELDS = ['name', 'ownerType', 'items'] as const;

export interface AddToOrderListDialogProps {
  open: boolean;
  onClose: () => void;
  /** The articles to put on a list (by product id, quantity in order units), or 'cart' to save the cart as a list. */
  source: OrderListItemInput[] | 'cart';
  /** What the dialog adds, for its title (the product's name); ignored for the cart. */
  label?: string;
  /** The domain's path prefix ('' or e.g. '/en') for the link to the list. */
  prefix: string;
}

/** The dialog; lists are read when it opens. */
export function AddToOrderListDialog({ open, onClose, source, label, prefix }: AddToOrderListDialogProps) {
  const { t } = useI18n();
  const { notify, notifyError } = useNotify();
  const fromCart = source === 'cart';
  const [lists, setLists] = useState<OrderListSummary[] | null>(null);
  const [target, setTarget] = useState(NEW);
  const [name, setName] = useState('');
  const [ownerType, setOwnerType] = useState<OrderListOwnerType>('user');
  const [errors, setErrors] = useState<FieldErrors<(typeof FIELDS)[number]>>({});

  useEffect(() => {
    if (!open || fromCart) return;
    let live = true;
    listAllOrderLists()
      .then((all) => {
        if (!live) return;
        setLists(all);
        setTarget((current) => current || all[0]?.id || NEW);
      })
      .catch((error: unknown) => {
        if (!live) return;
        setLists([]);
        notifyError(error);
      });
    return () => {
      live = false;
    };
  }, [open, fromCart, notifyError]);

  const { busy, run } = useAction(
    async () => {
      const list =
        target !== NEW && !fromCart
          ? await putOrderListItems(target, source, 'add')
          : await createOrderList({
              name: name.trim(),
              ownerType,
              ...(fromCart ? { fromCart: true } : { items: source }),
            });
      notify(
        'success',
        t('general.success'),
        t(fromCart ? 'orderLists.cartSaved' : 'orderLists.added', { name: list.name }),
        { href: `${prefix}${orderListPath(list.id)}`, label: t('orderLists.open', { name: list.name }) },
      );
      setName('');
      setErrors({});
      onClose();
    },
    { fields: FIELDS, onFieldErrors: setErrors },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (target === NEW || fromCart) {
      const error = orderListNameError(name, t);
      setErrors(error ? { name: error } : {});
      if (error) return;
    }
    run(undefined);
  }

  const title = fromCart
    ? t('orderLists.saveCart')
    : label
      ? t('orderLists.addNamed', { name: label })
      : t('orderLists.addToList');
  return (
    <Dialog open={open} onClose={onClose} title={title} closeLabel={t('orderLists.close')}>
      <form noValidate onSubmit={submit}>
        {!fromCart &&
          (lists === null ? (
            <p role="status" className="mb-4 text-sm text-muted">
              {t('orderLists.loading')}
            </p>
          ) : (
            <Select
              label={t('orderLists.chooseList')}
              value={target}
              onValue={setTarget}
              options={[
                ...lists.map((list) => ({
                  value: list.id,
                  label: `${list.name} (${t(list.ownerType === 'company' ? 'orderLists.shared' : 'orderLists.private')})`,
                })),
                { value: NEW, label: t('orderLists.newList') },
              ]}
            />
          ))}
        {(fromCart || target === NEW) && (
          <OrderListFields
            name={name}
            onName={setName}
            ownerType={ownerType}
            onOwnerType={setOwnerType}
            errors={errors}
          />
        )}
        {errors.items && <p className="mb-4 text-sm text-primary">{errors.items}</p>}
        <FormActions
          busy={busy}
          submitLabel={
            fromCart ? t('orderLists.save') : target === NEW ? t('orderLists.createAndAdd') : t('orderLists.addToList')
          }
          cancel={
            <Button kind="secondary" onClick={onClose}>
              {t('orderLists.cancel')}
            </Button>
          }
        />
      </form>
    </Dialog>
  );
}
