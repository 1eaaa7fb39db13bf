/**
 * The settings of one order list (OrderListDetail.tsx; contract/provider/order-list.ts): rename (at most 100
 * characters), share or make private, tags (comma-separated, at most 10 of 30 characters), saved with PATCH and only
 * the fields that changed. Only its creator may make a shared list private, so others do not get that choice.
 */
import { useState, type FormEvent } from 'react';
import type { OrderListDetail as OrderList, OrderListOwnerType } from '../../../../contract/provider/order-list.ts';
import { Card, FormActions, RadioGroup, TextField } from '../../../components/ui/form.tsx';
import { useAction, useNotify } from '../../../components/ui/use-action.ts';
import { useI18n } from '../../../i18n/react.tsx';
import type { FieldErrors } from '../../../lib/forms/validation.ts';
import { updateOrderList } from '../../../lib/order-list/order-list-api.ts';
import { ORDER_LIST_FORM_FIELDS, orderListFormErrors, parseTagNames } from './OrderLists.tsx';

/** Rename, share or make private, retag: PATCH with the fields that changed. */
export function OrderListSettings({ list, onSaved }: { list: OrderList; onSaved: (list: OrderList) => void }) {
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
      <form method="post" noValidate onSubmit={submit} className="grid gap-x-4 sm:grid-cols-2">
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
